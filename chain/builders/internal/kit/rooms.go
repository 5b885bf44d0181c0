package kit

import (
	"iter"

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
			out = append(out, p)
		}
	}
	return out
}

// Line returns the tiles of the Bresenham line from a to b, both ends included
// (8-connected: it steps diagonally, as the tutorial's rltk line does).
func Line(a, b chain.Point) []chain.Point {
	out := make([]chain.Point, 0, max(abs(b.X-a.X), abs(b.Y-a.Y))+1)
	for p := range LineSeq(a, b) {
		out = append(out, p)
	}
	return out
}

// LineSeq yields the tiles of Line(a, b) in order without building the slice,
// for walks that usually stop early (a DLA particle flying at the centre).
func LineSeq(a, b chain.Point) iter.Seq[chain.Point] {
	return func(yield func(chain.Point) bool) {
		dx, dy := abs(b.X-a.X), -abs(b.Y-a.Y)
		sx, sy := sign(b.X-a.X), sign(b.Y-a.Y)
		err := dx + dy
		for p := a; ; {
			if !yield(p) || p == b {
				return
			}
			e2 := 2 * err
			if e2 >= dy {
				err += dy
				p.X += sx
			}
			if e2 <= dx {
				err += dx
				p.Y += sy
			}
		}
	}
}

// DigLine digs the Bresenham line from a to b (see Dig and Line) and returns the
// tiles it changed, in order.
func DigLine(g *chain.Grid, a, b chain.Point) []chain.Point {
	var out []chain.Point
	for _, p := range Line(a, b) {
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

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
