package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const roomsChainJSON = `{ "name": "rooms", "depth": 1, "width": 80, "height": 50, "steps": [
  { "builder": "bsp_dungeon" }, { "builder": "room_sorter" }, { "builder": "room_drawer" },
  { "builder": "nearest_corridors" }, { "builder": "room_based_starting_position" }, { "builder": "room_based_stairs" } ] }`

var tuneArgs = []string{"--vary", "steps[0].params.tries=5..240", "--vary", "steps[1].params.sort=*",
	"--axes", "rooms,path_length", "--range", "rooms=0..30", "--range", "path_length=0..150", "--bins", "8x8"}

// withoutTiming drops an archive's "timing" (the only part that differs
// between runs) and returns the rest as re-encoded JSON.
func archiveWithoutTiming(t *testing.T, data string) string {
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &m), data)
	require.Contains(t, m, "timing")
	delete(m, "timing")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}

func tune(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := hewn(append([]string{"tune"}, args...)...)
	require.Equal(t, 0, code, errs)
	return out
}

func TestTuneWritesADeterministicArchive(t *testing.T) {
	f := writeFile(t, "rooms.json", roomsChainJSON)
	args := append([]string{f, "--budget", "300", "--target", "rooms=8..12", "--target", "path_length>=90"}, tuneArgs...)
	code, out, errs := hewn(append([]string{"tune"}, args...)...)
	require.Equal(t, 0, code, errs)
	assert.Regexp(t, `^coverage: \d+ of 64 cells \(\d+%\); 300 variants: 0 failed, \d+ outside the ranges\n\d+ cells meet the targets \(rooms=8\.\.12, path_length>=90\)\npath_length 0\.\.150\n  \|`, errs)
	var a struct {
		Format   string
		Axes     []string
		Bins     []int
		Coverage struct{ Filled, Cells int }
		Cells    []struct {
			Bin     []int
			Params  map[string]any
			Seed    uint64
			Metrics map[string]float64
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &a))
	assert.Equal(t, "hewn.tune/1", a.Format)
	assert.Equal(t, []string{"rooms", "path_length"}, a.Axes)
	assert.Equal(t, 64, a.Coverage.Cells)
	require.Len(t, a.Cells, a.Coverage.Filled)
	require.NotEmpty(t, a.Cells)
	assert.Contains(t, a.Cells[0].Params, "steps[0].params.tries")
	assert.Equal(t, archiveWithoutTiming(t, out), archiveWithoutTiming(t, tune(t, append(args, "--workers", "1")...)))
	// the archive reproduces: the cell's seed and params through hewn run
	c := a.Cells[0]
	tries := int(c.Params["steps[0].params.tries"].(float64))
	sorted := c.Params["steps[1].params.sort"].(string)
	var ch map[string]any
	require.NoError(t, json.Unmarshal([]byte(roomsChainJSON), &ch))
	steps := ch["steps"].([]any)
	steps[0].(map[string]any)["params"] = map[string]any{"tries": tries}
	steps[1].(map[string]any)["params"] = map[string]any{"sort": sorted}
	b, _ := json.Marshal(ch)
	g := writeFile(t, "variant.json", string(b))
	js := run(t, g, "--seed", jsonNum(c.Seed), "--format", "json")
	var lv struct{ Rooms []any }
	require.NoError(t, json.Unmarshal([]byte(js), &lv))
	assert.Equal(t, c.Metrics["rooms"], float64(len(lv.Rooms)))
}

func jsonNum(u uint64) string { b, _ := json.Marshal(u); return string(b) }

func run(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := hewn(append([]string{"run"}, args...)...)
	require.Equal(t, 0, code, errs)
	return out
}

func TestTuneShardsMergeToOneRun(t *testing.T) {
	f := writeFile(t, "rooms.json", roomsChainJSON)
	dir := t.TempDir()
	for _, method := range [][]string{{"--method", "random"}, {"--method", "elites", "--islands", "3"}} {
		base := append(append([]string{f, "--budget", "120", "--seed", "5"}, tuneArgs...), method...)
		one := tune(t, base...)
		var parts []string
		for i := range 3 {
			p := filepath.Join(dir, method[1]+string(rune('0'+i))+".json")
			tune(t, append(base, "--shard", string(rune('0'+i))+"/3", "--out", p)...)
			parts = append(parts, p)
		}
		code, merged, errs := hewn(append([]string{"tune", "merge"}, parts...)...)
		require.Equal(t, 0, code, errs)
		assert.Equal(t, archiveWithoutTiming(t, one), archiveWithoutTiming(t, merged), method[1])
		assert.Contains(t, errs, "coverage: ")
	}
	// merge refuses what is not an archive
	stats := writeFile(t, "s.json", `{"target": "x", "seeds": 3}`)
	code, _, errs := hewn("tune", "merge", stats)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `s.json: not a hewn tune archive (format "", want hewn.tune/1)`)
	newer := writeFile(t, "n.json", `{"format": "hewn.tune/2", "axes": "a new shape"}`)
	code, _, errs = hewn("tune", "merge", newer)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `n.json: format: "hewn.tune/2" is newer than this Hewn reads (hewn.tune/1); update Hewn`)
	bad := writeFile(t, "b.json", `{"format": "hewn.tune/1", "axes": ["rooms", "exits"], "bins": [0, -3], "ranges": [[0, 1], [0, 1]], "budget": 1, "method": "random"}`)
	code, _, errs = hewn("tune", "merge", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "bins 0x-3")
}

