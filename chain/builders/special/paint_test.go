package special

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func buildPaint(t *testing.T, s *chain.State, anchor string, cells ...chain.PaintCell) error {
	t.Helper()
	params := map[string]any{"cells": cells}
	if anchor != "" {
		params["anchor"] = anchor
	}
	return buildPrefabLike(t, "paint", s, params)
}

func buildPrefabLike(t *testing.T, builder string, s *chain.State, params map[string]any) error {
	t.Helper()
	st, err := chain.NewStep(builder, params)
	require.NoError(t, err)
	spec, _ := chain.Lookup(builder)
	b, err := spec.New(spec.Resolve(st.Params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, nil)
}

func cell(x, y int) chain.PaintCell { return chain.PaintCell{X: x, Y: y, W: 1, H: 1} }

func TestPaintCells(t *testing.T) {
	s := pfFloorState(20, 10)
	st := chain.Point{X: 5, Y: 5}
	s.Start = &st
	_, err := s.AddExit(chain.Point{X: 15, Y: 5})
	require.NoError(t, err)
	s.Spawns = []chain.Spawn{{X: 2, Y: 2, Name: "Rat"}, {X: 3, Y: 2, Name: "Bat"}, {X: 9, Y: 2, Name: "Owl"}, {X: 12, Y: 8, Name: "Cat"}}
	wall := cell(4, 4)
	wall.W, wall.H, wall.Tile = 3, 3, "wall" // over the start
	clear := cell(2, 2)
	clear.W, clear.Clear = 2, true
	gob := cell(9, 2)
	gob.Spawn = "Goblin"
	water := cell(14, 5)
	water.W, water.Tile = 3, "shallow_water" // over the exit
	exit := cell(1, 8)
	exit.Exit = true
	start := cell(12, 8)
	start.Start = true
	off := cell(18, 0)
	off.W, off.H, off.Tile = 5, 2, "floor" // 3 tiles on the map's ring, 1 inside, 6 off it
	stuck := cell(5, 5)
	stuck.Spawn = "Orc" // on the new wall
	require.NoError(t, buildPaint(t, s, "", wall, clear, gob, water, exit, stuck, off))
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 5, Y: 5}))
	require.NotNil(t, s.Start)
	assert.True(t, s.Map.Walkable(*s.Start), "the start moved off the painted wall")
	assert.Equal(t, []chain.Spawn{{X: 12, Y: 8, Name: "Cat"}, {X: 9, Y: 2, Name: "Goblin"}}, s.Spawns,
		"cleared, replaced; the orc on rock skipped")
	require.Len(t, s.Exits, 1, "the exit under the water is gone, the painted one is there")
	assert.Equal(t, chain.Point{X: 1, Y: 8}, s.Exits[0].Pos())
	assert.Equal(t, chain.DownStairs, s.Map.At(chain.Point{X: 1, Y: 8}))
	assert.Equal(t, chain.ShallowWater, s.Map.At(chain.Point{X: 15, Y: 5}))
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 19, Y: 0}), "the outer ring stays wall")
	var msgs []string
	for _, w := range s.Warnings() {
		msgs = append(msgs, w.Msg)
	}
	assert.Equal(t, []string{"6 painted tiles fall off the 20×10 map and 3 on its outer ring, which stays wall: skipped",
		"1 painted spawn on tiles nobody can stand on: skipped"}, msgs)

	// A start painted where a spawn stands: the spawn makes way.
	require.NoError(t, buildPaint(t, s, "", start))
	assert.Equal(t, chain.Point{X: 12, Y: 8}, *s.Start)
	assert.NotContains(t, s.Spawns, chain.Spawn{X: 12, Y: 8, Name: "Cat"})
}

