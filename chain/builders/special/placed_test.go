package special

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// A run records where prefab steps stamped their templates, by name: a
// level, a section (in a sub-chain too) and room vaults.
func TestRunRecordsPrefabPlacements(t *testing.T) {
	c := &chain.Chain{Width: 60, Height: 40, Depth: 5, Steps: []chain.Step{
		{Builder: "prefab", Params: map[string]any{"mode": "level", "template": []string{"#####", "#   #", "#####"}}},
		{Builder: "simple_map"},
		{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "orc_camp", "x": 3, "y": 4}},
		{Builder: "sub_chain", Params: map[string]any{"steps": []chain.Step{
			{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "mine", "x": 20, "y": 20}},
		}}},
	}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1,
		Templates: map[string][]string{"mine": {"###", "# #", "###"}}})
	require.NoError(t, err)
	require.Len(t, res.Placements, 3)
	assert.Equal(t, chain.Placement{Step: res.Placements[0].Step, Rect: chain.R(0, 0, 5, 3), Name: ""}, res.Placements[0])
	assert.Equal(t, "steps[0]", res.Placements[0].Step.Path)
	assert.Equal(t, "orc_camp", res.Placements[1].Name)
	assert.Equal(t, chain.R(3, 4, 12, 12), res.Placements[1].Rect)
	assert.Equal(t, "mine", res.Placements[2].Name)
	assert.Equal(t, chain.R(20, 20, 3, 3), res.Placements[2].Rect)
	assert.Equal(t, 3, res.Placements[2].Step.Index, "a nested step's placement names its top-level step")
}
