package chain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMaxSpawns: a level holds at most MaxSpawns spawns; the rest are dropped
// with one warning naming the step (issue 26: voronoi_spawning placed 7.5
// million on a 4096×4096 map).
func TestMaxSpawns(t *testing.T) {
	s := &State{Map: NewGrid(8, 8), step: StepRef{Path: "steps[1]", Builder: "voronoi_spawning"}}
	for i := range MaxSpawns + 10 {
		s.AddSpawn(Point{X: i % 8, Y: 1}, "Goblin")
	}
	assert.Len(t, s.Spawns, MaxSpawns)
	w := s.Warnings()
	require.Len(t, w, 1, "one warning")
	assert.Equal(t, "steps[1] voronoi_spawning: the level holds at most 1048576 spawns and the rest are not placed (larger regions, fewer rooms or a sparser spawn table place fewer)", w[0].String())
}