func TestTuneSensitivity(t *testing.T) {
	f := writeFile(t, "rooms.json", roomsChainJSON)
	out := tune(t, f, "--sensitivity", "--vary", "steps[0].params.tries=5..240", "--points", "4", "--seeds", "6", "--metrics", "rooms,path_length")
	var s struct {
		Format string
		Params []struct {
			Path    string
			Values  []float64
			Metrics map[string][]struct{ Mean, P10, P90 float64 }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Equal(t, "hewn.sensitivity/1", s.Format)
	require.Len(t, s.Params, 1)
	assert.Equal(t, []float64{5, 83, 162, 240}, s.Params[0].Values)
	rooms := s.Params[0].Metrics["rooms"]
	require.Len(t, rooms, 4)
	assert.Less(t, rooms[0].Mean, rooms[3].Mean)
	assert.NotContains(t, s.Params[0].Metrics, "floor_share")
}

func TestTuneAProjectLevel(t *testing.T) {
	f := writeFile(t, "lab.hewn.json", acceptProjectJSON(`{ "tries": 20, "rules": [ { "metric": "rooms", "min": 10 } ] }`))
	out := tune(t, f, "--depth", "1", "--vary", "steps[0].params.tries=20..240", "--axes", "rooms,path_length", "--budget", "40")
	var a struct {
		Cells []struct{ Metrics map[string]float64 }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &a))
	require.NotEmpty(t, a.Cells)
	for _, c := range a.Cells {
		assert.GreaterOrEqual(t, c.Metrics["rooms"], 10.0, "the level's rules hold for every variant")
	}
	code, _, errs := hewn("tune", f, "--vary", "steps[0].params.tries=20..240", "--axes", "rooms,path_length", "--budget", "40")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "a project needs --depth D")
}

func TestTuneErrors(t *testing.T) {
	f := writeFile(t, "rooms.json", roomsChainJSON)
	ok := []string{f, "--vary", "steps[0].params.tries=5..240", "--axes", "rooms,path_length", "--budget", "10"}
	with := func(extra ...string) []string { return append(append([]string{"tune"}, ok...), extra...) }
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"tune"}, 2, "want exactly one CHAIN or PROJECT file, got 0"},
		{[]string{"tune", f, "--axes", "rooms,path_length"}, 2, "--budget 0 is out of range [1, 1000000] (it is required)"},
		{with("--budget", "1000001"), 2, "--budget 1000001 is out of range [1, 1000000]"},
		{with("--axes", "rooms"), 2, "--axes wants two metrics"},
		{with("--axes", "rooms,floors"), 2, `--axes "rooms,floors": unknown metric "floors"`},
		{with("--bins", "65x2"), 2, `--bins "65x2": each is out of range [1, 64]`},
		{with("--bins", "ten"), 2, `--bins "ten" is not NxM`},
		{with("--method", "grid"), 2, `--method "grid" is not one of elites, random`},
		{with("--vary", "tries=1..2"), 2, `--vary "tries=1..2": the path "tries" is not steps[N].params.NAME`},
		{with("--vary", "steps[0].params.tries"), 2, `--vary "steps[0].params.tries" is not PATH=LO..HI`},
		{with("--range", "exits=0..5"), 2, `--range "exits=0..5": exits is not an axis`},
		{with("--range", "rooms=5..5"), 2, `--range "rooms=5..5": want two numbers LO < HI`},
		{with("--target", "rooms>9"), 2, `--target "rooms>9" is not METRIC>=V`},
		{with("--shard", "3/2"), 2, `"3/2" is not i/n`},
		{with("--islands", "2", "--shard", "0/3"), 2, "--shard 0/3: elites shard by island, and there are 2"},
		{with("--islands", "2", "--method", "random"), 2, "--islands is for --method elites"},
		{with("--vary", "steps[0].params.tries=0..5"), 1, `hewn tune: --vary "steps[0].params.tries=0..5": ` + f + `: steps[0].params.tries: 0 is out of range [1, 10000]`},
		{with("--vary", "steps[9].params.tries=1..5"), 1, `steps[9]: there is no such step (the list has 6)`},
		{with("--vary", "steps[1].params.sort=sideways"), 1, `steps[1].params.sort: "sideways" is not one of leftmost, rightmost, topmost, bottommost, central`},
		{with("--vary", "steps[0].params.draw=1..2"), 1, `steps[0].params.draw: "1" is not one of false, true`},
		{[]string{"tune", f, "--sensitivity"}, 2, "--sensitivity needs at least one --vary"},
		{with("--sensitivity", "--points", "1"), 2, "--points 1 is out of range [2, 101]"},
		{[]string{"tune", "merge"}, 2, "want the shard archives to merge"},
		{[]string{"tune", filepath.Join(t.TempDir(), "none.json"), "--axes", "rooms,exits", "--budget", "3"}, 1, "none.json"},
	} {
		code, out, errs := hewn(tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, errs)
		assert.Contains(t, errs, tc.want, "%v", tc.args)
		assert.Empty(t, out, "%v", tc.args)
	}
}
