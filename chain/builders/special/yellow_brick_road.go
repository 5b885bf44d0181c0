package special

import (
	"context"
	"errors"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// Snapshot label of yellow_brick_road's first stage (the step's final snapshot adds the stream).
const RoadStageRoad = "road"

// Path costs (×10, as chain.TileCost) used by yellow_brick_road.
const (
	roadDigCost    = 50 // a wall the road has to break through when no walkable path exists
	streamRoadCost = 40 // a road tile the stream crosses (high, so it crosses rather than follows)
)

func init() {
	chain.Register(chain.Spec{
		Name: "yellow_brick_road",
		Help: "The tutorial's forest road: paves a three-wide road (A* over tile costs) from the start to the " +
			"nearest exit, breaking through walls only when no walkable way exists; then a stream of shallow water " +
			"runs from the top-right or bottom-right corner to the bottom-left, bridged where it crosses the road.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.BoolParam("stream", "Stream", "Add the stream of shallow water.", true),
		},
		Needs: chain.FStart | chain.FExit,
		New: func(v chain.Values) (chain.Builder, error) {
			return yellowBrickRoad{stream: v.Bool("stream")}, nil
		},
	})
}

type yellowBrickRoad struct{ stream bool }

func (b yellowBrickRoad) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if err := s.NeedStart(); err != nil {
		return err
	}
	if len(s.Exits) == 0 {
		return errors.New("needs an exit, but none is placed")
	}
	g := s.Map
	start := *s.Start
	exit := s.Exits[0].Pos()
	for _, e := range s.Exits[1:] {
		if chain.DistSq(start, e.Pos()) < chain.DistSq(start, exit) {
			exit = e.Pos()
		}
	}
	finder := chain.NewPathFinder(g).WithContext(ctx)
	walk := chain.TileCost(g)
	path := finder.Path(start, exit, walk)
	if path == nil {
		path = finder.Path(start, exit, func(p chain.Point) (int, bool) {
			if c, ok := walk(p); ok {
				return c, true
			}
			return roadDigCost, g.Inner(p) || p == start || p == exit
		})
	}
	if path == nil {
		return errors.New("no way for the road from the start to the exit")
	}
	for _, p := range path {
		paintRoad(g, p)
		for _, d := range chain.Neighbours4 {
			paintRoad(g, p.Add(d))
		}
	}
	s.Snapshot(RoadStageRoad)
	if err := ctx.Err(); err != nil {
		return err
	}
	if !b.stream {
		return nil
	}
	from := chain.Point{X: g.W - 1, Y: 1}
	if kit.Dice(rng, 1, 2) == 2 {
		from.Y = g.H - 1
	}
	a, err := s.NearestWalkable(from)
	if err != nil {
		return err
	}
	z, err := s.NearestWalkable(chain.Point{X: 0, Y: g.H - 1})
	if err != nil {
		return err
	}
	stream := finder.Path(a, z, func(p chain.Point) (int, bool) {
		if g.At(p) == chain.Road {
			return streamRoadCost, true
		}
		return walk(p)
	})
	for _, p := range stream {
		switch g.At(p) {
		case chain.Floor, chain.Grass:
			g.Set(p, chain.ShallowWater)
		case chain.Road:
			g.Set(p, chain.Bridge)
		}
	}
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
