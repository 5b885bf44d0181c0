package caves

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "area_starting_position",
		Help: "Puts the start on the walkable tile nearest an area of the map (left/center/right × top/center/bottom), as the tutorial's AreaStartingPosition. " +
			"Unlike the tutorial it prefers the largest open region, so a sealed pocket next to the anchor cannot shrink the level to a few tiles after cull_unreachable.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.XParam("x", "Horizontal anchor: left (column 1), center or right (column width-2).", "center", false),
			kit.YParam("y", "Vertical anchor: top (row 1), center or bottom (row height-2).", "center", false),
			kit.BoolParam("largest_region", "Largest region", "Start in the largest connected open region (off: the nearest walkable tile, as the tutorial).", true),
		},
		Makes: chain.FStart,
		New: func(v chain.Values) (chain.Builder, error) {
			return areaPos{v: v}, nil
		},
	})
	chain.Register(chain.Spec{
		Name: "area_ending_position",
		Help: "Puts down stairs (an exit) on the walkable tile nearest an area of the map, as the tutorial's AreaEndingPosition; with a start placed, only tiles reachable from it count.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.XParam("x", "Horizontal anchor: left (column 1), center or right (column width-2).", "right", false),
			kit.YParam("y", "Vertical anchor: top (row 1), center or bottom (row height-2).", "center", false),
		},
		Makes: chain.FExit,
		New: func(v chain.Values) (chain.Builder, error) {
			return areaPos{v: v, exit: true}, nil
		},
	})
}

// areaPos places the start, or an exit, nearest an anchor given by x and y.
type areaPos struct {
	v    chain.Values
	exit bool
}

func (b areaPos) Build(_ context.Context, s *chain.State, _ *rand.Rand) error {
	g := s.Map
	p := chain.Point{X: kit.ResolvePos(b.v, "x", g.W), Y: kit.ResolvePos(b.v, "y", g.H)}
	if b.exit {
		if s.Start != nil && g.Walkable(*s.Start) {
			// The tiles reachable from the start are those of its region.
			rs, release := kit.Spans(g)
			defer release()
			reach, start := rs.Region(*s.Start), *s.Start
			// The free reachable tile nearest the anchor; failing that, a reachable
			// tile holding a spawn (which makes way for the stairs).
			free := kit.NewOccupancy(s)
			q, found := nearestReachable(rs, reach, p, func(q chain.Point) bool { return q != start && free.Free(q) })
			if !found {
				q, found = nearestReachable(rs, reach, p, func(q chain.Point) bool { return q != start && g.At(q) != chain.DownStairs })
			}
			if found {
				q, err := s.AddExit(q)
				if err == nil {
					rs.Retile(g, g.Idx(q)) // stairs on floor: the same regions
				}
				kit.DropSpawnsAt(s, q)
				return endAt(s, q, err)
			}
		}
		q, err := kit.AddExit(s, p)
		return endAt(s, q, err)
	}
	if b.v.Bool("largest_region") {
		if q, found := kit.NearestInLargestRegion(g, p); found {
			p = q
		}
	}
	if err := kit.SetStart(s, p); err != nil {
		return err
	}
	s.EndWithin(chain.Rect{}) // the start moved, no tile changed
	return nil
}

// endAt tells the history that the step changed only the tile at q (the exit
// it placed there), unless err.
func endAt(s *chain.State, q chain.Point, err error) error {
	if err == nil {
		s.EndWithin(chain.Rect{X: q.X, Y: q.Y, W: 1, H: 1})
	}
	return err
}

// nearestReachable returns the tile of region reach that ok accepts nearest p by
// Euclidean distance (the first in row order on ties), or false when there is none.
// A run's tiles are tried from the one nearest p's column outwards (of two as
// near, the left one first, as row order has it), and a run none of whose tiles
// can be nearer than the best so far is skipped.
func nearestReachable(rs *chain.RegionSpans, reach int32, p chain.Point, ok func(chain.Point) bool) (chain.Point, bool) {
	best, bestD := chain.Point{}, -1
	for _, sp := range rs.Spans {
		if sp.Region != reach {
			continue
		}
		x0, x1, dy := int(sp.X0), int(sp.X1)-1, int(sp.Y)-p.Y
		c := min(max(p.X, x0), x1)
		if bestD >= 0 && dy*dy+(c-p.X)*(c-p.X) >= bestD {
			continue
		}
		for l, r := c, c+1; l >= x0 || r <= x1; {
			x := r
			if l >= x0 && (r > x1 || abs(l-p.X) <= abs(r-p.X)) {
				x = l
				l--
			} else {
				r++
			}
			d := dy*dy + (x-p.X)*(x-p.X)
			if bestD >= 0 && d >= bestD {
				break // the rest of the run is no nearer
			}
			if q := (chain.Point{X: x, Y: int(sp.Y)}); ok(q) {
				best, bestD = q, d
				break
			}
		}
	}
	return best, bestD >= 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
