package mapview

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/internal/paint"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// paintTools are the paint mode's tools.
var paintTools = []paint.Tool{paint.Pencil, paint.Line, paint.Rect, paint.FilledRect, paint.Fill, paint.Picker, paint.Move, paint.Select}

// Colours of the paint mode's marks.
var (
	selectionColor = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	placedColor    = color.RGBA{0xFF, 0x40, 0xFF, 0xFF}
)

// painter is the map's paint mode: brush tiles and place, move or remove
// spawns (and the start and exits) on the generated map. Each stroke
// becomes cells of a paint step at the end of the level's chain (made on
// the first stroke, anchored to the map's corner until its form says
// otherwise): one undo step a stroke, laid again on every seed. A selected
// rectangle can be locked (a sectional prefab step keeping it on every
// seed) or saved as a project prefab; Bake turns the whole level into a
// hand-made one.
type painter struct {
	p       *Panel
	on      bool
	toggle  *widget.Button
	bar     *paint.ToolBar
	pal     *paint.Palette
	brushes []chain.PaintCell // each palette brush: what a cell paints (its position aside)
	brush   chain.PaintCell
	stroke  *paint.Stroke
	sel     chain.Rect
	lock    *widget.Button
	save    *widget.Button
	row     fyne.CanvasObject // the paint bar: the tools, Lock, Save, Bake (shown in paint mode)
	// side holds the palette in paint mode (made on its first use: the map
	// panel holds no brush filter until then)
	side *fyne.Container
}

func newPainter(p *Panel) *painter {
	pt := &painter{p: p, brush: chain.PaintCell{Tile: chain.Wall.String()}}
	pt.toggle = widget.NewButtonWithIcon("Paint", theme.DocumentCreateIcon(), func() { pt.set(!pt.on) })
	pt.lock = widget.NewButtonWithIcon("Lock region", theme.VisibilityIcon(), pt.lockRegion)
	pt.save = widget.NewButtonWithIcon("Save as prefab…", theme.DocumentSaveIcon(), pt.saveDialog)
	bake := widget.NewButtonWithIcon("Bake…", theme.ConfirmIcon(), pt.bakeDialog)
	for _, b := range []*widget.Button{pt.lock, pt.save, bake} {
		b.Importance = widget.LowImportance
	}
	pt.bar = paint.NewToolBar(paintTools, func(paint.Tool) {
		pt.sel = chain.Rect{}
		pt.p.Redraw()
		pt.buttons()
	}, pt.lock, pt.save, bake)
	pt.row = pt.bar
	pt.row.Hide()
	pt.side = container.NewStack()
	pt.side.Hide()
	pt.buttons()
	return pt
}

// palette makes the brush palette on first use.
func (pt *painter) palette() *paint.Palette {
	if pt.pal == nil {
		pt.pal = paint.NewPalette(func(i int) {
			if i >= 0 && i < len(pt.brushes) {
				pt.brush = pt.brushes[i]
				if !pt.bar.Selected().Paints() {
					pt.bar.Select(paint.Pencil)
				}
			}
		})
		pt.side.Add(pt.pal)
	}
	return pt.pal
}

// set turns paint mode on or off: on, the view shows the end of the history
// (the map strokes are recorded against) and the primary button paints.
func (pt *painter) set(on bool) {
	pt.on = on
	pt.stroke, pt.sel = nil, chain.Rect{}
	if on {
		pt.palette()
		pt.toggle.Importance = widget.HighImportance
		pt.row.Show()
		pt.side.Show()
		pt.p.view.SetTool(pt)
		pt.refreshBrushes()
		pt.p.scrub.Pause()
		pt.p.scrub.Show(pt.p.scrub.Len() - 1)
	} else {
		pt.toggle.Importance = widget.MediumImportance
		pt.row.Hide()
		pt.side.Hide()
		pt.p.view.SetTool(nil)
	}
	pt.toggle.Refresh()
	pt.buttons()
	pt.p.Redraw()
	pt.p.obj.Refresh()
}

// buttons enables Lock and Save as prefab when there is a selection.
func (pt *painter) buttons() {
	for _, b := range []*widget.Button{pt.lock, pt.save} {
		if pt.sel.Empty() {
			b.Disable()
		} else {
			b.Enable()
		}
	}
}

