package prefabedit

import (
	"fmt"

	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/ui/internal/paint"
)

// readOnly says why a stroke does nothing, and reports whether it does not.
func (p *Panel) readOnly() bool {
	switch {
	case p.base == nil:
		return true
	case !p.ref.editable():
		p.status.SetText("A built-in template is read-only: Copy into project to paint it.")
		return true
	}
	return false
}

// Down starts a stroke of the selected tool (widgets.Tool).
func (p *Panel) Down(t chain.Point, _ fyne.KeyModifier) {
	if p.base == nil {
		return
	}
	tool := p.bar.Selected()
	switch {
	case tool == paint.Picker:
		p.pick(t)
	case tool == paint.Select && !p.sel.Empty() && p.sel.Contains(t) && p.ref.editable():
		p.moving = true
		p.stroke = paint.NewStroke(paint.Select, t)
	case tool == paint.Select:
		p.stroke = paint.NewStroke(paint.Select, t)
		p.sel = p.stroke.Rect().Intersect(bounds(p.base))
		p.redraw()
	case p.readOnly():
	default:
		p.stroke = paint.NewStroke(tool, t)
		p.paintPreview()
	}
}

// Drag takes the stroke on to t (widgets.Tool).
func (p *Panel) Drag(t chain.Point) {
	if p.stroke == nil {
		return
	}
	p.stroke.Move(t)
	switch {
	case p.moving:
		p.work = p.moved()
		p.redrawMoving()
	case p.stroke.Tool == paint.Select:
		p.sel = p.stroke.Rect().Intersect(bounds(p.base))
		p.redraw()
	default:
		p.paintPreview()
	}
}

// Up ends the stroke (widgets.Tool): a painting stroke or a move is one
// undo step.
func (p *Panel) Up(t chain.Point) {
	if p.stroke == nil {
		return
	}
	p.Drag(t)
	s := p.stroke
	p.stroke = nil
	switch {
	case p.moving:
		p.moving = false
		d := chain.Point{X: s.To.X - s.From.X, Y: s.To.Y - s.From.Y}
		p.sel = chain.R(p.sel.X+d.X, p.sel.Y+d.Y, p.sel.W, p.sel.H).Intersect(bounds(p.base))
		p.commit("Move selection", p.work)
	case s.Tool == paint.Select:
	default:
		p.commit(s.Tool.String()+" stroke", p.work)
	}
}

// paintPreview shows the base template with the stroke so far painted in the brush.
func (p *Panel) paintPreview() {
	p.work = clone(p.base)
	same := func(a, b chain.Point) bool { return p.base.At(a.X, a.Y) == p.base.At(b.X, b.Y) }
	for _, q := range p.stroke.Tiles(bounds(p.base), same) {
		set(p.work, q, p.brush)
	}
	p.redraw()
}

// moved is the base with the selection's contents dragged by the stroke
// (floor left behind).
func (p *Panel) moved() *prefab.Template {
	out := clone(p.base)
	part := cut(p.base, p.sel)
	p.sel.Each(func(q chain.Point) { set(out, q, prefab.Cell{Tile: chain.Floor}) })
	d := chain.Point{X: p.stroke.To.X - p.stroke.From.X, Y: p.stroke.To.Y - p.stroke.From.Y}
	paste(out, part, chain.Point{X: p.sel.X + d.X, Y: p.sel.Y + d.Y})
	return out
}

// redrawMoving draws the work template with the selection outlined where
// the drag has it.
func (p *Panel) redrawMoving() {
	keep := p.sel
	d := chain.Point{X: p.stroke.To.X - p.stroke.From.X, Y: p.stroke.To.Y - p.stroke.From.Y}
	p.sel = chain.R(p.sel.X+d.X, p.sel.Y+d.Y, p.sel.W, p.sel.H)
	p.redraw()
	p.sel = keep
}

// pick takes the brush from the cell at t (the eyedropper).
func (p *Panel) pick(t chain.Point) {
	if !bounds(p.base).Contains(t) {
		return
	}
	c := p.base.At(t.X, t.Y)
	p.pickCell(c)
	p.bar.Select(paint.Pencil)
}

// key handles Delete (the selection becomes floor) and Escape (drops the
// selection) typed into the grid.
func (p *Panel) key(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyEscape:
		p.sel = chain.Rect{}
		p.redraw()
	case fyne.KeyDelete, fyne.KeyBackspace:
		if p.sel.Empty() || p.readOnly() {
			return
		}
		t := clone(p.base)
		p.sel.Each(func(q chain.Point) { set(t, q, prefab.Cell{Tile: chain.Floor}) })
		p.commit("Clear selection", t)
	}
}

// shortcut handles copy, cut and paste typed into the grid.
func (p *Panel) shortcut(s fyne.Shortcut) {
	switch s.(type) {
	case *fyne.ShortcutCopy:
		p.copySel()
	case *fyne.ShortcutCut:
		p.cutSel()
	case *fyne.ShortcutPaste:
		p.pasteClip()
	}
}

// area is the selection, or the whole template without one.
func (p *Panel) area() chain.Rect {
	if !p.sel.Empty() {
		return p.sel
	}
	return bounds(p.base)
}

// copySel copies the selection (or the whole template).
func (p *Panel) copySel() {
	if p.base == nil {
		return
	}
	p.clip = cut(p.base, p.area())
	p.status.SetText("Copied " + sizeOf(p.clip))
}

// cutSel copies the selection (or the whole template) and leaves floor.
func (p *Panel) cutSel() {
	if p.base == nil || p.readOnly() {
		return
	}
	p.copySel()
	t := clone(p.base)
	p.area().Each(func(q chain.Point) { set(t, q, prefab.Cell{Tile: chain.Floor}) })
	p.commit("Cut", t)
}

// pasteClip pastes what was copied at the selection's corner (the
// template's without one) and selects it, so it can be dragged on.
func (p *Panel) pasteClip() {
	if p.clip == nil || p.readOnly() {
		return
	}
	at := chain.Point{X: p.sel.X, Y: p.sel.Y}
	t := clone(p.base)
	paste(t, p.clip, at)
	p.sel = chain.R(at.X, at.Y, p.clip.W, p.clip.H).Intersect(bounds(t))
	p.commit("Paste", t)
}

// transform replaces the template by f's result (rotate, mirror): one undo step.
func (p *Panel) transform(label string, f func(*prefab.Template) *prefab.Template) {
	if p.readOnly() {
		return
	}
	p.sel = chain.Rect{}
	p.commit(label, f(p.base))
}

func sizeOf(t *prefab.Template) string {
	return fmt.Sprintf("%d×%d", t.W, t.H)
}
