package special

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"io"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

// tutorialRexLevel reads a REXPaint file's bytes as the tutorial's
// load_rex_map does, independently of package prefab: every layer's every
// cell, row by row, for x < width and y < height, through char_to_map
// (cell.ch as u8 as char; idx >= len-1 skipped; unknown glyphs leave the
// tile) onto a width×height map of walls.
func tutorialRexLevel(t *testing.T, data []byte, width, height int) (tiles []chain.Tile, start *chain.Point, spawns []chain.Spawn) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	word := func(off int) int { return int(int32(binary.LittleEndian.Uint32(raw[off:]))) }
	tiles = make([]chain.Tile, width*height) // Map::new: all walls
	layers, off := word(4), 8
	for range layers {
		w, h := word(off), word(off+4)
		off += 8
		for y := range h {
			for x := range w {
				if x >= width || y >= height {
					continue
				}
				idx := y*width + x
				if idx >= len(tiles)-1 {
					continue
				}
				ch := rune(byte(word(off + (x*h+y)*10)))
				set := func(tile chain.Tile, spawn string) {
					tiles[idx] = tile
					if spawn != "" {
						spawns = append(spawns, chain.Spawn{X: x, Y: y, Name: spawn})
					}
				}
				switch ch {
				case ' ':
					set(chain.Floor, "")
				case '#':
					set(chain.Wall, "")
				case '≈':
					set(chain.DeepWater, "")
				case '@':
					set(chain.Floor, "")
					start = &chain.Point{X: x, Y: y}
				case '>':
					set(chain.DownStairs, "")
				case 'e':
					set(chain.Floor, "Dark Elf")
				case 'g':
					set(chain.Floor, "Goblin")
				case 'o':
					set(chain.Floor, "Orc")
				case 'O':
					set(chain.Floor, "Orc Leader")
				case '^':
					set(chain.Floor, "Bear Trap")
				case '%':
					set(chain.Floor, "Rations")
				case '!':
					set(chain.Floor, "Health Potion")
				case '☼':
					set(chain.Floor, "Watch Fire")
				}
			}
		}
		off += w * h * 10
	}
	return tiles, start, spawns
}

func runPrefabChain(t *testing.T, params map[string]any, cfg chain.Config) (*chain.Result, error) {
	t.Helper()
	st, err := chain.NewStep("prefab", params)
	require.NoError(t, err)
	c := &chain.Chain{Depth: 1, Width: 80, Height: 50, Steps: []chain.Step{st}}
	return chain.RunConfig(context.Background(), c, cfg)
}

// The built-in wfc_populated level, and the tutorial's wfc-populated.xp loaded
// as a level, give exactly the tutorial's tiles, start and spawns.
func TestWfcPopulatedIsTheTutorialsMap(t *testing.T) {
	data, err := os.ReadFile("../../prefab/tutorial/wfc-populated.xp")
	require.NoError(t, err)
	tiles, start, spawns := tutorialRexLevel(t, data, 80, 50)
	require.NotNil(t, start)
	require.Len(t, spawns, 51)
	files := os.DirFS("../../prefab/tutorial")
	for _, params := range []map[string]any{
		{"mode": "level", "name": "wfc_populated"},
		{"mode": "level"},
		{"mode": "level", "file": "wfc-populated.xp"},
	} {
		r, err := runPrefabChain(t, params, chain.Config{Files: files})
		require.NoError(t, err, "%v", params)
		assert.Equal(t, tiles, r.State.Map.Tiles, "%v", params)
		assert.Equal(t, start, r.State.Start, "%v", params)
		assert.Equal(t, spawns, r.State.Spawns, "%v", params)
		require.Len(t, r.State.Exits, 1)
		assert.Equal(t, chain.Point{X: 77, Y: 39}, r.State.Exits[0].Pos())
		assert.Empty(t, r.Warnings, "%v", params)
	}
}