// refreshBrushes lists the paint mode's brushes in the level's theme: every
// tile kind, the content pack's entities, erase spawns, the start and an exit.
func (pt *painter) refreshBrushes() {
	sc := &render.Scene{}
	pt.p.h.Style(sc, pt.p.h.LevelIndex())
	var cells []chain.PaintCell
	var brushes []paint.Brush
	floor := sc.Theme.Look(chain.Floor)
	add := func(c chain.PaintCell, b paint.Brush) {
		cells = append(cells, c)
		brushes = append(brushes, b)
	}
	for _, t := range chain.Tiles() {
		lk := sc.Theme.Look(t)
		add(chain.PaintCell{Tile: t.String()}, paint.Brush{Label: strings.ReplaceAll(t.String(), "_", " "), Glyph: lk.Glyph, FG: lk.FG, BG: lk.BG, Group: "tile"})
	}
	add(chain.PaintCell{Start: true}, paint.Brush{Label: "start", Glyph: '@', FG: render.StartColor, BG: floor.BG, Group: "mark"})
	stairs := sc.Theme.Look(chain.DownStairs)
	add(chain.PaintCell{Exit: true}, paint.Brush{Label: "exit", Glyph: stairs.Glyph, FG: stairs.FG, BG: stairs.BG, Group: "mark"})
	add(chain.PaintCell{Clear: true}, paint.Brush{Label: "erase spawns", Glyph: '×', FG: color.RGBA{0xFF, 0x50, 0x50, 0xFF}, BG: floor.BG, Group: "mark"})
	if pk := pt.p.h.Pack(); pk != nil {
		for _, n := range pk.Names() {
			g, fg := []rune(n)[0], render.EntityFallback
			if sc.Entity != nil {
				if eg, efg, ok := sc.Entity(n); ok {
					g, fg = eg, efg
				}
			}
			add(chain.PaintCell{Spawn: n}, paint.Brush{Label: n, Glyph: g, FG: fg, BG: floor.BG, Group: "entity"})
		}
	}
	pt.brushes = cells
	pt.palette().SetBrushes(brushes)
	if i := pt.pal.Selected(); i >= 0 {
		pt.brush = cells[i]
	}
}

// key picks a tool by its letter (typed while no widget has the focus).
func (pt *painter) key(k *fyne.KeyEvent) bool {
	name := string(k.Name)
	if !pt.on || len(name) != 1 {
		return false
	}
	return pt.bar.Key([]rune(strings.ToLower(name))[0])
}

// level is the final state of the selected level's run on screen, the map
// strokes are recorded against (nil when the map shows another level, or a
// failed run).
func (pt *painter) level() *chain.State {
	r, lvl := pt.p.Viewed()
	if r == nil || r.State == nil || lvl != pt.p.h.LevelIndex() || pt.p.browsingFailed {
		return nil
	}
	return r.State
}

// Down starts a stroke (widgets.Tool).
func (pt *painter) Down(t chain.Point, _ fyne.KeyModifier) {
	s := pt.level()
	if s == nil {
		pt.p.SetStatus("Paint needs the selected level's map: wait for it, or fix the chain.")
		return
	}
	if last := pt.p.scrub.Len() - 1; pt.p.scrub.Current() != last {
		pt.p.scrub.Show(last)
	}
	tool := pt.bar.Selected()
	if tool == paint.Picker {
		pt.pick(s, t)
		return
	}
	pt.stroke = paint.NewStroke(tool, t)
	pt.preview()
}

// Drag takes the stroke on to t (widgets.Tool).
func (pt *painter) Drag(t chain.Point) {
	if pt.stroke == nil {
		return
	}
	pt.stroke.Move(t)
	pt.preview()
}

// Up ends the stroke (widgets.Tool): its cells go to the paint step as one
// undo step; a selection is kept for Lock and Save.
func (pt *painter) Up(t chain.Point) {
	if pt.stroke == nil {
		return
	}
	pt.stroke.Move(t)
	st := pt.stroke
	pt.stroke = nil
	s := pt.level()
	if s == nil {
		return
	}
	switch st.Tool {
	case paint.Select:
		pt.sel = st.Rect().Intersect(s.Map.Bounds())
		pt.buttons()
		pt.p.Redraw()
		return
	case paint.Move:
		pt.record("Move", pt.moveCells(s, st.From, st.To))
		return
	}
	pt.record(st.Tool.String()+" stroke", pt.cells(s, st))
}

