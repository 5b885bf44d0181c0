package contentedit

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/internal/widgets"
)

// chooseEntity shows name's form in the Entities tab.
func chooseEntity(t *testing.T, p *Panel, h *fakeHost, name string) *entityForm {
	t.Helper()
	ref, ok := h.pack.FindEntity(name)
	require.True(t, ok, name)
	p.selectTab(p.entities.obj)
	p.entities.choose(ref)
	require.NotNil(t, p.entities.form)
	return p.entities.form
}

func formEntry(t *testing.T, f *entityForm, key string) *widget.Entry {
	t.Helper()
	en, ok := f.inputs[key].(*widget.Entry)
	require.True(t, ok, "field %s has an entry", key)
	return en
}

func TestEntityRenameFollowsEveryReferenceThenUndoRestoresThem(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	require.NotEmpty(t, h.proj.EntitySteps("Black Dragon"))
	f := chooseEntity(t, p, h, "Black Dragon")
	formEntry(t, f, "name").SetText("Onyx Dragon")
	test.Tap(buttonIn(t, f.obj, "Rename"))

	_, ok := h.pack.FindEntity("Black Dragon")
	assert.False(t, ok)
	_, ok = h.pack.Spawn("Onyx Dragon")
	assert.True(t, ok, "the spawn table follows")
	assert.Empty(t, h.proj.EntitySteps("Black Dragon"))
	assert.NotEmpty(t, h.proj.EntitySteps("Onyx Dragon"), "the level's place_spawn step follows")
	assert.Contains(t, p.entities.status.Text, `Renamed "Black Dragon" to "Onyx Dragon"`)

	h.Undo()
	_, ok = h.pack.Spawn("Black Dragon")
	assert.True(t, ok)
	assert.NotEmpty(t, h.proj.EntitySteps("Black Dragon"), "undo restores the step too")
	_, ok = h.pack.FindEntity("Onyx Dragon")
	assert.False(t, ok)
}

func TestEntityRenameOfALegendSpawnAsksFirst(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	f := chooseEntity(t, p, h, "Goblin")
	formEntry(t, f, "name").SetText("Hobgoblin")
	test.Tap(buttonIn(t, f.obj, "Rename"))
	d := h.win.Canvas().Overlays().Top()
	require.NotNil(t, d, "the prefab legend cannot follow: the designer is asked")
	assert.True(t, textIn(d, `prefab "watch_post"`))
	_, ok := h.pack.FindEntity("Goblin")
	assert.True(t, ok, "nothing renamed before the answer")
	test.Tap(buttonIn(t, d, "Rename"))
	_, ok = h.pack.FindEntity("Hobgoblin")
	assert.True(t, ok)
}

func TestEntityInvalidDiceIsRefusedWithAMessage(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	f := chooseEntity(t, p, h, "Rat")
	rows := f.cols["natural.attacks"]
	require.Len(t, rows, 1)
	dmg := rows[0][2].(*widget.Entry)
	before := h.pack
	dmg.SetText("2x6")
	assert.Same(t, before, h.pack, "a refused value changes nothing")
	errl := f.errs["natural.attacks"]
	assert.True(t, errl.Visible())
	assert.Contains(t, errl.Text, `bad dice "2x6"`)
	dmg.SetText("2d6+1")
	assert.False(t, errl.Visible())
	x, _ := h.pack.Entity(f.ref)
	assert.Equal(t, "2d6+1", x.Mob.Natural.Attacks[0].Damage)
}

func TestEntityFormEditsLookFactionAndShowsTheRestAsJSON(t *testing.T) {
	p, h := newFakePanel(t, "ch60_spawns.json", 1280, 800)
	f := chooseEntity(t, p, h, "Goblin")
	formEntry(t, f, "renderable.fg").SetText("#00FF00")
	f = p.entities.form
	x, _ := h.pack.Entity(f.ref)
	assert.Equal(t, "#00FF00", x.Renderable().FG)
	assert.Equal(t, "#00FF00", chain.Hex(f.preview.text.Color.(color.RGBA)), "the preview draws the new colour")
	f.inputs["faction"].(*widgets.Select).SetSelected("(none: Mindless)")
	x, _ = h.pack.Entity(f.ref)
	assert.Equal(t, "", x.Mob.Faction)
	glyph := formEntry(t, f, "renderable.glyph")
	glyph.SetText("gg")
	assert.Contains(t, f.errs["renderable.glyph"].Text, "one character")
	assert.True(t, f.extraBox.Hidden, "the tutorial's goblin has no field the form lacks")
}

