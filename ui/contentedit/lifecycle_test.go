package contentedit

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/internal/uitest"
)

// tapMenuItem taps the item of the pop-up menu on w whose text is text: the
// innermost tappable widget drawing it.
func tapMenuItem(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	var item fyne.Tappable
	for _, o := range test.LaidOutObjects(uitest.Overlay(t, w)) {
		tp, ok := o.(fyne.Tappable)
		if _, isWidget := o.(fyne.Widget); !ok || !isWidget {
			continue
		}
		for _, in := range test.LaidOutObjects(o) {
			if tx, ok := in.(*canvas.Text); ok && tx.Text == text {
				item = tp
			}
		}
	}
	require.NotNil(t, item, "no menu item %q", text)
	item.Tapped(&fyne.PointEvent{})
}

// addOptions are the names the spawn table offers to add.
func (p *Panel) addOptions() []string {
	p.fresh(p.spawns.obj)
	return slices.Clone(p.spawns.addOpts)
}

func TestCreateAMobFromTheEntitiesTab(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.showTab("Entities")
	v := p.entities
	spawns := len(h.pack.SpawnTable)
	undo := len(h.undo)

	test.Tap(v.newBtn)
	tapMenuItem(t, h.win, "New mob")
	require.Len(t, h.undo, undo+1, "one undo step")
	ref, ok := h.pack.FindEntity("New mob")
	require.True(t, ok, "a new mob with a default name")
	assert.Equal(t, chain.Mobs, ref.Section)
	assert.Equal(t, ref, v.form.ref, "its form is shown")
	assert.Equal(t, "New mob", formEntry(t, v.form, "name").Text)
	assert.Len(t, h.pack.SpawnTable, spawns, "added to nothing")
	assert.Empty(t, h.pack.EntityRefs("New mob"))
	assert.Contains(t, p.addOptions(), "New mob", "the spawn table offers it")
	assert.Contains(t, v.status.Text, "in no spawn or loot table yet")

	test.Tap(v.newBtn)
	tapMenuItem(t, h.win, "New mob")
	_, ok = h.pack.FindEntity("New mob 2")
	assert.True(t, ok, "names stay unique")

	h.Undo()
	h.Undo()
	_, ok = h.pack.FindEntity("New mob")
	assert.False(t, ok)
	assert.NotContains(t, p.addOptions(), "New mob")
}

func TestDuplicateAMob(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	chooseEntity(t, p, h, "Goblin")
	v := p.entities
	orig, _ := h.pack.FindEntity("Goblin")
	spawns := len(h.pack.SpawnTable)
	test.Tap(v.dupBtn)
	ref, ok := h.pack.FindEntity("Goblin (copy)")
	require.True(t, ok)
	assert.Equal(t, orig.Index+1, ref.Index, "right after the original")
	assert.Equal(t, ref, v.form.ref)
	x, _ := h.pack.Entity(ref)
	g, _ := h.pack.Entity(orig)
	assert.Equal(t, g.JSON([]string{"name"}), x.JSON([]string{"name"}), "a copy")
	assert.Len(t, h.pack.SpawnTable, spawns, "the copy is in no table")
	assert.Contains(t, p.addOptions(), "Goblin (copy)")

	formEntry(t, v.form, "vision_range").SetText("3")
	x, _ = h.pack.Entity(ref)
	g, _ = h.pack.Entity(orig)
	assert.Equal(t, 3, x.Mob.VisionRange)
	assert.Equal(t, 8, g.Mob.VisionRange, "the original keeps its own")

	h.Undo()
	h.Undo()
	_, ok = h.pack.FindEntity("Goblin (copy)")
	assert.False(t, ok)
}

func TestDeleteAMobListsItsReferencesFirstThenTakesThemAlong(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	require.NotEmpty(t, h.proj.EntitySteps("Black Dragon"), "the example places it by name")
	_, inTable := h.pack.Spawn("Black Dragon")
	require.True(t, inTable)
	chooseEntity(t, p, h, "Black Dragon")
	v := p.entities
	before, proj := h.pack, h.proj

	test.Tap(v.delBtn)
	d := uitest.Overlay(t, h.win)
	assert.True(t, uitest.TextIn(d, `spawn table entry "Black Dragon" (removed)`), "the references are listed first")
	assert.True(t, uitest.TextIn(d, "the place_spawn step in level"))
	assert.Same(t, before, h.pack, "nothing deleted before the answer")
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	_, ok := h.pack.FindEntity("Black Dragon")
	assert.True(t, ok)

	i := slices.Index(v.shown, v.sel)
	require.GreaterOrEqual(t, i, 0)
	after, _ := h.pack.Entity(v.shown[i+1])
	test.Tap(v.delBtn)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, h.win), "Delete"))
	shown, _ := h.pack.Entity(v.form.ref)
	assert.Equal(t, after.Name(), shown.Name(), "the entity listed after it is shown")
	_, ok = h.pack.FindEntity("Black Dragon")
	assert.False(t, ok)
	_, inTable = h.pack.Spawn("Black Dragon")
	assert.False(t, inTable, "the spawn table follows")
	assert.Empty(t, h.proj.EntitySteps("Black Dragon"), "the place_spawn step goes too")
	assert.Empty(t, h.proj.CheckEntities(h.pack))
	assert.Contains(t, v.status.Text, `Deleted "Black Dragon" and 2 references to it.`)

	h.Undo()
	assert.Same(t, before, h.pack, "one undo step restores the pack")
	assert.Same(t, proj, h.proj, "and the project")
}

func TestDeleteAnItemTakesItOutOfLootTablesAndEquipment(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	equip := false
	for _, r := range h.pack.EntityRefs("Cudgel") {
		equip = equip || strings.HasPrefix(r, "mobs[")
	}
	require.True(t, equip, "the barkeep wields a cudgel")
	chooseEntity(t, p, h, "Cudgel")
	test.Tap(p.entities.delBtn)
	d := uitest.Overlay(t, h.win)
	assert.True(t, uitest.TextIn(d, `equipped by "Barkeep" (removed)`))
	test.Tap(uitest.ButtonIn(t, d, "Delete"))
	assert.Empty(t, h.pack.EntityRefs("Cudgel"))
	for _, m := range h.pack.Mobs {
		assert.NotContains(t, m.Equipped, "Cudgel")
	}
}

func TestDeletingTheOnlyEntityShownLeavesTheFormEmpty(t *testing.T) {
	p, _ := newFakePanel(t, "", 1280, 800)
	p.showTab("Entities")
	v := p.entities
	v.search.SetText("Black Dragon")
	require.Len(t, v.shown, 1)
	v.list.Select(0)
	v.delete(v.sel, "Black Dragon")
	assert.Empty(t, v.shown)
	assert.Nil(t, v.form)
	assert.Equal(t, "", v.title.Text)
	assert.True(t, v.dupBtn.Disabled(), "nothing to duplicate")
	v.search.SetText("")
	assert.NotEmpty(t, v.shown)
}

func TestLifecycleButtonsAreOffWhileThePackIsReadOnly(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	h.ro = "read-only"
	p.Update()
	chooseEntity(t, p, h, "Rat")
	v := p.entities
	for _, b := range []*widget.Button{v.newBtn, v.dupBtn, v.delBtn} {
		assert.True(t, b.Disabled(), b.Text)
	}
}
