package chain

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHistoryRandomAccess(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := &State{Map: NewGrid(64, 48)}
	h := NewHistory(64, 48)
	var want [][]Tile
	for i := 0; i < 120; i++ {
		n := 1 + rng.IntN(400)
		if i%17 == 0 {
			n = 3000 // a big change forces keyframes
		}
		for k := 0; k < n; k++ {
			s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Tile(rng.IntN(int(numTiles)))
		}
		if i%5 == 0 {
			s.Spawns = append(s.Spawns, Spawn{X: i % 64, Y: 1, Name: "Orc"})
		}
		h.record(s, StepRef{Path: "steps[0]", Index: i / 10}, "", false)
		want = append(want, append([]Tile(nil), s.Map.Tiles...))
	}
	require.Equal(t, 120, h.Len())
	order := rng.Perm(120)
	for _, i := range order {
		assert.Equal(t, want[i], h.At(i).Map.Tiles, "snapshot %d", i)
	}
	for i := 1; i < 120; i++ {
		var diff []int
		for j := range want[i] {
			if want[i][j] != want[i-1][j] {
				diff = append(diff, j)
			}
		}
		assert.Equal(t, diff, h.Changed(i), "changed %d", i)
	}
	assert.Equal(t, 1, len(h.At(0).Spawns))
	assert.Equal(t, 24, len(h.At(119).Spawns))
	assert.Equal(t, 119, h.LastOf(11))
	assert.Less(t, h.Bytes(), 120*64*48/2, "history stores less than half the full copies")
}

func TestHistorySnapshotsAreImmutable(t *testing.T) {
	s := &State{Map: NewGrid(10, 10)}
	h := NewHistory(10, 10)
	h.record(s, StepRef{}, "", true)
	snap := h.At(0)
	snap.Map.Tiles[0] = Floor
	s.Map.Tiles[1] = Floor
	assert.Equal(t, Wall, h.At(0).Map.Tiles[0])
	assert.Equal(t, Wall, h.At(0).Map.Tiles[1])
}

func BenchmarkHistoryRecord512(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	s := &State{Map: NewGrid(512, 512)}
	for i := 0; i < b.N; i++ {
		h := NewHistory(512, 512)
		for k := 0; k < 200; k++ {
			for j := 0; j < 500; j++ {
				s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Floor
			}
			h.record(s, StepRef{}, "", false)
		}
		b.ReportMetric(float64(h.Bytes())/float64(200*512*512)*100, "%-of-full-copies")
	}
}
