package projects

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
)

const withLegend = `{
  "version": 1,
  "name": "Legend",
  "seed": 7,
  "legend": [
    { "glyph": "T", "tile": "grass" },
    { "glyph": "D", "entity": "Black Dragon" },
    { "glyph": "S", "tile": "grass", "start": true },
    { "glyph": "<", "exit": true },
    { "glyph": "?", "keep": true },
    { "glyph": "g", "entity": "Goblin" }
  ],
  "prefabs": [
    { "name": "lair", "template": [
        "TTTTT",
        "TD?gT",
        "TTTTT"
      ] }
  ],
  "levels": [
    { "depth": 1, "name": "One", "seed": null,
      "chain": { "width": 20, "height": 10, "steps": [
          { "builder": "prefab", "params": { "mode": "level", "template": [ "##########", "#S  ##  <#", "##########" ] } },
          { "builder": "prefab", "params": { "mode": "sectional", "name": "lair", "x": 10, "y": 5 } },
          { "builder": "paint", "params": { "cells": [ { "x": 3, "y": 1, "spawn": "Black Dragon" } ] } }
        ] } }
  ]
}
`

func TestLegendRoundTripsAndReachesTheRun(t *testing.T) {
	p, err := Decode([]byte(withLegend))
	require.NoError(t, err)
	require.Len(t, p.Legend, 6)
	assert.Equal(t, LegendEntry{Glyph: "S", Tile: "grass", Start: true}, p.Legend[2])
	b, err := p.Bytes()
	require.NoError(t, err)
	assert.Contains(t, string(b), "\n  \"legend\": [\n    { \"glyph\": \"T\", \"tile\": \"grass\" },\n", "one entry a line")
	q, err := Decode(b)
	require.NoError(t, err)
	b2, err := q.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(b), string(b2), "load then save is byte-identical")

	errs, warns := p.CheckLevels()
	assert.Empty(t, errs)
	assert.Empty(t, warns)
	assert.Empty(t, p.CheckEntities(content.Default()))

	r, err := p.Run(context.Background(), 0, nil)
	require.NoError(t, err)
	s := r.State
	assert.Equal(t, chain.Point{X: 1, Y: 1}, *s.Start)
	assert.Equal(t, chain.Grass, s.Map.At(*s.Start))
	require.Len(t, s.Exits, 1)
	assert.Equal(t, chain.Point{X: 8, Y: 1}, s.Exits[0].Pos())
	assert.Equal(t, chain.DownStairs, s.Map.At(s.Exits[0].Pos()))
	assert.Equal(t, chain.Grass, s.Map.At(chain.Point{X: 10, Y: 5}))
	assert.Equal(t, []chain.Spawn{{X: 11, Y: 6, Name: "Black Dragon"}, {X: 13, Y: 6, Name: "Goblin"}, {X: 3, Y: 1, Name: "Black Dragon"}},
		s.Spawns)
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 12, Y: 6}), "'?' keeps the map (rock) as it is")

	// A new project's legend is absent from its file.
	b, err = New("x").Bytes()
	require.NoError(t, err)
	assert.NotContains(t, string(b), "legend")
}

