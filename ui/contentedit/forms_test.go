package contentedit

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// exportOf is the pack as the editor saves it.
func exportOf(t *testing.T, pk *content.Pack) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, pk.Export(&b))
	return b.String()
}

// lineChanges is what a minimal line diff of a and b shows: the lines of a
// replaced and the lines of b replacing them (one edit makes one hunk).
func lineChanges(a, b string) (gone, added []string) {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	j := 0
	for j < len(la)-i && j < len(lb)-i && la[len(la)-1-j] == lb[len(lb)-1-j] {
		j++
	}
	gone, added = la[i:len(la)-j], lb[i:len(lb)-j]
	if len(gone) == 0 {
		gone = nil
	}
	if len(added) == 0 {
		added = nil
	}
	return gone, added
}

func setSelect(t *testing.T, o fyne.CanvasObject, v string) {
	t.Helper()
	sel, ok := o.(*widgets.Select)
	require.True(t, ok, "a select")
	sel.SetSelected(v)
}

func setEntry(t *testing.T, o fyne.CanvasObject, v string) {
	t.Helper()
	en := entryOf(o)
	require.NotNil(t, en, "an entry")
	en.SetText(v)
}

// TestCh74RawsRoundTripThroughTheForms edits one field of each kind of the
// tutorial's chapter-74 raws through the entity forms, as the designer
// does, and compares each export with the one before: only the edited lines
// change (key order, number spelling, absent keys kept).
func TestCh74RawsRoundTripThroughTheForms(t *testing.T) {
	p, h := newFakePanel(t, "ch74_spawns.json", 1280, 800)
	h.proj = uitest.Project()
	p.Update()
	cell := func(name, key string, row, col int) fyne.CanvasObject {
		chooseEntity(t, p, h, name)
		in := p.entities.form.cellInput(key, row, col)
		require.NotNil(t, in, "%s: %s[%d][%d]", name, key, row, col)
		return in
	}
	for _, c := range []struct {
		what        string
		edit        func()
		gone, added []string
	}{
		{"whole number", func() { setEntry(t, p.entityInput("Goblin", "vision_range"), "9") },
			[]string{`      "vision_range": 8,`}, []string{`      "vision_range": 9,`}},
		{"number", func() { setEntry(t, p.entityInput("Health Potion", "weight_lbs"), "0.75") },
			[]string{`      "weight_lbs": 0.5,`}, []string{`      "weight_lbs": 0.75,`}},
		{"text with suggestions", func() { setEntry(t, p.entityInput("Health Potion", "vendor_category"), "junk") },
			[]string{`      "vendor_category": "alchemy",`}, []string{`      "vendor_category": "junk",`}},
		{"colour", func() { setEntry(t, p.entityInput("Goblin", "renderable.fg"), "#00FF00") },
			[]string{`        "fg": "#FF0000",`}, []string{`        "fg": "#00FF00",`}},
		{"enum", func() { setSelect(t, p.entityInput("Goblin", "movement"), "random") },
			[]string{`      "movement": "static",`}, []string{`      "movement": "random",`}},
		{"reference", func() { setSelect(t, p.entityInput("Goblin", "faction"), "Bandits") },
			[]string{`      "faction": "Cave Goblins",`}, []string{`      "faction": "Bandits",`}},
		{"dice", func() { setEntry(t, p.entityInput("Longsword", "weapon.base_damage"), "1d10") },
			[]string{`        "base_damage": "1d8",`}, []string{`        "base_damage": "1d10",`}},
		{"slot", func() { setSelect(t, p.entityInput("Leather Armor", "wearable.slot"), "Legs") },
			[]string{`        "slot": "Torso",`}, []string{`        "slot": "Legs",`}},
		{"bool", func() { test.Tap(p.entityInput("Bear Trap", "hidden").(*widgets.Check)) },
			[]string{`      "hidden": true,`}, []string{`      "hidden": false,`}},
		{"attribute", func() { setEntry(t, p.entityInput("Rat", "attributes.might"), "8") },
			[]string{`        "might": 7,`}, []string{`        "might": 8,`}},
		{"skill", func() { setEntry(t, cell("Rat", "skills", 0, 1), "2") },
			[]string{`        "Melee": -1,`}, []string{`        "Melee": 2,`}},
		{"natural attack", func() { setEntry(t, cell("Rat", "natural.attacks", 0, 2), "1d5") },
			[]string{`            "damage": "1d4"`}, []string{`            "damage": "1d5"`}},
		{"quip", func() { setEntry(t, cell("Bandit", "quips", 1, 0), "Hand it over") },
			[]string{`        "Alright, hand it over"`}, []string{`        "Hand it over"`}},
		{"equipped", func() { setSelect(t, cell("Bandit", "equipped", 0, 0), "Longsword") },
			[]string{`        "Dagger",`}, []string{`        "Longsword",`}},
		{"effect value", func() { setEntry(t, cell("Health Potion", "consumable.effects", 0, 1), "10") },
			[]string{`          "provides_healing": "8"`}, []string{`          "provides_healing": "10"`}},
		{"light", func() { setEntry(t, p.entityInput("Bandit", "light.range"), "4") },
			[]string{`        "range": 6,`}, []string{`        "range": 4,`}},
		{"new optional field, in the tutorial's order", func() { setEntry(t, p.entityInput("Goblin", "level"), "2") },
			nil, []string{`      "level": 2,`}},
		{"optional field cleared", func() { setEntry(t, p.entityInput("Goblin", "gold"), "") },
			[]string{`      "faction": "Bandits",`, `      "gold": "1d6"`}, []string{`      "faction": "Bandits"`}},
	} {
		before := exportOf(t, h.pack)
		c.edit()
		gone, added := lineChanges(before, exportOf(t, h.pack))
		assert.Equal(t, c.gone, gone, c.what)
		assert.Equal(t, c.added, added, c.what)
	}
	// the goblin's new level went right after its attributes
	gob, _ := h.pack.FindEntity("Goblin")
	x, _ := h.pack.Entity(gob)
	assert.Regexp(t, `"attributes": \{\},\s+"level": 2,\s+"faction"`, x.JSON(nil))

	// and back: undo every edit, and the export is the unedited one
	for len(h.undo) > 0 {
		h.Undo()
	}
	orig, err := content.Parse(mustRead(t, "testdata/ch74_spawns.json"))
	require.NoError(t, err)
	assert.True(t, exportOf(t, orig) == exportOf(t, h.pack), "undo restores every line")
}

