package paint

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Brush is one entry of a Palette: what it lays down, as the level's theme
// draws it.
type Brush struct {
	// Label names it ("wall", "Goblin", "keep what is there").
	Label string
	// Glyph, FG and BG are how it looks.
	Glyph  rune
	FG, BG color.RGBA
	// Group is the kind of brush ("legend", "tile", "entity"): the filter
	// finds brushes by it too.
	Group string
}

// Palette is a filterable list of brushes, each drawn as its glyph in its
// colours beside its label, under the heading of its group.
type Palette struct {
	widget.BaseWidget
	brushes []Brush
	shown   []int // indexes of brushes passing the filter
	sel     int   // selected brush (-1: none)
	list    *widget.List
	filter  *widget.Entry
	obj     fyne.CanvasObject
	syncing bool
	// OnSelected is called with the index of the brush picked.
	OnSelected func(i int)
}

// NewPalette returns an empty palette.
func NewPalette(onSelected func(i int)) *Palette {
	p := &Palette{sel: -1, OnSelected: onSelected}
	p.filter = widget.NewEntry()
	p.filter.SetPlaceHolder("Filter brushes")
	p.filter.OnChanged = func(string) { p.refilter() }
	p.list = widget.NewList(func() int { return len(p.shown) }, p.create, p.update)
	p.list.OnSelected = func(id widget.ListItemID) {
		if p.syncing || id >= len(p.shown) {
			return
		}
		p.sel = p.shown[id]
		if p.OnSelected != nil {
			p.OnSelected(p.sel)
		}
	}
	p.obj = container.NewBorder(p.filter, nil, nil, nil, p.list)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Palette) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// MinSize is narrow: the palette sits beside a map.
func (p *Palette) MinSize() fyne.Size { return fyne.NewSize(150, 120) }

// SetBrushes shows brushes; the selection stays on the brush of the same
// label when there is one (else the first).
func (p *Palette) SetBrushes(brushes []Brush) {
	label := ""
	if p.sel >= 0 && p.sel < len(p.brushes) {
		label = p.brushes[p.sel].Label
	}
	p.brushes = brushes
	p.sel = -1
	for i, b := range brushes {
		if b.Label == label {
			p.sel = i
			break
		}
	}
	if p.sel < 0 && len(brushes) > 0 {
		p.sel = 0
	}
	p.refilter()
}

// Brushes returns the brushes shown.
func (p *Palette) Brushes() []Brush { return p.brushes }

// Selected is the index of the selected brush (-1: none).
func (p *Palette) Selected() int { return p.sel }

// Select selects brush i and tells OnSelected.
func (p *Palette) Select(i int) {
	if i < 0 || i >= len(p.brushes) {
		return
	}
	p.sel = i
	p.sync()
	if p.OnSelected != nil {
		p.OnSelected(i)
	}
}

// SelectLabel selects the brush labelled label, reporting whether there is one.
func (p *Palette) SelectLabel(label string) bool {
	for i, b := range p.brushes {
		if b.Label == label {
			p.Select(i)
			return true
		}
	}
	return false
}

func (p *Palette) refilter() {
	q := strings.ToLower(strings.TrimSpace(p.filter.Text))
	p.shown = p.shown[:0]
	for i, b := range p.brushes {
		if q == "" || strings.Contains(strings.ToLower(b.Label), q) || strings.Contains(strings.ToLower(b.Group), q) {
			p.shown = append(p.shown, i)
		}
	}
	p.list.Refresh()
	p.sync()
}

// sync shows the selection in the list.
func (p *Palette) sync() {
	p.syncing = true
	defer func() { p.syncing = false }()
	for row, i := range p.shown {
		if i == p.sel {
			p.list.Select(row)
			return
		}
	}
	p.list.UnselectAll()
}

func (p *Palette) create() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Black)
	bg.SetMinSize(fyne.NewSize(22, 22))
	glyph := canvas.NewText("", color.White)
	glyph.TextStyle = fyne.TextStyle{Monospace: true}
	glyph.Alignment = fyne.TextAlignCenter
	glyph.TextSize = theme.TextSize() + 2
	label := widget.NewLabel("")
	label.Truncation = fyne.TextTruncateEllipsis
	return container.NewBorder(nil, nil, container.NewCenter(container.NewStack(bg, glyph)), nil, label)
}

func (p *Palette) update(id widget.ListItemID, o fyne.CanvasObject) {
	if id >= len(p.shown) {
		return
	}
	b := p.brushes[p.shown[id]]
	row := o.(*fyne.Container)
	var label *widget.Label
	var swatch *fyne.Container
	for _, c := range row.Objects {
		switch x := c.(type) {
		case *widget.Label:
			label = x
		case *fyne.Container:
			swatch = x.Objects[0].(*fyne.Container)
		}
	}
	bg, glyph := swatch.Objects[0].(*canvas.Rectangle), swatch.Objects[1].(*canvas.Text)
	bg.FillColor = b.BG
	bg.Refresh()
	glyph.Text, glyph.Color = string(b.Glyph), b.FG
	glyph.Refresh()
	label.SetText(b.Label)
}