func TestLegendErrorsNameTheEntry(t *testing.T) {
	for entry, want := range map[string]string{
		`{ "glyph": "g", "tile": "grass" }`:              `legend[0].glyph: 'g' already means Goblin in the legend; pick another character`,
		`{ "glyph": "#", "tile": "floor" }`:              `legend[0].glyph: '#' already means wall in the legend`,
		`{ "glyph": "TT", "tile": "grass" }`:             `legend[0].glyph: "TT" must be exactly one character`,
		`{ "glyph": "T", "tile": "lava" }`:               `legend[0].tile: "lava" is not a tile (want wall, floor,`,
		`{ "glyph": "T", "colour": "red" }`:              `legend[0].colour: unknown key "colour" (want glyph, tile, entity, start, exit, keep)`,
		`{ "glyph": "T", "keep": true, "tile": "wall" }`: `legend[0]: keep leaves the map as it is: give it no tile, entity, start or exit`,
		`{ "glyph": "T", "start": true, "exit": true }`:  `legend[0]: a character marks the start or an exit, not both`,
		`{ "tile": "grass" }`:                            `legend[0].glyph: missing`,
		`{ "glyph": "T", "entity": 3 }`:                  `legend[0].entity: 3 is not a string (an entity of the content pack)`,
		`{ "glyph": "T", "tile": "" }`:                   `legend[0]: an empty tile or entity (leave the key out)`,
		`"T"`:                                            `legend[0]: "T" is not a legend entry`,
	} {
		_, err := Decode([]byte(`{"version": 1, "legend": [` + entry + `], "levels": []}`))
		require.Error(t, err, entry)
		assert.Contains(t, err.Error(), want, entry)
	}
	_, err := Decode([]byte(`{"version": 1, "legend": [{ "glyph": "T", "tile": "grass" }, { "glyph": "T", "tile": "road" }], "levels": []}`))
	assert.ErrorContains(t, err, "legend[1].glyph: 'T' already means grass in the legend")
}

func TestLegendEntitiesAreCheckedAndRenamed(t *testing.T) {
	p, err := Decode([]byte(withLegend))
	require.NoError(t, err)
	pk := content.Default()
	assert.Equal(t, []string{"legend[1].entity", "levels[0].chain.steps[2].params.cells[0].spawn"}, p.EntitySteps("Black Dragon"))
	before := p.Levels[0].Chain.Steps[2].Params["cells"].([]chain.PaintCell)
	changed, err := p.RenameEntity(pk, "Black Dragon", "Onyx Dragon")
	require.NoError(t, err)
	assert.Contains(t, changed, "legend[1].entity")
	assert.Contains(t, changed, "levels[0].chain.steps[2].params.cells[0].spawn")
	assert.Equal(t, "Onyx Dragon", p.Legend[1].Entity)
	assert.Equal(t, "Black Dragon", before[0].Spawn, "the step's old value is not changed in place")
	assert.Empty(t, p.CheckEntities(pk))
	assert.Empty(t, p.EntitySteps("Black Dragon"))

	// the project's 'g' follows a rename of Goblin; the tutorial's cannot
	assert.Empty(t, p.LegendPlacements("Onyx Dragon"))
	p.Legend = p.Legend[:5]
	assert.Contains(t, p.LegendPlacements("Goblin"), `prefab "lair"`)

	p.Legend = append(p.Legend, LegendEntry{Glyph: "W", Entity: "Wumpus"})
	assert.Equal(t, []string{`legend[5].entity: "Wumpus" is not an entity of the content pack`}, p.CheckEntities(pk))
	p.Legend = append(p.Legend, LegendEntry{Glyph: "%", Tile: "grass"})
	errs, _ := p.CheckLevels()
	assert.Equal(t, []string{"legend[6].glyph: '%' already means Rations in the legend; pick another character"}, errs)
}

// The chain decoder cannot tell a character of the project's legend from a
// mistake: CheckLevels does, for step templates and project prefabs alike.
func TestCheckLevelsParsesTemplatesWithTheLegend(t *testing.T) {
	p, err := Decode([]byte(withLegend))
	require.NoError(t, err)
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps, chain.Step{Builder: "sub_chain", Params: map[string]any{
		"steps": []chain.Step{{Builder: "prefab", Params: map[string]any{"mode": "level", "template": []string{"#x#"}}}}}})
	p.Prefabs = append(p.Prefabs, Prefab{Name: "bad", Template: []string{"TZ"}})
	errs, _ := p.CheckLevels()
	require.Len(t, errs, 2, "%q", errs)
	assert.Contains(t, errs[0], `prefabs[1].template: template row 1, column 2: unknown character "Z"`)
	assert.Contains(t, errs[1], `levels[0].chain.steps[3].params.steps[0].params.template: template row 1, column 2: unknown character "x"`)
	assert.Contains(t, errs[1], "'T' grass", "the legend named includes the project's")
}

