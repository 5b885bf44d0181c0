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

// oneIn rolls a 1-in-n chance (never when n is 0), drawing as the tutorial's roll_dice(1, n) == 1.
func oneIn(rng *rand.Rand, n int) bool { return n > 0 && kit.Dice(rng, 1, n) == 1 }

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
	for i, t := range old.Tiles {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if slices.Contains(keep, i) {
			continue
		}
		p := g.Pt(i)
		switch t {
		case chain.Floor:
			if oneIn(rng, b.gravel) {
				g.Tiles[i] = chain.Gravel
			} else if oneIn(rng, b.pool) {
				g.Tiles[i] = chain.ShallowWater
			}
		case chain.Wall:
			// Off the map counts as wall (old.At reads walls there): the rock goes
			// on, and the map's border stays solid. The tutorial counted nothing
			// off the map, which dotted the border with pools, and skipped the right
			// and lower neighbours on the second-last column and row (an off-by-one).
			n := 0
			for _, d := range chain.Neighbours4 {
				if old.At(p.Add(d)) == chain.Wall {
					n++
				}
			}
			switch {
			case n == 2:
				g.Tiles[i] = chain.DeepWater
			case n == 1 && b.formation > 0:
				switch kit.Dice(rng, 1, b.formation) {
				case 1:
					g.Tiles[i] = chain.Stalactite
				case 2:
					g.Tiles[i] = chain.Stalagmite
				}
			}
		}
	}
	return nil
}