// tiles is what the stroke covers on the map s.
func (pt *painter) tiles(s *chain.State, st *paint.Stroke) []chain.Point {
	g := s.Map
	return st.Tiles(g.Bounds(), func(a, b chain.Point) bool { return g.At(a) == g.At(b) })
}

// cells are the paint cells of a stroke in the brush: one a rectangle of
// the tiles it covers (absolute positions).
func (pt *painter) cells(s *chain.State, st *paint.Stroke) []chain.PaintCell {
	var out []chain.PaintCell
	pts := pt.tiles(s, st)
	if pt.brush.Start || pt.brush.Exit { // one tile: where the stroke ends
		if !s.Map.In(st.To) {
			return nil
		}
		pts = []chain.Point{st.To}
	}
	for _, r := range paint.Runs(pts) {
		c := pt.brush
		c.X, c.Y, c.W, c.H = r.X, r.Y, r.W, r.H
		out = append(out, c)
	}
	return out
}

// moveCells drag what stands on from to to: a spawn (cleared, placed
// again), the start, or an exit (its stairs painted over with floor, one
// added at to).
func (pt *painter) moveCells(s *chain.State, from, to chain.Point) []chain.PaintCell {
	if from == to || !s.Map.In(to) {
		return nil
	}
	one := func(p chain.Point, c chain.PaintCell) chain.PaintCell {
		c.X, c.Y, c.W, c.H = p.X, p.Y, 1, 1
		return c
	}
	if s.Start != nil && *s.Start == from {
		return []chain.PaintCell{one(to, chain.PaintCell{Start: true})}
	}
	for _, e := range s.Exits {
		if e.Pos() == from {
			return []chain.PaintCell{one(from, chain.PaintCell{Tile: chain.Floor.String()}), one(to, chain.PaintCell{Exit: true})}
		}
	}
	for i := len(s.Spawns) - 1; i >= 0; i-- {
		if sp := s.Spawns[i]; sp.Pos() == from {
			return []chain.PaintCell{one(from, chain.PaintCell{Clear: true}), one(to, chain.PaintCell{Spawn: sp.Name})}
		}
	}
	pt.p.SetStatus(fmt.Sprintf("Nothing to move at (%d, %d): drag a spawn, the start or an exit.", from.X, from.Y))
	return nil
}

// pick takes the brush from tile t: the spawn standing there, else its tile.
func (pt *painter) pick(s *chain.State, t chain.Point) {
	if !s.Map.In(t) {
		return
	}
	label := strings.ReplaceAll(s.Map.At(t).String(), "_", " ")
	for _, sp := range s.Spawns {
		if sp.Pos() == t {
			label = sp.Name
		}
	}
	pt.pal.SelectLabel(label)
	pt.bar.Select(paint.Pencil)
}

// preview shows the map on screen with the stroke so far painted on it.
func (pt *painter) preview() {
	s := pt.level()
	sc := pt.p.scene
	if s == nil || sc == nil || sc.Map == nil {
		return
	}
	st := pt.stroke
	if st.Tool == paint.Select {
		pt.sel = st.Rect().Intersect(s.Map.Bounds())
		pt.p.Redraw()
		return
	}
	next := *sc
	next.Map = &chain.Grid{W: sc.Map.W, H: sc.Map.H, Tiles: slices.Clone(sc.Map.Tiles)}
	next.Changed = nil
	var cells []chain.PaintCell
	if st.Tool == paint.Move {
		cells = pt.moveCells(s, st.From, st.To)
	} else {
		cells = pt.cells(s, st)
	}
	for _, c := range cells {
		r := c.Rect().Intersect(next.Map.Bounds())
		r.Each(func(q chain.Point) { next.Changed = append(next.Changed, next.Map.Idx(q)) })
		if c.Clear || c.Spawn != "" {
			next.Spawns = slices.DeleteFunc(slices.Clone(next.Spawns), func(sp chain.Spawn) bool { return r.Contains(sp.Pos()) })
		}
		if c.Tile != "" {
			if tl, err := chain.ParseTile(c.Tile); err == nil {
				r.Intersect(next.Map.Bounds().Inset(1)).Each(func(q chain.Point) { next.Map.Set(q, tl) })
			}
		}
		r.Each(func(q chain.Point) {
			switch {
			case c.Spawn != "":
				next.Spawns = append(next.Spawns, chain.Spawn{X: q.X, Y: q.Y, Name: c.Spawn})
			case c.Start:
				p := q
				next.Start = &p
			case c.Exit:
				next.Exits = append(slices.Clone(next.Exits), chain.Exit{X: q.X, Y: q.Y, Tile: chain.DownStairs})
			}
		})
	}
	slices.Sort(next.Changed)
	pt.p.view.SetDrawing(&next)
}

