package chain

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPathFinderMatchesPath(t *testing.T) {
	g := NewGrid(30, 20)
	g.Fill(R(1, 1, 28, 18), Floor)
	g.Fill(R(10, 1, 1, 15), Wall)
	g.Fill(R(20, 5, 1, 14), Wall)
	g.Fill(R(2, 10, 6, 3), Road)
	f := NewPathFinder(g)
	pairs := [][2]Point{{{2, 2}, {27, 17}}, {{27, 2}, {2, 17}}, {{5, 5}, {5, 5}}, {{2, 18}, {15, 3}}}
	for round := 0; round < 3; round++ {
		for _, pq := range pairs {
			want := Path(g, pq[0], pq[1], TileCost(g))
			assert.NotNil(t, want)
			assert.Equal(t, want, f.Path(pq[0], pq[1], TileCost(g)), "round %d %v", round, pq)
		}
	}
	// The grid may change between searches: a sealed target has no path.
	g.Fill(R(21, 1, 1, 18), Wall)
	g.Fill(R(20, 1, 1, 5), Wall)
	assert.Nil(t, f.Path(Point{2, 2}, Point{27, 17}, TileCost(g)))
	assert.Nil(t, f.Path(Point{2, 2}, Point{40, 17}, TileCost(g)), "off the grid")
}

// TestWalkCostMapMatchesRelaxation checks the bucket-queue WalkCostMap against
// plain relaxation to a fixpoint (slow, plainly right) on random maps of every
// tile type, with one source, several, and sources on rock or off the map,
// with walkable tiles on the border and without.
func TestWalkCostMapMatchesRelaxation(t *testing.T) {
	rng := NewRand(7, "walkcost")
	for round := 0; round < 60; round++ {
		g := NewGrid(8+rng.IntN(30), 8+rng.IntN(20))
		for i := range g.Tiles {
			g.Tiles[i] = Tile(rng.IntN(int(numTiles)))
			if rng.IntN(3) == 0 {
				g.Tiles[i] = Floor
			}
		}
		if round%2 == 1 {
			g.WallBorder() // the search without a padded copy
		}
		var src []Point
		for range 1 + rng.IntN(3) {
			src = append(src, Point{X: rng.IntN(g.W+2) - 1, Y: rng.IntN(g.H)})
		}
		want := relaxedCosts(g, src)
		assert.Equal(t, want, WalkCostMap(g, src), "round %d", round)
	}
}

// relaxedCosts is WalkCostMap by plain relaxation to a fixpoint.
func relaxedCosts(g *Grid, src []Point) []int {
	want := make([]int, len(g.Tiles))
	for i := range want {
		want[i] = Unreachable
	}
	for _, s := range src {
		if g.Walkable(s) {
			want[g.Idx(s)] = 0
		}
	}
	for changed := true; changed; {
		changed = false
		for i, d := range want {
			if d == Unreachable {
				continue
			}
			p := g.Pt(i)
			c := 2 * max(1, int(math.Round(g.Tiles[i].Cost()*10)))
			for k, dd := range Neighbours8 {
				q := p.Add(dd)
				if !g.Walkable(q) {
					continue
				}
				nd := d + c
				if k >= 4 {
					nd = d + c*3/2
				}
				if j := g.Idx(q); want[j] == Unreachable || nd < want[j] {
					want[j], changed = nd, true
				}
			}
		}
	}
	return want
}

// TestWalkCostsUniformMatchesRelaxation checks the search by fronts (maps
// whose walkable tiles all cost the same: floor and wall, or road and wall)
// against plain relaxation, on rows of several words, with walkable tiles
// on the border, and that WalkCosts settles each reached tile once, in order
// of cost.
func TestWalkCostsUniformMatchesRelaxation(t *testing.T) {
	rng := NewRand(9, "walkcost-uniform")
	for round := 0; round < 80; round++ {
		g := NewGrid(1+rng.IntN(150), 1+rng.IntN(40))
		open, tile := rng.IntN(101), Floor
		if round%4 == 3 {
			tile = Road
		}
		for i := range g.Tiles {
			if rng.IntN(100) < open {
				g.Tiles[i] = tile
			}
		}
		if round%3 == 1 {
			g.WallBorder()
		}
		if slices.Contains(g.Tiles, tile) {
			require.Positive(t, uniformUnit(g), "round %d: the search by fronts is not taken", round)
		}
		var src []Point
		for range 1 + rng.IntN(3) {
			src = append(src, Point{X: rng.IntN(g.W+2) - 1, Y: rng.IntN(g.H)})
		}
		want := relaxedCosts(g, src)
		assert.Equal(t, want, WalkCostMap(g, src), "round %d", round)
		seen := make([]bool, len(g.Tiles))
		last := int32(0)
		WalkCosts(g, src, func(i int, cost int32) {
			require.False(t, seen[i], "round %d: tile %d settled twice", round, i)
			require.GreaterOrEqual(t, cost, last, "round %d: costs out of order", round)
			require.Equal(t, want[i], int(cost), "round %d", round)
			seen[i], last = true, cost
		})
	}
}
