// Package kit holds the helpers shared by Hewn's builders: parameter descriptor
// constructors, random ranges, and drawing primitives (rooms, tunnels, brushes).
// Anything two builders need lives here, never copied between them.
package kit

import (
	"math/rand/v2"

	"hewn/chain"
)

// Roll returns a uniformly random integer in [lo, hi] inclusive; lo when hi <= lo.
func Roll(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// Dice rolls n dice of s sides (the tutorial's roll_dice).
func Dice(rng *rand.Rand, n, s int) int {
	t := 0
	for range n {
		t += Roll(rng, 1, s)
	}
	return t
}

// IntParam describes an integer parameter with a range.
func IntParam(name, label, help string, def, lo, hi int) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Int, Default: def, Min: float64(lo), Max: float64(hi)}
}

// FloatParam describes a number parameter with a range.
func FloatParam(name, label, help string, def, lo, hi float64) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Float, Default: def, Min: lo, Max: hi}
}

// BoolParam describes a boolean parameter.
func BoolParam(name, label, help string, def bool) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Bool, Default: def}
}

// StringParam describes a free-text parameter.
func StringParam(name, label, help, def string) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.String, Default: def}
}

// EntityParam describes a parameter naming an entity of the content pack.
func EntityParam(name, label, help, def string) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Entity, Default: def}
}

// RegionParam describes a parameter choosing one of the map's named regions
// (chain.RegionNames, all of them).
func RegionParam(name, label, help, def string) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Region, Default: def, Choices: chain.RegionNames()}
}

// EnumParam describes an enum parameter; def "" means the first choice.
func EnumParam(name, label, help, def string, choices ...string) chain.Param {
	if def == "" {
		def = choices[0]
	}
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Enum, Default: def, Choices: choices}
}

// XParam is the horizontal position parameter ("left", "center", "right", or a
// column when numeric is set).
func XParam(name, help, def string, numeric bool) chain.Param {
	return posParam(name, "X", help, def, numeric, "left", "center", "right")
}

// YParam is the vertical position parameter ("top", "center", "bottom", or a row).
func YParam(name, help, def string, numeric bool) chain.Param {
	return posParam(name, "Y", help, def, numeric, "top", "center", "bottom")
}

func posParam(name, label, help, def string, numeric bool, choices ...string) chain.Param {
	p := EnumParam(name, label, help, def, choices...)
	if numeric {
		p.Type, p.Min, p.Max = chain.EnumOrNumber, 0, chain.MaxSize-1
	}
	return p
}

// ResolvePos turns a position parameter into a coordinate on an axis of the given
// size, as the tutorial's area builders do: left/top 1, center size/2,
// right/bottom size-2; numbers are clamped onto the map.
func ResolvePos(v chain.Values, name string, size int) int {
	choice, n, isNum := v.Position(name)
	if isNum {
		return max(0, min(size-1, n))
	}
	switch choice {
	case "left", "top":
		return 1
	case "right", "bottom":
		return size - 2
	}
	return size / 2
}

// ApplyRoom carves the tiles of r (clipped to the map) as floor. Like Carve it
// leaves walkable tiles alone, so a room drawn late in a chain keeps the stairs,
// roads and water already inside it.
func ApplyRoom(g *chain.Grid, r chain.Rect) {
	r = r.Intersect(g.Bounds())
	for y := r.Y; y < r.Y2(); y++ {
		row := g.Tiles[y*g.W+r.X : y*g.W+r.X2()]
		for x, t := range row {
			if !t.Walkable() {
				row[x] = chain.Floor
			}
		}
	}
}

// Carve turns p into floor unless it is already walkable (stairs, roads and
// water stay), and reports whether it changed.
func Carve(g *chain.Grid, p chain.Point) bool {
	if !g.Inner(p) {
		return false
	}
	// Written back either way, without a branch on the tile: a digger's
	// walk meets rock and floor in no order a predictor learns.
	tl := &g.Tiles[p.Y*g.W+p.X]
	t := *tl
	*tl = carved[t]
	return carved[t] != t
}

// Carved is what Carve leaves of a tile of type t: floor for an unwalkable
// tile, else t.
func Carved(t chain.Tile) chain.Tile { return carved[t] }

// carved[t] is Carved(t).
var carved = func() (c [256]chain.Tile) {
	for t := range c {
		c[t] = chain.Tile(t)
		if !chain.Tile(t).Walkable() {
			c[t] = chain.Floor
		}
	}
	return c
}()

// HorizontalTunnel carves floor from x1 to x2 on row y (inside the border) and
// returns the tiles it changed.
func HorizontalTunnel(g *chain.Grid, x1, x2, y int) []chain.Point {
	var out []chain.Point
	for x := min(x1, x2); x <= max(x1, x2); x++ {
		if p := (chain.Point{X: x, Y: y}); Carve(g, p) {
			out = append(out, p)
		}
	}
	return out
}

// VerticalTunnel carves floor from y1 to y2 on column x and returns the tiles it changed.
func VerticalTunnel(g *chain.Grid, y1, y2, x int) []chain.Point {
	var out []chain.Point
	for y := min(y1, y2); y <= max(y1, y2); y++ {
		if p := (chain.Point{X: x, Y: y}); Carve(g, p) {
			out = append(out, p)
		}
	}
	return out
}

// Dogleg joins a and b with an L-shaped corridor (horizontal first when
// horizFirst) and returns the tiles it carved.
func Dogleg(g *chain.Grid, a, b chain.Point, horizFirst bool) []chain.Point {
	if horizFirst {
		return append(HorizontalTunnel(g, a.X, b.X, a.Y), VerticalTunnel(g, a.Y, b.Y, b.X)...)
	}
	return append(VerticalTunnel(g, a.Y, b.Y, a.X), HorizontalTunnel(g, a.X, b.X, b.Y)...)
}
