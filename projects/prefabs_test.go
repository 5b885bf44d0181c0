package projects

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

func prefabProject() *Project {
	p := New("p")
	p.Prefabs = []Prefab{{Name: "hut", Template: []string{"###", "# #"}}, {Name: "well", Template: []string{"≈"}}}
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps,
		chain.Step{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "hut"}},
		chain.Step{Builder: "prefab", Params: map[string]any{"vaults": []string{"well", "hut", "checkerboard"}}},
		chain.Step{Builder: "prefab", Params: map[string]any{"mode": "sectional", "template": []string{"#"}}},
		chain.Step{Builder: "sub_chain", Params: map[string]any{"steps": []chain.Step{
			{Builder: "prefab", Params: map[string]any{"mode": "level", "name": "hut"}}}}})
	return p
}

func TestPrefabUsesAndRenameFollowIntoSteps(t *testing.T) {
	p := prefabProject()
	uses := p.PrefabUses("hut")
	assert.Equal(t, []PrefabUse{{0, "steps[7]"}, {0, "steps[8]"}, {0, "steps[10].params.steps[0]"}}, uses)
	assert.Equal(t, "level 1 (Level 1), steps[7]", uses[0].String(p))
	assert.Len(t, p.PrefabUses("silly_smile"), 0, "a vault list set explicitly leaves the defaults out")

	q := p.Clone()
	changed, err := q.RenamePrefab("hut", "cabin")
	require.NoError(t, err)
	assert.Equal(t, uses, changed)
	assert.Equal(t, "cabin", q.Prefabs[0].Name)
	steps := q.Levels[0].Chain.Steps
	assert.Equal(t, "cabin", steps[7].Params["name"])
	assert.Equal(t, []string{"well", "cabin", "checkerboard"}, steps[8].Params["vaults"])
	assert.Equal(t, "cabin", steps[10].Params["steps"].([]chain.Step)[0].Params["name"])
	assert.Equal(t, "hut", p.Levels[0].Chain.Steps[7].Params["name"], "the original is untouched")
	assert.Empty(t, q.PrefabUses("hut"))

	_, err = q.RenamePrefab("cabin", "well")
	assert.ErrorContains(t, err, `there is a prefab "well" already`)
	_, err = q.RenamePrefab("nope", "x")
	assert.ErrorContains(t, err, `no prefab "nope"`)
}

func TestSetPrefabAddsItsLegendAndFreeNames(t *testing.T) {
	p := New("p")
	w, err := prefab.Tutorial().Write(&prefab.Template{W: 2, H: 1, Cells: []prefab.Cell{{Tile: chain.Grass}, {Keep: true}}})
	require.NoError(t, err)
	name := p.FreePrefabName("hut")
	assert.Equal(t, "hut", name)
	p.SetPrefab(name, w)
	assert.Equal(t, "hut_2", p.FreePrefabName("hut"))
	assert.Equal(t, w.Rows, p.Prefabs[0].Template)
	assert.Equal(t, []LegendEntry{{Glyph: `"`, Tile: "grass"}, {Glyph: "?", Keep: true}}, p.Legend)
	p.SetPrefab(name, w)
	assert.Len(t, p.Legend, 2, "characters the legend has are not added twice")
	assert.Len(t, p.Prefabs, 1)
	back, err := p.PrefabLegend().Parse(p.Prefabs[0].Template)
	require.NoError(t, err)
	assert.True(t, back.Cells[1].Keep)
}
