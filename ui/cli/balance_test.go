package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects/stats"
)

func TestStatsBotPerDepthAndShardsMerge(t *testing.T) {
	proj := "../../projects/example.hewn.json"
	code, one, errs := hewn("stats", proj, "--bot", "explorer", "--depths", "1-2", "--seeds", "4", "--max-turns", "1500")
	require.Equal(t, 0, code, errs)
	var r stats.BalanceReport
	require.NoError(t, json.Unmarshal([]byte(one), &r))
	require.Len(t, r.Depths, 2)
	assert.Equal(t, 4, r.Depths[0].Runs)
	assert.Equal(t, "explorer", r.Bot)

	dir := t.TempDir()
	var files []string
	for _, sh := range []string{"0/2", "1/2"} {
		out := filepath.Join(dir, "b"+sh[:1]+".json")
		code, _, errs := hewn("stats", proj, "--bot", "explorer", "--depths", "1-2", "--seeds", "4", "--max-turns", "1500", "--shard", sh, "--out", out)
		require.Equal(t, 0, code, errs)
		files = append(files, out)
	}
	code, merged, errs := hewn("stats", "merge", files[1], files[0])
	require.Equal(t, 0, code, errs)
	var m stats.BalanceReport
	require.NoError(t, json.Unmarshal([]byte(merged), &m))
	r.Timing, m.Timing = nil, nil
	a, _ := json.Marshal(r)
	b, _ := json.Marshal(m)
	assert.Equal(t, string(a), string(b))

	code, _, _ = hewn("stats", proj, "--depths", "1-2", "--seeds", "4")
	assert.Equal(t, 2, code, "--depths needs --bot")
	code, _, _ = hewn("stats", proj, "--bot", "borg", "--depth", "1", "--seeds", "4")
	assert.Equal(t, 2, code)
}
