// Package builders registers Hewn's map builders with package chain. Import it
// for its side effects, like an image format:
//
//	import _ "hewn/chain/builders"
//
// Each builder follows the Rust roguelike tutorial's behaviour (see DESIGN.md),
// returns errors instead of panicking, and draws all randomness from the rng it
// is given. Shared drawing helpers live in this file and in helpers_*.go.
package builders

import (
	"math/rand/v2"

	"hewn/chain"
)

// roll returns a uniformly random integer in [lo, hi] (inclusive, like rltk's range
// with hi+1); it returns lo when hi < lo.
func roll(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// intParam describes an integer parameter with a range.
func intParam(name, label, help string, def, lo, hi int) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Int, Default: def, Min: float64(lo), Max: float64(hi)}
}

// floatParam describes a number parameter with a range.
func floatParam(name, label, help string, def, lo, hi float64) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Float, Default: def, Min: lo, Max: hi}
}

// boolParam describes a boolean parameter.
func boolParam(name, label, help string, def bool) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Bool, Default: def}
}

// enumParam describes an enum parameter; the first choice is the default unless def is set.
func enumParam(name, label, help, def string, choices ...string) chain.Param {
	if def == "" {
		def = choices[0]
	}
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.Enum, Default: def, Choices: choices}
}

// applyRoom carves r as floor.
func applyRoom(g *chain.Grid, r chain.Rect) { g.Fill(r, chain.Floor) }

// carve turns p into floor and returns whether it changed (for corridor lists).
func carve(g *chain.Grid, p chain.Point) bool {
	if g.In(p) && g.At(p) != chain.Floor {
		g.Set(p, chain.Floor)
		return true
	}
	return false
}

// horizontalTunnel carves floor from x1 to x2 on row y and returns the tiles it changed.
func horizontalTunnel(g *chain.Grid, x1, x2, y int) []chain.Point {
	var out []chain.Point
	for x := min(x1, x2); x <= max(x1, x2); x++ {
		if p := (chain.Point{X: x, Y: y}); g.Inner(p) && carve(g, p) {
			out = append(out, p)
		}
	}
	return out
}

// verticalTunnel carves floor from y1 to y2 on column x and returns the tiles it changed.
func verticalTunnel(g *chain.Grid, y1, y2, x int) []chain.Point {
	var out []chain.Point
	for y := min(y1, y2); y <= max(y1, y2); y++ {
		if p := (chain.Point{X: x, Y: y}); g.Inner(p) && carve(g, p) {
			out = append(out, p)
		}
	}
	return out
}
