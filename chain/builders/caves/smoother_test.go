package caves

import (
	"math/rand/v2"
	"slices"
	"testing"

	"hewn/chain"
)

// refIterate is one tutorial iteration tile by tile: an inner tile becomes wall
// when more than 4 or none of its 8 neighbours are walls, else floor; the
// border stays.
func refIterate(g *chain.Grid) {
	old := g.Clone()
	for y := 1; y < g.H-1; y++ {
		for x := 1; x < g.W-1; x++ {
			n := 0
			for _, d := range chain.Neighbours8 {
				if old.At(chain.Point{X: x + d.X, Y: y + d.Y}) == chain.Wall {
					n++
				}
			}
			if n > 4 || n == 0 {
				g.Set(chain.Point{X: x, Y: y}, chain.Wall)
			} else {
				g.Set(chain.Point{X: x, Y: y}, chain.Floor)
			}
		}
	}
}

// TestBitboardSmootherMatchesTheRule runs the bitboard smoother against the
// tile-by-tile rule on maps of many widths (words split at 64 columns, widths
// that are no multiple of 8) holding other tiles too (the meta builder's input).
func TestBitboardSmootherMatchesTheRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 300; n++ {
		w, h := 8+rng.IntN(150), 8+rng.IntN(20)
		g := chain.NewGrid(w, h)
		for i := range g.Tiles {
			switch r := rng.IntN(100); {
			case r < 45:
				g.Tiles[i] = chain.Floor
			case r < 50:
				g.Tiles[i] = chain.Tile(rng.IntN(len(chain.Tiles())))
			}
		}
		want := g.Clone()
		sm := newSmoother(g)
		for it := 0; it < 3; it++ {
			refIterate(want)
			sm.iterate()
			sm.write(g)
			if !slices.Equal(g.Tiles, want.Tiles) {
				t.Fatalf("%d×%d map %d, iteration %d:\ngot\n%swant\n%s", w, h, n, it+1, chain.ASCII(g, nil), chain.ASCII(want, nil))
			}
		}
	}
}
