package caves

import (
	"math/rand/v2"
	"testing"

	"hewn/chain"
)

// TestNearestReachableMatchesScan checks nearestReachable against a scan of
// every tile of the region in row order (the first strictly nearest one ok
// accepts), on random maps with random regions, anchors (inside and outside
// the map) and accepted tiles.
func TestNearestReachableMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var rs chain.RegionSpans
	for n := range 3000 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(40)
		g := chain.NewGrid(w, h)
		open := 30 + rng.IntN(65)
		for i := range g.Tiles {
			if rng.IntN(100) < open {
				g.Tiles[i] = chain.Floor
			}
		}
		rs.Label(g)
		if len(rs.Sizes) < 2 {
			continue
		}
		reach := int32(1 + rng.IntN(len(rs.Sizes)-1))
		p := chain.Point{X: rng.IntN(w+20) - 10, Y: rng.IntN(h+20) - 10}
		refuse := rng.IntN(100)
		accepted := make([]bool, w*h)
		for i := range accepted {
			accepted[i] = rng.IntN(100) >= refuse
		}
		ok := func(q chain.Point) bool { return accepted[g.Idx(q)] }
		want, wantD := chain.Point{}, -1
		for _, sp := range rs.Spans {
			for x := int(sp.X0); x < int(sp.X1); x++ {
				q := chain.Point{X: x, Y: int(sp.Y)}
				if d := chain.DistSq(p, q); sp.Region == reach && ok(q) && (wantD < 0 || d < wantD) {
					want, wantD = q, d
				}
			}
		}
		got, found := nearestReachable(&rs, reach, p, ok)
		if found != (wantD >= 0) || got != want {
			t.Fatalf("map %d (%d×%d), region %d, anchor %v: got %v %v, want %v %v", n, w, h, reach, p, got, found, want, wantD >= 0)
		}
	}
}
