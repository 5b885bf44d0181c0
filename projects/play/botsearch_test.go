package play

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// refStepToward is the bots' search as it was, one search per question:
// breadth-first from the player over known tiles, stepping onto a creature's
// tile only when it is a goal, stopping at the first goal taken out of the
// queue.
func refStepToward(g *Game, goal func(i int) bool) rune {
	w, h := g.Map.W, g.Map.H
	s := g.Map.Idx(g.Player.Pos)
	prev := map[int]int{s: s}
	queue := []int{s}
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		if i != s && goal(i) {
			for prev[i] != s {
				i = prev[i]
			}
			return keyFor[Point{X: i%w - s%w, Y: i/w - s/w}]
		}
		for _, d := range neighbours {
			x, y := i%w+d.X, i/w+d.Y
			if uint(x) >= uint(w) || uint(y) >= uint(h) {
				continue
			}
			j := y*w + x
			if _, ok := prev[j]; ok || !g.knownIdx(j) || g.occ[j] > 0 && !goal(j) {
				continue
			}
			prev[j] = i
			queue = append(queue, j)
		}
	}
	return 0
}

// The shared search answers every question of a move (several goal sets,
// the frontier, in any order) as a search of its own per question did, on
// random maps half seen and crowded with creatures.
func TestBotSearchAnswersAsOneSearchPerQuestion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	answered := 0
	for round := range 300 {
		w, h := 3+rng.IntN(30), 3+rng.IntN(20)
		rows := make([]string, h)
		for y := range rows {
			row := make([]byte, w)
			for x := range row {
				row[x] = '.'
				if rng.IntN(4) == 0 {
					row[x] = '#'
				}
			}
			rows[y] = string(row)
		}
		g := mapGame(t, testPack(), rows...)
		g.Player.Pos = chain.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		for i := range g.Seen {
			g.Seen[i] = rng.IntN(3) > 0
		}
		g.countUnseen()
		if round%2 == 0 { // and some seen as the game sees them
			for range 5 {
				g.see(rng.IntN(w * h))
			}
		}
		for range rng.IntN(w * h / 4) {
			p := chain.Point{X: rng.IntN(w), Y: rng.IntN(h)}
			if p != g.Player.Pos && g.walk[g.Map.Idx(p)] {
				g.place("Brute", p)
			}
		}
		g.reindex()
		fronts := 0 // the frontier's tiles, counted as see keeps them
		for i := range g.Seen {
			if g.knownIdx(i) && g.unseen[i] > 0 {
				fronts++
			}
		}
		require.Equal(t, fronts, g.fronts, "round %d", round)
		g.newSearch()
		for range 6 {
			if rng.IntN(3) == 0 {
				want := refStepToward(g, func(i int) bool {
					if !g.knownIdx(i) {
						return false
					}
					for _, d := range neighbours {
						x, y := i%w+d.X, i/w+d.Y
						if uint(x) < uint(w) && uint(y) < uint(h) && !g.Seen[y*w+x] {
							return true
						}
					}
					return false
				})
				require.Equal(t, want, g.stepTowardFrontier(), "round %d: the frontier", round)
				continue
			}
			var goals []int
			for range rng.IntN(4) {
				goals = append(goals, rng.IntN(w*h))
			}
			want := refStepToward(g, func(i int) bool { return slices.Contains(goals, i) })
			require.Equal(t, want, g.stepTowardTiles(slices.Clone(goals)), "round %d: goals %v", round, goals)
			if want != 0 {
				answered++
			}
		}
	}
	require.Greater(t, answered, 200)
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
