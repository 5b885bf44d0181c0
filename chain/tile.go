package chain

import (
	"fmt"
	"image/color"
)

// Tile is a tile type. The zero value is Wall, so a fresh grid is solid rock.
type Tile uint8

// The tile types. Their properties are in TileInfo.
const (
	Wall Tile = iota
	Floor
	DownStairs
	UpStairs
	Road
	Grass
	ShallowWater
	DeepWater
	WoodFloor
	Bridge
	Gravel
	Stalactite
	Stalagmite
	Web
	numTiles
)

// TileProps describes a tile type: its snake_case name, default glyph and colours,
// and its game properties (path cost as in the tutorial's town chapter).
type TileProps struct {
	Name     string
	Glyph    rune
	Walkable bool
	Opaque   bool
	Cost     float64
	FG, BG   color.RGBA
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

var tileProps = [numTiles]TileProps{
	Wall:         {"wall", '#', false, true, 1, rgb(0x80, 0x80, 0x80), rgb(0, 0, 0)},
	Floor:        {"floor", '.', true, false, 1, rgb(0x40, 0x60, 0x60), rgb(0, 0, 0)},
	DownStairs:   {"down_stairs", '>', true, false, 1, rgb(0x00, 0xFF, 0xFF), rgb(0, 0, 0)},
	UpStairs:     {"up_stairs", '<', true, false, 1, rgb(0x00, 0xFF, 0xFF), rgb(0, 0, 0)},
	Road:         {"road", '≡', true, false, 0.8, rgb(0xB0, 0xB0, 0x80), rgb(0x20, 0x20, 0x10)},
	Grass:        {"grass", '"', true, false, 1.1, rgb(0x30, 0xC0, 0x30), rgb(0, 0x20, 0)},
	ShallowWater: {"shallow_water", '~', true, false, 1.2, rgb(0x40, 0xA0, 0xFF), rgb(0, 0x20, 0x40)},
	DeepWater:    {"deep_water", '≈', false, false, 1, rgb(0x20, 0x40, 0xFF), rgb(0, 0, 0x40)},
	WoodFloor:    {"wood_floor", '░', true, false, 1, rgb(0xA0, 0x70, 0x40), rgb(0x20, 0x10, 0)},
	Bridge:       {"bridge", '=', true, false, 1, rgb(0xA0, 0x70, 0x40), rgb(0, 0, 0x40)},
	Gravel:       {"gravel", ';', true, false, 1, rgb(0x90, 0x90, 0x90), rgb(0, 0, 0)},
	Stalactite:   {"stalactite", '╨', false, true, 1, rgb(0xA0, 0x80, 0x60), rgb(0, 0, 0)},
	Stalagmite:   {"stalagmite", '╥', false, true, 1, rgb(0xA0, 0x80, 0x60), rgb(0, 0, 0)},
	Web:          {"web", '%', true, false, 3, rgb(0xE0, 0xE0, 0xE0), rgb(0, 0, 0)},
}

// Lookup tables for the hot paths (Props copies a struct).
var walkableT, opaqueT [256]bool

func init() {
	for i, p := range tileProps {
		walkableT[i], opaqueT[i] = p.Walkable, p.Opaque
	}
}

// Tiles lists every tile type in declaration order.
func Tiles() []Tile {
	out := make([]Tile, numTiles)
	for i := range out {
		out[i] = Tile(i)
	}
	return out
}

// Props returns the properties of t (a wall's for unknown values).
func (t Tile) Props() TileProps {
	if t >= numTiles {
		return tileProps[Wall]
	}
	return tileProps[t]
}

// Walkable reports whether an actor can stand on t.
func (t Tile) Walkable() bool { return walkableT[t] }

// Opaque reports whether t blocks sight.
func (t Tile) Opaque() bool { return opaqueT[t] || t >= numTiles }

// Cost is the path cost of entering t.
func (t Tile) Cost() float64 { return t.Props().Cost }

// String is the tile's snake_case name.
func (t Tile) String() string { return t.Props().Name }

// ParseTile looks a tile type up by its snake_case name.
func ParseTile(name string) (Tile, error) {
	for i, p := range tileProps {
		if p.Name == name {
			return Tile(i), nil
		}
	}
	return Wall, fmt.Errorf("chain: unknown tile %q", name)
}
