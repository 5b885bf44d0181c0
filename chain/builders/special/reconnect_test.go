package special

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// reconnectFull is reconnect as it was before issue 26: every round a search
// from the start's whole region, found again by a distance map. It is the
// reference the incremental reconnect must match tile for tile.
func reconnectFull(s *chain.State, area chain.Rect) []chain.Point {
	g := s.Map
	inner := area.Inset(1)
	var carved []chain.Point
	for range 64 {
		dist := chain.DistanceMap(g, []chain.Point{*s.Start})
		target := func(i int) bool {
			return dist[i] == chain.Unreachable && g.Tiles[i].Walkable() && !inner.Contains(g.Pt(i))
		}
		prev := make([]int32, len(g.Tiles))
		var queue []int
		for i, d := range dist {
			prev[i] = -2
			if d != chain.Unreachable {
				prev[i] = -1
				queue = append(queue, i)
			}
		}
		found := -1
		for head := 0; head < len(queue) && found < 0; head++ {
			cp := g.Pt(queue[head])
			for _, d := range chain.Neighbours4 {
				q := cp.Add(d)
				if !g.Inner(q) || prev[g.Idx(q)] != -2 {
					continue
				}
				j := g.Idx(q)
				if area.Contains(q) && !g.Tiles[j].Walkable() {
					continue
				}
				prev[j] = int32(queue[head])
				if target(j) {
					found = j
					break
				}
				queue = append(queue, j)
			}
		}
		if found < 0 {
			break
		}
		for i := int(prev[found]); i >= 0 && prev[i] != -1; i = int(prev[i]) {
			if !g.Tiles[i].Walkable() {
				g.Tiles[i] = chain.Floor
				carved = append(carved, g.Pt(i))
			}
		}
	}
	return carved
}

// scatterState is a w×h map of random floor (density in percent) with a walled
// section in its middle and the start on a floor tile.
func scatterState(rng *rand.Rand, w, h, density int) (*chain.State, chain.Rect) {
	g := chain.NewGrid(w, h)
	for y := 1; y < h-1; y++ {
		for x := 1; x < w-1; x++ {
			if rng.IntN(100) < density {
				g.Set(chain.Point{X: x, Y: y}, chain.Floor)
			}
		}
	}
	area := chain.R(w/4, h/4, w/2, h/2)
	g.Fill(area, chain.Wall)
	g.Fill(area.Inset(1), chain.Floor)
	g.Set(chain.Point{X: area.X + area.W/2, Y: area.Y}, chain.Floor) // a door on its ring
	start := chain.Point{X: 1, Y: 1}
	g.Set(start, chain.Floor)
	s := &chain.State{Map: g}
	s.Start = &start
	return s, area
}

// TestReconnectMatchesFullSearch: the incremental reconnect carves the same
// corridors as a full search every round (issue 26).
func TestReconnectMatchesFullSearch(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 26))
		w, h, density := 8+rng.IntN(60), 8+rng.IntN(40), 5+rng.IntN(50)
		a, area := scatterState(rand.New(rand.NewPCG(seed, 1)), w, h, density)
		b, _ := scatterState(rand.New(rand.NewPCG(seed, 1)), w, h, density)
		want := reconnectFull(a, area)
		got := reconnect(context.Background(), b, area)
		require.Equal(t, want, got, "seed %d (%dx%d, %d%%)", seed, w, h, density)
		require.Equal(t, a.Map.Tiles, b.Map.Tiles, "seed %d", seed)
	}
}

// TestReconnectBoundedWork: on a 1024×1024 map of scattered caves (64 rounds,
// each joining a cave) reconnect allocates about a map's worth of buffers,
// not one per round (it made 64 distance maps, 20 bytes a tile each time).
func TestReconnectBoundedWork(t *testing.T) {
	s, area := scatterState(rand.New(rand.NewPCG(7, 7)), 1024, 1024, 20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	carved := reconnect(context.Background(), s, area)
	runtime.ReadMemStats(&after)
	assert.NotEmpty(t, carved)
	perTile := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(s.Map.Tiles))
	assert.Less(t, perTile, 64.0, "bytes allocated a tile")
}
