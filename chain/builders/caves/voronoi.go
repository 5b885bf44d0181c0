package caves

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "voronoi",
		Help: "Voronoi cells (tutorial): random seeds split the map into cells; tiles on the edges between cells stay wall, the rest becomes floor.",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.IntParam("seeds", "Seeds", "How many Voronoi seeds (cells).", 64, 1, 4096),
			kit.EnumParam("distance", "Distance", "How distance to a seed is measured: straight line (pythagoras), grid steps (manhattan) or king moves (chebyshev).",
				"pythagoras", "pythagoras", "manhattan", "chebyshev"),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return voronoi{seeds: v.Int("seeds"), metric: v.String("distance")}, nil
		},
	})
}

type voronoi struct {
	seeds  int
	metric string
}

func iabs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (b voronoi) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	// The tutorial rolls seeds in [1, w-1]×[1, h-1] and never repeats one.
	room := (g.W - 1) * (g.H - 1)
	if b.seeds > room {
		return fmt.Errorf("seeds %d is more than the %d distinct seed positions of a %d×%d map", b.seeds, room, g.W, g.H)
	}
	seeds := make([]chain.Point, 0, b.seeds)
	used := make([]bool, len(g.Tiles))
	for len(seeds) < b.seeds {
		p := chain.Point{X: kit.Roll(rng, 1, g.W-1), Y: kit.Roll(rng, 1, g.H-1)}
		if i := g.Idx(p); !used[i] {
			used[i] = true
			seeds = append(seeds, p)
		}
	}
	member := make([]int32, len(g.Tiles))
	for y := 0; y < g.H; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		nearestSeeds(member[y*g.W:(y+1)*g.W], y, seeds, b.metric)
	}
	pace := kit.NewPacer(1, g.H-1, maxSnapshots)
	for y := 1; y < g.H-1; y++ {
		for x := 1; x < g.W-1; x++ {
			i := y*g.W + x
			me, n := member[i], 0
			for _, j := range [4]int{i - 1, i + 1, i - g.W, i + g.W} {
				if member[j] != me {
					n++
				}
			}
			if n < 2 {
				g.Tiles[i] = chain.Floor
			}
		}
		if y < g.H-2 && pace.Due(y) {
			s.Snapshot(fmt.Sprintf("row %d", y))
		}
	}
	return nil
}

// nearestSeeds sets row[x] to the index of the seed nearest (x, y) under the
// named metric, manhattan, chebyshev or else pythagoras (squared, same order),
// the first on ties. Each metric has its own loop: a distance function called
// per tile and seed cost more than the distance itself.
func nearestSeeds(row []int32, y int, seeds []chain.Point, metric string) {
	for x := range row {
		best, bestD := 0, -1
		switch metric {
		case "manhattan":
			for i, sd := range seeds {
				if d := iabs(x-sd.X) + iabs(y-sd.Y); bestD < 0 || d < bestD {
					best, bestD = i, d
				}
			}
		case "chebyshev":
			for i, sd := range seeds {
				if d := max(iabs(x-sd.X), iabs(y-sd.Y)); bestD < 0 || d < bestD {
					best, bestD = i, d
				}
			}
		default:
			for i, sd := range seeds {
				dx, dy := x-sd.X, y-sd.Y
				if d := dx*dx + dy*dy; bestD < 0 || d < bestD {
					best, bestD = i, d
				}
			}
		}
		row[x] = int32(best)
	}
}
