package special

import (
	"math/rand/v2"
	"testing"

	"hewn/chain"
)

// needsCorridorByRegions is needsCorridor as the regions answer it: both
// sides have walkable tiles, and no region has tiles on both.
func needsCorridorByRegions(g *chain.Grid, r chain.Rect) bool {
	var rs chain.RegionSpans
	rs.Label(g)
	in, out := make([]bool, len(rs.Sizes)), make([]bool, len(rs.Sizes))
	anyIn, anyOut := false, false
	for i, t := range g.Tiles {
		if !t.Walkable() {
			continue
		}
		k := rs.Region(g.Pt(i))
		if r.Contains(g.Pt(i)) {
			in[k], anyIn = true, true
		} else {
			out[k], anyOut = true, true
		}
	}
	if !anyIn || !anyOut {
		return false
	}
	for k := range in {
		if in[k] && out[k] {
			return false
		}
	}
	return true
}

// TestNeedsCorridorMatchesTheRegions checks the answer from r's edge against
// the regions', on random maps (sparse ones too, where sides rarely touch)
// and rectangles of every region name and random ones.
func TestNeedsCorridorMatchesTheRegions(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	names := []string{"all", "left_half", "right_half", "top_half", "bottom_half", "center"}
	for n := range 3000 {
		w, h := 8+rng.IntN(60), 8+rng.IntN(30)
		g := chain.NewGrid(w, h)
		open := 5 + rng.IntN(50)
		for i := range g.Tiles {
			switch v := rng.IntN(100); {
			case v < open:
				g.Tiles[i] = chain.Floor
			case v < open+2:
				g.Tiles[i] = chain.Tile(rng.IntN(len(chain.Tiles())))
			}
		}
		r, _ := chain.RegionRect(names[rng.IntN(len(names))], w, h)
		if n%3 == 0 {
			r = chain.R(rng.IntN(w), rng.IntN(h), 1+rng.IntN(w), 1+rng.IntN(h))
		}
		if got, want := needsCorridor(g, r), needsCorridorByRegions(g, r.Intersect(g.Bounds())); got != want {
			t.Fatalf("map %d (%d×%d), region %v: %v, want %v", n, w, h, r, got, want)
		}
	}
}