// xpOf packs one REXPaint layer of rows (glyph codes as the rows' bytes), the
// cells transparent where mask has 'T'.
func xpOf(t *testing.T, layers ...[]string) []byte {
	t.Helper()
	var raw bytes.Buffer
	put := func(v int32) { binary.Write(&raw, binary.LittleEndian, v) }
	put(-1)
	put(int32(len(layers) / 2))
	for i := 0; i < len(layers); i += 2 {
		rows, mask := layers[i], layers[i+1]
		w, h := len(rows[0]), len(rows)
		put(int32(w))
		put(int32(h))
		for x := range w {
			for y := range h {
				binary.Write(&raw, binary.LittleEndian, uint32(rows[y][x]))
				bg := []byte{0, 0, 0}
				if mask != nil && mask[y][x] == 'T' {
					bg = []byte{255, 0, 255}
				}
				raw.Write(append([]byte{200, 200, 200}, bg...))
			}
		}
	}
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(raw.Bytes())
	zw.Close()
	return out.Bytes()
}

func TestPrefabFileModes(t *testing.T) {
	files := fstest.MapFS{
		"rooms/camp.txt": {Data: []byte("\xef\xbb\xbf#####\r\n#g >#\r\n#####\r\n")},
		"camp.xp":        {Data: xpOf(t, []string{"#####", "#gA>#", "#####"}, nil)},
		"layers.xp": {Data: xpOf(t,
			[]string{"#####", "#   #", "#####"}, nil,
			[]string{"     ", " o   ", "     "}, []string{"TTTTT", "T.TTT", "TTTTT"})},
		"big.xp":  {Data: xpOf(t, []string{strings.Repeat("#", 100), "#@" + strings.Repeat(" ", 98), strings.Repeat("#", 100)}, nil)},
		"bad.xp":  {Data: []byte("####\n#@>#\n####\n")},
		"bad.txt": {Data: []byte("#x#\n")},
	}
	cfg := chain.Config{Files: files}
	section := func(file string) *chain.State {
		t.Helper()
		s := pfFloorState(20, 10)
		s.Files = files
		require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "file": file, "x": 2, "y": 2}))
		return s
	}

	s := section("rooms/camp.txt")
	assert.Equal(t, []chain.Spawn{{X: 3, Y: 3, Name: "Goblin"}}, s.Spawns)
	require.Len(t, s.Exits, 1)
	assert.Equal(t, chain.Point{X: 5, Y: 3}, s.Exits[0].Pos())

	s = section("camp.xp")
	assert.Equal(t, chain.Floor, s.Map.At(chain.Point{X: 4, Y: 3}), "an unknown glyph leaves the map as it is")
	assert.Equal(t, []chain.Warning{{Msg: "camp.xp: glyphs the legend does not know leave the map as it is: 'A' (65) in 1 cell"}}, s.Warnings())

	s = section("layers.xp")
	assert.Equal(t, []chain.Spawn{{X: 3, Y: 3, Name: "Orc"}}, s.Spawns, "the upper layer's opaque cell")
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 2, Y: 2}), "transparent cells show the layer below")
	assert.Empty(t, s.Warnings())

	// The project's legend reaches files too.
	s = pfFloorState(20, 10)
	s.Files, s.Legend = files, []chain.LegendEntry{{Glyph: 'A', Tile: chain.Grass}}
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "file": "./camp.xp", "x": 2, "y": 2}))
	assert.Equal(t, chain.Grass, s.Map.At(chain.Point{X: 4, Y: 3}))
	assert.Empty(t, s.Warnings())

	// A level larger than the map is cut to it, as the tutorial's rex_level does.
	r, err := runPrefabChain(t, map[string]any{"mode": "level", "file": "big.xp"}, cfg)
	require.NoError(t, err)
	assert.Equal(t, &chain.Point{X: 1, Y: 1}, r.State.Start)
	assert.Equal(t, chain.Floor, r.State.Map.At(chain.Point{X: 78, Y: 1}))
	require.Len(t, r.Warnings, 1)
	assert.Equal(t, "steps[0] prefab: big.xp is 100×3, larger than the 80×50 map: the part past its edges is left out", r.Warnings[0].String())

	// A vault from a file.
	s = pfFloorState(30, 30)
	s.Files, s.Depth, s.Rooms = files, 9, []chain.Rect{chain.R(1, 1, 28, 28)}
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "room_vaults", "file": "rooms/camp.txt"}))
	require.Len(t, s.Spawns, 1)
	assert.Equal(t, "Goblin", s.Spawns[0].Name)
	require.Len(t, s.Exits, 1)

	for file, want := range map[string]string{
		"missing.xp": "chain: steps[0] prefab: missing.xp: file does not exist",
		"bad.xp":     "chain: steps[0] prefab: bad.xp: not a REXPaint image (its gzip packing: not gzip data)",
		"bad.txt":    `chain: steps[0] prefab: bad.txt: template row 1, column 2: unknown character "x"`,
	} {
		_, err := runPrefabChain(t, map[string]any{"mode": "level", "file": file}, cfg)
		require.Error(t, err, file)
		assert.Contains(t, err.Error(), want)
	}
	_, err = runPrefabChain(t, map[string]any{"mode": "level", "file": "camp.xp"}, chain.Config{})
	assert.ErrorContains(t, err, "camp.xp: this run reads no files")
}

