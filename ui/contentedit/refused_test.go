package contentedit

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

// A value the spawn table refuses is marked on its field with the reason
// beside it, and the pack keeps its last good value; a good value clears
// the mark.
func TestARefusedSpawnValueIsMarkedOnItsField(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.showTab("Spawn table")
	name := h.pack.SpawnTable[0].Name
	before := h.pack.SpawnTable[0].Weight
	r := p.spawns.rows[name]
	require.NotNil(t, r)
	test.Type(r.weight, "x")
	assert.Error(t, r.weight.Validate(), "the field is marked")
	assert.True(t, r.why.Visible(), "the reason is beside the field")
	assert.Contains(t, r.why.Text, "weight must be a whole number")
	assert.Equal(t, before, h.pack.SpawnTable[0].Weight, "the last good value is kept")
	r.min.SetText("99")
	assert.True(t, r.why.Visible(), "min > max: still refused")
	r.weight.SetText("7")
	assert.NoError(t, r.weight.Validate())
	assert.Error(t, r.min.Validate(), "now min holds the refused value")
	assert.Contains(t, r.why.Text, "min depth must be ≤ max depth")
	r.min.SetText("0")
	assert.False(t, r.why.Visible())
	assert.NoError(t, r.min.Validate())
	assert.Equal(t, 7, h.pack.SpawnTable[0].Weight)
}

// Choosing a spawn table problem scrolls the table to its row, highlights
// the row and focuses the field.
func TestAProblemChosenScrollsToAndHighlightsItsRow(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 500)
	last := len(h.pack.SpawnTable) - 1
	name := h.pack.SpawnTable[last].Name
	require.NoError(t, h.EditPack("break", "", func(pk *content.Pack) error {
		pk.SpawnTable[last].MinDepth = 9
		pk.SpawnTable[last].MaxDepth = 2
		return nil
	}))
	p.Update()
	p.selectTab(p.problems.box)
	p.problems.check()
	i := -1
	for k, pr := range p.problems.probs {
		if pr.Path == fmt.Sprintf("spawn_table[%d].min_depth", last) || pr.Path == fmt.Sprintf("spawn_table[%d].max_depth", last) {
			i = k
		}
	}
	require.GreaterOrEqual(t, i, 0, "the bad depths are listed: %v", p.problems.probs)
	p.problems.list.Select(i)
	assert.Same(t, p.spawns.obj, p.tabs.Selected().Content)
	r := p.spawns.rows[name]
	assert.True(t, r.mark.Visible(), "the row is highlighted")
	for n, o := range p.spawns.rows {
		if n != name {
			assert.False(t, o.mark.Visible())
		}
	}
	assert.Greater(t, p.spawns.scroll.Offset.Y, float32(0), "the table scrolled")
	top := p.spawns.scroll.Offset.Y
	y := p.spawns.rowsBox.Position().Y + r.obj.Position().Y
	assert.True(t, y >= top && y+r.obj.Size().Height <= top+p.spawns.scroll.Size().Height, "the row is in view")
	assert.Contains(t, []any{r.min, r.max}, h.win.Canvas().Focused())
}

// A refused loot drop weight is marked, with the reason beside it in the
// odds column; the table keeps its last good weight.
func TestARefusedDropWeightIsMarkedOnItsField(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	require.NotEmpty(t, h.pack.LootTables)
	p.selectTab(p.loot.obj)
	p.loot.focusPath(0, 0)
	require.NotEmpty(t, p.loot.rows)
	r := p.loot.rows[0]
	before := h.pack.LootTables[0].Drops[0].Weight
	r.weight.SetText("-3")
	assert.Error(t, r.weight.Validate(), "the field is marked")
	assert.Equal(t, "⚠ weight -3 is negative", r.odds.Text, "the reason beside it")
	assert.Equal(t, before, h.pack.LootTables[0].Drops[0].Weight)
	r = p.loot.rows[0]
	r.weight.SetText("5")
	r = p.loot.rows[0]
	assert.NoError(t, r.weight.Validate())
	assert.Contains(t, r.odds.Text, "%")
	assert.Equal(t, 5, h.pack.LootTables[0].Drops[0].Weight)
}

// Choosing a loot drop problem highlights the drop's row and focuses its
// weight.
func TestALootProblemChosenHighlightsItsDrop(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	require.NotEmpty(t, h.pack.LootTables)
	last := len(h.pack.LootTables[0].Drops) - 1
	require.NoError(t, h.EditPack("break", "", func(pk *content.Pack) error {
		pk.LootTables[0].Drops[last].Weight = -1
		return nil
	}))
	p.Update()
	p.selectTab(p.problems.box)
	p.problems.check()
	i := -1
	for k, pr := range p.problems.probs {
		if pr.Path == fmt.Sprintf("loot_tables[0].drops[%d].weight", last) {
			i = k
		}
	}
	require.GreaterOrEqual(t, i, 0, "the bad weight is listed: %v", p.problems.probs)
	p.problems.list.Select(i)
	assert.Same(t, p.loot.obj, p.tabs.Selected().Content)
	require.Len(t, p.loot.rows, last+1)
	assert.True(t, p.loot.rows[last].mark.Visible(), "the drop's row is highlighted")
	assert.Same(t, p.loot.rows[last].weight, h.win.Canvas().Focused())
}
