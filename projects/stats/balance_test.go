package stats

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
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

// Balance reports read back (older ones without a format too) and merge
// through files; what cannot be a balance sweep is refused with its path.
func TestBalanceReportsReadBackAndRefuse(t *testing.T) {
	var files []string
	for i := range 2 {
		b, err := jsonfile.Layout(balanceOf(t, Options{From: 1, Seeds: 4, Shard: i, Shards: 2}))
		require.NoError(t, err)
		files = append(files, string(b))
	}
	var parts []*BalanceReport
	for i, f := range files {
		if i == 0 {
			f = strings.Replace(f, `"format": "hewn.balance/1",`, "", 1) // an older report
		}
		r, err := DecodeBalance([]byte(f))
		require.NoError(t, err)
		parts = append(parts, r)
	}
	m, err := MergeBalance(parts...)
	require.NoError(t, err)
	assert.Equal(t, balanceJSON(t, balanceOf(t, Options{From: 1, Seeds: 4})), balanceJSON(t, m))
	k, err := ReportKind([]byte(files[1]))
	require.NoError(t, err)
	assert.Equal(t, KindBalance, k)

	f := files[1]
	for _, c := range []struct{ from, to, want string }{
		{`"bot": "explorer"`, `"bot": "borg"`, `bot: unknown bot "borg"`},
		{`"format": "hewn.balance/1"`, `"format": "hewn.balance/2"`, `format: "hewn.balance/2" is newer than this Hewn reads (hewn.balance/1); update Hewn`},
		{`"shard": [ 1 ]`, `"shard": [ 2 ]`, "shard[0]: shard 2 of 2 is not in 0..1"},
		{`"seed": 2,`, `"seed": 3,`, "depths[0].samples[0].seed: seed 3 belongs to shard 0 of 2, which this report does not hold"},
		{`"seed": 4,`, `"seed": 2,`, "depths[0].samples[1].seed: seed 2 after seed 2: runs go by seed, each once"},
		{`"max_turns": 1500`, `"max_turns": 0`, "max_turns: 0 is out of range [1, 1000000]"},
		{`"turns": `, `"turns": -`, ".run.turns: -"},
	} {
		bad := strings.Replace(f, c.from, c.to, 1)
		require.NotEqual(t, f, bad, c.from)
		_, err := DecodeBalance([]byte(bad))
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
	}
	parts[1].Source = "b.json"
	_, err = MergeBalance(parts[1], parts[1])
	assert.EqualError(t, err, "b.json: shard 1 of 2 is also in b.json")
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
