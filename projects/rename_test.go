package projects

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
)

func TestRenameEntityFollowsIntoPlacingSteps(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	pk := content.Default()
	// a nested place_spawn and a magic variant placed by name
	p.Levels[1].Chain.Steps = append(p.Levels[1].Chain.Steps, chain.Step{Builder: "sub_chain", Params: map[string]any{
		"steps": []chain.Step{{Builder: "place_spawn", Params: map[string]any{"name": "Longsword +1"}}}}})
	dragon := p.EntitySteps("Black Dragon")
	require.Len(t, dragon, 1)
	changed, err := p.RenameEntity(pk, "Black Dragon", "Onyx Dragon")
	require.NoError(t, err)
	assert.Contains(t, changed, dragon[0])
	assert.Empty(t, p.EntitySteps("Black Dragon"))
	assert.Len(t, p.EntitySteps("Onyx Dragon"), 1)
	assert.Empty(t, p.CheckEntities(pk), "every placed entity still exists")

	_, err = p.RenameEntity(pk, "Longsword", "Broadsword")
	require.NoError(t, err)
	assert.Len(t, p.EntitySteps("Broadsword +1"), 1, "a placed magic variant follows")

	_, err = p.RenameEntity(pk, "Onyx Dragon", "Goblin")
	assert.Error(t, err)
	assert.Len(t, p.EntitySteps("Onyx Dragon"), 1, "a refused rename changes no step")
}

func TestLegendPlacementsNameThePrefabsThatCannotFollow(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	got := p.LegendPlacements("Goblin")
	assert.Contains(t, got, `prefab "watch_post"`)
	assert.Contains(t, got, `built-in prefab "orc_camp"`)
	assert.Empty(t, p.LegendPlacements("Black Dragon"))
}

func TestFreePackNameKeepsOtherFiles(t *testing.T) {
	dir := t.TempDir()
	p := New("x")
	pk := content.Default()
	assert.Equal(t, PackFile, p.FreePackName(PackFile, pk), "no folder yet")
	p.Path = filepath.Join(dir, "x.hewn.json")
	assert.Equal(t, PackFile, p.FreePackName(PackFile, pk))
	require.NoError(t, os.WriteFile(filepath.Join(dir, PackFile), []byte("{}"), 0o644))
	assert.Equal(t, "spawns-2.json", p.FreePackName(PackFile, pk))
}

func TestCheckPrefabNames(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	errs, _ := p.CheckLevels()
	require.Empty(t, errs)
	p.Levels[1].Chain.Steps = append(p.Levels[1].Chain.Steps,
		chain.Step{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "watch_post"}},
		chain.Step{Builder: "sub_chain", Params: map[string]any{"steps": []chain.Step{
			{Builder: "prefab", Params: map[string]any{"name": "no_such"}},
			{Builder: "prefab", Params: map[string]any{"vaults": []string{"checkerboard", "missing"}}},
		}}})
	n := len(p.Levels[1].Chain.Steps)
	errs, _ = p.CheckLevels()
	require.Len(t, errs, 2, "%q", errs)
	assert.Contains(t, errs[0], fmt.Sprintf(`levels[1].chain.steps[%d].params.steps[0].params.name: unknown prefab "no_such" (built-in: `, n-1))
	assert.Contains(t, errs[0], "; project: watch_post)")
	assert.Contains(t, errs[1], fmt.Sprintf(`levels[1].chain.steps[%d].params.steps[1].params.vaults[1]: unknown prefab "missing"`, n-1))
}
