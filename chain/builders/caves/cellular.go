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
		Name: "cellular_automata",
		Help: "Cave from cellular automata (tutorial): random noise, then smoothing iterations where a tile becomes wall when more than 4 or none of its 8 neighbours are walls. " +
			"As a meta builder it smooths the existing map (one iteration, as the tutorial's meta form).",
		Kind: chain.Both,
		Params: []chain.Param{
			kit.IntParam("wall_percent", "Wall %", "Initial noise: the chance (in percent) that a tile starts as wall. Ignored as a meta builder.", 55, 0, 100),
			kit.IntParam("iterations", "Iterations", "How many smoothing iterations the initial builder runs after the noise (one snapshot each).", 15, 0, 100),
			kit.IntParam("meta_iterations", "Meta iterations", "How many smoothing iterations it runs as a meta builder, on an existing map (the tutorial's one).", 1, 0, 100),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return cellular{v.Int("wall_percent"), v.Int("iterations"), v.Int("meta_iterations")}, nil
		},
	})
}

type cellular struct{ wallPct, iterations, metaIterations int }

func (b cellular) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	initial := kit.IsBlank(g)
	if !initial {
		b.iterations = b.metaIterations
	}
	if initial {
		for y := 1; y < g.H-1; y++ {
			row := g.Tiles[y*g.W : (y+1)*g.W]
			for x := 1; x < g.W-1; x++ {
				if kit.Roll(rng, 1, 100) > b.wallPct {
					row[x] = chain.Floor
				} else {
					row[x] = chain.Wall
				}
			}
		}
		if b.iterations > 0 {
			s.Snapshot("noise")
		}
	}
	sm := newSmoother(g)
	for it := 1; it <= b.iterations; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		sm.iterate(g)
		if it < b.iterations {
			s.Snapshot(fmt.Sprintf("iteration %d", it))
		}
	}
	if initial {
		return nil
	}
	return kit.Settle(s)
}

// smoother runs cellular-automata iterations with two tile buffers and two
// wall masks it swaps, so each iteration reads three mask bytes per tile.
type smoother struct {
	buf        []chain.Tile
	wall, next []uint8
}

func newSmoother(g *chain.Grid) *smoother {
	sm := &smoother{buf: make([]chain.Tile, len(g.Tiles)), wall: make([]uint8, len(g.Tiles)), next: make([]uint8, len(g.Tiles))}
	copy(sm.buf, g.Tiles)
	for i, t := range g.Tiles {
		if t == chain.Wall {
			sm.wall[i] = 1
		}
	}
	copy(sm.next, sm.wall)
	return sm
}

// becomesWall is the tutorial's rule by number of wall neighbours: a tile becomes
// wall when more than 4 or none of its 8 neighbours are walls (1), else floor (0).
var becomesWall = [9]uint8{1, 0, 0, 0, 0, 1, 1, 1, 1}

// iterate applies one tutorial iteration to the inside of g (the border stays).
func (sm *smoother) iterate(g *chain.Grid) {
	w := g.W
	for y := 1; y < g.H-1; y++ {
		up, mid, dn := sm.wall[(y-1)*w:y*w], sm.wall[y*w:(y+1)*w], sm.wall[(y+1)*w:(y+2)*w]
		out, mask := sm.buf[y*w:(y+1)*w], sm.next[y*w:(y+1)*w]
		a := up[0] + mid[0] + dn[0]
		c := up[1] + mid[1] + dn[1]
		for x := 1; x < w-1; x++ {
			d := up[x+1] + mid[x+1] + dn[x+1]
			n := a + c + d - mid[x]
			a, c = c, d
			m := becomesWall[n]
			out[x], mask[x] = chain.Floor-chain.Tile(m), m
		}
	}
	// The border rows and columns of buf equal g's, so swapping is a full update.
	g.Tiles, sm.buf = sm.buf, g.Tiles
	sm.wall, sm.next = sm.next, sm.wall
}
