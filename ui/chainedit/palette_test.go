package chainedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

func TestPaletteOpensWithAnEmptySearchAndEnterAppends(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.p
	all := len(e.pal.shown)
	f.h.tabs.SelectIndex(1)
	f.w.Canvas().Focus(e.pal.search)
	test.Type(e.pal.search, "cellular")
	require.Less(t, len(e.pal.shown), all)
	f.h.tabs.SelectIndex(0)

	add := uitest.FindOne(t, e.steps.obj, func(b *widgets.IconButton) bool {
		return b.Icon != nil && b.Icon.Name() == theme.ContentAddIcon().Name()
	})
	test.Tap(add)
	assert.Equal(t, 1, f.h.tabs.SelectedIndex())
	assert.Equal(t, "", e.pal.search.Text, "the palette opens with an empty search")
	assert.Len(t, e.pal.shown, all)
	assert.True(t, fyne.Focusable(e.pal.search) == f.w.Canvas().Focused(), "the search has the focus")

	test.Type(f.w.Canvas().Focused(), "cellular")
	uitest.PressKey(t, f.w, fyne.KeyReturn)
	assert.Equal(t, []string{"simple_map", "cellular_automata"}, builders(f.chain()), "Enter appends the first match")

	e.pal.search.SetText("")
	test.Type(f.w.Canvas().Focused(), "room")
	require.Greater(t, len(e.pal.shown), 2)
	uitest.PressKey(t, f.w, fyne.KeyDown)
	uitest.PressKey(t, f.w, fyne.KeyReturn)
	assert.Equal(t, e.pal.shown[1].Name, builders(f.chain())[2], "the arrows move the highlight Enter appends")

	f.h.tabs.SelectIndex(2)
	f.h.tabs.SelectIndex(1)
	assert.Equal(t, "", e.pal.search.Text, "opening the tab again starts afresh")
}
