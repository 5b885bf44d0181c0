package kit

import (
	"hewn/chain"
)

// InnerRect is the part of g inside its outer border (empty on grids under 3×3).
func InnerRect(g *chain.Grid) chain.Rect {
	if g.W < 3 || g.H < 3 {
		return chain.Rect{}
	}
	return chain.R(1, 1, g.W-2, g.H-2)
}

// Dig is Carve under the tutorial's name for diggers and corridor walkers: it
// turns p into floor when it lies inside the border and is not walkable (stairs,
// roads and shallow water stay, so a digger never erases an exit), and reports
// whether it changed.
func Dig(g *chain.Grid, p chain.Point) bool { return Carve(g, p) }

// DrawCorridor is the tutorial's draw_corridor: it walks from a to b one tile at a
// time, closing the horizontal gap first and then the vertical one, digging
// every tile after a (see Dig). It returns the tiles it changed, in walking order.
func DrawCorridor(g *chain.Grid, a, b chain.Point) []chain.Point {
	var out []chain.Point
	p := a
	for p != b {
		switch {
		case p.X < b.X:
			p.X++
		case p.X > b.X:
			p.X--
		case p.Y < b.Y:
			p.Y++
		default:
			p.Y--
		}
		if Dig(g, p) {
			if out == nil { // room for the rest of the walk: it grows no more
				out = make([]chain.Point, 0, 1+abs(b.X-p.X)+abs(b.Y-p.Y))
			}
			out = append(out, p)
		}
	}
	return out
}

// DigLine digs the Bresenham line from a to b (see Dig and Line) and returns the
// tiles it changed, in order.
func DigLine(g *chain.Grid, a, b chain.Point) []chain.Point {
	var out []chain.Point
	for _, p := range chain.Line(a, b) {
		if Dig(g, p) {
			out = append(out, p)
		}
	}
	return out
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
