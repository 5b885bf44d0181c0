package ui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
)

func TestHelpListsEveryShortcutTheMenusRegister(t *testing.T) {
	f := newFixture(t, projects.New("Help"))
	f.e.installMenus()
	rows := map[string]string{}
	for _, r := range shortcutRows(f.w.MainMenu()) {
		rows[r[0]] = r[1]
	}
	for k, want := range map[string]string{"Ctrl+S": "File → Save", "Ctrl+Shift+S": "File → Save As", "Ctrl+Z": "Edit → Undo",
		"Ctrl+Shift+Z": "Edit → Redo", "Ctrl+0": "View → Fit Map", "Ctrl+=": "View → Zoom In", "Alt+1": "View → Chain Tab",
		"Ctrl+5": "View → Prefabs", "← / →": "history"} {
		assert.Contains(t, rows[k], want, k)
	}
	menuItem(t, f.w, "Help", "Keyboard Shortcuts").Action()
	assert.True(t, uitest.TextIn(uitest.Overlay(t, f.w), "Ctrl+Shift+S"), "the dialog lists them")
}

func TestHelpTourIsTheReadmesTour(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	SetReadme(string(b))
	t.Cleanup(func() { SetReadme("") })
	tr := tour()
	assert.True(t, strings.HasPrefix(tr, "`hewn` (or `make run`) opens"), tr[:min(80, len(tr))])
	assert.Contains(t, tr, "**Chain** tab")
	assert.NotContains(t, tr, "## ", "one section only")

	f := newFixture(t, projects.New("Help"))
	f.e.installMenus()
	menuItem(t, f.w, "Help", "Tour").Action()
	assert.True(t, uitest.TextIn(uitest.Overlay(t, f.w), "opens the last project you worked on"))
	uitest.Overlay(t, f.w).Hide()
	menuItem(t, f.w, "Help", "About Hewn").Action()
	assert.True(t, uitest.TextIn(uitest.Overlay(t, f.w), "level-design editor"))
}

func TestLightOrDarkIsChosenStoredAndAppliedAtOnce(t *testing.T) {
	f := newFixture(t, projects.New("Look"))
	f.e.installMenus()
	dark := menuItem(t, f.w, "View", "Dark Theme")
	dark.Action()
	assert.Equal(t, "dark", f.e.app.Preferences().String(themeKey))
	assert.True(t, dark.Checked)
	assert.False(t, menuItem(t, f.w, "View", "System Theme").Checked)
	bg := f.e.app.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight)
	assert.Equal(t, theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantDark), bg, "dark whatever the system says")
	menuItem(t, f.w, "View", "Light Theme").Action()
	bg = f.e.app.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	assert.Equal(t, theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight), bg)
	assert.Equal(t, "light", f.e.app.Preferences().String(themeKey))
}
