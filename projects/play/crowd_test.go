package play

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// A creature's removal keeps the occupancy grid and the buckets exactly as
// a full reindex makes them (which a kill did before, clearing a grid the
// size of the map per death), creatures sharing a tile included; the turn's
// end drops the removed ones from Creatures.
func TestRemoveKeepsTheIndexOfAReindex(t *testing.T) {
	rows := []string{"########################################"}
	for range 38 {
		rows = append(rows, "#......................................#")
	}
	rows = append(rows, rows[0])
	g := mapGame(t, testPack(), rows...)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 { // 300 creatures on 38×38 tiles: many share one
		p := chain.Point{X: 1 + rng.IntN(38), Y: 1 + rng.IntN(38)}
		g.place([]string{"Coward", "Brute", "Sleeper"}[rng.IntN(3)], p)
	}
	g.reindex()
	for range 250 {
		i := rng.IntN(len(g.Creatures))
		for g.Creatures[i].gone {
			i = (i + 1) % len(g.Creatures)
		}
		g.remove(i)
		occ, buckets := slices.Clone(g.occ), make([][]int32, len(g.buckets))
		for i, b := range g.buckets {
			buckets[i] = append([]int32{}, slices.Sorted(slices.Values(b))...)
		}
		g.reindex()
		require.Equal(t, g.occ, occ, "the occupancy grid")
		for i, b := range g.buckets {
			assert.Equal(t, append([]int32{}, b...), buckets[i], "bucket %d", i)
		}
	}
	alive := slices.DeleteFunc(slices.Clone(g.Creatures), func(c *Creature) bool { return c.gone })
	g.compact()
	assert.Equal(t, alive, g.Creatures)
	assert.Len(t, g.Creatures, 50)
}
