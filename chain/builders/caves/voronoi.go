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
	grid := newSeedGrid(g.W, g.H, seeds)
	for y := 0; y < g.H; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		grid.nearest(member[y*g.W:(y+1)*g.W], y, b.metric)
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

// seedGrid buckets the seeds into square cells of side cell, so the seed
// nearest a tile is found by looking at the cells around it, ring by ring,
// instead of at every seed (4096 seeds on a 4096×4096 map: 99 s, now about
// a second).
type seedGrid struct {
	seeds  []chain.Point
	cell   int
	cw, ch int
	start  []int32 // start[c]..start[c+1]: cell c's seed indices in order, in idx
	idx    []int32
}

func newSeedGrid(w, h int, seeds []chain.Point) *seedGrid {
	cell := 1
	for cell*cell*len(seeds) < w*h { // about one seed a cell
		cell++
	}
	g := &seedGrid{seeds: seeds, cell: cell, cw: (w + cell - 1) / cell, ch: (h + cell - 1) / cell}
	g.start = make([]int32, g.cw*g.ch+1)
	for _, sd := range seeds {
		g.start[g.cellOf(sd)+1]++
	}
	for c := 1; c < len(g.start); c++ {
		g.start[c] += g.start[c-1]
	}
	next := append([]int32(nil), g.start[:len(g.start)-1]...)
	g.idx = make([]int32, len(seeds))
	for i, sd := range seeds { // in seed order: each cell's list ascends
		c := g.cellOf(sd)
		g.idx[next[c]] = int32(i)
		next[c]++
	}
	return g
}

func (g *seedGrid) cellOf(p chain.Point) int { return (p.Y/g.cell)*g.cw + p.X/g.cell }

// dist is the distance from (x, y) to seed sd under metric (pythagoras
// squared: the same order).
func dist(metric string, x, y int, sd chain.Point) int {
	dx, dy := iabs(x-sd.X), iabs(y-sd.Y)
	switch metric {
	case "manhattan":
		return dx + dy
	case "chebyshev":
		return max(dx, dy)
	}
	return dx*dx + dy*dy
}

// nearest sets row[x] to the index of the seed nearest (x, y) under the named
// metric, manhattan, chebyshev or else pythagoras, the first (lowest index)
// on ties: the answer of comparing every seed. Rings of cells go out from
// the tile's cell until the nearest a seed of the next ring can be (it lies
// at least (r-1)·cell+1 tiles away along one axis) is farther than the best
// found, so every seed as near as the best, ties included, is compared.
func (g *seedGrid) nearest(row []int32, y int, metric string) {
	cy := y / g.cell
	for x := range row {
		cx := x / g.cell
		best, bestD := int32(-1), 0
		for r := 0; ; r++ {
			if r > 0 && best >= 0 {
				l := (r-1)*g.cell + 1
				if metric != "manhattan" && metric != "chebyshev" {
					l *= l
				}
				if l > bestD {
					break
				}
			}
			if r > g.cw && r > g.ch {
				break
			}
			for by := cy - r; by <= cy+r; by++ {
				if by < 0 || by >= g.ch {
					continue
				}
				step := 2 * r
				if by == cy-r || by == cy+r || r == 0 {
					step = 1
				}
				for bx := cx - r; bx <= cx+r; bx += step {
					if bx < 0 || bx >= g.cw {
						continue
					}
					c := by*g.cw + bx
					for _, i := range g.idx[g.start[c]:g.start[c+1]] {
						d := dist(metric, x, y, g.seeds[i])
						if best < 0 || d < bestD || d == bestD && i < best {
							best, bestD = i, d
						}
					}
				}
			}
		}
		row[x] = best
	}
}
