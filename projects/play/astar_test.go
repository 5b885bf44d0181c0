package play

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// The creatures' A* finds gruid's very path (chain.PathFinder's, at a cost
// of 1 a walkable tile), ties and re-opened nodes included, on random caves
// between random tiles; and nil, as soon as it knows, when that path holds
// more tiles than the bound.
func TestAstarFindsGruidsPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found, cut := 0, 0
	for round := range 40 {
		w, h := 10+rng.IntN(50), 10+rng.IntN(40)
		g := chain.NewGrid(w, h)
		walk := make([]bool, w*h)
		open := 0.45 + 0.5*rng.Float64()
		for i := range g.Tiles {
			if rng.Float64() < open {
				g.Tiles[i] = chain.Floor
			}
			walk[i] = g.Tiles[i].Walkable()
		}
		pf, a := chain.NewPathFinder(g), newAstar(w, h, walk)
		cost := func(p chain.Point) (int, bool) { return 1, g.Walkable(p) }
		for range 200 {
			from := chain.Point{X: rng.IntN(w), Y: rng.IntN(h)}
			to := chain.Point{X: rng.IntN(w), Y: rng.IntN(h)}
			if !g.Walkable(from) || !g.Walkable(to) {
				continue
			}
			want := pf.Path(from, to, cost)
			maxLen := 1 + rng.IntN(60)
			if len(want) > maxLen {
				want = nil
				cut++
			} else if want != nil {
				found++
			}
			got := a.path(nil, from, to, maxLen)
			require.Equal(t, want, got, "round %d: %v to %v within %d tiles", round, from, to, maxLen)
		}
	}
	require.Greater(t, found, 500)
	require.Greater(t, cut, 500)
}

// The player's distance, searched as far as asked, is chain.DistanceMap's
// from the player, whatever the order of the questions.
func TestPlayerDistIsTheDistanceMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for round := range 200 {
		w, h := 2+rng.IntN(40), 2+rng.IntN(30)
		rows := make([]string, h)
		for y := range rows {
			row := make([]byte, w)
			for x := range row {
				row[x] = "..#"[rng.IntN(3)]
			}
			rows[y] = string(row)
		}
		g := mapGame(t, testPack(), rows...)
		g.Player.Pos = chain.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		want := chain.DistanceMap(g.Map, []chain.Point{g.Player.Pos})
		g.pd.fresh = false
		for _, i := range rng.Perm(w * h) {
			require.Equal(t, want[i], g.playerDist(i), "round %d: tile %d", round, i)
		}
	}
}
