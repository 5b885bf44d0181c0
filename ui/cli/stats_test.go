package cli

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects/stats"
)

const caveChain = `{"name":"caves","depth":3,"width":50,"height":30,"steps":[
 {"builder":"cellular_automata"},
 {"builder":"area_starting_position","params":{"x":"center","y":"center"}},
 {"builder":"cull_unreachable"},
 {"builder":"voronoi_spawning"},
 {"builder":"distant_exit"}]}`

func decodeReport(t *testing.T, s string) *stats.Report {
	t.Helper()
	var r stats.Report
	require.NoError(t, json.Unmarshal([]byte(s), &r))
	return &r
}

// withoutTiming is a report's JSON with its timings removed.
func withoutTiming(t *testing.T, r *stats.Report) string {
	t.Helper()
	c := *r
	c.Timing = nil
	b, err := json.Marshal(c)
	require.NoError(t, err)
	return string(b)
}

func TestStatsReachableShareAfterCull(t *testing.T) {
	f := writeFile(t, "caves.json", caveChain)
	code, out, errs := hewn("stats", f, "--seeds", "40", "--from", "10")
	require.Equal(t, 0, code, errs)
	r := decodeReport(t, out)
	assert.Equal(t, 40, r.Maps)
	assert.EqualValues(t, 10, r.From)
	assert.Equal(t, 1.0, r.Metrics["reachable_share"].Min)
	assert.Equal(t, 1.0, r.Metrics["reachable_share"].Max)
	assert.Zero(t, r.Failures.Count)
	require.Len(t, r.Timing, 1)
	assert.Equal(t, 40, r.Timing[0].Maps)
	assert.Empty(t, errs, "no progress bar when stderr is not a terminal")
}

func TestStatsThreeShardsMergeEqualsOneRun(t *testing.T) {
	f := writeFile(t, "caves.json", caveChain)
	code, one, errs := hewn("stats", f, "--seeds", "30")
	require.Equal(t, 0, code, errs)
	dir := t.TempDir()
	var files []string
	for i, sh := range []string{"0/3", "1/3", "2/3"} {
		out := filepath.Join(dir, "shard"+string(rune('0'+i))+".json")
		code, _, errs := hewn("stats", "--shard", sh, f, "--seeds", "30", "--out", out)
		require.Equal(t, 0, code, errs)
		files = append(files, out)
	}
	code, merged, errs := hewn(append([]string{"stats", "merge"}, files...)...)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, withoutTiming(t, decodeReport(t, one)), withoutTiming(t, decodeReport(t, merged)))
	assert.Len(t, decodeReport(t, merged).Timing, 3)

	code, _, errs = hewn("stats", "merge", files[0], files[0])
	assert.Equal(t, 1, code)
	assert.Equal(t, files[0]+": shard 0 of 3 is also in "+files[0]+"\n", errs)
	bad := writeFile(t, "bad.json", `{"seeds": `)
	code, _, errs = hewn("stats", "merge", files[0], bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, bad+":1:")
}

func TestStatsUsage(t *testing.T) {
	f := writeFile(t, "caves.json", caveChain)
	for _, args := range [][]string{
		{"stats", f},
		{"stats", f, "--seeds", "5", "--shard", "3/3"},
		{"stats", f, "--seeds", "5", "--shard", "x"},
		{"stats", "--seeds", "5"},
		{"stats", "merge"},
		{"export", "tiled", f, "--seed", "1"},
		{"export", "png", f},
	} {
		code, _, errs := hewn(args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
	}
	code, _, errs := hewn("stats", "../../projects/example.hewn.json", "--seeds", "3")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--depth")
}

func TestExportTiledWritesMapAndTileset(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "d5.tmj")
	code, _, errs := hewn("export", "tiled", "../../projects/example.hewn.json", "--depth", "5", "--seed", "3", "--out", out, "--cell", "8")
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	var m struct {
		Width, Height int
		Tilesets      []struct {
			Image                   string
			Columns                 int
			TileCount               int `json:"tilecount"`
			ImageWidth, ImageHeight int
		}
		Layers []struct {
			Type    string
			Data    []int
			Objects []struct{ Name, Type string }
		}
	}
	require.NoError(t, json.Unmarshal(data, &m))
	assert.Equal(t, 80, m.Width)
	require.Len(t, m.Tilesets, 1)
	assert.Equal(t, "d5.tileset.png", m.Tilesets[0].Image)
	img, err := os.ReadFile(filepath.Join(dir, "d5.tileset.png"))
	require.NoError(t, err)
	cfg, err := png.DecodeConfig(bytes.NewReader(img))
	require.NoError(t, err)
	ts := m.Tilesets[0]
	assert.Equal(t, ts.Columns*8, cfg.Width)
	assert.Equal(t, (ts.TileCount+ts.Columns-1)/ts.Columns*8, cfg.Height)
	require.Len(t, m.Layers, 2)
	assert.Len(t, m.Layers[0].Data, 80*50)
	types := map[string]int{}
	for _, o := range m.Layers[1].Objects {
		types[o.Type]++
	}
	assert.Equal(t, 1, types["start"])
	assert.GreaterOrEqual(t, types["exit"], 1)
	assert.Greater(t, types["mob"], 0, "spawns typed from the content pack")
}

// Tiled itself loads the export (when Tiled is installed: Debian's tiled
// package): it converts the map to TMX without an error.
func TestExportTiledLoadsInTiled(t *testing.T) {
	tiled, err := exec.LookPath("tiled")
	if err != nil {
		t.Skip("Tiled is not installed (apt-get install tiled)")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "d2.tmj")
	code, _, errs := hewn("export", "tiled", "../../projects/example.hewn.json", "--depth", "2", "--seed", "9", "--out", out)
	require.Equal(t, 0, code, errs)
	cmd := exec.Command(tiled, "--export-map", "tmx", out, filepath.Join(dir, "d2.tmx"))
	cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen", "HOME="+dir, "XDG_RUNTIME_DIR="+dir)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, string(msg))
	tmx, err := os.ReadFile(filepath.Join(dir, "d2.tmx"))
	require.NoError(t, err)
	assert.Contains(t, string(tmx), `<image source="d2.tileset.png"`)
	assert.Contains(t, string(tmx), `<objectgroup`)
}
