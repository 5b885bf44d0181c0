package stats

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

func balanceOf(t *testing.T, o Options) *BalanceReport {
	t.Helper()
	p, err := projects.Example()
	require.NoError(t, err)
	r, err := Balance(context.Background(), BalanceTarget{Name: "example", Project: p, Pack: content.Default(),
		Depths: []int{1, 3}, Bot: "explorer", MaxTurns: 1500}, o)
	require.NoError(t, err)
	return r
}

func balanceJSON(t *testing.T, r *BalanceReport) string {
	c := *r
	c.Timing = nil
	b, err := json.Marshal(c)
	require.NoError(t, err)
	return string(b)
}

func TestBalancePerDepthAndShardsMerge(t *testing.T) {
	one := balanceOf(t, Options{From: 1, Seeds: 6})
	require.Len(t, one.Depths, 2)
	town := one.Depths[0]
	assert.Equal(t, 1, town.Depth)
	assert.Equal(t, 6, town.Runs)
	assert.Equal(t, 1.0, town.ReachedExit, "the explorer finishes the town")
	assert.Equal(t, 6, town.TurnsToExit.Count)
	assert.Greater(t, town.TurnsToExit.Mean, 10.0)
	var parts []*BalanceReport
	for i := 0; i < 3; i++ {
		parts = append(parts, balanceOf(t, Options{From: 1, Seeds: 6, Shard: i, Shards: 3}))
	}
	m, err := MergeBalance(parts[1], parts[2], parts[0])
	require.NoError(t, err)
	assert.Equal(t, balanceJSON(t, one), balanceJSON(t, m))
	_, err = Balance(context.Background(), BalanceTarget{Bot: "borg"}, Options{Seeds: 1})
	assert.Error(t, err)
}

// BenchmarkBalanceDepths1to10 is one seed of a balance sweep: the explorer
// plays depths 1-10 of the example project (3,000 turns at most each), as
// `hewn stats --bot explorer --depths 1-10` does per seed. The goal is 1,000
// seeds in under a minute on 2 cores: under 120 ms of CPU per seed.
func BenchmarkBalanceDepths1to10(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	t := BalanceTarget{Name: "example", Project: p, Pack: content.Default(),
		Depths: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, Bot: "explorer", MaxTurns: 3000}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		_, err := Balance(context.Background(), t, Options{From: uint64(1 + i), Seeds: 1, Workers: 1})
		require.NoError(b, err)
	}
}
