package widgets

import (
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TipLayer shows tooltips over a part of the window: it is stacked on top of
// that part and holds at most one tip, placed under (or over) the object it
// explains. It is part of the window's content rather than an overlay, so the
// pointer still reaches what lies under it (a Fyne overlay would take the
// hover from the object the tip explains, and the next tap with it).
type TipLayer struct {
	obj  *fyne.Container
	text *widget.Label
	bg   *canvas.Rectangle
	tip  *fyne.Container
}

// NewTipLayer returns an empty layer: stack its Layer on top of the part of
// the window whose labels it explains.
func NewTipLayer() *TipLayer {
	t := &TipLayer{text: widget.NewLabel("")}
	t.text.Wrapping = fyne.TextWrapWord
	t.bg = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	t.bg.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	t.bg.StrokeWidth = 1
	t.bg.CornerRadius = theme.InputRadiusSize()
	t.tip = container.NewStack(t.bg, t.text)
	t.tip.Hide()
	t.obj = container.NewWithoutLayout(t.tip)
	return t
}

// Layer is the object to stack over the part of the window the tips explain.
func (t *TipLayer) Layer() fyne.CanvasObject { return t.obj }

// show shows s in full, at the layer's width, under anchor (over it when
// there is no room below, else as low as it fits in the layer).
func (t *TipLayer) show(anchor fyne.CanvasObject, s string, imp widget.Importance) {
	d := fyne.CurrentApp().Driver()
	if d.CanvasForObject(t.obj) == nil {
		return
	}
	pad := theme.Padding()
	area := t.obj.Size()
	width := area.Width - 2*pad
	natural := float32(0) // the widest line's width: a short tip is as wide as its text
	for _, line := range strings.Split(s, "\n") {
		natural = max(natural, fyne.MeasureText(line, theme.TextSize(), t.text.TextStyle).Width)
	}
	width = min(width, natural+2*theme.InnerPadding()+2)
	t.text.Importance = imp
	t.text.Resize(fyne.NewSize(width, t.text.Size().Height)) // a wrapping label's height follows its width
	t.text.SetText(s)
	size := fyne.NewSize(width, t.text.MinSize().Height)
	at := d.AbsolutePositionForObject(anchor).Subtract(d.AbsolutePositionForObject(t.obj))
	y := at.Y + anchor.Size().Height
	if y+size.Height > area.Height { // no room below: above, else as low as it fits
		if at.Y-size.Height >= 0 {
			y = at.Y - size.Height
		} else {
			y = max(0, area.Height-size.Height)
		}
	}
	x := min(max(at.X, pad), area.Width-width-pad)
	t.tip.Move(fyne.NewPos(x, y))
	t.tip.Resize(size)
	t.bg.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	t.tip.Show()
	t.tip.Refresh()
}

// Hide hides the tip.
func (t *TipLayer) Hide() { t.tip.Hide() }

// TipLabel is a one-line label (cut off with an ellipsis when it does not
// fit) that shows its whole text in its tip layer while the pointer rests on
// it, when there is more to read than it shows: its text is cut off, or Full
// says more.
type TipLabel struct {
	widget.Label
	// Full is the whole story the label's text sums up ("": the text).
	Full string
	tips *TipLayer
}

// NewTipLabel returns an empty label whose tips show in tips.
func NewTipLabel(tips *TipLayer) *TipLabel {
	l := &TipLabel{tips: tips}
	l.Truncation = fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// cut reports whether the label's text is wider than the label.
func (l *TipLabel) cut() bool {
	if l.Text == "" {
		return false
	}
	w := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
	return w > l.Size().Width
}

// MouseIn implements desktop.Hoverable: the tip shows the text in full.
func (l *TipLabel) MouseIn(*desktop.MouseEvent) {
	switch {
	case l.Full != "" && l.Full != l.Text:
		l.tips.show(l, l.Full, l.Importance)
	case l.cut():
		l.tips.show(l, l.Text, l.Importance)
	}
}

// MouseMoved implements desktop.Hoverable.
func (l *TipLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut implements desktop.Hoverable: the tip goes.
func (l *TipLabel) MouseOut() { l.tips.Hide() }

// windowTips holds each window's tip layer (see UseTips) by canvas.
var windowTips sync.Map

// UseTips makes t the tip layer of the window whose canvas is c: icon
// buttons (IconButton) in that window show their tips in it. Stack t's
// Layer over the window's whole content.
func UseTips(c fyne.Canvas, t *TipLayer) { windowTips.Store(c, t) }

// tipsOf is the tip layer of the window o is in (nil: none).
func tipsOf(o fyne.CanvasObject) *TipLayer {
	c := fyne.CurrentApp().Driver().CanvasForObject(o)
	if c == nil {
		return nil
	}
	if t, ok := windowTips.Load(c); ok {
		return t.(*TipLayer)
	}
	return nil
}

// IconButton is a button that shows only an icon, with a tip saying what it
// does (and its key, if any) while the pointer rests on it, in the tip layer
// of its window (UseTips).
type IconButton struct {
	widget.Button
	// Tip says what the button does ("Zoom in (Ctrl+=)").
	Tip string
}

// NewIconButton returns a button showing icon, explained by tip, calling
// tapped.
func NewIconButton(icon fyne.Resource, tip string, tapped func()) *IconButton {
	b := &IconButton{Tip: tip}
	b.Icon, b.OnTapped = icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// MouseIn shows the tip.
func (b *IconButton) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	if t := tipsOf(b); t != nil && b.Tip != "" {
		t.show(b, b.Tip, widget.MediumImportance)
	}
}

// MouseOut hides the tip.
func (b *IconButton) MouseOut() {
	b.Button.MouseOut()
	if t := tipsOf(b); t != nil {
		t.Hide()
	}
}

// Tapped hides the tip and runs the button.
func (b *IconButton) Tapped(e *fyne.PointEvent) {
	if t := tipsOf(b); t != nil {
		t.Hide()
	}
	b.Button.Tapped(e)
}
