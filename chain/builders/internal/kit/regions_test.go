package kit

import (
	"math/rand/v2"
	"testing"

	"hewn/chain"
)

// TestNearestInLargestRegionMatchesNearest checks it against Nearest over
// the largest region's tiles (the first nearest in row order), on random maps
// with anchors inside and outside them.
func TestNearestInLargestRegionMatchesNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for n := range 2000 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(40)
		g := chain.NewGrid(w, h)
		open := rng.IntN(80)
		for i := range g.Tiles {
			if rng.IntN(100) < open {
				g.Tiles[i] = chain.Floor
			}
		}
		p := chain.Point{X: rng.IntN(w+30) - 15, Y: rng.IntN(h+30) - 15}
		want, wantOK := Nearest(g, p, LargestRegion(g))
		got, ok := NearestInLargestRegion(g, p)
		if got != want || ok != wantOK {
			t.Fatalf("map %d (%d×%d), anchor %v: %v %v, want %v %v", n, w, h, p, got, ok, want, wantOK)
		}
	}
}
