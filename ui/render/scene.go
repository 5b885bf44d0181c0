package render

import (
	"image"
	"image/color"

	"hewn/chain"
)

// Scene is what one frame shows: a map and what lies on it, and how to draw it.
// Only Map is required; a nil Map draws nothing but the void.
type Scene struct {
	Map       *chain.Grid
	Start     *chain.Point
	Exits     []chain.Exit
	Spawns    []chain.Spawn
	Rooms     []chain.Rect
	Corridors [][]chain.Point
	// Changed lists tile indexes (into Map.Tiles) to highlight, e.g. the tiles
	// History.Changed reports. Sorted ascending is fastest; any order works.
	Changed []int
	// Theme is how tiles look (the zero Theme draws tiles' default looks).
	Theme chain.Theme
	// Split, when not nil, draws one region of the map in another theme.
	Split *Split
	// Entity returns how a spawned entity looks (from the content pack); nil,
	// or ok == false, draws the name's first letter in EntityFallback colour.
	Entity func(name string) (glyph rune, fg color.RGBA, ok bool)
	// ShowRooms outlines rooms and traces corridors.
	ShowRooms bool
	// Void is the colour of cells outside the map (the zero value is transparent).
	Void color.RGBA
}

// Split draws Region of the map in Theme instead of the scene's theme, as the
// tutorial's depth-5 level is half limestone cavern, half dungeon.
type Split struct {
	// Region is one of chain.RegionNames (a project's split names one of the
	// halves, projects.SplitRegions). Any other value draws no split.
	Region string
	Theme  chain.Theme
}

// The colours of overlays.
var (
	// StartColor draws the start '@'.
	StartColor = color.RGBA{0xFF, 0xFF, 0x40, 0xFF}
	// EntityFallback draws spawns the scene's Entity function does not know.
	EntityFallback = color.RGBA{0xFF, 0x70, 0x30, 0xFF}
	// HighlightColor tints the background of changed tiles.
	HighlightColor = color.RGBA{0xFF, 0xD0, 0x00, 0xFF}
	// RoomColor outlines rooms when ShowRooms is set.
	RoomColor = color.RGBA{0x30, 0xA0, 0xFF, 0xFF}
	// CorridorColor traces corridors when ShowRooms is set.
	CorridorColor = color.RGBA{0xFF, 0x80, 0x00, 0xFF}
)

// highlightAlpha is how strongly HighlightColor tints a changed tile's background.
const highlightAlpha = 110

// SnapshotScene is the scene of one history snapshot in the default theme,
// highlighting changed (pass History.Changed(i), or nil).
func SnapshotScene(s chain.Snapshot, changed []int) *Scene {
	return &Scene{Map: s.Map, Start: s.Start, Exits: s.Exits, Spawns: s.Spawns, Rooms: s.Rooms,
		Corridors: s.Corridors, Changed: changed, Theme: chain.DefaultTheme()}
}

// ResultScene is the scene of a run's final state in the default theme.
func ResultScene(r *chain.Result) *Scene {
	if r == nil || r.State == nil {
		return &Scene{Theme: chain.DefaultTheme()}
	}
	s := r.State
	return &Scene{Map: s.Map, Start: s.Start, Exits: s.Exits, Spawns: s.Spawns, Rooms: s.Rooms,
		Corridors: s.Corridors, Theme: chain.DefaultTheme()}
}

// SetThemes sets the scene's theme and, when split is not nil, the split
// theme of region; it takes a project level's themes as they come:
// sc.SetThemes(project.Theme(i)).
func (sc *Scene) SetThemes(main chain.Theme, split *chain.Theme, region string) {
	sc.Theme, sc.Split = main, nil
	if split != nil {
		sc.Split = &Split{Region: region, Theme: *split}
	}
}

// Tiles is the scene's size in tiles (0×0 without a map).
func (sc *Scene) Tiles() (w, h int) {
	if sc == nil || sc.Map == nil {
		return 0, 0
	}
	return sc.Map.W, sc.Map.H
}

// DrawAt draws the scene with a's glyphs, tile (0,0)'s top-left corner at
// pixel origin of dst (see Atlas.DrawAt): the editor's map view draws it so.
func (sc *Scene) DrawAt(dst *image.RGBA, a *Atlas, origin image.Point) { a.DrawAt(dst, sc, origin) }

// DrawAtDrawn is DrawAt blitting only the cells that differ from what d
// remembers of dst (see Drawn).
func (sc *Scene) DrawAtDrawn(dst *image.RGBA, a *Atlas, origin image.Point, d *Drawn) {
	a.DrawAtDrawn(dst, sc, origin, d)
}
