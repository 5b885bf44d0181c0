// Package prefabedit is the editor's Prefabs panel, the prefab painter: the
// project's prefab library (list, add, duplicate, rename with the steps that
// use a prefab following, delete after listing them; the built-in templates
// copied into the project to edit), a grid drawn in the level's theme with
// brushes from the legend (every tile kind, the content pack's entities, the
// start, exits and "keep what is there") and the tools pencil, line,
// rectangle, filled rectangle, flood fill, eyedropper and select (move, copy,
// cut, paste), resize, rotate and mirror, one undo step a stroke; the
// project's legend, which a designer extends with characters of their own;
// and a live preview of the level on screen, the prefab's placements
// outlined. It imports REXPaint (.xp) and text (.txt) prefab files and
// exports a prefab as .xp.
package prefabedit

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/paint"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
	"hewn/ui/render"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// EditProject edits the project as one undo step (key "" for each
	// stroke: none coalesces).
	EditProject(label, key string, f func(p *projects.Project))
	// LevelIndex is the selected level (-1: none).
	LevelIndex() int
	// SelectLevel selects level i (it runs: the live preview follows).
	SelectLevel(i int)
	// Pack is the content pack (nil until loaded): its entities are brushes.
	Pack() *content.Pack
	// Style gives sc the look of level lvl: its theme and the pack's entity looks.
	Style(sc *render.Scene, lvl int)
	// Viewed is the run on screen and its level (nil: none yet).
	Viewed() (*chain.Result, int)
	// Window is the editor's window, for dialogs (nil in tests without one).
	Window() fyne.Window
	// ShowError shows err to the designer.
	ShowError(err error)
}

// tools are the painter's tools.
var tools = []paint.Tool{paint.Pencil, paint.Line, paint.Rect, paint.FilledRect, paint.Fill, paint.Picker, paint.Select}

// Colours of the painter's marks.
var (
	keepTint    = color.RGBA{0xFF, 0x00, 0xFF, 70} // REXPaint's transparent magenta
	selectColor = color.RGBA{0xFF, 0xFF, 0xFF, 255}
	placedColor = color.RGBA{0xFF, 0x40, 0xFF, 255}
)

