package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
)

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
