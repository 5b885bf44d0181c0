package caves

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
)

func init() {
	chain.Register(chain.Spec{
		Name: "maze",
		Help: "Perfect maze (tutorial): a backtracking carver on a half-resolution grid of cells (each cell a floor tile two tiles from the next, carved passages join them); " +
			"when stuck it resumes from the oldest cell of its trail, as the tutorial's does.",
		Kind: chain.Initial,
		New:  func(chain.Values) (chain.Builder, error) { return maze{}, nil },
	})
}

type maze struct{}

// mazeDirs are the tutorial's neighbour order: top, right, bottom, left.
var mazeDirs = [4]chain.Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0}}

func (maze) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	cw, ch := g.W/2-2, g.H/2-2
	if cw < 1 || ch < 1 {
		return fmt.Errorf("a %d×%d map is too small for a maze", g.W, g.H)
	}
	// tile maps a cell to its map tile, as the tutorial's copy_to_map.
	tile := func(c chain.Point) chain.Point { return chain.Point{X: (c.X + 1) * 2, Y: (c.Y + 1) * 2} }
	visited := make([]bool, cw*ch)
	for y := range ch {
		for x := range cw {
			g.Set(tile(chain.Point{X: x, Y: y}), chain.Floor)
		}
	}
	// The tutorial snapshots every 50 iterations; on big maps keep about maxSnapshots.
	every := max(50, 2*cw*ch/maxSnapshots)
	var stack []chain.Point // the trail; stack[head:] is still to revisit
	head := 0
	var options [4]chain.Point
	cur := chain.Point{}
	for i := 0; ; i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		visited[cur.Y*cw+cur.X] = true
		n := 0
		for _, d := range mazeDirs {
			c := cur.Add(d)
			if c.X >= 0 && c.Y >= 0 && c.X < cw && c.Y < ch && !visited[c.Y*cw+c.X] {
				options[n] = c
				n++
			}
		}
		switch {
		case n > 0:
			next := options[0]
			if n > 1 {
				next = options[rng.IntN(n)]
			}
			visited[next.Y*cw+next.X] = true
			stack = append(stack, cur)
			a, b := tile(cur), tile(next)
			g.Set(chain.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}, chain.Floor)
			cur = next
		case head < len(stack):
			// As the tutorial: back to the oldest cell of the trail, not the
			// newest (its backtrace is a queue), which gives its mazes their
			// many short branches.
			cur = stack[head]
			head++
		default:
			return nil
		}
		if i > 0 && i%every == 0 {
			s.Snapshot(fmt.Sprintf("iteration %d", i))
		}
	}
}
