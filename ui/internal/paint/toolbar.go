package paint

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ToolBar is a row of buttons, one a tool, the selected one highlighted,
// wrapping onto more rows where the row is narrow.
type ToolBar struct {
	widget.BaseWidget
	tools []Tool
	btns  []*widget.Button
	sel   Tool
	obj   fyne.CanvasObject
	// OnChanged is called with the tool picked (by its button or Select).
	OnChanged func(Tool)
}

// NewToolBar returns a tool bar of tools, the first selected, with extra
// objects (buttons of other actions) after them.
func NewToolBar(tools []Tool, onChanged func(Tool), extra ...fyne.CanvasObject) *ToolBar {
	b := &ToolBar{tools: tools, OnChanged: onChanged}
	var objs []fyne.CanvasObject
	for _, t := range tools {
		btn := widget.NewButton(t.String(), func() { b.Select(t) })
		b.btns = append(b.btns, btn)
		objs = append(objs, btn)
	}
	b.obj = Wrap(append(objs, extra...)...)
	if len(tools) > 0 {
		b.sel = tools[0]
		b.mark()
	}
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer implements fyne.Widget.
func (b *ToolBar) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(b.obj) }

// Tools lists the bar's tools.
func (b *ToolBar) Tools() []Tool { return b.tools }

// Selected is the tool picked.
func (b *ToolBar) Selected() Tool { return b.sel }

// Select picks t (a tool of the bar) and tells OnChanged.
func (b *ToolBar) Select(t Tool) {
	b.sel = t
	b.mark()
	if b.OnChanged != nil {
		b.OnChanged(t)
	}
}

// Key picks the tool whose key is r, reporting whether there is one.
func (b *ToolBar) Key(r rune) bool {
	t, ok := ToolOfKey(r, b.tools)
	if ok {
		b.Select(t)
	}
	return ok
}

func (b *ToolBar) mark() {
	for i, t := range b.tools {
		imp := widget.LowImportance
		if t == b.sel {
			imp = widget.HighImportance
		}
		if b.btns[i].Importance != imp {
			b.btns[i].Importance = imp
			b.btns[i].Refresh()
		}
	}
}

// Wrap lays objs out left to right at their own widths, in rows that wrap
// where the container is narrow (the rows as high as their highest object).
func Wrap(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&flow{}, objs...)
}

// flow is Wrap's layout. Its MinSize is the widest object's width and the
// height the rows took at the last width it laid out (one row before that).
type flow struct{ height float32 }

func (f *flow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	f.height = f.place(objs, size.Width, true)
}

func (f *flow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	h := f.height
	if h == 0 {
		h = f.place(objs, 1e9, false)
	}
	return fyne.NewSize(w, h)
}

// place lays objs out in rows of width (moving them when move) and returns
// the height the rows take.
func (f *flow) place(objs []fyne.CanvasObject, width float32, move bool) float32 {
	pad := theme.Padding()
	var x, y, rowH float32
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > width {
			x, y, rowH = 0, y+rowH+pad, 0
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(m)
		}
		x += m.Width + pad
		rowH = max(rowH, m.Height)
	}
	return y + rowH
}
