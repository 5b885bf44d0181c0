package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
)

// At 1024×700 every sidebar tab is reachable (from the View menu and Alt+N as
// well as the tab bar, whose overflow button holds the tabs that do not fit)
// and no tab, level or step needs a larger window than that: the window's
// content fits, so nothing is cut off.
func TestEveryTabAndFormFitsAt1024x700(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	f.w.Resize(fyne.NewSize(1024, 700))
	max := fyne.NewSize(1024, 700)
	fits := func(what string) {
		min := f.w.Content().MinSize()
		assert.True(t, min.Width <= max.Width && min.Height <= max.Height, "%s needs %v", what, min)
	}
	for i, tab := range e.tabs.Items {
		press(t, f.w, &desktop.CustomShortcut{KeyName: fyne.KeyName(fmt.Sprint(i + 1)), Modifier: fyne.KeyModifierAlt})
		assert.Equal(t, i, e.tabs.SelectedIndex(), tab.Text)
		fits("tab " + tab.Text)
	}
	// the big area's tabs (Ctrl+N), and every tab of the content panel
	for i, tab := range e.main.Items {
		press(t, f.w, &desktop.CustomShortcut{KeyName: fyne.KeyName(fmt.Sprint(i + 1)), Modifier: fyne.KeyModifierShortcutDefault})
		assert.Equal(t, i, e.main.SelectedIndex(), tab.Text)
		fits("main tab " + tab.Text)
		if tab.Text == "Content" {
			for _, sub := range []string{"Spawn table", "Odds at a depth", "Across depths", "This level", "Factions", "Loot", "Entities", "Problems"} {
				showTab(t, e.contents, sub)
				fits("content tab " + sub)
			}
		}
	}
	// the painter with a prefab open, and the map in paint mode
	e.selectMain("Prefabs")
	e.prefabs.Open("watch_post")
	fits("the painter on a prefab")
	e.TogglePaint()
	require.Equal(t, "Map", e.main.Selected().Text)
	fits("the map in paint mode")
	e.TogglePaint()
	e.main.SelectIndex(0)
	// the forms of every level and step of the example project
	for _, tab := range []int{tabChain, tabLevels} {
		e.tabs.SelectIndex(tab)
		for li := range e.m.Project().Levels {
			e.m.SelectLevel(li)
			for si := 0; si < len(e.m.Chain().Steps); si++ {
				if tab == tabChain {
					e.m.SelectStep(si)
				}
				fits(fmt.Sprintf("tab %d, level %d, step %d", tab, li, si))
			}
		}
	}
}

// showTab selects the tab named name among the tab bars under o.
func showTab(t *testing.T, o fyne.CanvasObject, name string) {
	t.Helper()
	for _, tabs := range uitest.FindAll[*container.AppTabs](o, nil) {
		for _, it := range tabs.Items {
			if it.Text == name {
				tabs.Select(it)
				return
			}
		}
	}
	t.Fatalf("no tab %q", name)
}
