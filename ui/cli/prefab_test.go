package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

const tutorialXPDir = "../../chain/prefab/testdata/xp"

func readXPFile(t *testing.T, path string) *prefab.XPFile {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := prefab.ReadXP(bytes.NewReader(data))
	require.NoError(t, err)
	return f
}

// .xp → Hewn → .xp keeps every layer, glyph and colour.
func TestPrefabConvertXPToXPIsLossless(t *testing.T) {
	for _, name := range []string{"nyan.xp", "mltest.xp", "SmallDungeon_80x50.xp"} {
		in := filepath.Join(tutorialXPDir, name)
		out := filepath.Join(t.TempDir(), "copy.xp")
		code, stdout, stderr := hewn("prefab", "convert", in, out)
		require.Equal(t, 0, code, stderr)
		assert.Empty(t, stdout)
		assert.Equal(t, readXPFile(t, in), readXPFile(t, out), name)
	}
}

func TestPrefabConvertXPAndText(t *testing.T) {
	dir := t.TempDir()
	in := "../../chain/prefab/tutorial/wfc-populated.xp"
	txt := filepath.Join(dir, "level.txt")
	code, _, stderr := hewn("prefab", "convert", in, txt)
	require.Equal(t, 0, code, stderr)
	data, err := os.ReadFile(txt)
	require.NoError(t, err)
	rows := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.Len(t, rows, 43)
	assert.Equal(t, "#    @     ######    #########       ####     ###################        #######", rows[2])
	code, stdout, _ := hewn("prefab", "convert", in, "-")
	require.Equal(t, 0, code)
	assert.Equal(t, string(data), stdout, "- writes the rows to stdout")

	// .txt → .xp: the glyphs, coloured by the theme.
	back := filepath.Join(dir, "back.xp")
	code, _, stderr = hewn("prefab", "convert", "--theme", "dungeon", txt, back)
	require.Equal(t, 0, code, stderr)
	xp := readXPFile(t, back)
	assert.Equal(t, rows, xp.Rows())
	th, ok := chain.FindTheme("dungeon", nil)
	require.True(t, ok)
	wall, _ := xp.Visible(0, 0)
	assert.Equal(t, prefab.RGBOf(th.Look(chain.Wall).FG), wall.FG)
	assert.Equal(t, prefab.RGBOf(th.Look(chain.Wall).BG), wall.BG)
	start, _ := xp.Visible(5, 2)
	assert.Equal(t, prefab.XPCell{Glyph: '@', FG: prefab.RGB{R: 255, G: 255, B: 255}, BG: prefab.RGBOf(th.Look(chain.Floor).BG)}, start)

	// A template with the tutorial's other glyphs: CP437 codes.
	water := writeFile(t, "water.txt", "≈☼\r\n#\n")
	code, _, stderr = hewn("prefab", "convert", water, filepath.Join(dir, "water.xp"))
	require.Equal(t, 0, code, stderr)
	xp = readXPFile(t, filepath.Join(dir, "water.xp"))
	c, _ := xp.Visible(0, 0)
	assert.Equal(t, byte(247), c.Glyph)
	c, _ = xp.Visible(1, 1)
	assert.Equal(t, byte('#'), c.Glyph, "a short row is padded with wall")
}

