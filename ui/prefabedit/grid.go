package prefabedit

import (
	"fyne.io/fyne/v2"

	"hewn/ui/internal/widgets"
)

// grid is the painter's canvas: the shared glyph viewport, whose primary
// button paints with the selected tool, which takes the keyboard focus when
// clicked so the tools' letter keys, Delete, Escape and copy, cut and paste
// reach the painter (and only while it has the focus: the editor's own
// shortcuts are never taken).
type grid struct {
	widgets.Viewport
	// OnRune, OnKey and OnShortcut receive what is typed while the grid has
	// the focus.
	OnRune     func(r rune)
	OnKey      func(k *fyne.KeyEvent)
	OnShortcut func(s fyne.Shortcut)
}

func newGrid() *grid {
	g := &grid{}
	g.ExtendBaseWidget(g)
	g.SetMinSize(fyne.NewSize(160, 120)) // small, so the editor fits a 1024×700 window
	return g
}

// Tapped takes the focus.
func (g *grid) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(g); c != nil {
		c.Focus(g)
	}
}

// FocusGained implements fyne.Focusable.
func (g *grid) FocusGained() {}

// FocusLost implements fyne.Focusable.
func (g *grid) FocusLost() {}

// TypedRune implements fyne.Focusable.
func (g *grid) TypedRune(r rune) {
	if g.OnRune != nil {
		g.OnRune(r)
	}
}

// TypedKey implements fyne.Focusable.
func (g *grid) TypedKey(k *fyne.KeyEvent) {
	if g.OnKey != nil {
		g.OnKey(k)
	}
}

// TypedShortcut implements fyne.Shortcutable: copy, cut and paste.
func (g *grid) TypedShortcut(s fyne.Shortcut) {
	if g.OnShortcut != nil {
		g.OnShortcut(s)
	}
}
