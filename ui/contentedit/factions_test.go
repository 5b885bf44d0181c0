package contentedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// factionNameEntry is the name entry of faction f's row in the matrix.
func factionNameEntry(t *testing.T, p *Panel, f string) *widget.Entry {
	t.Helper()
	for _, o := range test.LaidOutObjects(p.factions.grid) {
		if en, ok := o.(*widget.Entry); ok && en.Text == f {
			return en
		}
	}
	t.Fatalf("no row for faction %q", f)
	return nil
}

// rowRemove is the Remove button of faction f's row.
func rowRemove(t *testing.T, p *Panel, f string) *widget.Button {
	t.Helper()
	for _, row := range p.factions.grid.Objects[1:] {
		var name *widget.Entry
		for _, o := range test.LaidOutObjects(row) {
			switch x := o.(type) {
			case *widget.Entry:
				if name == nil {
					name = x
				}
			case *widget.Button:
				if name != nil && name.Text == f {
					return x
				}
			}
		}
	}
	t.Fatalf("no row for faction %q", f)
	return nil
}

func TestFactionAddRenameFollowsAndRemoveListsReferencesFirst(t *testing.T) {
	p, h := newFakePanel(t, "ch60_spawns.json", 1280, 800)
	p.selectTab(p.factions.obj)
	require.NotNil(t, h.pack.Faction("Townsfolk"))
	mobs := factionRefs(h.pack, "Townsfolk")
	require.NotEmpty(t, mobs)

	// add: typed into the entry, the button adds a row and a column
	test.Type(p.factions.newNm, "Smugglers")
	test.Tap(buttonIn(t, p.factions.obj, "Add faction"))
	require.NotNil(t, h.pack.Faction("Smugglers"))
	assert.NotNil(t, p.factionCell("Smugglers", "Townsfolk"), "a row and a column for it")
	p.factionCell("Smugglers", "Townsfolk").SetSelected("attack")
	p.factionCell("Townsfolk", "Smugglers").SetSelected("ignore")
	assert.Contains(t, p.factions.hints.Text, "Smugglers", "the asymmetric pair is hinted")

	// rename: every mob and every other faction's response follows
	en := factionNameEntry(t, p, "Townsfolk")
	en.SetText("Villagers")
	en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	assert.Nil(t, h.pack.Faction("Townsfolk"))
	require.NotNil(t, h.pack.Faction("Villagers"))
	assert.Empty(t, factionRefs(h.pack, "Townsfolk"))
	assert.Len(t, factionRefs(h.pack, "Villagers"), len(mobs)+1, "its mobs and Smugglers' response follow")
	r, _ := h.pack.Faction("Smugglers").Responses.Get("Villagers")
	assert.Equal(t, "attack", r)

	// a rename onto a taken name is refused with a message
	en = factionNameEntry(t, p, "Villagers")
	en.SetText("Smugglers")
	en.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	assert.Contains(t, p.factions.status.Text, "already exists")
	assert.NotNil(t, h.pack.Faction("Villagers"))

	// remove: the references are listed and must be confirmed
	test.Tap(rowRemove(t, p, "Villagers"))
	d := h.win.Canvas().Overlays().Top()
	require.NotNil(t, d)
	assert.True(t, textIn(d, "faction Smugglers"), "the references are listed first")
	test.Tap(buttonIn(t, d, "No"))
	assert.NotNil(t, h.pack.Faction("Villagers"), "not removed unless confirmed")
	test.Tap(rowRemove(t, p, "Villagers"))
	test.Tap(buttonIn(t, h.win.Canvas().Overlays().Top(), "Yes"))
	assert.Nil(t, h.pack.Faction("Villagers"))
	_, ok := h.pack.Faction("Smugglers").Responses.Get("Villagers")
	assert.False(t, ok, "responses to it go with it")

	// each step is one undo
	h.Undo()
	assert.NotNil(t, h.pack.Faction("Villagers"))
	h.Undo()
	assert.NotNil(t, h.pack.Faction("Townsfolk"))
	assert.Len(t, factionRefs(h.pack, "Townsfolk"), len(mobs)+1)
}
