package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"strconv"
	"strings"

	"hewn/chain"
)

// TiledVersion is the Tiled JSON format version Tiled writes (and TiledMap).
const TiledVersion = "1.10"

// TiledOptions say how a level becomes a Tiled map.
type TiledOptions struct {
	// Name, Depth and Seed become map properties (Seed as a string: Tiled's
	// ints are 32 bits).
	Name  string
	Depth int
	Seed  uint64
	// Tileset is the tileset image's file name as the map refers to it
	// (relative to the map file), e.g. "level.tileset.png".
	Tileset string
	// Cell is the tile size in pixels.
	Cell int
	// Object describes a spawned entity for the object layer: its type (class)
	// and custom properties. Nil gives type "spawn" and no properties.
	Object func(name string) (typ string, props []TiledProperty)
}

// TiledProperty is a Tiled custom property.
type TiledProperty struct {
	Name  string `json:"name"`
	Type  string `json:"type"` // string, int, float, bool, color
	Value any    `json:"value"`
}

type tiledMap struct {
	CompressionLevel int             `json:"compressionlevel"`
	Height           int             `json:"height"`
	Infinite         bool            `json:"infinite"`
	Layers           []any           `json:"layers"`
	NextLayerID      int             `json:"nextlayerid"`
	NextObjectID     int             `json:"nextobjectid"`
	Orientation      string          `json:"orientation"`
	Properties       []TiledProperty `json:"properties"`
	RenderOrder      string          `json:"renderorder"`
	TiledVersion     string          `json:"tiledversion"`
	TileHeight       int             `json:"tileheight"`
	Tilesets         []tiledTileset  `json:"tilesets"`
	TileWidth        int             `json:"tilewidth"`
	Type             string          `json:"type"`
	Version          string          `json:"version"`
	Width            int             `json:"width"`
}