// Panel is the Prefabs panel.
type Panel struct {
	widget.BaseWidget
	h   Host
	obj fyne.CanvasObject

	lib     *library
	grid    *grid
	bar     *paint.ToolBar
	pal     *paint.Palette
	legend  *legendView
	title   *widget.Label
	status  *widget.Label
	copyBtn *widget.Button
	edit    *widget.Button   // the Edit menu's button
	actions []*fyne.MenuItem // the Edit menu: disabled on a read-only template
	live    *widgets.Viewport
	levels  *widgets.Select
	placed  *widget.Label
	// brushesOf is what the brushes were drawn from (see refreshBrushes).
	brushesOf brushSubject

	// offScreen is set while the panel's tab is not shown (SetOnScreen):
	// Update and LevelShown then only note that the panel is stale, and it
	// catches up when it is shown or used (catchUp).
	offScreen, stale bool

	ref      docRef
	rows     []string               // the rows base was decoded from
	legendOf *prefab.Legend         // the legend base was decoded with
	legendIn []projects.LegendEntry // the project legend legendOf is made of
	base     *prefab.Template       // the template as the project holds it (nil: none)
	work     *prefab.Template       // base with the stroke in progress
	brushes  []prefab.Cell          // each palette brush's cell
	brush    prefab.Cell
	stroke   *paint.Stroke
	sel      chain.Rect // the selection (empty: none)
	moving   bool       // dragging the selection's contents
	clip     *prefab.Template
	// levelNames are the preview select's options, one a level.
	levelNames []string
}

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h, brush: prefab.Cell{Tile: chain.Wall}}
	p.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.title.Truncation = fyne.TextTruncateEllipsis
	p.status = widget.NewLabel("")
	p.status.Truncation = fyne.TextTruncateEllipsis
	p.grid = newGrid()
	p.grid.SetTool(p)
	p.grid.OnHover = p.hover
	p.grid.OnRune = func(r rune) { p.bar.Key(r) }
	p.grid.OnKey = p.key
	p.grid.OnShortcut = p.shortcut
	p.pal = paint.NewPalette(func(i int) {
		if i >= 0 && i < len(p.brushes) {
			p.brush = p.brushes[i]
			if !p.bar.Selected().Paints() {
				p.bar.Select(paint.Pencil)
			}
		}
	})
	p.copyBtn = widget.NewButtonWithIcon("Copy into project", theme.ContentCopyIcon(), p.copyBuiltin)
	p.copyBtn.Importance = widget.HighImportance
	p.actions = []*fyne.MenuItem{
		fyne.NewMenuItem("Resize…", p.resizeDialog),
		fyne.NewMenuItem("Rotate a quarter clockwise", func() { p.transform("Rotate prefab", rotated) }),
		fyne.NewMenuItem("Mirror left to right", func() {
			p.transform("Mirror prefab", func(t *prefab.Template) *prefab.Template { return mirrored(t, true) })
		}),
		fyne.NewMenuItem("Flip top to bottom", func() {
			p.transform("Flip prefab", func(t *prefab.Template) *prefab.Template { return mirrored(t, false) })
		}),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Copy (Ctrl+C)", p.copySel),
		fyne.NewMenuItem("Cut (Ctrl+X)", p.cutSel),
		fyne.NewMenuItem("Paste (Ctrl+V)", p.pasteClip),
	}
	var edit *widget.Button
	edit = widget.NewButtonWithIcon("Edit", theme.MenuDropDownIcon(), func() {
		c := fyne.CurrentApp().Driver().CanvasForObject(edit)
		if c == nil {
			return
		}
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(edit).Add(fyne.NewPos(0, edit.Size().Height))
		widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", p.actions...), c, at)
	})
	edit.IconPlacement = widget.ButtonIconTrailingText
	p.edit = edit
	p.bar = paint.NewToolBar(tools, func(paint.Tool) { p.sel, p.moving = chain.Rect{}, false; p.redraw() }, edit)
	p.lib = newLibrary(p)
	p.legend = newLegendView(p)
	p.live = widgets.NewViewport()
	p.live.SetMinSize(fyne.NewSize(150, 90))
	p.levels = widgets.NewSelect(nil, func(s string) {
		if i := slices.Index(p.levelNames, s); i >= 0 && i != h.LevelIndex() {
			h.SelectLevel(i)
		}
	})
	p.levels.PlaceHolder = "Preview level…"
	p.placed = widget.NewLabel("")
	p.placed.Wrapping = fyne.TextWrapWord
	p.placed.Truncation = fyne.TextTruncateEllipsis

	center := container.NewBorder(container.NewBorder(nil, nil, nil, p.copyBtn, p.title), p.status, nil, nil, p.grid)
	live := container.NewBorder(container.NewVBox(
		widget.NewLabelWithStyle("Live preview", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), p.levels),
		p.placed, nil, nil, p.live)
	left := container.NewVSplit(p.lib.obj, live)
	left.Offset = 0.5
	side := container.NewAppTabs(
		container.NewTabItem("Brushes", p.pal),
		container.NewTabItem("Legend", p.legend.obj),
	)
	right := container.NewHSplit(center, container.NewBorder(p.bar, nil, nil, nil, side))
	right.Offset = 0.7
	outer := container.NewHSplit(left, right)
	outer.Offset = 0.22
	p.obj = outer
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update shows the project again: its prefab library, the template on show
// (unless a stroke is under way), the legend, the brushes in the level's
// theme and the live preview.
func (p *Panel) Update() {
	if p.offScreen {
		// the template on show goes with its prefab (Current is asked
		// for while the panel is off screen: the map outlines it)
		if _, ok := p.ref.rows(p.h.Project()); !ok && p.ref.src != srcNone {
			p.ref, p.sel = docRef{}, chain.Rect{}
		}
		p.stale = true
		return
	}
	p.update()
}

// update is Update on screen.
func (p *Panel) update() {
	p.stale = false
	pr := p.h.Project()
	p.lib.refresh()
	if _, ok := p.ref.rows(pr); !ok && p.ref.src != srcNone {
		p.ref, p.sel = docRef{}, chain.Rect{}
	}
	p.reload()
	p.legend.refresh()
	p.refreshBrushes()
	p.refreshLevels()
	p.levelShown()
}

// SetOnScreen says whether the panel's tab is shown (the editor calls it
// as its tabs change): off screen, Update and LevelShown wait until it is
// shown again or used.
func (p *Panel) SetOnScreen(on bool) {
	p.offScreen = !on
	if on {
		p.catchUp()
	}
}

// catchUp brings a panel that missed updates off screen up to date.
func (p *Panel) catchUp() {
	if p.stale {
		p.update()
	}
}

