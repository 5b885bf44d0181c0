package themeedit

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
	"hewn/ui/internal/widgets"
)

// themeEnv is what the theme editor needs besides the model.
type themeEnv struct {
	// sel names the theme shown (kept across rebuilds).
	sel *string
	// slot is where the editor is shown: edits typed into it keep it.
	slot *widgets.Slot
	// show shows another of the project's themes.
	show func(name string)
	// win is the window colour pickers open in (nil: swatches open none).
	win fyne.Window
}

// themeEditor edits the project's own themes: pick one (or copy a built-in
// into the project), then each tile type's glyph and colours (typed, or picked
// by tapping a colour's swatch), and box walls. It follows the selected level:
// it says which theme the level uses and offers to use the shown one for it,
// or to copy the level's built-in theme into the project to edit it.
func themeEditor(m Host, env themeEnv) fyne.CanvasObject {
	p := m.Project()
	var names []string
	for _, t := range p.Themes {
		names = append(names, t.Name)
	}
	idx := shownTheme(p, *env.sel)
	pick := widgets.NewSelect(names, nil)
	if idx >= 0 {
		*env.sel = names[idx]
		pick.SetQuietly(names[idx])
	}
	pick.SetOnChanged(env.show)
	var builtins []string
	for _, t := range chain.Themes() {
		builtins = append(builtins, t.Name)
	}
	var copyFrom *widgets.Select
	copyFrom = widgets.NewSelect(builtins, func(b string) {
		copyFrom.SetQuietly("") // an action, not a value: the same one may be chosen again
		th := themeCopy(p, b)
		*env.sel = th.Name
		m.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, th) })
	})
	copyFrom.PlaceHolder = "New theme from…"
	top := container.NewVBox(
		widget.NewLabelWithStyle("Project themes", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, nil, copyFrom, pick))
	if line := levelThemeLine(m, idx); line != nil {
		top.Add(line)
	}
	if idx < 0 {
		top.Add(widgets.Hint("The project has no themes of its own. Copy a built-in one to edit it; levels pick themes in the Levels tab."))
		return top
	}
	th := p.Themes[idx]
	remove := widget.NewButtonWithIcon("Remove theme", theme.DeleteIcon(), func() {
		*env.sel = ""
		m.EditProject("Remove theme", "", func(p *projects.Project) { p.Themes = slices.Delete(p.Themes, idx, idx+1) })
	})
	box := widgets.NewCheck("Box-drawing walls", func(b bool) {
		m.Alone(func() {
			env.slot.Edit(func() {
				m.EditProject("Box-drawing walls", fmt.Sprintf("theme:%d:box", idx), func(p *projects.Project) { p.Themes[idx].BoxWalls = b })
			})
		})
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
		table.Add(themeRow(m, env, idx, t, th.Look(t), report))
	}
	top.Add(container.NewBorder(nil, nil, nil, remove, box))
	top.Add(table)
	top.Add(errs)
	return top
}

// projectTheme returns the index of the project's theme called name (-1: none).
func projectTheme(p *projects.Project, name string) int {
	return slices.IndexFunc(p.Themes, func(t chain.Theme) bool { return strings.EqualFold(t.Name, name) })
}

// themeCopy returns a copy of the built-in theme b listing every tile (so each
// can be edited), named so that no project theme has its name.
func themeCopy(p *projects.Project, b string) chain.Theme {
	th, ok := chain.FindTheme(b, nil)
	if !ok { // an unknown theme draws as the default one
		th, _ = chain.FindTheme(chain.DefaultTheme().Name, nil)
	}
	th.Name = uniqueThemeName(p, "my_"+th.Name)
	if th.Tiles == nil {
		th.Tiles = map[string]chain.Look{}
	}
	for _, t := range chain.Tiles() {
		th.Tiles[t.String()] = th.Look(t)
	}
	return th
}

// uniqueThemeName returns base, or base with a number, so that no project theme has that name.
func uniqueThemeName(p *projects.Project, base string) string {
	name := base
	for i := 2; projectTheme(p, name) >= 0; i++ {
		name = fmt.Sprintf("%s_%d", base, i)
	}
	return name
}