// record appends cells (absolute positions on the map on screen) to the
// paint step at the end of the level's chain, made when there is none: one
// undo step labelled label. Positions are stored from the step's anchor.
func (pt *painter) record(label string, cells []chain.PaintCell) {
	if len(cells) == 0 {
		pt.p.Redraw()
		return
	}
	lvl := pt.p.h.Level()
	if lvl == nil || lvl.Chain == nil {
		return
	}
	steps := lvl.Chain.Steps
	at := len(steps) - 1
	if at < 0 || steps[at].Builder != "paint" || !steps[at].Enabled() {
		at = -1
	}
	origin := chain.Point{}
	if at >= 0 {
		var err error
		if origin, err = pt.anchorOrigin(at); err != nil {
			pt.p.h.ShowError(err)
			pt.p.Redraw()
			return
		}
	}
	for i := range cells {
		cells[i].X -= origin.X
		cells[i].Y -= origin.Y
	}
	pt.p.h.EditLevel(label, "", func(l *projects.Level) {
		c := l.Chain
		if at < 0 {
			c.Steps = append(c.Steps, chain.Step{Builder: "paint", Params: map[string]any{"cells": cells}})
			return
		}
		s := &c.Steps[at]
		if s.Params == nil {
			s.Params = map[string]any{}
		}
		old, _ := s.Params["cells"].([]chain.PaintCell)
		s.Params["cells"] = append(slices.Clone(old), cells...)
	})
}

// anchorOrigin is where the anchor of paint step at stood before it painted,
// in the run on screen.
func (pt *painter) anchorOrigin(at int) (chain.Point, error) {
	lvl := pt.p.h.Level()
	anchor, _ := lvl.Chain.Steps[at].Params["anchor"].(string)
	r, _ := pt.p.Viewed()
	if anchor == "" || anchor == "map" {
		return chain.Point{}, nil
	}
	h := r.History
	before := -1
	for i := range h.Len() {
		if ref, _ := h.StepOf(i); ref.Index >= at {
			break
		}
		before = i
	}
	if before < 0 {
		return chain.Point{}, fmt.Errorf("the paint step's anchor %s: nothing runs before the step", anchor)
	}
	snap := h.At(before)
	switch anchor {
	case "start":
		if snap.Start == nil {
			return chain.Point{}, fmt.Errorf("the paint step's anchor is the start, but there is none before it")
		}
		return *snap.Start, nil
	case "exit":
		if len(snap.Exits) == 0 {
			return chain.Point{}, fmt.Errorf("the paint step's anchor is the exit, but there is none before it")
		}
		return snap.Exits[0].Pos(), nil
	}
	return chain.Point{X: snap.Map.W / 2, Y: snap.Map.H / 2}, nil
}

// marks are the paint mode's selection outline.
func (pt *painter) marks() []widgets.Mark {
	if !pt.on || pt.sel.Empty() {
		return nil
	}
	return []widgets.Mark{{Rect: pt.sel, Color: selectionColor}}
}

// capture writes the rectangle r of the level on screen as template rows in
// the project's legend.
func (pt *painter) capture(r chain.Rect) (*prefab.Captured, error) {
	s := pt.level()
	if s == nil {
		return nil, fmt.Errorf("there is no map of the selected level on screen")
	}
	return prefab.Capture(pt.p.h.Project().PrefabLegend(), prefab.SourceOf(s), r)
}

