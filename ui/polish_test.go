package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

func TestThemeTableFitsSidebarOneLinePerTile(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	base, _ := chain.FindTheme("dungeon", nil)
	base.Name = "mine"
	e.m.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, base) })
	e.themeSel = "mine"
	e.tabs.SelectIndex(tabThemes)
	e.rebuildForms()
	min := e.themeBox.MinSize()
	assert.LessOrEqual(t, min.Width, float32(340), "the theme table fits a 340 px sidebar without scrolling sideways")

	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(e.themeBox) {
		if en, ok := o.(*widget.Entry); ok {
			entries = append(entries, en)
		}
	}
	require.Len(t, entries, 3*len(chain.Tiles()), "glyph, fg and bg for every tile")
	for _, en := range entries {
		assert.Nil(t, en.Validator, "no validation icon eating the entry's width")
	}
	// a row is one line: glyph, fg and bg entries share a y
	y := func(o fyne.CanvasObject) float32 { return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Y }
	assert.Equal(t, y(entries[0]), y(entries[1]))
	assert.Equal(t, y(entries[0]), y(entries[2]))
	assert.Less(t, y(entries[0]), y(entries[3]))
	assert.GreaterOrEqual(t, entries[1].Size().Width, float32(themeColourMinW), "room for #RRGGBB")

	// a bad colour is reported under the table and leaves the theme alone
	before := e.m.Project().Themes[0].Look(chain.Wall).FG
	entries[1].SetText("xyz")
	assert.Equal(t, before, e.m.Project().Themes[0].Look(chain.Wall).FG)
	errs := findLabel(e.themeBox, func(l *widget.Label) bool { return l.Importance == widget.DangerImportance })
	require.NotNil(t, errs)
	assert.True(t, errs.Visible())
	assert.Equal(t, `wall fg: "xyz" is not a colour (want #RRGGBB)`, errs.Text)
	entries[1].SetText("#123456")
	assert.False(t, errs.Visible(), "fixing it clears the message")
	assert.Equal(t, "#123456", chain.Hex(e.m.Project().Themes[0].Look(chain.Wall).FG))
	entries[0].SetText("ab")
	assert.Contains(t, errs.Text, "wall glyph")
	entries[0].SetText("W")
	assert.Equal(t, 'W', e.m.Project().Themes[0].Look(chain.Wall).Glyph)
	assert.False(t, errs.Visible())
}

// findLabel returns the first laid-out label under o that ok accepts.
func findLabel(o fyne.CanvasObject, ok func(*widget.Label) bool) *widget.Label {
	for _, x := range test.LaidOutObjects(o) {
		if l, is := x.(*widget.Label); is && ok(l) {
			return l
		}
	}
	return nil
}

func TestEditMenuCarriesEveryUndoRedoShortcut(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	e.installMenus()
	var edit *fyne.Menu
	for _, mn := range f.w.MainMenu().Items {
		if mn.Label == "Edit" {
			edit = mn
		}
	}
	require.NotNil(t, edit)
	byShortcut := map[string]*fyne.MenuItem{}
	for _, it := range edit.Items {
		if it.Shortcut != nil {
			byShortcut[it.Shortcut.ShortcutName()] = it
		}
	}
	// the window runs main-menu shortcuts before the focused widget, so all
	// three must be menu shortcuts to work while an entry has the focus
	undo, redo := byShortcut[(&fyne.ShortcutUndo{}).ShortcutName()], byShortcut[(&fyne.ShortcutRedo{}).ShortcutName()]
	redo2 := byShortcut[(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}).ShortcutName()]
	require.NotNil(t, undo)
	require.NotNil(t, redo)
	require.NotNil(t, redo2, "Ctrl+Shift+Z")

	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Renamed" })
	f.settle()
	assert.Contains(t, f.w.Title(), "*")
	undo.Action()
	f.settle()
	assert.Equal(t, "Test", e.m.Project().Name)
	assert.NotContains(t, f.w.Title(), "*")
	redo2.Action()
	f.settle()
	assert.Equal(t, "Renamed", e.m.Project().Name)
	undo.Action()
	redo.Action()
	f.settle()
	assert.Equal(t, "Renamed", e.m.Project().Name)
}
