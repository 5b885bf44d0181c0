package special

import (
	"context"
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "cave_decorator",
		Help: "Dresses a cave (the tutorial's limestone caverns): some floor becomes gravel or shallow pools; " +
			"walls with two wall neighbours become deep pools, walls with one may become stalactites or stalagmites. " +
			"Walkable tiles stay walkable and walls stay impassable, so reachability does not change.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.IntParam("gravel_one_in", "Gravel (one in)", "Each floor tile becomes gravel with odds one in this (0: never).", 6, 0, 1000),
			kit.IntParam("pool_one_in", "Shallow pools (one in)", "Each remaining floor tile becomes shallow water with odds one in this (0: never).", 10, 0, 1000),
			kit.IntParam("formation_one_in", "Formations (one in)", "A wall with one wall neighbour becomes a stalactite, or else a stalagmite, each with odds one in this (0: never).", 4, 0, 1000),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return caveDecorator{v.Int("gravel_one_in"), v.Int("pool_one_in"), v.Int("formation_one_in")}, nil
		},
	})
}

type caveDecorator struct{ gravel, pool, formation int }

func (b caveDecorator) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	old := g.Clone()
	// The start and the exits keep their tiles (they are walkable and stay so).
	var keep []int
	if s.Start != nil && g.In(*s.Start) {
		keep = append(keep, g.Idx(*s.Start))
	}
	for _, e := range s.Exits {
		if g.In(e.Pos()) {
			keep = append(keep, g.Idx(e.Pos()))
		}
	}
	f := kit.NewFast(s, rng)
	defer f.Done()
	w, h := g.W, g.H
	for y := range h {
		if err := ctx.Err(); err != nil {
			return err
		}
		row, orow := g.Tiles[y*w:(y+1)*w], old.Tiles[y*w:(y+1)*w]
		keepHere := slices.ContainsFunc(keep, func(i int) bool { return i/w == y })
		for x, t := range orow {
			if t != chain.Floor && t != chain.Wall || keepHere && slices.Contains(keep, y*w+x) {
				continue
			}
			if t == chain.Floor {
				if f.OneIn(b.gravel) {
					row[x] = chain.Gravel
				} else if f.OneIn(b.pool) {
					row[x] = chain.ShallowWater
				}
				continue
			}
			// Off the map counts as wall: the rock goes on, and the map's border
			// stays solid. The tutorial counted nothing off the map, which dotted
			// the border with pools, and skipped the right and lower neighbours
			// on the second-last column and row (an off-by-one).
			n := 0
			if y == 0 || old.Tiles[(y-1)*w+x] == chain.Wall {
				n++
			}
			if x == w-1 || orow[x+1] == chain.Wall {
				n++
			}
			if y == h-1 || old.Tiles[(y+1)*w+x] == chain.Wall {
				n++
			}
			if x == 0 || orow[x-1] == chain.Wall {
				n++
			}
			switch {
			case n == 2:
				row[x] = chain.DeepWater
			case n == 1 && b.formation > 0:
				switch f.Roll(1, b.formation) {
				case 1:
					row[x] = chain.Stalactite
				case 2:
					row[x] = chain.Stalagmite
				}
			}
		}
	}
	return nil
}