// reload decodes the template on show again when its rows or the legend
// changed (never under a stroke).
func (p *Panel) reload() {
	if p.stroke != nil || p.moving {
		return
	}
	pr := p.h.Project()
	rows, _ := p.ref.rows(pr)
	l := pr.PrefabLegend()
	p.title.SetText(p.ref.title(pr))
	if p.ref.src == srcBuiltin {
		p.copyBtn.Show()
	} else {
		p.copyBtn.Hide()
	}
	for _, it := range p.actions {
		it.Disabled = !p.ref.editable()
	}
	if p.base != nil && slices.Equal(rows, p.rows) && slices.Equal(pr.Legend, p.legendIn) {
		p.redraw() // in the theme of the level selected now
		return
	}
	p.rows, p.legendOf, p.legendIn = rows, l, pr.Legend
	p.base, p.work = nil, nil
	switch {
	case p.ref.src == srcNone:
		p.status.SetText("Pick a prefab on the left, or add one.")
	case len(rows) == 0:
		p.base = blank(8, 6)
		p.status.SetText("The template is empty: paint to start it.")
	default:
		t, err := l.Parse(rows)
		if err != nil {
			p.status.SetText("⚠ " + err.Error())
			break
		}
		p.base = t
		p.status.SetText(fmt.Sprintf("%d×%d", t.W, t.H))
	}
	if p.base != nil {
		p.work = clone(p.base)
		if !p.sel.Empty() {
			p.sel = p.sel.Intersect(bounds(p.base))
		}
	}
	p.redraw()
}

// redraw shows the work template in the grid, the keep cells tinted and
// the selection outlined.
func (p *Panel) redraw() {
	if p.work == nil {
		p.grid.SetMarks(nil)
		p.grid.SetDrawing(nil)
		return
	}
	sc := scene(p.work)
	p.style(sc)
	var marks []widgets.Mark
	for _, r := range paint.Runs(keeps(p.work)) {
		marks = append(marks, widgets.Mark{Rect: r, Color: keepTint, Fill: true})
	}
	if !p.sel.Empty() {
		marks = append(marks, widgets.Mark{Rect: p.sel, Color: selectColor})
	}
	p.grid.SetMarks(marks)
	p.grid.SetDrawing(sc)
}

// themeLevel is the level whose theme the painter draws in: a step
// template's own level, else the selected one.
func (p *Panel) themeLevel() int {
	if p.ref.src == srcStep {
		return p.ref.level
	}
	return p.h.LevelIndex()
}

// style gives sc the theme of the painter's level (no split: a template
// has no halves) and the pack's entity looks.
func (p *Panel) style(sc *render.Scene) {
	p.h.Style(sc, p.themeLevel())
	if sc.Theme.Tiles == nil && sc.Theme.Name == "" {
		sc.Theme = chain.DefaultTheme()
	}
	sc.Split = nil
}

// Current names the prefab on show ("" for none or a step's template): the
// map outlines where the chain placed it.
func (p *Panel) Current() string {
	if p.ref.src == srcProject || p.ref.src == srcBuiltin {
		return p.ref.name
	}
	return ""
}

// Open shows the project prefab name (else the built-in one) and, when the
// selected level does not use it, selects a level that does, so the live
// preview shows it placed.
func (p *Panel) Open(name string) {
	p.catchUp()
	pr := p.h.Project()
	ref := docRef{src: srcProject, name: name}
	if pr.Prefab(name) < 0 {
		if _, ok := prefab.Lookup(name); !ok {
			return
		}
		ref.src = srcBuiltin
	}
	p.show(ref)
	uses := pr.PrefabUses(name)
	li := p.h.LevelIndex()
	if len(uses) > 0 && !slices.ContainsFunc(uses, func(u projects.PrefabUse) bool { return u.Level == li }) {
		p.h.SelectLevel(uses[0].Level)
	}
}

// OpenStepTemplate shows the template parameter param of the step at path
// of level li, and selects that level.
func (p *Panel) OpenStepTemplate(li int, path model.StepPath, param string) {
	p.catchUp()
	p.show(docRef{src: srcStep, level: li, path: slices.Clone(path), param: param})
	if li != p.h.LevelIndex() {
		p.h.SelectLevel(li)
	}
}

// show makes ref the document on show.
func (p *Panel) show(ref docRef) {
	if ref.same(p.ref) {
		return
	}
	p.ref, p.sel, p.stroke, p.moving = ref, chain.Rect{}, nil, false
	p.base = nil
	p.lib.refresh()
	p.reload()
	p.refreshBrushes()
	p.refreshLevels()
	p.LevelShown()
}

