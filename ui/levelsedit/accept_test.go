package levelsedit

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// ruleEntries are the rules' rows: per rule its metric, min and max entries.
func ruleEntries(t *testing.T, f *fixture) (metric []*widget.SelectEntry, bounds []*widget.Entry) {
	t.Helper()
	metric = uitest.FindAll[*widget.SelectEntry](f.p.rules.box, nil)
	for _, e := range uitest.FindAll[*widget.Entry](f.p.rules.box, nil) {
		if e.PlaceHolder == "no min" || e.PlaceHolder == "no max" {
			bounds = append(bounds, e)
		}
	}
	return metric, bounds
}

// Acceptance rules are edited in the Levels tab: a rule added, its metric
// and bounds typed (each field one undo step), tries set, a refused value
// saying why and changing nothing, a rule removed (the level's last: the
// level has no rules), and undo bringing them back.
func TestAcceptanceRulesForm(t *testing.T) {
	f := newFixture(t, projects.New("Lab"))
	assert.Nil(t, f.m.Level().Accept)
	assert.True(t, uitest.TextIn(f.p, "No rules: every level is its first roll."))

	test.Tap(uitest.ButtonIn(t, f.p, "Add rule"))
	acc := f.m.Level().Accept
	require.NotNil(t, acc)
	assert.Equal(t, projects.DefaultTries, acc.Tries)
	require.Len(t, acc.Rules, 1)
	assert.Equal(t, "floor_share in [0, 1]", acc.Rules[0].String(), "a rule every level meets, to narrow")

	metric, bounds := ruleEntries(t, f)
	require.Len(t, metric, 1)
	require.Len(t, bounds, 2)
	metric[0].SetText("rooms")
	bounds[0].SetText("8")
	bounds[1].SetText("12")
	assert.Equal(t, "rooms in [8, 12]", f.m.Level().Accept.Rules[0].String())
	tries := uitest.FormItem(t, f.p.rules.box, "Tries")
	entry := uitest.FindAll[*widget.Entry](tries, nil)[0]
	entry.SetText("100")
	assert.Equal(t, 100, f.m.Level().Accept.Tries)

	// refused values say why and change nothing
	bounds[0].SetText("lots")
	assert.True(t, uitest.TextIn(f.p, `min: "lots" is not a number`))
	bounds[0].SetText("13")
	assert.True(t, uitest.TextIn(f.p, "min 13 is above max 12"))
	metric[0].SetText("roomz")
	assert.True(t, uitest.TextIn(f.p, `"roomz" is not a metric`))
	assert.Equal(t, "rooms in [8, 12]", f.m.Level().Accept.Rules[0].String())
	metric[0].SetText("rooms")
	bounds[0].SetText("")
	assert.Equal(t, "rooms <= 12", f.m.Level().Accept.Rules[0].String(), "an empty bound is none")
	bounds[1].SetText("")
	assert.True(t, uitest.TextIn(f.p, "a rule needs a min, a max or both"))
	assert.Equal(t, "rooms <= 12", f.m.Level().Accept.Rules[0].String())
	metric[0].SetText("spawns.Goblin")
	bounds[0].SetText("1")
	assert.Equal(t, "spawns.Goblin >= 1", f.m.Level().Accept.Rules[0].String())

	// a second rule, then both removed: no rules left, no "accept" at all
	test.Tap(uitest.ButtonIn(t, f.p, "Add rule"))
	require.Len(t, f.m.Level().Accept.Rules, 2)
	remove := func() {
		var del []*widget.Button
		for _, b := range uitest.FindAll[*widget.Button](f.p.rules.box, nil) {
			if b.Icon == theme.DeleteIcon() {
				del = append(del, b)
			}
		}
		require.NotEmpty(t, del)
		test.Tap(del[0])
	}
	remove()
	require.Len(t, f.m.Level().Accept.Rules, 1)
	assert.Equal(t, "floor_share in [0, 1]", f.m.Level().Accept.Rules[0].String(), "the first rule went")
	remove()
	assert.Nil(t, f.m.Level().Accept)

	// undo: the removals, then the field edits, one step each
	f.m.Undo()
	f.m.Undo()
	require.NotNil(t, f.m.Level().Accept)
	assert.Equal(t, "spawns.Goblin >= 1", f.m.Level().Accept.Rules[0].String())
	metric, _ = ruleEntries(t, f)
	assert.Equal(t, "spawns.Goblin", metric[0].Text, "the rows show the rules undone")
}

// The problems `hewn project check` finds in a level's rules show under
// them: here tries past the re-roll budget of a large map.
func TestAcceptanceRulesShowTheirProblems(t *testing.T) {
	p := projects.New("Lab")
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 1024, 1024
	one := 1.0
	p.Levels[0].Accept = &projects.Accept{Tries: 20, Rules: []projects.Rule{{Metric: "rooms", Min: &one}}}
	f := newFixture(t, p)
	f.p.Update()
	assert.True(t, f.p.rules.problems.Visible())
	assert.Contains(t, f.p.rules.problems.Text, "levels[0].accept.tries: 20 tries of a 1024×1024 map exceed the re-roll budget: at most 16")
	entry := uitest.FindAll[*widget.Entry](uitest.FormItem(t, f.p.rules.box, "Tries"), nil)[0]
	entry.SetText("16")
	assert.Equal(t, 16, f.m.Level().Accept.Tries)
	assert.False(t, f.p.rules.problems.Visible())
}