func TestGroupsAddAndRemoveThroughTheForm(t *testing.T) {
	p, h := newFakePanel(t, "ch74_spawns.json", 1280, 800)
	h.proj = uitest.Project()
	p.Update()
	f := chooseEntity(t, p, h, "Goblin")
	before := exportOf(t, h.pack)
	require.Nil(t, f.inputs["light.range"], "no light: no light fields")
	test.Tap(f.groups["light"])
	f = p.entities.form
	require.NotNil(t, f.inputs["light.range"])
	_, added := lineChanges(before, exportOf(t, h.pack))
	assert.Equal(t, []string{`      "light": {`, `        "range": 6,`, `        "color": "#FFFFFF"`, `      },`}, added,
		"a new light, before the faction as the tutorial orders it")
	test.Tap(f.groups["light"])
	assert.True(t, before == exportOf(t, h.pack), "removed again")
	assert.Len(t, h.undo, 2, "one undo step each")
}

func TestListRowsAddAndRemoveThroughTheForm(t *testing.T) {
	p, h := newFakePanel(t, "ch74_spawns.json", 1280, 800)
	h.proj = uitest.Project()
	p.Update()
	f := chooseEntity(t, p, h, "Bear Trap")
	box := f.inputs["entry_trigger.effects"]
	n := len(f.cols["entry_trigger.effects"])
	test.Tap(uitest.ButtonIn(t, box, "Add"))
	f = p.entities.form
	require.Len(t, f.cols["entry_trigger.effects"], n+1)
	// typing a name keeps the form (and the focus) while the value's input
	// stays the same kind
	setEntry(t, f.cellInput("entry_trigger.effects", n, 0), "my_effect")
	assert.Same(t, f, p.entities.form)
	// the new effect's name picks its value's kind: a spell to teach is a select
	setEntry(t, f.cellInput("entry_trigger.effects", n, 0), "teach_spell")
	assert.NotSame(t, f, p.entities.form, "built again with a select")
	f = p.entities.form
	setSelect(t, f.cellInput("entry_trigger.effects", n, 1), "Web")
	x, _ := h.pack.Entity(f.ref)
	v, ok := x.Prop.EntryTrigger.Effects.Get("teach_spell")
	assert.True(t, ok)
	assert.Equal(t, "Web", v)
	// a refused value is marked on the cell and said beside the list
	setEntry(t, f.cellInput("entry_trigger.effects", 0, 1), "six")
	assert.Contains(t, f.errs["entry_trigger.effects"].Text, `bad dice "six"`)
	assert.Equal(t, "6", x.Prop.EntryTrigger.Effects[0].Value, "and not stored")
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