func TestPrefabFileParamErrors(t *testing.T) {
	for params, want := range map[string]string{
		`{"file": "/etc/camp.xp"}`:                         `steps[0].params.file: "/etc/camp.xp" is an absolute path`,
		`{"file": "../camp.xp"}`:                           `steps[0].params.file: "../camp.xp" leads out of the project's folder`,
		`{"file": "rooms/../../camp.xp"}`:                  `leads out of the project's folder`,
		`{"file": "camp.png"}`:                             `steps[0].params.file: "camp.png" is neither a .xp (REXPaint) nor a .txt (legend rows) file`,
		`{"file": "a.xp", "name": "orc_camp"}`:             `steps[0].params: set either name ("orc_camp") or file ("a.xp"), not both`,
		`{"file": "a.xp", "template": ["#"]}`:              `steps[0].params: set either template or file ("a.xp"), not both`,
		`{"file": "a.xp", "template": ["#"], "name": "x"}`: `steps[0].params: set only one of name ("x"), template and file ("a.xp")`,
		`{"file": 3}`:                                      `steps[0].params.file: 3 is not a string`,
	} {
		_, err := chain.DecodeJSON([]byte(`{"steps": [{"builder": "prefab", "params": `+params+`}]}`), "")
		require.Error(t, err, params)
		assert.Contains(t, err.Error(), want, params)
	}
	_, err := chain.DecodeJSON([]byte(`{"steps": [{"builder": "prefab", "params": {"file": "Rooms/Camp.XP"}}]}`), "")
	assert.NoError(t, err, "the extension in any case")
}

// Template rows may use the project's legend: the run's legend decides.
func TestTemplateRowsUseTheRunsLegend(t *testing.T) {
	_, err := chain.DecodeJSON([]byte(`{"steps": [{"builder": "prefab", "params": {"mode": "level", "template": ["#T"]}}]}`), "")
	require.NoError(t, err, "a character the project's legend may have")
	params := map[string]any{"mode": "sectional", "template": []any{"TT", "Tk"}, "x": 3, "y": 3}
	_, err = runPrefabChain(t, params, chain.Config{})
	assert.ErrorContains(t, err, `chain: steps[0] prefab: template row 1, column 1: unknown character "T"`)
	r, err := runPrefabChain(t, params, chain.Config{Legend: []chain.LegendEntry{
		{Glyph: 'T', Tile: chain.Grass}, {Glyph: 'k', Tile: chain.Floor, Spawn: "Kobold"}}})
	require.NoError(t, err)
	assert.Equal(t, chain.Grass, r.State.Map.At(chain.Point{X: 3, Y: 3}))
	assert.Equal(t, []chain.Spawn{{X: 4, Y: 4, Name: "Kobold"}}, r.State.Spawns)
	_, err = runPrefabChain(t, params, chain.Config{Legend: []chain.LegendEntry{{Glyph: 'g', Tile: chain.Grass}}})
	assert.ErrorContains(t, err, "the project's legend: entry 0: 'g' already means Goblin in the legend")
	_ = prefab.Tutorial()
}
