package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
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
		container.NewBorder(nil, nil, nil, copyFrom, pick))
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
	errs := widget.NewLabel("")
	errs.Importance = widget.DangerImportance
	errs.Wrapping = fyne.TextWrapWord
	errs.Hide()
	bad := map[string]string{} // field key -> problem, shown under the table
	report := func(field, problem string) {
		if problem == "" {
			delete(bad, field)
		} else {
			bad[field] = problem
		}
		var lines []string
		for _, t := range chain.Tiles() {
			for _, f := range []string{"glyph", "fg", "bg"} {
				if msg, ok := bad[t.String()+" "+f]; ok {
					lines = append(lines, msg)
				}
			}
		}
		errs.SetText(strings.Join(lines, "\n"))
		errs.Hidden = len(lines) == 0
		errs.Refresh()
	}
	head := func(s string, centre bool) fyne.CanvasObject {
		txt := canvas.NewText(s, theme.Color(theme.ColorNamePlaceHolder))
		txt.TextSize = theme.CaptionTextSize()
		if centre {
			txt.Alignment = fyne.TextAlignCenter
			return container.NewStack(txt)
		}
		return container.New(layout.NewCustomPaddedLayout(0, 0, theme.InnerPadding(), 0), txt)
	}
	table := container.NewVBox(container.New(themeCols{}, head("tile", false), head("look", true), head("glyph", true),
		head("foreground", false), layout.NewSpacer(), head("background", false), layout.NewSpacer()))
	for _, t := range chain.Tiles() {
		table.Add(themeRow(m, idx, t, th.Look(t), report))
	}
	top.Add(container.NewBorder(nil, nil, nil, remove, box))
	top.Add(table)
	top.Add(errs)
	return top
}

func uniqueThemeName(p *projects.Project, base string) string {
	name := base
	for i := 2; slices.ContainsFunc(p.Themes, func(t chain.Theme) bool { return t.Name == name }); i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	return name
}

// themeRow is one tile's row: its name, a preview (the glyph in its colours),
// and entries for the glyph and the foreground and background colours (each
// with a swatch). report receives a problem with an entry ("" when fixed).
func themeRow(m *Model, idx int, t chain.Tile, l chain.Look, report func(field, problem string)) fyne.CanvasObject {
	key := fmt.Sprintf("theme:%d:%s:", idx, t)
	sw := canvas.NewText(string(l.Glyph), l.FG)
	sw.TextStyle.Monospace = true
	sw.Alignment = fyne.TextAlignCenter
	bg := canvas.NewRectangle(l.BG)
	bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	bg.StrokeWidth = 1
	preview := container.NewStack(bg, container.NewCenter(sw))
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
	glyph.OnChanged = func(s string) {
		if utf8.RuneCountInString(s) != 1 {
			report(t.String()+" glyph", fmt.Sprintf("%s glyph: %q must be exactly one character", t, s))
			return
		}
		report(t.String()+" glyph", "")
		r, _ := utf8.DecodeRuneInString(s)
		set("glyph", func(l *chain.Look) { l.Glyph = r })
		sw.Text = s
		sw.Refresh()
	}
	colour := func(c chainColour, field string) (*canvas.Rectangle, *widget.Entry) {
		strip := canvas.NewRectangle(c.get(l))
		strip.StrokeColor = theme.Color(theme.ColorNameInputBorder)
		strip.StrokeWidth = 1
		strip.CornerRadius = 2
		e := widget.NewEntry()
		e.SetText(chain.Hex(c.get(l)))
		e.OnChanged = func(s string) {
			col, err := chain.ParseHex(s)
			if err != nil {
				report(t.String()+" "+field, fmt.Sprintf("%s %s: %q is not a colour (want #RRGGBB)", t, field, s))
				strip.FillColor = color.Transparent
				strip.StrokeColor = theme.Color(theme.ColorNameError)
				strip.Refresh()
				return
			}
			report(t.String()+" "+field, "")
			strip.FillColor = col
			strip.StrokeColor = theme.Color(theme.ColorNameInputBorder)
			strip.Refresh()
			set(field, func(l *chain.Look) { c.set(l, col) })
			if field == "fg" {
				sw.Color = col
				sw.Refresh()
			} else {
				bg.FillColor = col
				bg.Refresh()
			}
		}
		return strip, e
	}
	name := widget.NewLabel(t.String())
	name.Truncation = fyne.TextTruncateEllipsis
	fgStrip, fg := colour(fgColour, "fg")
	bgStrip, bgEntry := colour(bgColour, "bg")
	return container.New(themeCols{}, name, preview, glyph, fgStrip, fg, bgStrip, bgEntry)
}

// themeCols lays out a theme table row in one line: the tile name takes what
// the fixed columns leave (preview, glyph, then a swatch and an entry for each
// colour), so the table fits the sidebar without scrolling sideways.
type themeCols struct{}

// themeColWidths are the fixed columns after the name (0: the name).
var themeColWidths = []float32{0, 28, 32, 8, 0, 8, 0}

const (
	themeGap        = 4
	themeColourMinW = 80
	themeNameMinW   = 72
)

func (themeCols) widths(total float32) []float32 {
	w := slices.Clone(themeColWidths)
	fixed := float32(themeGap*(len(w)-3) + 2*2)
	for _, x := range w {
		fixed += x
	}
	rest := total - fixed
	colour := max(float32(themeColourMinW), (rest-themeNameMinW)/3)
	name := max(rest-2*colour, 40)
	w[0], w[4], w[6] = name, colour, colour
	return w
}

// Layout implements fyne.Layout.
func (c themeCols) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	h := size.Height
	x := float32(0)
	for i, w := range c.widths(size.Width) {
		if i >= len(objs) {
			break
		}
		o := objs[i]
		oh := h
		if i == 1 || i == 3 || i == 5 { // preview and swatches: at most 28 high, centred
			oh = min(h, 28)
		}
		o.Resize(fyne.NewSize(w, oh))
		o.Move(fyne.NewPos(x, (h-oh)/2))
		if i == 3 || i == 5 {
			x += w + 2 // a swatch sits close to its entry
		} else {
			x += w + themeGap
		}
	}
}

// MinSize implements fyne.Layout.
func (c themeCols) MinSize(objs []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	w := float32(themeGap*(len(themeColWidths)-3)+2*2) + themeNameMinW + 2*themeColourMinW
	for _, x := range themeColWidths {
		w += x
	}
	return fyne.NewSize(w, h)
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