func TestPaintAnchors(t *testing.T) {
	gob := cell(-1, 2)
	gob.Spawn = "Goblin"
	for anchor, want := range map[string]chain.Point{"": {X: -1, Y: 2}, "map": {X: -1, Y: 2}, "start": {X: 4, Y: 5},
		"exit": {X: 11, Y: 3}, "center": {X: 9, Y: 7}} {
		s := pfFloorState(20, 10)
		st := chain.Point{X: 5, Y: 3}
		s.Start = &st
		_, err := s.AddExit(chain.Point{X: 12, Y: 1})
		require.NoError(t, err)
		require.NoError(t, buildPaint(t, s, anchor, gob))
		if !s.Map.In(want) {
			assert.Empty(t, s.Spawns, anchor)
			assert.Len(t, s.Warnings(), 1, anchor)
			continue
		}
		assert.Equal(t, []chain.Spawn{{X: want.X, Y: want.Y, Name: "Goblin"}}, s.Spawns, anchor)
	}
	err := buildPaint(t, pfFloorState(20, 10), "start", gob)
	assert.EqualError(t, err, "needs a start position, but none is placed")
	err = buildPaint(t, pfFloorState(20, 10), "exit", gob)
	assert.EqualError(t, err, "anchor exit: needs an exit, but none is placed")

	// Check knows an anchor needs one, and what the cells make.
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{
		{Builder: "paint", Params: map[string]any{"anchor": "start", "cells": []chain.PaintCell{gob}}}}}
	probs := chain.Check(c)
	require.Len(t, probs, 1)
	assert.Equal(t, "steps[0]: paint needs a start, but no earlier step makes one", probs[0].Error())
	st := cell(3, 3)
	st.Start, st.Tile = true, "floor"
	c.Steps = append([]chain.Step{{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{st}}}}, c.Steps...)
	assert.Empty(t, chain.Check(c), "a paint that is the first step makes the map and the start")
	r, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 3, Y: 3}, *r.State.Start, "the map was solid rock: the start's own tile is floor")
	assert.Empty(t, r.State.Spawns, "the goblin fell on rock")
	require.Len(t, r.Warnings, 1)
	assert.Equal(t, "steps[1] paint: 1 painted spawn on tiles nobody can stand on: skipped", r.Warnings[0].String())
}

