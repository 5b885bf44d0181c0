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
			dist, release := kit.Distances(g, []chain.Point{*s.Start})
			defer release()
			// The free reachable tile nearest the anchor; failing that, a reachable
			// tile holding a spawn (which makes way for the stairs).
			free := kit.NewOccupancy(s)
			ok := make([]bool, len(dist))
			for i, d := range dist {
				ok[i] = d > 0 && free.Free(g.Pt(i))
			}
			q, found := kit.Nearest(g, p, ok)
			if !found {
				for i, d := range dist {
					ok[i] = d > 0 && g.Tiles[i] != chain.DownStairs
				}
				q, found = kit.Nearest(g, p, ok)
			}
			if found {
				_, err := s.AddExit(q)
				kit.DropSpawnsAt(s, q)
				return err
			}
		}
		_, err := kit.AddExit(s, p)
		return err
	}
	if b.v.Bool("largest_region") {
		if q, found := kit.NearestInLargestRegion(g, p); found {
			p = q
		}
	}
	return kit.SetStart(s, p)
}