type tiledTileLayer struct {
	Data    []int  `json:"data"`
	Height  int    `json:"height"`
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Opacity int    `json:"opacity"`
	Type    string `json:"type"`
	Visible bool   `json:"visible"`
	Width   int    `json:"width"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
}

type tiledObjectLayer struct {
	DrawOrder string        `json:"draworder"`
	ID        int           `json:"id"`
	Name      string        `json:"name"`
	Objects   []tiledObject `json:"objects"`
	Opacity   int           `json:"opacity"`
	Type      string        `json:"type"`
	Visible   bool          `json:"visible"`
	X         int           `json:"x"`
	Y         int           `json:"y"`
}

type tiledObject struct {
	Height     int             `json:"height"`
	ID         int             `json:"id"`
	Name       string          `json:"name"`
	Properties []TiledProperty `json:"properties,omitempty"`
	Rotation   int             `json:"rotation"`
	Type       string          `json:"type"`
	Visible    bool            `json:"visible"`
	Width      int             `json:"width"`
	X          int             `json:"x"`
	Y          int             `json:"y"`
}

type tiledTileset struct {
	Columns     int         `json:"columns"`
	FirstGID    int         `json:"firstgid"`
	Image       string      `json:"image"`
	ImageHeight int         `json:"imageheight"`
	ImageWidth  int         `json:"imagewidth"`
	Margin      int         `json:"margin"`
	Name        string      `json:"name"`
	Spacing     int         `json:"spacing"`
	TileCount   int         `json:"tilecount"`
	TileHeight  int         `json:"tileheight"`
	Tiles       []tiledTile `json:"tiles"`
	TileWidth   int         `json:"tilewidth"`
}

type tiledTile struct {
	ID         int             `json:"id"`
	Properties []TiledProperty `json:"properties"`
}

// tilesetColumns is how many tiles a tileset image row holds.
const tilesetColumns = 16

// Tiled converts the level in sc (tiles, start, exits, spawns; drawn in its
// theme, split included) into a Tiled orthogonal map (.tmj JSON) and its
// tileset image: one tile per distinct look (tile type, glyph and colours),
// each with properties tile, walkable, opaque and cost. The tile layer's data
// is a plain array of gids (0 never: every tile has a look); the object layer
// "entities" holds the start, the exits and every spawn as cell-sized
// rectangles. The output is a pure function of its input.
func Tiled(sc *Scene, o TiledOptions) ([]byte, *image.RGBA, error) {
	if sc == nil || sc.Map == nil || sc.Map.W <= 0 || sc.Map.H <= 0 || len(sc.Map.Tiles) < sc.Map.W*sc.Map.H {
		return nil, nil, errors.New("render: the scene has no map")
	}
	if o.Tileset == "" {
		return nil, nil, errors.New("render: the Tiled map needs a tileset image name")
	}
	a, err := NewAtlas(o.Cell)
	if err != nil {
		return nil, nil, err
	}
	g := sc.Map
	type key struct {
		t chain.Tile
		l chain.Look
	}
	var keys []key
	ids := map[key]int{}
	data := make([]int, g.W*g.H)
	a.mu.Lock()
	f := frame{a: a, sc: sc}
	f.main.set(sc.Theme)
	if sc.Split != nil {
		if r, ok := chain.RegionRect(sc.Split.Region, g.W, g.H); ok {
			f.split = r
			f.alt.set(sc.Split.Theme)
		}
	}
	for i, t := range g.Tiles[:g.W*g.H] {
		k := key{t, f.lookFor(g.Pt(i), t)}
		id, ok := ids[k]
		if !ok {
			id = len(keys)
			ids[k] = id
			keys = append(keys, k)
		}
		data[i] = id + 1
	}
	// the tileset image: one cell per look, tilesetColumns to a row
	n := o.Cell
	cols := min(len(keys), tilesetColumns)
	rows := (len(keys) + cols - 1) / cols
	img := image.NewRGBA(image.Rect(0, 0, cols*n, rows*n))
	tiles := make([]tiledTile, len(keys))
	for id, k := range keys {
		src := a.composed(k.l.Glyph, k.l.FG, k.l.BG)
		x0, y0 := (id%cols)*n, (id/cols)*n
		for y := 0; y < n; y++ {
			copy(img.Pix[img.PixOffset(x0, y0+y):img.PixOffset(x0+n, y0+y)], src[y*n*4:(y+1)*n*4])
		}
		p := k.t.Props()
		tiles[id] = tiledTile{ID: id, Properties: []TiledProperty{
			{"cost", "float", p.Cost},
			{"glyph", "string", string(k.l.Glyph)},
			{"opaque", "bool", p.Opaque},
			{"tile", "string", p.Name},
			{"walkable", "bool", p.Walkable},
		}}
	}
	a.mu.Unlock()

	var objs []tiledObject
	add := func(name, typ string, p chain.Point, props []TiledProperty) {
		objs = append(objs, tiledObject{ID: len(objs) + 1, Name: name, Type: typ, Visible: true,
			X: p.X * n, Y: p.Y * n, Width: n, Height: n, Properties: props})
	}
	if sc.Start != nil {
		add("start", "start", *sc.Start, nil)
	}
	for _, e := range sc.Exits {
		t := e.Tile
		if t == chain.Wall {
			t = chain.DownStairs
		}
		add("exit", "exit", e.Pos(), []TiledProperty{{"tile", "string", t.String()}})
	}
	for _, s := range sc.Spawns {
		typ, props := "spawn", []TiledProperty(nil)
		if o.Object != nil {
			typ, props = o.Object(s.Name)
		}
		add(s.Name, typ, s.Pos(), props)
	}
	m := tiledMap{
		CompressionLevel: -1, Width: g.W, Height: g.H, NextLayerID: 3, NextObjectID: len(objs) + 1,
		Orientation: "orthogonal", RenderOrder: "right-down", TiledVersion: TiledVersion + ".0",
		TileWidth: n, TileHeight: n, Type: "map", Version: TiledVersion,
		Properties: []TiledProperty{
			{"depth", "int", o.Depth},
			{"name", "string", o.Name},
			{"seed", "string", strconv.FormatUint(o.Seed, 10)},
		},
		Layers: []any{
			tiledTileLayer{Data: data, Width: g.W, Height: g.H, ID: 1, Name: "tiles", Opacity: 1, Type: "tilelayer", Visible: true},
			tiledObjectLayer{DrawOrder: "topdown", ID: 2, Name: "entities", Objects: objs, Opacity: 1, Type: "objectgroup", Visible: true},
		},
		Tilesets: []tiledTileset{{
			Columns: cols, FirstGID: 1, Image: o.Tileset, ImageWidth: cols * n, ImageHeight: rows * n,
			Name: "hewn", TileCount: len(keys), TileWidth: n, TileHeight: n, Tiles: tiles,
		}},
	}
	if objs == nil {
		m.Layers[1] = tiledObjectLayer{DrawOrder: "topdown", ID: 2, Name: "entities", Objects: []tiledObject{}, Opacity: 1, Type: "objectgroup", Visible: true}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	if err := enc.Encode(m); err != nil {
		return nil, nil, fmt.Errorf("render: writing the Tiled map: %w", err)
	}
	return b.Bytes(), img, nil
}

// TilesetPath is the tileset image's file beside a Tiled map file:
// level.tmj → level.tileset.png.
func TilesetPath(mapPath string) string {
	return strings.TrimSuffix(mapPath, filepath.Ext(mapPath)) + ".tileset.png"
}

// TiledFiles renders the level in sc as the two files of a Tiled export for
// the map file mapPath: the map's JSON (naming its tileset image by
// TilesetPath's base name, relative) and the tileset image's PNG bytes. The
// name, depth, seed, cell and object description come from o (its Tileset is
// set here).
func TiledFiles(sc *Scene, mapPath string, o TiledOptions) (mapJSON, tilesetPNG []byte, err error) {
	o.Tileset = filepath.Base(TilesetPath(mapPath))
	mapJSON, img, err := Tiled(sc, o)
	if err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, nil, fmt.Errorf("render: writing the tileset image: %w", err)
	}
	return mapJSON, b.Bytes(), nil
}
