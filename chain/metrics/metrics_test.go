package metrics

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
