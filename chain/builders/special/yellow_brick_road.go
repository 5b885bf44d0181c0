package special

import (
	"context"
	"errors"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// RoadStageRoad is the snapshot label of yellow_brick_road's first stage (the
// road and its stairs; the step's final snapshot adds the second stairs and the stream).
const RoadStageRoad = "road"

// roadDigCost is the path cost (×10, as chain.TileCost) of a wall the road has
// to break through when no walkable way exists (the tutorial panics then).
const roadDigCost = 50

// tutorialDiagonal is the tutorial's cost of a diagonal step, in percent of an
// orthogonal one (its maps' get_available_exits).
const tutorialDiagonal = 150

func init() {
	chain.Register(chain.Spec{
		Name: "yellow_brick_road",
		Help: "The tutorial's forest road: finds its own exit (the walkable tile nearest the middle of the right edge), " +
			"paves a road from the start to it (A* over tile costs, painted with a plus-shaped brush, never over stairs) " +
			"and puts down stairs at its end; then puts second down stairs near the top-right or bottom-right corner " +
			"(a coin flip) and runs a stream of shallow water (over floor only) from them towards the bottom-left. " +
			"Both stairs are exits. Breaks through walls only when no walkable way exists (the tutorial gives up). " +
			"Maps up to 1024×1024: its A* searches take about 5 s at 2048×2048.",
		Kind:    chain.Meta,
		MaxSize: 1024,
		Params: []chain.Param{
			kit.BoolParam("stream", "Stream", "Run the stream of shallow water from the second stairs (off: the stairs alone).", true),
		},
		Needs: chain.FStart,
		Makes: chain.FExit,
		New: func(v chain.Values) (chain.Builder, error) {
			return yellowBrickRoad{stream: v.Bool("stream")}, nil
		},
	})
}

type yellowBrickRoad struct{ stream bool }

// nearestFree returns the free tile nearest p (walkable, not the start or an
// exit, no spawn), else the walkable tile nearest p.
func nearestFree(s *chain.State, p chain.Point) (chain.Point, error) {
	if q, ok := kit.NewOccupancy(s).NearestFree(p); ok {
		return q, nil
	}
	return s.NearestWalkable(p)
}

func (b yellowBrickRoad) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if err := s.NeedStart(); err != nil {
		return err
	}
	g := s.Map
	start := *s.Start
	end, err := nearestFree(s, chain.Point{X: g.W - 2, Y: g.H / 2})
	if err != nil {
		return err
	}
	finder := chain.NewPathFinder(g).WithContext(ctx).WithDiagonalCost(tutorialDiagonal)
	walk := chain.TileCost(g)
	path := finder.Path(start, end, walk)
	if path == nil {
		path = finder.Path(start, end, func(p chain.Point) (int, bool) {
			if c, ok := walk(p); ok {
				return c, true
			}
			return roadDigCost, g.Inner(p) || p == start || p == end
		})
	}
	if path == nil {
		if err := ctx.Err(); err != nil {
			return err
		}
		return errors.New("no way for the road from the start to its end")
	}
	for _, p := range path {
		paintRoad(g, p)
		for _, d := range chain.Neighbours4 {
			paintRoad(g, p.Add(d))
		}
	}
	if _, err := s.AddExit(end); err != nil {
		return err
	}
	kit.DropSpawnsAt(s, end)
	s.Snapshot(RoadStageRoad)
	if err := ctx.Err(); err != nil {
		return err
	}

	// The second stairs, near a right-hand corner; the stream runs from them
	// towards the bottom-left.
	corner, mouth := chain.Point{X: g.W - 1, Y: 1}, chain.Point{X: 0, Y: g.H - 1}
	if kit.Dice(rng, 1, 2) == 2 {
		corner, mouth = chain.Point{X: g.W - 1, Y: g.H - 1}, chain.Point{X: 1, Y: g.H - 1}
	}
	stairs, err := nearestFree(s, corner)
	if err != nil {
		return err
	}
	if b.stream {
		z, err := s.NearestWalkable(mouth)
		if err != nil {
			return err
		}
		for _, p := range finder.Path(stairs, z, walk) {
			if g.At(p) == chain.Floor {
				g.Set(p, chain.ShallowWater)
			}
		}
	}
	if _, err := s.AddExit(stairs); err != nil {
		return err
	}
	kit.DropSpawnsAt(s, stairs)
	return nil
}

// paintRoad paves p (inside the map's border) unless it holds stairs.
func paintRoad(g *chain.Grid, p chain.Point) {
	if g.Inner(p) {
		if t := g.At(p); t != chain.DownStairs && t != chain.UpStairs {
			g.Set(p, chain.Road)
		}
	}
}
