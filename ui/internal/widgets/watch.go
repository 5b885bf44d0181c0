package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Watch shows its content and calls its onShow function each time it goes
// from hidden to shown, as when the tab holding it is opened (tabs show their
// content again at every layout: only the change counts). Panels that catch up
// on what changed only when a designer opens their tab use it.
type Watch struct {
	widget.BaseWidget
	content fyne.CanvasObject
	onShow  func()
}

// NewWatch returns a Watch over content that calls onShow (if not nil) whenever it
// comes into view.
func NewWatch(content fyne.CanvasObject, onShow func()) *Watch {
	w := &Watch{content: content, onShow: onShow}
	w.ExtendBaseWidget(w)
	return w
}

// Show shows the content and, if it was hidden, calls onShow.
func (w *Watch) Show() {
	was := w.Visible()
	w.BaseWidget.Show()
	if !was && w.onShow != nil {
		w.onShow()
	}
}

// CreateRenderer draws the content.
func (w *Watch) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(w.content) }