// copyFile copies the tutorial's wfc-populated.xp (and others) into a
// project's folder.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, data, 0o644))
}

func fileProject(t *testing.T, dir, file string) *Project {
	t.Helper()
	p := New("files")
	p.Levels[0].Chain.Steps = []chain.Step{
		{Builder: "prefab", Params: map[string]any{"mode": "level", "file": file}},
		{Builder: "place_spawn", Params: map[string]any{"name": "Orc"}},
	}
	require.NoError(t, p.Save(filepath.Join(dir, "files.hewn.json")))
	q, err := Load(p.Path)
	require.NoError(t, err)
	return q
}

func TestPrefabFilesResolveBesideTheProject(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, "../chain/prefab/tutorial/wfc-populated.xp", filepath.Join(dir, "maps", "depth5.xp"))
	p := fileProject(t, dir, "maps/depth5.xp")
	errs, warns := p.Check()
	assert.Empty(t, errs)
	assert.Empty(t, warns)
	r, err := p.Run(context.Background(), 0, nil)
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 5, Y: 2}, *r.State.Start, "the tutorial's '@'")
	files, paths := p.FilePaths()
	assert.Equal(t, []string{"maps/depth5.xp"}, files)
	assert.Equal(t, []string{"levels[0].chain.steps[0].params.file"}, paths)

	// A bare chain beside the file reads it too.
	chainPath := filepath.Join(dir, "level.json")
	var buf strings.Builder
	require.NoError(t, p.Levels[0].Chain.Encode(&buf))
	require.NoError(t, os.WriteFile(chainPath, []byte(buf.String()), 0o644))
	q, isChain, err := Open(chainPath)
	require.NoError(t, err)
	require.True(t, isChain)
	_, err = q.Run(context.Background(), 0, nil)
	require.NoError(t, err)
}

func TestPrefabFileProblemsInCheck(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	copyFile(t, "../chain/prefab/tutorial/wfc-populated.xp", filepath.Join(outside, "secret.xp"))
	copyFile(t, "../chain/prefab/testdata/xp/mltest.xp", filepath.Join(dir, "ml.xp"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cut.xp"), []byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(outside, "secret.xp"), filepath.Join(dir, "link.xp")))
	require.NoError(t, os.Symlink(filepath.Join(dir, "ml.xp"), filepath.Join(dir, "inside.xp")))
	for file, want := range map[string]string{
		"missing.xp": "levels[0].chain.steps[0].params.file: missing.xp: no such file or directory",
		"cut.xp":     "levels[0].chain.steps[0].params.file: cut.xp: the header is cut short (the file ends early)",
		"link.xp":    "levels[0].chain.steps[0].params.file: link.xp: leads out of the project's folder through a symbolic link",
	} {
		p := fileProject(t, dir, file)
		errs, _ := p.Check()
		require.Len(t, errs, 1, file)
		assert.Contains(t, errs[0], want)
		_, err := p.Run(context.Background(), 0, nil)
		assert.ErrorContains(t, err, strings.TrimPrefix(want, "levels[0].chain.steps[0].params.file: "), "run fails as check says")
	}
	p := fileProject(t, dir, "inside.xp")
	errs, warns := p.Check()
	assert.Empty(t, errs, "a link inside the folder is fine")
	assert.Equal(t, []string{"levels[0].chain.steps[0].params.file: inside.xp: glyphs the legend does not know leave the map as it is: " +
		"'A' (65) in 32 cells, 'B' (66) in 8 cells"}, warns)

	// A project not saved yet has no folder to read from.
	p.Path = ""
	errs, _ = p.Check()
	assert.Contains(t, strings.Join(errs, "\n"), "inside.xp: this run reads no files")

	_, err := Decode([]byte(`{"version": 1, "levels": [{"chain": {"steps": [{"builder": "prefab", "params": {"file": "/etc/passwd.txt"}}]}}]}`))
	assert.ErrorContains(t, err, `levels[0].chain.steps[0].params.file: "/etc/passwd.txt" is an absolute path`)
}
