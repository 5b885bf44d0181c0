// Package chain is Hewn's map-generation engine: grids of typed tiles, a registry
// of builders with typed parameter descriptors, builder chains decoded from JSON,
// deterministic runs and a compact snapshot history.
//
// The package is pure Go: no Fyne, no file I/O, no clock. All randomness comes from
// explicitly passed math/rand/v2 sources derived from (seed, step path).
package chain

import (
	"fmt"
	"iter"
)

// Point is a tile coordinate.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// String formats p as "(x,y)".
func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Rect is an axis-aligned rectangle of tiles: X, Y is its top-left tile, W, H its size.
// It covers tiles x in [X, X+W) and y in [Y, Y+H).
type Rect struct {
	X int `json:"x"`
	Y int `json:"y"`
	W int `json:"w"`
	H int `json:"h"`
}

// R builds a Rect from its corner and size.
func R(x, y, w, h int) Rect { return Rect{x, y, w, h} }

// X2 is one past the rightmost column.
func (r Rect) X2() int { return r.X + r.W }

// Y2 is one past the bottom row.
func (r Rect) Y2() int { return r.Y + r.H }

// Center returns the rectangle's centre tile (rounded towards the top-left).
func (r Rect) Center() Point { return Point{r.X + r.W/2, r.Y + r.H/2} }

// Contains reports whether p lies inside r.
func (r Rect) Contains(p Point) bool {
	return p.X >= r.X && p.X < r.X2() && p.Y >= r.Y && p.Y < r.Y2()
}

// Intersects reports whether r and o share at least one tile.
func (r Rect) Intersects(o Rect) bool {
	return r.X < o.X2() && o.X < r.X2() && r.Y < o.Y2() && o.Y < r.Y2()
}

// Inset shrinks r by n tiles on every side (grows it when n < 0).
func (r Rect) Inset(n int) Rect { return Rect{r.X + n, r.Y + n, r.W - 2*n, r.H - 2*n} }

// Empty reports whether r covers no tile.
func (r Rect) Empty() bool { return r.W <= 0 || r.H <= 0 }

// Intersect returns the overlap of r and o (empty when they do not overlap).
func (r Rect) Intersect(o Rect) Rect {
	x1, y1 := max(r.X, o.X), max(r.Y, o.Y)
	x2, y2 := min(r.X2(), o.X2()), min(r.Y2(), o.Y2())
	if x2 <= x1 || y2 <= y1 {
		return Rect{}
	}
	return Rect{x1, y1, x2 - x1, y2 - y1}
}

// Each calls f for every tile of r, row by row.
func (r Rect) Each(f func(p Point)) {
	for y := r.Y; y < r.Y2(); y++ {
		for x := r.X; x < r.X2(); x++ {
			f(Point{x, y})
		}
	}
}

// DistSq is the squared Euclidean distance between p and q.
func DistSq(p, q Point) int {
	dx, dy := p.X-q.X, p.Y-q.Y
	return dx*dx + dy*dy
}

// Neighbours4 are the four orthogonal directions.
var Neighbours4 = [4]Point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// Neighbours8 are the eight directions, orthogonal first.
var Neighbours8 = [8]Point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}, {1, -1}, {1, 1}, {-1, 1}}

// Line returns the tiles of the Bresenham line from a to b, both ends included
// (8-connected: it steps diagonally, as the tutorial's rltk line does). The
// builders dig it and the painter's Line tool draws it.
func Line(a, b Point) []Point {
	out := make([]Point, 0, max(absInt(b.X-a.X), absInt(b.Y-a.Y))+1)
	for p := range LineSeq(a, b) {
		out = append(out, p)
	}
	return out
}

// LineSeq yields the tiles of Line(a, b) in order without building the slice,
// for walks that usually stop early (a DLA particle flying at the centre).
func LineSeq(a, b Point) iter.Seq[Point] {
	return func(yield func(Point) bool) {
		dx, dy := absInt(b.X-a.X), -absInt(b.Y-a.Y)
		sx, sy := signInt(b.X-a.X), signInt(b.Y-a.Y)
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

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func signInt(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