// commit stores t as the template on show: one undo step, labelled label.
func (p *Panel) commit(label string, t *prefab.Template) {
	if !p.ref.editable() || t == nil {
		return
	}
	pr := p.h.Project()
	w, err := pr.PrefabLegend().Write(t)
	if err != nil {
		p.h.ShowError(err)
		return
	}
	if rows, _ := p.ref.rows(pr); slices.Equal(rows, w.Rows) && len(w.Added) == 0 {
		p.work = clone(p.base) // nothing changed
		p.redraw()
		return
	}
	ref := p.ref
	p.h.EditProject(label, "", func(pr *projects.Project) { ref.write(pr, w) })
}

// hover says what the tile under the pointer holds.
func (p *Panel) hover(t chain.Point, in bool) {
	if !in || p.work == nil || !bounds(p.work).Contains(t) {
		if p.work != nil {
			p.status.SetText(fmt.Sprintf("%d×%d", p.work.W, p.work.H))
		}
		return
	}
	c := p.work.At(t.X, t.Y)
	what := c.Words()
	if g, ok := p.legendOf.Glyph(c); ok {
		what = fmt.Sprintf("'%c' %s", g, what)
	}
	msg := fmt.Sprintf("%d×%d · (%d,%d) %s", p.work.W, p.work.H, t.X, t.Y, what)
	if !p.sel.Empty() {
		msg += fmt.Sprintf(" · selection %d×%d at (%d,%d)", p.sel.W, p.sel.H, p.sel.X, p.sel.Y)
	}
	p.status.SetText(msg)
}

// refreshLevels lists the levels for the live preview, marking those whose
// steps use the prefab on show.
func (p *Panel) refreshLevels() {
	pr := p.h.Project()
	var uses []projects.PrefabUse
	if n := p.Current(); n != "" {
		uses = pr.PrefabUses(n)
	}
	p.levelNames = p.levelNames[:0]
	for i, l := range pr.Levels {
		name := fmt.Sprintf("%d · %s", l.Depth, l.Name)
		if slices.ContainsFunc(uses, func(u projects.PrefabUse) bool { return u.Level == i }) || (p.ref.src == srcStep && p.ref.level == i) {
			name += " ✓"
		}
		p.levelNames = append(p.levelNames, name)
	}
	if !slices.Equal(p.levels.Options, p.levelNames) { // else the same, drawn
		p.levels.Options = slices.Clone(p.levelNames)
		p.levels.Refresh()
	}
	if li := p.h.LevelIndex(); li >= 0 && li < len(p.levelNames) && p.levels.Selected != p.levelNames[li] {
		p.levels.SetQuietly(p.levelNames[li])
	}
	var where []string
	for _, u := range uses {
		where = append(where, u.String(pr))
	}
	switch {
	case p.Current() == "":
		widgets.SetText(p.placed, "")
	case len(where) == 0:
		widgets.SetText(p.placed, "No step uses this prefab yet: a prefab step names it (mode sectional or room_vaults, or name it in a vault list).")
	default:
		widgets.SetText(p.placed, "Used by "+strings.Join(where, "; "))
	}
}

// LevelShown shows the run on screen in the live preview with the
// placements of the prefab on show outlined (the editor calls it after each
// run).
func (p *Panel) LevelShown() {
	if p.offScreen {
		p.stale = true
		return
	}
	p.levelShown()
}

// levelShown is LevelShown on screen.
func (p *Panel) levelShown() {
	p.refreshBrushes() // the pack's looks come with the first run
	r, lvl := p.h.Viewed()
	if r == nil || r.State == nil {
		p.live.SetDrawing(nil)
		return
	}
	sc := render.ResultScene(r)
	p.h.Style(sc, lvl)
	var marks []widgets.Mark
	for _, pl := range r.Placements {
		if p.placedHere(pl, lvl) {
			marks = append(marks, widgets.Mark{Rect: pl.Rect, Color: placedColor})
		}
	}
	p.live.SetMarks(marks)
	p.live.SetDrawing(sc)
}

// placedHere reports whether placement pl of level lvl's run is of the
// template on show.
func (p *Panel) placedHere(pl chain.Placement, lvl int) bool {
	switch p.ref.src {
	case srcProject, srcBuiltin:
		return pl.Name == p.ref.name
	case srcStep:
		return lvl == p.ref.level && pl.Step.Path == p.ref.path.String()
	}
	return false
}

// Shown gives the grid the keyboard focus, and opens the project's first
// prefab (else the first built-in) when none is open (the editor calls it
// when the panel's tab comes to the front).
func (p *Panel) Shown() {
	p.SetOnScreen(true)
	if p.ref.src == srcNone {
		if pr := p.h.Project(); len(pr.Prefabs) > 0 {
			p.Open(pr.Prefabs[0].Name)
		} else {
			p.Open(prefab.Names()[0])
		}
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(p.grid); c != nil {
		c.Focus(p.grid)
	}
}