func TestPrefabConvertErrors(t *testing.T) {
	dir := t.TempDir()
	cut := writeFile(t, "cut.xp", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff")
	snow := writeFile(t, "snow.txt", "##\n#☃\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"prefab", "convert", cut, filepath.Join(dir, "o.txt")}, 1, cut + ": the header is cut short (the file ends early)"},
		{[]string{"prefab", "convert", snow, filepath.Join(dir, "o.xp")}, 1, snow + ": row 2, column 2: '☃' has no CP437 code"},
		{[]string{"prefab", "convert", filepath.Join(dir, "none.xp"), filepath.Join(dir, "o.txt")}, 1, "none.xp: no such file or directory"},
		{[]string{"prefab", "convert", dir + "/", filepath.Join(dir, "o.xp")}, 2, "IN: "},
		{[]string{"prefab", "convert", "a.png", "b.xp"}, 2, `IN: "a.png" is neither a .xp (REXPaint) nor a .txt (legend rows) file`},
		{[]string{"prefab", "convert", snow, "b.json"}, 2, `OUT: "b.json" is neither a .xp`},
		{[]string{"prefab", "convert", snow}, 2, "prefab convert wants IN and OUT, got 1 files"},
		{[]string{"prefab", "convert", snow, "b.xp", "--theme", "pink"}, 2, `--theme "pink" is not a theme (want dungeon`},
		{[]string{"prefab", "explode"}, 2, `unknown subcommand "explode" (want convert)`},
		{[]string{"prefab"}, 2, "want a subcommand: convert"},
	} {
		code, _, stderr := hewn(tc.args...)
		assert.Equal(t, tc.code, code, "%v: %s", tc.args, stderr)
		assert.Contains(t, stderr, tc.want, "%v", tc.args)
		assert.NotContains(t, stderr, "panic")
	}
	_, err := os.Stat(filepath.Join(dir, "o.xp"))
	assert.True(t, os.IsNotExist(err), "nothing written on an error")
}

// `hewn run` reads the prefab files a bare chain names from beside it, and
// warns (on stderr, exit 0) of an exit the start cannot reach.
func TestRunChainWithPrefabFileAndReachWarning(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../../chain/prefab/tutorial/wfc-populated.xp")
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "maps"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "maps", "wfc.xp"), data, 0o644))
	c := filepath.Join(dir, "level.json")
	require.NoError(t, os.WriteFile(c, []byte(`{"width": 80, "height": 50, "steps": [
		{"builder": "prefab", "params": {"mode": "level", "file": "maps/wfc.xp"}},
		{"builder": "paint", "params": {"anchor": "exit", "cells": [{"x": -1, "y": -1, "w": 3, "tile": "wall"},
			{"x": -1, "y": 0, "tile": "wall"}, {"x": 1, "y": 0, "tile": "wall"}, {"x": -1, "y": 1, "w": 3, "tile": "wall"}]}}]}`), 0o644))
	code, stdout, stderr := hewn("run", c, "--seed", "3")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "\n#....@.....######")
	assert.Equal(t, "warning: "+c+": steps[1] paint: cuts the exit at (77,39) off from the start at (5,2)\n", stderr)

	code, _, stderr = hewn("run", filepath.Join(dir, "maps", "..", "level.json"), "--format", "json")
	require.Equal(t, 0, code, stderr)

	require.NoError(t, os.Remove(filepath.Join(dir, "maps", "wfc.xp")))
	code, _, stderr = hewn("run", c)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "steps[0] prefab: maps/wfc.xp: no such file or directory")
}

// project check reads every prefab file the project's steps name, as a run would.
func TestProjectCheckReadsPrefabFiles(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "p.hewn.json")
	require.NoError(t, os.WriteFile(proj, []byte(`{"version": 1, "name": "p", "seed": 1,
		"legend": [{"glyph": "A", "tile": "wall"}],
		"levels": [{"depth": 1, "name": "one", "seed": null, "chain": {"width": 20, "height": 10, "steps": [
			{"builder": "prefab", "params": {"mode": "level", "file": "maps/ml.xp"}}]}}]}`), 0o644))
	code, _, stderr := hewn("project", "check", proj)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, proj+": levels[0].chain.steps[0].params.file: maps/ml.xp: no such file or directory")

	data, err := os.ReadFile(filepath.Join(tutorialXPDir, "mltest.xp"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "maps"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "maps", "ml.xp"), data, 0o644))
	code, _, stderr = hewn("project", "check", proj)
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "warning: "+proj+": levels[0].chain.steps[0].params.file: maps/ml.xp: "+
		"glyphs the legend does not know leave the map as it is: 'B' (66) in 8 cells")
}
