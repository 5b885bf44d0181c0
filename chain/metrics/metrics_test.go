package metrics

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func TestKnownAndValue(t *testing.T) {
	for _, n := range Names {
		assert.True(t, Known(n), n)
	}
	assert.True(t, Known("spawns.Orc Leader"))
	assert.False(t, Known("spawns."))
	assert.False(t, Known("room"))
	m := map[string]float64{Rooms: 4}
	v, ok := Value(m, map[string]int{"Goblin": 2}, "spawns.Goblin")
	assert.True(t, ok)
	assert.Equal(t, 2.0, v)
	v, ok = Value(m, nil, "spawns.Orc")
	assert.True(t, ok, "a spawns.NAME metric is always defined")
	assert.Zero(t, v)
	_, ok = Value(m, nil, PathLength)
	assert.False(t, ok)
	assert.Contains(t, Describe(), "unreachable or spawns.NAME")
}

// A 10×10 map: a corridor from the start to an exit, and a pocket the start
// cannot reach.
func TestMeasure(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(10, 10)}
	for x := 1; x <= 8; x++ {
		s.Map.Set(chain.Point{X: x, Y: 1}, chain.Floor)
	}
	s.Map.Set(chain.Point{X: 5, Y: 5}, chain.Floor)
	start := chain.Point{X: 1, Y: 1}
	s.Start = &start
	s.Exits = []chain.Exit{{X: 8, Y: 1, Tile: chain.DownStairs}}
	s.Spawns = []chain.Spawn{{X: 2, Y: 1, Name: "Goblin"}, {X: 3, Y: 1, Name: "Goblin"}}
	m := Measure(s)
	assert.Equal(t, 0.09, m[FloorShare])
	assert.Equal(t, 7.0, m[PathLength])
	assert.Equal(t, 1.0, m[Unreachable])
	assert.Equal(t, 8.0/9, m[ReachableShare])
	assert.Equal(t, 2.0, m[DeadEnds])
	assert.Equal(t, 2.0, m[Spawns])
	assert.Equal(t, map[string]int{"Goblin": 2}, SpawnCounts(s.Spawns))
	assert.Nil(t, SpawnCounts(nil))
}

// measureByDistanceMap is MeasureCut as it was written first: a whole
// distance map from the start, and the four neighbours of every tile through
// Grid.Walkable. MeasureCut must agree with it on every map.
func measureByDistanceMap(s *chain.State) (map[string]float64, bool) {
	g := s.Map
	walk, dead := 0, 0
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			if !g.Walkable(chain.Point{X: x, Y: y}) {
				continue
			}
			walk++
			n := 0
			for _, d := range chain.Neighbours4 {
				if g.Walkable(chain.Point{X: x + d.X, Y: y + d.Y}) {
					n++
				}
			}
			if n == 1 {
				dead++
			}
		}
	}
	m := map[string]float64{FloorShare: float64(walk) / float64(g.W*g.H), Rooms: float64(len(s.Rooms)),
		Corridors: float64(len(s.Corridors)), DeadEnds: float64(dead), Spawns: float64(len(s.Spawns)), Exits: float64(len(s.Exits))}
	cut := false
	if s.Start != nil && walk > 0 {
		dist := chain.DistanceMap(g, []chain.Point{*s.Start})
		reach := 0
		for _, d := range dist {
			if d >= 0 {
				reach++
			}
		}
		m[ReachableShare] = float64(reach) / float64(walk)
		m[Unreachable] = float64(walk - reach)
		best := -1
		for _, e := range s.Exits {
			if !g.In(e.Pos()) || dist[g.Idx(e.Pos())] < 0 {
				cut = true
			} else if d := dist[g.Idx(e.Pos())]; best < 0 || d < best {
				best = d
			}
		}
		if best >= 0 {
			m[PathLength] = float64(best)
		}
	} else if s.Start != nil && len(s.Exits) > 0 {
		cut = true
	}
	return m, cut
}

// TestMeasureCutMatchesDistanceMap compares MeasureCut (regions, and a search
// that stops at the nearest exit) with whole distance maps on random maps:
// starts on floor, on rock and on the border, exits reachable or not, on rock,
// on the start, several or none.
func TestMeasureCutMatchesDistanceMap(t *testing.T) {
	rng := chain.NewRand(3, "measure")
	var ms Measurer
	for round := range 400 {
		g := chain.NewGrid(8+rng.IntN(20), 8+rng.IntN(12))
		open := rng.IntN(100)
		for i := range g.Tiles {
			if rng.IntN(100) < open {
				g.Tiles[i] = chain.Floor
			}
			if rng.IntN(40) == 0 {
				g.Tiles[i] = chain.DeepWater
			}
		}
		if round%3 == 0 {
			g.WallBorder()
		}
		s := &chain.State{Map: g}
		if rng.IntN(6) > 0 {
			p := g.Pt(rng.IntN(len(g.Tiles)))
			s.Start = &p
		}
		for range rng.IntN(4) {
			p := g.Pt(rng.IntN(len(g.Tiles)))
			if s.Start != nil && rng.IntN(8) == 0 {
				p = *s.Start
			}
			s.Exits = append(s.Exits, chain.Exit{X: p.X, Y: p.Y, Tile: chain.DownStairs})
		}
		want, wantCut := measureByDistanceMap(s)
		got, gotCut := ms.MeasureCut(s)
		require.Equal(t, want, got, "round %d", round)
		require.Equal(t, wantCut, gotCut, "round %d", round)
	}
}

// TestSpawnCountsManyNames checks the counts of few and of many names (past
// the small list) against counting in a map.
func TestSpawnCountsManyNames(t *testing.T) {
	for _, names := range []int{1, 3, 16, 17, 40} {
		var sp []chain.Spawn
		want := map[string]int{}
		for i := range 300 {
			name := fmt.Sprintf("entity %d", i*7%names)
			sp = append(sp, chain.Spawn{X: i, Name: name})
			want[name]++
		}
		require.Equal(t, want, SpawnCounts(sp), "%d names", names)
	}
	require.Nil(t, SpawnCounts(nil))
}

// TestSpawnCountsSharedNames checks names that share their bytes (a table's),
// mixed with equal names that do not, the empty name, and more names than the
// counting table holds.
func TestSpawnCountsSharedNames(t *testing.T) {
	for _, names := range []int{1, 30, 63, 64, 65, 200} {
		table := make([]string, names)
		for i := range table {
			table[i] = fmt.Sprintf("entity %d", i)
		}
		table[0] = ""
		var sp []chain.Spawn
		want := map[string]int{}
		for i := range 500 {
			name := table[i*7%names]
			if i%11 == 0 {
				name = strings.Clone(name) // equal bytes elsewhere
			}
			sp = append(sp, chain.Spawn{X: i, Name: name})
			want[name]++
		}
		require.Equal(t, want, SpawnCounts(sp), "%d names", names)
	}
}
