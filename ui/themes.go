package ui

import (
	"fmt"
	"image/color"
	"slices"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
)

// themeEditor edits the project's own themes: pick one (or copy a built-in
// into the project), then each tile type's glyph and colours, and box walls.
// sel remembers the theme shown across rebuilds.
func themeEditor(m *Model, sel *string) fyne.CanvasObject {
	p := m.Project()
	var names []string
	for _, t := range p.Themes {
		names = append(names, t.Name)
	}
	idx := slices.Index(names, *sel)
	if idx < 0 && len(names) > 0 {
		idx = 0
		*sel = names[0]
	}
	pick := widget.NewSelect(names, nil)
	if idx >= 0 {
		pick.SetSelected(names[idx])
	}
	pick.OnChanged = func(s string) { *sel = s; m.emit(ChangeProject) }
	var builtins []string
	for _, t := range chain.Themes() {
		builtins = append(builtins, t.Name)
	}
	copyFrom := widget.NewSelect(builtins, func(b string) {
		base, _ := chain.FindTheme(b, nil)
		name := uniqueThemeName(p, "my_"+b)
		base.Name = name
		// list every tile so each one can be edited
		for _, t := range chain.Tiles() {
			base.Tiles[t.String()] = base.Look(t)
		}
		*sel = name
		m.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, base) })
	})
	copyFrom.PlaceHolder = "New theme from…"
	top := container.NewVBox(
		widget.NewLabelWithStyle("Project themes", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, pick, copyFrom))
	if idx < 0 {
		top.Add(lowLabel("The project has no themes of its own. Copy a built-in one to edit it; levels pick themes in the Levels tab."))
		return top
	}
	th := p.Themes[idx]
	remove := widget.NewButtonWithIcon("Remove theme", theme.DeleteIcon(), func() {
		*sel = ""
		m.EditProject("Remove theme", "", func(p *projects.Project) { p.Themes = slices.Delete(p.Themes, idx, idx+1) })
	})
	box := widget.NewCheck("Box-drawing walls", func(b bool) {
		m.EditProject("Edit theme", "", func(p *projects.Project) { p.Themes[idx].BoxWalls = b })
	})
	box.Checked = th.BoxWalls
	grid := container.NewVBox(container.NewGridWithColumns(3,
		widget.NewLabelWithStyle("glyph", 0, fyne.TextStyle{Bold: true}),
		widget.NewLabelWithStyle("fg", 0, fyne.TextStyle{Bold: true}),
		widget.NewLabelWithStyle("bg", 0, fyne.TextStyle{Bold: true})))
	for _, t := range chain.Tiles() {
		grid.Add(themeRow(m, idx, t, th.Look(t)))
	}
	top.Add(container.NewBorder(nil, nil, nil, remove, box))
	top.Add(grid)
	return top
}

func uniqueThemeName(p *projects.Project, base string) string {
	name := base
	for i := 2; slices.ContainsFunc(p.Themes, func(t chain.Theme) bool { return t.Name == name }); i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	return name
}

// themeRow is one tile's name and preview swatch over its glyph, fg and bg entries.
func themeRow(m *Model, idx int, t chain.Tile, l chain.Look) fyne.CanvasObject {
	key := fmt.Sprintf("theme:%d:%s:", idx, t)
	sw := canvas.NewText(string(l.Glyph), l.FG)
	sw.TextStyle.Monospace = true
	bg := canvas.NewRectangle(l.BG)
	swatch := container.NewStack(bg, container.NewCenter(sw))
	set := func(field string, f func(*chain.Look)) {
		m.EditProject("Edit theme", key+field, func(p *projects.Project) {
			th := &p.Themes[idx]
			if th.Tiles == nil {
				th.Tiles = map[string]chain.Look{}
			}
			look := th.Look(t)
			f(&look)
			th.Tiles[t.String()] = look
		})
	}
	glyph := widget.NewEntry()
	glyph.SetText(string(l.Glyph))
	glyph.Validator = func(s string) error {
		if utf8.RuneCountInString(s) != 1 {
			return fmt.Errorf("glyph %q must be exactly one character", s)
		}
		return nil
	}
	glyph.OnChanged = func(s string) {
		if glyph.Validator(s) == nil {
			r, _ := utf8.DecodeRuneInString(s)
			set("glyph", func(l *chain.Look) { l.Glyph = r })
			sw.Text = s
			sw.Refresh()
		}
	}
	colour := func(c chainColour, field string) *widget.Entry {
		e := widget.NewEntry()
		e.SetText(chain.Hex(c.get(l)))
		e.Validator = func(s string) error { _, err := chain.ParseHex(s); return err }
		e.OnChanged = func(s string) {
			if col, err := chain.ParseHex(s); err == nil {
				set(field, func(l *chain.Look) { c.set(l, col) })
				if field == "fg" {
					sw.Color = col
					sw.Refresh()
				} else {
					bg.FillColor = col
					bg.Refresh()
				}
			}
		}
		return e
	}
	name := widget.NewLabelWithStyle(t.String(), 0, fyne.TextStyle{Bold: true})
	head := container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(48, 28), swatch), name)
	return container.NewVBox(head, container.NewGridWithColumns(3, glyph, colour(fgColour, "fg"), colour(bgColour, "bg")))
}

// chainColour reads and writes one colour of a Look.
type chainColour struct {
	get func(chain.Look) colorRGBA
	set func(*chain.Look, colorRGBA)
}

var (
	fgColour = chainColour{func(l chain.Look) colorRGBA { return l.FG }, func(l *chain.Look, c colorRGBA) { l.FG = c }}
	bgColour = chainColour{func(l chain.Look) colorRGBA { return l.BG }, func(l *chain.Look, c colorRGBA) { l.BG = c }}
)

type colorRGBA = color.RGBA
