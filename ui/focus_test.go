package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// selectWith is the only dropdown under o offering option.
func selectWith(t *testing.T, o fyne.CanvasObject, option string) *widgets.Select {
	t.Helper()
	return uitest.FindOne(t, o, func(s *widgets.Select) bool { return slices.Contains(s.Options, option) })
}

// The repro: choose room_drawer's Shape, press → (the history key):
// the shape stays, the scrubber moves, nothing is edited; one Ctrl+Z takes
// back exactly the last choice.
func TestArrowAfterAChoiceStepsTheHistoryNotTheValue(t *testing.T) {
	f := newFixture(t, projects.New("Focus"))
	f.e.installMenus()
	f.e.m.SelectStep(2) // room_drawer
	f.settle()
	require.Equal(t, "room_drawer", f.chain().Steps[2].Builder)
	shape := func() any { return f.e.m.Chain().Steps[2].Params["shape"] }

	sel := selectWith(t, f.e.chain, "rectangle")
	uitest.Choose(t, f.w, sel, sel.Options, "rectangle")
	f.settle()
	require.Equal(t, "rectangle", shape())
	assert.Nil(t, f.w.Canvas().Focused(), "the dropdown gave the keys back")

	before, snap := f.e.m.Project(), f.e.mapv.Snapshot()
	uitest.Key(f.w, fyne.KeyLeft)
	f.settle()
	assert.Equal(t, "rectangle", shape(), "← changed no value")
	assert.Same(t, before, f.e.m.Project(), "← made no edit")
	assert.Equal(t, snap-1, f.e.mapv.Snapshot(), "← stepped the history back")
	uitest.Key(f.w, fyne.KeyRight)
	assert.Equal(t, snap, f.e.mapv.Snapshot(), "→ stepped it forward")
	assert.Equal(t, "rectangle", shape())

	// two deliberate choices are two undo steps
	sel = selectWith(t, f.e.chain, "rectangle")
	uitest.Choose(t, f.w, sel, sel.Options, "circle")
	f.settle()
	require.Equal(t, "circle", shape())
	f.e.Undo()
	f.settle()
	assert.Equal(t, "rectangle", shape(), "one undo takes back the last choice only")
	f.e.Undo()
	f.settle()
	assert.Nil(t, shape())
}

// The same with the Levels tab's theme: after the choice the keys go to the
// history, and the theme stays.
func TestArrowAfterAThemeChoiceKeepsTheTheme(t *testing.T) {
	f := newFixture(t, projects.New("Focus"))
	f.e.installMenus()
	f.e.tabs.SelectIndex(tabLevels)
	sel := uitest.FormItem(t, f.e.levels, "Theme").(*widgets.Select)
	uitest.Choose(t, f.w, sel, sel.Options, "limestone")
	f.settle()
	require.Equal(t, "limestone", f.e.m.Level().Theme)
	before := f.e.m.Project()
	uitest.Key(f.w, fyne.KeyRight)
	uitest.Key(f.w, fyne.KeyLeft)
	f.settle()
	assert.Equal(t, "limestone", f.e.m.Level().Theme)
	assert.Same(t, before, f.e.m.Project())
}