// lockRegion keeps the selection on every seed: a sectional prefab step of
// its tiles at its place, at the end of the chain (one undo step).
func (pt *painter) lockRegion() {
	c, err := pt.capture(pt.sel)
	if err != nil {
		pt.p.h.ShowError(err)
		return
	}
	step := chain.Step{Builder: "prefab", Note: fmt.Sprintf("locked region %d×%d at (%d, %d)", c.Rect.W, c.Rect.H, c.Rect.X, c.Rect.Y),
		Params: map[string]any{"mode": "sectional", "template": c.Rows, "x": c.Rect.X, "y": c.Rect.Y, "connect": false}}
	li := pt.p.h.LevelIndex()
	pt.p.h.EditProject("Lock region", "", func(p *projects.Project) {
		p.AddLegend(c.Added)
		p.Levels[li].Chain.Steps = append(p.Levels[li].Chain.Steps, step)
	})
	pt.p.SetStatus(fmt.Sprintf("Locked %d×%d at (%d, %d): a prefab step keeps it on every seed", c.Rect.W, c.Rect.H, c.Rect.X, c.Rect.Y))
}

// saveDialog asks for a name and saves the selection as a project prefab.
func (pt *painter) saveDialog() {
	win := pt.p.h.Window()
	if win == nil || pt.sel.Empty() {
		return
	}
	name := widget.NewEntry()
	name.SetText(pt.p.h.Project().FreePrefabName("region"))
	dialog.ShowForm("Save selection as prefab", "Save", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if ok {
			if err := pt.SaveSelection(strings.TrimSpace(name.Text)); err != nil {
				pt.p.h.ShowError(err)
			}
		}
	}, win)
}

// SaveSelection saves the selected rectangle of the map as the project
// prefab name (one undo step) and opens it in the painter.
func (pt *painter) SaveSelection(name string) error {
	pr := pt.p.h.Project()
	switch {
	case !projects.GoodPrefabName(name):
		return fmt.Errorf("%q: name the prefab with letters, digits, _ and - only", name)
	case pr.Prefab(name) >= 0:
		return fmt.Errorf("there is a prefab %q already", name)
	}
	c, err := pt.capture(pt.sel)
	if err != nil {
		return err
	}
	pt.p.h.EditProject("Save selection as prefab "+name, "", func(p *projects.Project) { p.SetPrefab(name, &c.Written) })
	pt.p.h.ShowPrefab(name)
	return nil
}

// bakeDialog confirms, then bakes the level.
func (pt *painter) bakeDialog() {
	win := pt.p.h.Window()
	lvl := pt.p.h.Level()
	if win == nil || lvl == nil {
		return
	}
	msg := fmt.Sprintf("Bake %q into a hand-made level?\n\nIts chain (%d steps) becomes one prefab step drawing the map on screen,\n"+
		"saved as a project prefab you can paint in the Prefabs tab. Every seed then gives this map.\nUndo brings the chain back.",
		lvl.Name, len(lvl.Chain.Steps))
	dialog.ShowConfirm("Bake level", msg, func(ok bool) {
		if ok {
			if err := pt.Bake(); err != nil {
				pt.p.h.ShowError(err)
			}
		}
	}, win)
}

// Bake turns the level on screen into a hand-made level: its map, start,
// exits and spawns become a project prefab, drawn by the chain's one step
// (one undo step).
func (pt *painter) Bake() error {
	s := pt.level()
	if s == nil {
		return fmt.Errorf("there is no map of the selected level on screen")
	}
	c, err := pt.capture(s.Map.Bounds())
	if err != nil {
		return err
	}
	li := pt.p.h.LevelIndex()
	lvl := pt.p.h.Project().Levels[li]
	name := pt.p.h.Project().FreePrefabName(projects.PrefabSlug(lvl.Name))
	if name == "" || !projects.GoodPrefabName(name) {
		name = pt.p.h.Project().FreePrefabName("level")
	}
	pt.p.h.EditProject("Bake level", "", func(p *projects.Project) {
		p.SetPrefab(name, &c.Written)
		l := &p.Levels[li]
		l.Chain = projects.HandMadeChain(l.Name, l.Depth, s.Map.W, s.Map.H, name)
	})
	pt.set(false)
	pt.p.SetStatus(fmt.Sprintf("Baked: the level is the prefab %q now (paint it in the Prefabs tab)", name))
	return nil
}
