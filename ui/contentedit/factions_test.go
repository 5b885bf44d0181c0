package contentedit

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// factionNameEntry is the name entry of faction f's row in the matrix.
func factionNameEntry(t *testing.T, p *Panel, f string) *widget.Entry {
	t.Helper()
	for _, en := range p.factions.entries {
		if en.Text == f {
			return en
		}
	}
	t.Fatalf("no row for faction %q", f)
	return nil
}

// rowRemove is the Remove button of faction f's row.
func rowRemove(t *testing.T, p *Panel, f string) *widget.Button {
	t.Helper()
	i := slices.Index(p.factions.factions, f)
	require.GreaterOrEqual(t, i, 0, "no row for faction %q", f)
	return p.factions.removes[i]
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

func TestFactionMatrixKeepsNamesAndHeaderInPlaceAndOutlinesAsymmetricPairs(t *testing.T) {
	p, h := newFakePanel(t, "ch74_spawns.json", 1024, 700)
	p.selectTab(p.factions.obj)
	long := "The Brotherhood of the Hungry Rodents of Doom"
	test.Type(p.factions.newNm, long)
	test.Tap(buttonIn(t, p.factions.obj, "Add faction"))
	require.NotNil(t, h.pack.Faction(long))
	size := h.win.Canvas().Size()
	h.win.Resize(size.AddWidthHeight(1, 0)) // the next frame's layout
	h.win.Resize(size)
	d := fyne.CurrentApp().Driver()

	// long names read whole: the name's field and its column are wide enough
	en := factionNameEntry(t, p, long)
	assert.GreaterOrEqual(t, en.Size().Width, fyne.MeasureText(long, theme.TextSize(), fyne.TextStyle{}).Width,
		"the name reads whole in its field")
	var title *widget.Label
	for _, o := range test.LaidOutObjects(p.factions.header) {
		if l, ok := o.(*widget.Label); ok && strings.ReplaceAll(l.Text, "\n", " ") == long {
			title = l
		}
	}
	require.NotNil(t, title, "the column's title is the whole name, on several lines")
	assert.LessOrEqual(t, title.MinSize().Width, title.Size().Width+1, "and fits its column")

	// Remove sits beside the name
	rm := rowRemove(t, p, "Bandits")
	name := factionNameEntry(t, p, "Bandits")
	assert.InDelta(t, d.AbsolutePositionForObject(name).Y, d.AbsolutePositionForObject(rm).Y, 1, "Remove is on the name's line")
	assert.Greater(t, d.AbsolutePositionForObject(rm).X, d.AbsolutePositionForObject(name).X, "right of the name")

	// the wheel over the cells scrolls them both ways; the names stay left,
	// the header stays on top, each still lined up with its cells
	cell := p.factionCell("Bandits", "Mindless")
	cellAt, nameAt, titleAt := d.AbsolutePositionForObject(cell), d.AbsolutePositionForObject(name), d.AbsolutePositionForObject(title)
	test.Scroll(h.win.Canvas(), cellAt.AddXY(10, 10), -100, -80)
	moved := cellAt.Subtract(d.AbsolutePositionForObject(cell))
	require.Greater(t, moved.X, float32(50), "the cells scroll sideways")
	require.Greater(t, moved.Y, float32(50), "and up")
	assert.Equal(t, nameAt.X, d.AbsolutePositionForObject(name).X, "the names stay in place sideways")
	assert.InDelta(t, d.AbsolutePositionForObject(cell).Y, d.AbsolutePositionForObject(name).Y, 1, "level with their row")
	assert.Equal(t, titleAt.Y, d.AbsolutePositionForObject(title).Y, "the header stays on top")
	assert.InDelta(t, titleAt.X-moved.X, d.AbsolutePositionForObject(title).X, 1, "above its column")

	// the wheel over a name (a text field) scrolls the rows too
	before := d.AbsolutePositionForObject(cell).Y
	test.Scroll(h.win.Canvas(), d.AbsolutePositionForObject(name).AddXY(10, 10), 0, 40)
	assert.InDelta(t, before+40, d.AbsolutePositionForObject(cell).Y, 1, "the wheel over the names scrolls the cells")
	assert.InDelta(t, d.AbsolutePositionForObject(cell).Y, d.AbsolutePositionForObject(name).Y, 1)

	// asymmetric pairs are outlined, both halves; a symmetric pair is not
	p.factionCell("Bandits", "Wyrm").SetSelected("ignore")
	p.factionCell("Wyrm", "Bandits").SetSelected("ignore")
	assert.False(t, p.factions.asymmetric("Bandits", "Wyrm"))
	assert.False(t, p.factions.asymmetric("Wyrm", "Bandits"))
	p.factionCell("Wyrm", "Bandits").SetSelected("flee")
	assert.True(t, p.factions.asymmetric("Bandits", "Wyrm"), "Bandits ignore Wyrm, but Wyrm flee Bandits")
	assert.True(t, p.factions.asymmetric("Wyrm", "Bandits"))
	assert.Contains(t, p.factions.hints.Text, "Bandits ignores Wyrm, but Wyrm flees Bandits")
}