// Paint cells round-trip through JSON one cell a line, and bad cells are
// errors naming the cell and key.
func TestPaintCellsJSON(t *testing.T) {
	src := `{ "name": "p", "depth": 1, "width": 20, "height": 10,
  "steps": [
    { "builder": "paint", "params": { "anchor": "center", "cells": [
      { "x": 10, "y": 4, "w": 4, "tile": "wall" }, { "x": -2, "y": 1, "spawn": "Goblin" }, { "x": 3, "y": 3, "h": 2, "clear": true },
      { "x": 0, "y": 0, "start": true }, { "x": 5, "y": 0, "tile": "floor", "exit": true } ] } }
  ]
}
`
	c, err := chain.DecodeJSON([]byte(src), "")
	require.NoError(t, err)
	cells := c.Steps[0].Params["cells"].([]chain.PaintCell)
	require.Len(t, cells, 5)
	assert.Equal(t, chain.PaintCell{X: 10, Y: 4, W: 4, H: 1, Tile: "wall"}, cells[0])
	assert.Equal(t, chain.PaintCell{X: 3, Y: 3, W: 1, H: 2, Clear: true}, cells[2])
	var out bytes.Buffer
	require.NoError(t, c.Encode(&out))
	assert.Contains(t, out.String(), "\n"+`        { "x": 10, "y": 4, "w": 4, "tile": "wall" },`+"\n")
	again, err := chain.DecodeJSON(out.Bytes(), "")
	require.NoError(t, err)
	var out2 bytes.Buffer
	require.NoError(t, again.Encode(&out2))
	assert.Equal(t, out.String(), out2.String())

	clone := c.Steps[0].Clone()
	clone.Params["cells"].([]chain.PaintCell)[0].X = 99
	assert.Equal(t, 10, cells[0].X, "Clone copies the cells")

	for cellsJSON, want := range map[string]string{
		`[{"x": 1}]`:                                                  `[0].y: missing`,
		`[{"x": 1, "y": 2, "tile": "lava"}]`:                          `[0].tile: "lava" is not a tile (want wall, floor, down_stairs`,
		`[{"x": 1, "y": 2}]`:                                          `[0]: paints nothing (give tile, spawn, clear, start or exit)`,
		`[{"x": 1, "y": 2, "w": 2, "start": true}]`:                   `[0]: a start or an exit marks one tile (w and h 1, not 2×1)`,
		`[{"x": 1, "y": 2, "start": true, "exit": true}]`:             `[0]: the start and an exit cannot share a tile`,
		`[{"x": 5000, "y": 2, "clear": true}]`:                        `[0].x: 5000 is out of range [-4096, 4096]`,
		`[{"x": 1, "y": 2, "w": 0, "clear": true}]`:                   `[0].w: 0 is out of range [1, 4096]`,
		`[{"x": 1, "y": 2, "colour": "red"}]`:                         `[0]: unknown key "colour" (want x, y, w, h, tile, spawn, clear, start, exit)`,
		`[{"x": 1, "y": 2, "spawn": ""}]`:                             `[0].spawn: "" is empty (leave the key out)`,
		`[{"x": 1, "y": 2, "clear": "yes"}]`:                          `[0].clear: "yes" is not true or false`,
		`[{"x": 1.5, "y": 2, "clear": true}]`:                         `[0].x: 1.5 is not an integer`,
		`[3]`:                                                         `[0]: 3 is not a cell object`,
		`{"x": 1}`:                                                    `an object is not a list of cells`,
		`[{"x": 0, "y": 0, "w": 4096, "h": 4096, "spawn": "Goblin"}]`: `[0]: the cells place more than 65536 spawns in all`,
		`[{"x": 0, "y": 0, "w": 4096, "h": 4096, "clear": true}, {"x": 0, "y": 0, "clear": true}]`: `[1]: the cells cover more than 16777216 tiles in all`,
	} {
		_, err := chain.DecodeJSON([]byte(`{"steps": [{"builder": "paint", "params": {"cells": `+cellsJSON+`}}]}`), "")
		require.Error(t, err, cellsJSON)
		assert.Contains(t, err.Error(), "steps[0].params.cells: "+want, cellsJSON)
	}
	many := "[" + strings.Repeat(`{"x": 0, "y": 0, "clear": true},`, chain.MaxPaintCells) + `{"x": 0, "y": 0, "clear": true}]`
	_, err = chain.DecodeJSON([]byte(`{"steps": [{"builder": "paint", "params": {"cells": `+many+`}}]}`), "")
	assert.ErrorContains(t, err, "steps[0].params.cells: 65537 cells; a paint step holds at most 65536")
}

// A paint step that walls the exit off is named by the run's warning.
func TestPaintCuttingTheExitOffIsNamed(t *testing.T) {
	walls := chain.PaintCell{X: 10, Y: 1, W: 1, H: 8, Tile: "wall"}
	for _, noHistory := range []bool{false, true} {
		c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{
			{Builder: "prefab", Params: map[string]any{"mode": "level", "template": []string{
				"####################",
				"#@                >#",
				"####################"}}},
			{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{{X: 3, Y: 1, W: 1, H: 1, Spawn: "Goblin"}}}},
			{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{walls}}},
			{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{{X: 5, Y: 1, W: 1, H: 1, Spawn: "Orc"}}}},
		}}
		r, err := chain.RunConfig(context.Background(), c, chain.Config{NoHistory: noHistory})
		require.NoError(t, err)
		require.Len(t, r.Warnings, 1)
		assert.Equal(t, "steps[2] paint: cuts the exit at (18,1) off from the start at (1,1)", r.Warnings[0].String(), "no history: %v", noHistory)
		assert.Equal(t, 2, r.Warnings[0].Step.Index)
	}
}
