package spawn

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNoiseGridMatchesCell checks the cached noise grid picks the same cell as
// cellNoise.cell for every inner tile, over frequencies, distances and sizes.
func TestNoiseGridMatchesCell(t *testing.T) {
	for _, freq := range []float64{0.01, 0.08, 0.13, 0.5, 1} {
		for _, d := range []string{"manhattan", "pythagoras", "chebyshev"} {
			for _, sz := range [][2]int{{8, 8}, {80, 50}, {131, 97}} {
				seeds := uint64(1)
				if d == "manhattan" { // cellManhattan drops cells per row: more points
					seeds = 8
				}
				for seed := range seeds {
					n := cellNoise{seed: 12345 + seed*0x9E3779B97F4A7C15, freq: freq, dist: d}
					g := n.grid(sz[0], sz[1])
					mask, cellAt := make([]uint64, (sz[0]+63)/64), make([]int32, sz[0])
					for y := 1; y < sz[1]-1; y++ {
						for x := 1; x < sz[0]-1; x++ {
							c := n.cell(float64(x), float64(y))
							i := g.cell(float64(x), float64(y))
							require.Equal(t, (c[1]-g.cy0)*g.cw+c[0]-g.cx0, i, "freq %v %s %v (%d,%d)", freq, d, sz, x, y)
						}
						// rowCells over the row's inner tiles, every third one left out
						// (runs broken as floor breaks them).
						clear(mask)
						for x := 1; x < sz[0]-1; x++ {
							if (x+y)%3 != 0 {
								mask[x/64] |= 1 << (x % 64)
							}
						}
						g.row(y)
						g.rowCells(mask, cellAt)
						for x := 1; x < sz[0]-1; x++ {
							if (x+y)%3 != 0 {
								c := n.cell(float64(x), float64(y))
								require.Equal(t, (c[1]-g.cy0)*g.cw+c[0]-g.cx0, int(cellAt[x]), "rowCells: freq %v %s %v (%d,%d)", freq, d, sz, x, y)
							}
						}
					}
				}
			}
		}
	}
}
