package paint

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// ToolBar is a row of buttons, one a tool, the selected one highlighted.
type ToolBar struct {
	widget.BaseWidget
	tools []Tool
	btns  []*widget.Button
	sel   Tool
	obj   fyne.CanvasObject
	// OnChanged is called with the tool picked (by its button or Select).
	OnChanged func(Tool)
}

// NewToolBar returns a tool bar of tools, the first selected.
func NewToolBar(tools []Tool, onChanged func(Tool)) *ToolBar {
	b := &ToolBar{tools: tools, OnChanged: onChanged}
	box := container.NewHBox()
	for _, t := range tools {
		btn := widget.NewButton(t.String(), func() { b.Select(t) })
		b.btns = append(b.btns, btn)
		box.Add(btn)
	}
	b.obj = box
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
