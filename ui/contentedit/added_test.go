package contentedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMakeEditableCopyLeavesNoEmptyBand(t *testing.T) {
	p, h := newFakePanel(t, "", 1024, 700)
	h.ro = "The embedded pack is read-only."
	p.Update()
	d := fyne.CurrentApp().Driver()
	size := h.win.Canvas().Size()
	h.win.Resize(size.AddWidthHeight(1, 0))
	h.win.Resize(size)
	require.True(t, p.banner.Visible())
	under := d.AbsolutePositionForObject(p.tabs).Y
	require.Greater(t, under, float32(20), "the banner sits over the tabs")

	test.Tap(buttonIn(t, p.banner, "Make editable copy"))
	p.Update() // the editor's answer to the copy
	assert.False(t, p.banner.Visible())
	assert.Less(t, d.AbsolutePositionForObject(p.tabs).Y, float32(8), "the tabs move up where the banner was")
}

func TestAnEntryAddedUnderAFilterIsShownAndConfirmed(t *testing.T) {
	p, h := newFakePanel(t, "", 1024, 700)
	p.selectTab(p.spawns.obj)
	p.fresh(p.spawns.obj)
	require.NotEmpty(t, p.spawns.addOpts, "entities not in the table yet")
	name := p.spawns.addOpts[len(p.spawns.addOpts)-1]
	p.setSpawnFilter("orc", "3")
	require.NotContains(t, p.shownSpawns(), name, "the filter hides it")

	test.Type(p.spawns.addSel, name)
	test.Tap(p.spawns.addBtn)
	_, ok := h.pack.Spawn(name)
	require.True(t, ok, "added")
	assert.Contains(t, p.shownSpawns(), name, "and shown")
	assert.Empty(t, p.spawns.filter.Text+p.spawns.depthFilter.Text, "the filter that hid it is cleared")
	assert.Contains(t, p.spawnStatus(), "Added "+name)
	assert.Contains(t, p.spawnStatus(), "filter")

	// its row is in sight
	size := h.win.Canvas().Size()
	h.win.Resize(size.AddWidthHeight(1, 0))
	h.win.Resize(size)
	row := p.spawns.rows[name].weight
	d := fyne.CurrentApp().Driver()
	tableAt := d.AbsolutePositionForObject(p.spawns.scroll)
	y := d.AbsolutePositionForObject(row).Y
	assert.GreaterOrEqual(t, y, tableAt.Y, "its row is in sight")
	assert.LessOrEqual(t, y+row.Size().Height, tableAt.Y+p.spawns.scroll.Size().Height+1, "its row is in sight")

	// without a filter in the way, the message says no more than the addition
	name2 := p.spawns.addOpts[0]
	test.Type(p.spawns.addSel, name2)
	test.Tap(p.spawns.addBtn)
	assert.Contains(t, p.spawnStatus(), "Added "+name2)
	assert.NotContains(t, p.spawnStatus(), "filter")
}
