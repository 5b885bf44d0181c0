package chain

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
