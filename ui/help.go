package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The Help menu: the keyboard shortcuts (read from the menus that register
// them, and the keys the views handle themselves), the README's tour, and
// About. The View menu's theme choice (system, light or dark) is here too.

// readme is the README's text, given by SetReadme (main embeds it): the
// tour is its "A short tour" section, so the README stays its one source.
var readme string

// SetReadme gives the editor the README's text for Help → Tour.
func SetReadme(text string) { readme = text }

// tourHeading is the README heading of the tour.
const tourHeading = "## A short tour"

// tour is the README's tour section (without its heading), or a line saying
// where to read it when the editor was given no README.
func tour() string {
	i := strings.Index(readme, tourHeading)
	if i < 0 {
		return "The tour is in README.md, section \"A short tour\"."
	}
	s := readme[i+len(tourHeading):]
	if j := strings.Index(s, "\n## "); j >= 0 {
		s = s[:j]
	}
	return strings.TrimSpace(s)
}

// viewKeys are the keys the views handle themselves (no menu item carries
// them): the map's history and paint keys, the play-test's.
var viewKeys = [][2]string{
	{"← / →", "Step through the history (with nothing focused)"},
	{"Home / End", "The first / last snapshot"},
	{"Space", "Play or pause the history"},
	{"Wheel, drag", "Zoom the map around the pointer, pan it; a click in the overview moves there"},
	{"P L R B F I S M", "Paint mode's tools (with nothing focused)"},
	{"Escape", "A dropdown or check box lets go of the keys"},
	{"hjklyubn, arrows, numpad", "Move (Play tab)"},
	{". > g q e", "Wait, descend, pick up, drink, eat (Play tab)"},
}

// keyName formats a shortcut as it is pressed ("Ctrl+Shift+S").
func keyName(s fyne.Shortcut) string {
	ks, ok := s.(fyne.KeyboardShortcut)
	if !ok {
		return ""
	}
	var b strings.Builder
	mod := ks.Mod()
	for _, m := range []struct {
		m    fyne.KeyModifier
		name string
	}{{fyne.KeyModifierControl, "Ctrl+"}, {fyne.KeyModifierSuper, "Super+"}, {fyne.KeyModifierAlt, "Alt+"}, {fyne.KeyModifierShift, "Shift+"}} {
		if mod&m.m != 0 {
			b.WriteString(m.name)
		}
	}
	k := string(ks.Key())
	switch ks.Key() {
	case fyne.KeyEqual:
		k = "="
	case fyne.KeyMinus:
		k = "-"
	}
	return b.String() + k
}

// shortcutRows lists every menu item with a shortcut, menu by menu (a
// separator carrying a shortcut, the second redo, is named after the item
// above it), then the views' own keys.
func shortcutRows(mm *fyne.MainMenu) [][2]string {
	var rows [][2]string
	if mm != nil {
		for _, m := range mm.Items {
			prev := ""
			for _, it := range m.Items {
				label := it.Label
				if it.IsSeparator {
					label = prev
				}
				if it.Shortcut != nil {
					if k := keyName(it.Shortcut); k != "" {
						rows = append(rows, [2]string{k, strings.TrimSuffix(m.Label+" → "+label, "…")})
					}
				}
				if !it.IsSeparator {
					prev = label
				}
			}
		}
	}
	return append(rows, viewKeys...)
}

// showShortcuts shows every keyboard shortcut in a dialog.
func (e *Editor) showShortcuts() {
	if e.win == nil {
		return
	}
	rows := shortcutRows(e.win.MainMenu())
	grid := container.NewGridWithColumns(2)
	for _, r := range rows {
		k := widget.NewLabelWithStyle(r[0], fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		d := widget.NewLabel(r[1])
		d.Wrapping = fyne.TextWrapWord
		grid.Add(k)
		grid.Add(d)
	}
	d := dialog.NewCustom("Keyboard shortcuts", "Close", container.NewVScroll(grid), e.win)
	d.Show()
	d.Resize(e.dialogSize())
}

// showTour shows the README's tour in a dialog.
func (e *Editor) showTour() {
	if e.win == nil {
		return
	}
	md := widget.NewRichTextFromMarkdown(tour())
	md.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("A short tour", "Close", container.NewVScroll(md), e.win)
	d.Show()
	d.Resize(e.dialogSize())
}

// showAbout names the editor and its version.
func (e *Editor) showAbout() {
	if e.win == nil {
		return
	}
	version := ""
	if e.app != nil {
		if md := e.app.Metadata(); md.Version != "" {
			version = " " + md.Version
		}
	}
	msg := widget.NewLabel(fmt.Sprintf("Hewn%s\nA level-design editor for roguelike games:\nbuilder chains, snapshot history, content packs and play-tests.\n\nHelp → Tour walks through the editor; README.md has the rest.", version))
	dialog.NewCustom("About Hewn", "Close", msg, e.win).Show()
}

// helpMenu is the Help menu.
func (e *Editor) helpMenu() *fyne.Menu {
	return fyne.NewMenu("Help",
		fyne.NewMenuItem("Keyboard Shortcuts", e.showShortcuts),
		fyne.NewMenuItem("Tour", e.showTour),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("About Hewn", e.showAbout),
	)
}

// themeKey is the preference holding the chosen look: "light", "dark" or ""
// (the system's).
const themeKey = "theme_variant"

// themeChoices are the looks the View menu offers, with their preference values.
var themeChoices = [][2]string{{"System Theme", ""}, {"Light Theme", "light"}, {"Dark Theme", "dark"}}

// variantTheme is Fyne's default theme in one variant, whatever the system's.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

// Color is the default theme's colour n in the chosen variant.
func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// applyTheme uses the look named by the preference value v at once.
func (e *Editor) applyTheme(v string) {
	if e.app == nil {
		return
	}
	switch v {
	case "light":
		e.app.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	case "dark":
		e.app.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantDark})
	default:
		e.app.Settings().SetTheme(theme.DefaultTheme())
	}
}

// setTheme chooses the look v, stores it and ticks it in items.
func (e *Editor) setTheme(v string, items []*fyne.MenuItem) {
	if e.app != nil {
		e.app.Preferences().SetString(themeKey, v)
	}
	e.applyTheme(v)
	for i, it := range items {
		it.Checked = themeChoices[i][1] == v
	}
	if e.win != nil && e.win.MainMenu() != nil {
		e.win.MainMenu().Refresh()
	}
}

// themeItems are the View menu's theme choices, the stored one ticked.
func (e *Editor) themeItems() []*fyne.MenuItem {
	cur := ""
	if e.app != nil {
		cur = e.app.Preferences().String(themeKey)
	}
	items := make([]*fyne.MenuItem, len(themeChoices))
	for i, c := range themeChoices {
		items[i] = fyne.NewMenuItem(c[0], func() { e.setTheme(c[1], items) })
		items[i].Checked = c[1] == cur
	}
	return items
}
