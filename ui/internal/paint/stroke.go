// Package paint holds what the prefab painter and the map's paint mode share:
// the drawing tools and the tiles a stroke of each covers (pencil, line,
// rectangle, filled rectangle, flood fill, eyedropper, select, move), the
// runs of rectangles a set of tiles packs into, and the widgets that pick a
// tool and a brush.
package paint

import (
	"slices"

	"hewn/chain"
)

// Tool is a drawing tool.
type Tool int

// The tools, in the order tool bars show them.
const (
	// Pencil paints every tile the pointer passes over.
	Pencil Tool = iota
	// Line paints a straight line from the press to the release.
	Line
	// Rect paints the outline of the rectangle from the press to the release.
	Rect
	// FilledRect paints the whole rectangle.
	FilledRect
	// Fill paints the area of like tiles joined to the one pressed (4-connected).
	Fill
	// Picker takes the brush from the tile pressed (the eyedropper).
	Picker
	// Select selects the rectangle from the press to the release; a press
	// inside the selection drags its contents instead.
	Select
	// Move drags what stands on the tile pressed (a spawn, the start, an
	// exit) to the tile released.
	Move
	numTools
)

var toolInfo = [numTools]struct {
	name string
	key  rune
	help string
}{
	{"Pencil", 'p', "paint every tile the pointer passes over"},
	{"Line", 'l', "a straight line from press to release"},
	{"Rect", 'r', "a rectangle's outline"},
	{"Box", 'b', "a filled rectangle"},
	{"Fill", 'f', "flood fill the like tiles joined to the one clicked"},
	{"Pick", 'i', "take the brush from a tile (eyedropper)"},
	{"Select", 's', "select a rectangle; drag inside it to move it"},
	{"Move", 'm', "drag a spawn, the start or an exit elsewhere"},
}

// String is the tool's name on its button ("Pencil", "Box").
func (t Tool) String() string {
	if t < 0 || t >= numTools {
		return "?"
	}
	return toolInfo[t].name
}

// Key is the letter that picks the tool while a painting view has the focus.
func (t Tool) Key() rune { return toolInfo[t].key }

// Help says what the tool does.
func (t Tool) Help() string { return toolInfo[t].help }

// ToolOfKey returns the tool whose key is r (see Key), among tools.
func ToolOfKey(r rune, tools []Tool) (Tool, bool) {
	for _, t := range tools {
		if t.Key() == r {
			return t, true
		}
	}
	return 0, false
}

// Paints reports whether the tool lays the brush down (pencil, line,
// rectangles and fill).
func (t Tool) Paints() bool { return t <= Fill }

// Stroke is one gesture of a tool: from the tile pressed to the tile the
// pointer is on, with the pencil's trail.
type Stroke struct {
	Tool     Tool
	From, To chain.Point
	trail    []chain.Point
}

// NewStroke starts a stroke of tool at p.
func NewStroke(tool Tool, p chain.Point) *Stroke {
	return &Stroke{Tool: tool, From: p, To: p, trail: []chain.Point{p}}
}

// Move takes the stroke on to p (the pencil's trail joins the tiles between,
// so a fast pointer leaves no gaps).
func (s *Stroke) Move(p chain.Point) {
	if s.Tool == Pencil {
		s.trail = append(s.trail, chain.Line(s.To, p)[1:]...)
	}
	s.To = p
}

// Rect is the rectangle from the press to the pointer, corners included.
func (s *Stroke) Rect() chain.Rect { return Span(s.From, s.To) }

// Span is the rectangle with corners a and b (both included).
func Span(a, b chain.Point) chain.Rect {
	x0, x1 := min(a.X, b.X), max(a.X, b.X)
	y0, y1 := min(a.Y, b.Y), max(a.Y, b.Y)
	return chain.R(x0, y0, x1-x0+1, y1-y0+1)
}

// Tiles returns the tiles the stroke paints inside bounds, each once, in
// the order it reaches them. same tells the flood fill which tiles are
// alike (it may be nil for the other tools).
func (s *Stroke) Tiles(bounds chain.Rect, same func(a, b chain.Point) bool) []chain.Point {
	var pts []chain.Point
	switch s.Tool {
	case Pencil:
		pts = s.trail
	case Line:
		pts = chain.Line(s.From, s.To)
	case Rect:
		pts = Outline(s.Rect())
	case FilledRect:
		r := s.Rect().Intersect(bounds)
		r.Each(func(p chain.Point) { pts = append(pts, p) })
		return pts
	case Fill:
		return FloodFill(bounds, s.From, same)
	default:
		return nil
	}
	return unique(pts, bounds)
}

// unique keeps the points of pts inside bounds, each once, in order.
func unique(pts []chain.Point, bounds chain.Rect) []chain.Point {
	seen := make(map[chain.Point]bool, len(pts))
	out := make([]chain.Point, 0, len(pts))
	for _, p := range pts {
		if bounds.Contains(p) && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// Outline returns the tiles of r's outline, row by row.
func Outline(r chain.Rect) []chain.Point {
	var out []chain.Point
	r.Each(func(p chain.Point) {
		if p.X == r.X || p.Y == r.Y || p.X == r.X2()-1 || p.Y == r.Y2()-1 {
			out = append(out, p)
		}
	})
	return out
}

// FloodFill returns the tiles of bounds joined to start (4-connected) by
// tiles alike to it (same(start, q)), start first; none when start lies
// outside bounds.
func FloodFill(bounds chain.Rect, start chain.Point, same func(a, b chain.Point) bool) []chain.Point {
	if !bounds.Contains(start) || same == nil {
		return nil
	}
	seen := make([]bool, bounds.W*bounds.H)
	idx := func(p chain.Point) int { return (p.Y-bounds.Y)*bounds.W + p.X - bounds.X }
	seen[idx(start)] = true
	out := []chain.Point{start}
	for head := 0; head < len(out); head++ {
		for _, d := range chain.Neighbours4 {
			q := out[head].Add(d)
			if bounds.Contains(q) && !seen[idx(q)] && same(start, q) {
				seen[idx(q)] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// Runs packs tiles into rectangles covering exactly them: each row's runs of
// adjacent tiles, merged with the same run of the rows below. The
// rectangles are in reading order of their top-left corners.
func Runs(tiles []chain.Point) []chain.Rect {
	pts := slices.Clone(tiles)
	slices.SortFunc(pts, func(a, b chain.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	pts = slices.Compact(pts)
	// the runs of each row
	var rows []chain.Rect
	for i := 0; i < len(pts); {
		j := i + 1
		for j < len(pts) && pts[j].Y == pts[i].Y && pts[j].X == pts[j-1].X+1 {
			j++
		}
		rows = append(rows, chain.R(pts[i].X, pts[i].Y, j-i, 1))
		i = j
	}
	// merge a run into the rectangle ending just above it with the same span
	open := map[[2]int]int{} // x, w -> index into out of the rectangle ending on the row above
	var out []chain.Rect
	for _, r := range rows {
		k := [2]int{r.X, r.W}
		if i, ok := open[k]; ok && out[i].Y2() == r.Y {
			out[i].H++
			continue
		}
		open[k] = len(out)
		out = append(out, r)
	}
	return out
}
