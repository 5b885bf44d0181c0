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

// metricFunc returns the distance between two offsets under a named metric.
func metricFunc(name string) func(dx, dy int) int {
	switch name {
	case "manhattan":
		return func(dx, dy int) int { return iabs(dx) + iabs(dy) }
	case "chebyshev":
		return func(dx, dy int) int { return max(iabs(dx), iabs(dy)) }
	}
	return func(dx, dy int) int { return dx*dx + dy*dy } // squared: same order
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
	dist := metricFunc(b.metric)
	member := make([]int32, len(g.Tiles))
	for y := 0; y < g.H; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for x := 0; x < g.W; x++ {
			best, bestD := 0, -1
			for i, sd := range seeds {
				if d := dist(x-sd.X, y-sd.Y); bestD < 0 || d < bestD {
					best, bestD = i, d
				}
			}
			member[y*g.W+x] = int32(best)
		}
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
