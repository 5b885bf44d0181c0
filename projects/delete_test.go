package projects

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
)

func TestDeleteEntityRemovesItFromThePackAndTheProject(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	pk := content.Default()
	steps := &p.Levels[1].Chain.Steps
	n := len(*steps)
	*steps = append(*steps,
		chain.Step{Builder: "sub_chain", Params: map[string]any{"steps": []chain.Step{
			{Builder: "place_spawn", Params: map[string]any{"name": "Longsword +1"}},
			{Builder: "cull_unreachable"}}}},
		chain.Step{Builder: "periodic_spawn", Params: map[string]any{"name": "Longsword", "period": 3}},
		chain.Step{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{
			{X: 1, Y: 1, W: 1, H: 1, Spawn: "Longsword"},
			{X: 2, Y: 1, W: 1, H: 1, Tile: "wall", Spawn: "Longsword"},
			{X: 3, Y: 1, W: 1, H: 1, Spawn: "Goblin"}}}})
	p.Legend = append(p.Legend, LegendEntry{Glyph: "L", Entity: "Longsword", Tile: "grass"})
	uses := p.EntityUses(pk, "Longsword")
	inPack := pk.EntityRefs("Longsword")
	require.NotEmpty(t, inPack)
	assert.Equal(t, inPack, uses[:len(inPack)], "the pack's references first")
	assert.Len(t, uses, len(inPack)+5, "then the legend, the nested place_spawn, periodic_spawn and two paint cells")

	r, _ := pk.FindEntity("Longsword")
	got, err := p.DeleteEntity(pk, r)
	require.NoError(t, err)
	assert.Equal(t, uses, got)
	assert.Empty(t, p.EntityUses(pk, "Longsword"))
	assert.Empty(t, p.CheckEntities(pk), "nothing names it any more")
	assert.Equal(t, LegendEntry{Glyph: "L", Tile: "grass"}, p.Legend[len(p.Legend)-1])
	sub := (*steps)[n].Params["steps"].([]chain.Step)
	require.Len(t, sub, 1, "the place_spawn step is gone")
	assert.Equal(t, "cull_unreachable", sub[0].Builder)
	assert.NotContains(t, (*steps)[n+1].Params, "name", "periodic_spawn picks from its category again")
	assert.Equal(t, []chain.PaintCell{{X: 2, Y: 1, W: 1, H: 1, Tile: "wall"}, {X: 3, Y: 1, W: 1, H: 1, Spawn: "Goblin"}},
		(*steps)[n+2].Params["cells"])

	_, err = p.DeleteEntity(pk, content.EntityRef{Section: chain.Mobs, Index: 999})
	assert.Error(t, err)
}
