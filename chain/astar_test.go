package chain

import (
	"context"
	"testing"

	"codeberg.org/anaseto/gruid"
	"codeberg.org/anaseto/gruid/paths"
	"github.com/stretchr/testify/require"
)

// gruidPather is the search PathFinder ran before Astar: gruid's A* through
// its interfaces, the cost of entering a tile whatever the step's direction.
type gruidPather struct {
	nb   paths.Neighbors
	cost func(Point) (int, bool)
	keep func(gruid.Point) bool
}

func (c *gruidPather) Neighbors(p gruid.Point) []gruid.Point { return c.nb.All(p, c.keep) }

func (c *gruidPather) Cost(_, q gruid.Point) int {
	n, _ := c.cost(Point{q.X, q.Y})
	return n
}

func (c *gruidPather) Estimation(p, q gruid.Point) int { return paths.DistanceChebyshev(p, q) }

// gruidPath is the reference: gruid's PathRange.AstarPath on g.
func gruidPath(pr *paths.PathRange, g *Grid, from, to Point, cost func(Point) (int, bool)) []Point {
	c := &gruidPather{cost: cost}
	c.keep = func(q gruid.Point) bool {
		if !g.In(Point{q.X, q.Y}) {
			return false
		}
		_, ok := cost(Point{q.X, q.Y})
		return ok
	}
	ps := pr.AstarPath(c, gruid.Point{X: from.X, Y: from.Y}, gruid.Point{X: to.X, Y: to.Y})
	if ps == nil {
		return nil
	}
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point{p.X, p.Y}
	}
	return out
}

// Astar, through PathFinder, finds gruid's very path (ties and re-opened nodes
// included) on random maps with random tile costs (some free), between random tiles (on
// the map, off it, on impassable tiles), the grid changing between searches;
// and, with unit costs and a bound, gruid's path or nil as soon as it is
// bound to cost more.
func TestAstarFindsGruidsPath(t *testing.T) {
	rng := NewRand(11, "astar")
	found, none, cut := 0, 0, 0
	for round := range 60 {
		w, h := 5+rng.IntN(50), 5+rng.IntN(40)
		g := NewGrid(w, h)
		open := 0.45 + 0.5*rng.Float64()
		spread, least := 1+rng.IntN(30), 1
		if round%4 == 3 {
			least = 0 // free tiles: an inconsistent estimate, closed nodes re-opened
		}
		tcost := make([]int, w*h)
		for i := range g.Tiles {
			if rng.Float64() < open {
				g.Tiles[i] = Floor
			}
			tcost[i] = least + rng.IntN(spread)
		}
		cost := func(p Point) (int, bool) { return tcost[g.Idx(p)], g.Walkable(p) }
		pr := paths.NewPathRange(gruid.NewRange(0, 0, w, h))
		f := NewPathFinder(g).WithContext(context.Background())
		for range 150 {
			from := Point{X: rng.IntN(w+2) - 1, Y: rng.IntN(h)}
			to := Point{X: rng.IntN(w), Y: rng.IntN(h+2) - 1}
			want := gruidPath(pr, g, from, to, cost)
			require.Equal(t, want, f.Path(from, to, cost), "round %d: %v to %v", round, from, to)
			if want != nil {
				found++
			} else {
				none++
			}
			if rng.IntN(10) == 0 { // the grid changes between searches
				g.Tiles[rng.IntN(w*h)] = Floor
			}
		}
		// Unit costs, bounded, on a fixed cost array.
		costs := make([]int32, w*h)
		for i, tl := range g.Tiles {
			costs[i] = ImpassableCost
			if tl.Walkable() {
				costs[i] = 1
			}
		}
		a := NewAstarCosts(w, h, costs)
		unit := func(p Point) (int, bool) { return 1, g.Walkable(p) }
		for range 150 {
			from := Point{X: rng.IntN(w), Y: rng.IntN(h)}
			to := Point{X: rng.IntN(w), Y: rng.IntN(h)}
			want := gruidPath(pr, g, from, to, unit)
			maxLen := 1 + rng.IntN(60)
			if len(want) > maxLen {
				want = nil
				cut++
			}
			require.Equal(t, want, a.Path(nil, from, to, int32(maxLen-1)), "round %d: %v to %v within %d tiles", round, from, to, maxLen)
		}
	}
	require.Greater(t, found, 2000)
	require.Greater(t, none, 500)
	require.Greater(t, cut, 500)
}

// A cancelled context makes the search give up.
func TestPathFinderCancelled(t *testing.T) {
	g := NewGrid(200, 200)
	g.Fill(R(1, 1, 198, 198), Floor)
	ctx, cancel := context.WithCancel(context.Background())
	f := NewPathFinder(g).WithContext(ctx)
	require.NotNil(t, f.Path(Point{1, 1}, Point{198, 198}, TileCost(g)))
	cancel()
	require.Nil(t, f.Path(Point{1, 1}, Point{198, 198}, TileCost(g)))
	require.Nil(t, f.Path(Point{1, 1}, Point{198, 198}, TileCost(g)), "still")
}