// levelThemeLine says which theme the selected level uses, with a button to
// use the shown project theme (index shown) for it, or, when the level uses a
// built-in theme, to copy that theme into the project for the level. It is nil
// without a selected level.
func levelThemeLine(m Host, shown int) fyne.CanvasObject {
	li := m.LevelIndex()
	name := levelThemeName(m)
	if li < 0 {
		return nil
	}
	p := m.Project()
	own := projectTheme(p, name)
	var msg string
	var buttons []fyne.CanvasObject
	switch {
	case own >= 0 && own == shown:
		msg = "The selected level uses this theme."
	case own >= 0:
		msg = fmt.Sprintf("The selected level uses “%s”.", p.Themes[own].Name)
	default:
		msg = fmt.Sprintf("The selected level uses the built-in theme “%s”.", name)
		if _, ok := chain.FindTheme(name, nil); !ok {
			msg = fmt.Sprintf("The selected level's theme “%s” is unknown: it is drawn with “%s”.", name, chain.DefaultTheme().Name)
		}
		buttons = append(buttons, widget.NewButtonWithIcon("Copy it for this level", theme.ContentCopyIcon(), func() {
			th := themeCopy(p, name)
			m.EditProject("Copy theme for level", "", func(p *projects.Project) {
				p.Themes = append(p.Themes, th)
				p.Levels[li].Theme = th.Name
			})
		}))
	}
	if shown >= 0 && own != shown {
		use := p.Themes[shown].Name
		buttons = append(buttons, widget.NewButtonWithIcon("Use for this level", theme.ConfirmIcon(), func() {
			m.EditLevel("Change theme", "", func(l *projects.Level) { l.Theme = use })
		}))
	}
	hint := widgets.Hint(msg)
	if len(buttons) == 0 {
		return hint
	}
	return container.NewVBox(hint, container.NewHBox(buttons...))
}

// themeRow is one tile's row: its name, a preview (the glyph in its colours),
// and entries for the glyph and the foreground and background colours, each
// colour with a swatch that opens a colour picker. report receives a problem
// with an entry ("" when fixed).
func themeRow(m Host, env themeEnv, idx int, t chain.Tile, l chain.Look, report func(field, problem string)) fyne.CanvasObject {
	key := fmt.Sprintf("theme:%d:%s:", idx, t)
	sw := canvas.NewText(string(l.Glyph), l.FG)
	sw.TextStyle.Monospace = true
	sw.Alignment = fyne.TextAlignCenter
	bg := canvas.NewRectangle(l.BG)
	bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	bg.StrokeWidth = 1
	preview := container.NewStack(bg, container.NewCenter(sw))
	set := func(field string, f func(*chain.Look)) {
		env.slot.Edit(func() {
			m.EditProject("Edit theme", key+field, func(p *projects.Project) {
				th := &p.Themes[idx]
				if th.Tiles == nil {
					th.Tiles = map[string]chain.Look{}
				}
				look := th.Look(t)
				f(&look)
				th.Tiles[t.String()] = look
			})
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
	colour := func(c chainColour, field, title string) (*widgets.Swatch, *widget.Entry) {
		strip := widgets.NewSwatch(c.get(l))
		e := widget.NewEntry()
		e.SetText(chain.Hex(c.get(l)))
		e.OnChanged = func(s string) {
			col, err := chain.ParseHex(s)
			if err != nil {
				report(t.String()+" "+field, fmt.Sprintf("%s %s: %q is not a colour (want #RRGGBB)", t, field, s))
				strip.Set(color.Transparent, theme.Color(theme.ColorNameError))
				return
			}
			report(t.String()+" "+field, "")
			strip.Set(col, theme.Color(theme.ColorNameInputBorder))
			set(field, func(l *chain.Look) { c.set(l, col) })
			if field == "fg" {
				sw.Color = col
				sw.Refresh()
			} else {
				bg.FillColor = col
				bg.Refresh()
			}
		}
		if env.win != nil {
			strip.OnTapped = func() {
				cur := c.get(m.Project().Themes[idx].Look(t))
				widgets.PickColour(env.win, fmt.Sprintf("%s %s", t, title), "", cur, func(col colorRGBA) {
					m.Alone(func() { e.SetText(chain.Hex(col)) }) // an undo step of its own
				})
			}
		}
		return strip, e
	}
	name := widget.NewLabel(t.String())
	name.Truncation = fyne.TextTruncateEllipsis
	fgStrip, fg := colour(fgColour, "fg", "foreground")
	bgStrip, bgEntry := colour(bgColour, "bg", "background")
	return container.New(themeCols{}, name, preview, glyph, fgStrip, fg, bgStrip, bgEntry)
}

// themeCols lays out a theme table row in one line: the tile name takes what
// the fixed columns leave (preview, glyph, then a swatch and an entry for each
// colour), so the table fits the sidebar without scrolling sideways.
type themeCols struct{}

// themeColWidths are the fixed columns after the name (0: the name).
var themeColWidths = []float32{0, 28, 32, 12, 0, 12, 0}

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
