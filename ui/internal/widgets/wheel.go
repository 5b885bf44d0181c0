package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// FormScroll wraps the scroll s of a form so that the mouse wheel scrolls it
// wherever the pointer is over it. Without it, Fyne hands the wheel to the
// innermost scrollable object under the pointer, and every entry (a select
// entry too) is one: it scrolls its own single line, so over a text field the
// wheel did nothing and the form stood still. A transparent layer over s
// takes the wheel (it is the last scrollable object under the pointer, so the
// window hands the wheel to it) and passes it to s; taps, hovers, drags and
// the keyboard are none of its business and still reach the fields under it.
//
// Use it for every scroll that holds a form. A form that holds a scrollable
// object of its own (a list, a chart that zooms) scrolls as a whole over it.
func FormScroll(s *container.Scroll) fyne.CanvasObject { return WheelTo(s, s) }

// WheelTo lays a transparent layer over o that passes the mouse wheel to to
// (FormScroll's layer): a pane that follows a scroll elsewhere (the frozen
// names of a table) scrolls it under the wheel.
func WheelTo(o fyne.CanvasObject, to fyne.Scrollable) fyne.CanvasObject {
	return container.NewStack(o, newWheel(to))
}

// NewFormVScroll is FormScroll of a vertical scroll of content; s is the
// scroll, to move it (ScrollToTop, Offset), o the object to lay out.
func NewFormVScroll(content fyne.CanvasObject) (s *container.Scroll, o fyne.CanvasObject) {
	s = container.NewVScroll(content)
	return s, FormScroll(s)
}

// NewFormScroll is FormScroll of a scroll of content both ways.
func NewFormScroll(content fyne.CanvasObject) (s *container.Scroll, o fyne.CanvasObject) {
	s = container.NewScroll(content)
	return s, FormScroll(s)
}

// wheel is the transparent layer of a FormScroll: it only scrolls.
type wheel struct {
	widget.BaseWidget
	to fyne.Scrollable
}

func newWheel(to fyne.Scrollable) *wheel {
	w := &wheel{to: to}
	w.ExtendBaseWidget(w)
	return w
}

// Scrolled passes the wheel to the scroll under it (fyne.Scrollable).
func (w *wheel) Scrolled(e *fyne.ScrollEvent) { w.to.Scrolled(e) }

// MinSize is nothing: the layer takes the size of what it covers.
func (w *wheel) MinSize() fyne.Size { return fyne.Size{} }

// CreateRenderer draws nothing (fyne.Widget).
func (w *wheel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout())
}
