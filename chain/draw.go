package chain

import "image/color"

// The colours of what is drawn over the tiles of a final map.
var (
	// StartColor draws the start '@'.
	StartColor = color.RGBA{0xFF, 0xFF, 0x40, 0xFF}
	// EntityFallback draws a spawn whose entity has no look (its name's
	// first letter).
	EntityFallback = color.RGBA{0xFF, 0x70, 0x30, 0xFF}
)

// DrawnGlyph is the glyph a tile of type t whose theme glyph is glyph shows
// at p of g: a wall buried in rock (Buried) is blank, so solid rock reads as
// empty space, as in the tutorial's games; in a box-walled theme (box) any
// other wall takes its box-drawing glyph (WallGlyph); every other tile keeps
// glyph. The editor's map view, the image exports and the runtime's view
// all draw walls with it.
func DrawnGlyph(g *Grid, p Point, t Tile, glyph rune, box bool) rune {
	if t != Wall {
		return glyph
	}
	if Buried(g, p) {
		return ' '
	}
	if box {
		return WallGlyph(g, p)
	}
	return glyph
}