func TestEntitySearchAndSection(t *testing.T) {
	p, _ := newFakePanel(t, "", 1280, 800)
	p.showTab("Entities")
	v := p.entities
	v.search.SetText("dragon")
	require.NotEmpty(t, v.shown)
	for _, r := range v.shown {
		x, _ := v.pack.Entity(r)
		assert.Contains(t, strings.ToLower(x.Name()), "dragon")
	}
	v.search.SetText("")
	v.section.SetSelected("Props")
	for _, r := range v.shown {
		assert.Equal(t, "props", string(r.Section))
	}
}

func TestLootWeightOddsRenameAndRemove(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.selectTab(p.loot.obj)
	v := p.loot
	v.focusPath(0, -1)
	name := h.pack.LootTables[0].Name
	require.NotEmpty(t, v.rows)
	v.rows[0].weight.SetText("1000")
	assert.Equal(t, 1000, h.pack.LootTables[0].Drops[0].Weight)
	assert.NotEqual(t, "", v.rows[0].odds.Text)
	v.rows[0].weight.SetText("lots")
	assert.Contains(t, v.status.Text, "not a whole number")
	assert.Equal(t, 1000, h.pack.LootTables[0].Drops[0].Weight)

	users := h.pack.LootTableRefs(name)
	require.NotEmpty(t, users)
	v.name.SetText("Critters")
	test.Tap(buttonIn(t, v.obj, "Rename"))
	assert.Nil(t, h.pack.LootTable(name))
	assert.Equal(t, users, h.pack.LootTableRefs("Critters"), "the mobs follow")

	test.Tap(buttonIn(t, v.obj, "Remove"))
	d := h.win.Canvas().Overlays().Top()
	require.NotNil(t, d)
	assert.True(t, textIn(d, users[0]), "the references are listed first")
	test.Tap(buttonIn(t, d, "Yes"))
	assert.Nil(t, h.pack.LootTable("Critters"))
}

func TestProblemChosenFocusesItsField(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	ref, _ := h.pack.FindEntity("Rat")
	require.NoError(t, h.EditPack("break", "", func(pk *content.Pack) error {
		x, _ := pk.Entity(ref)
		x.Mob.Natural.Attacks[0].Damage = "lots"
		return nil
	}))
	p.selectTab(p.problems.box)
	p.problems.check()
	i := -1
	for k, pr := range p.problems.probs {
		if strings.HasSuffix(pr.Path, "natural.attacks[0].damage") {
			i = k
		}
	}
	require.GreaterOrEqual(t, i, 0, "the bad dice is listed")
	p.problems.list.Select(i)
	assert.Same(t, p.entities.obj, p.tabs.Selected().Content)
	f := p.entities.form
	assert.Equal(t, ref, f.ref)
	assert.Same(t, f.cols["natural.attacks"][0][2], h.win.Canvas().Focused(), "the damage entry has the focus")
}

// buttonIn returns the laid-out button under o whose text is text.
func buttonIn(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, x := range test.LaidOutObjects(o) {
		if b, ok := x.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q", text)
	return nil
}

// textIn reports whether a label under o contains s.
func textIn(o fyne.CanvasObject, s string) bool {
	for _, x := range test.LaidOutObjects(o) {
		if l, ok := x.(*widget.Label); ok && strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}

func TestEntityFormIsDisabledWhileThePackIsReadOnly(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	h.ro = "read-only"
	p.Update()
	f := chooseEntity(t, p, h, "Rat")
	assert.True(t, formEntry(t, f, "renderable.fg").Disabled())
	assert.True(t, f.inputs["faction"].(*widgets.Select).Disabled())
}
