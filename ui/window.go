package ui

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.4/glfw"
)

// The preferences holding the window's size when it was last closed.
const (
	windowWidthKey  = "window_width"
	windowHeightKey = "window_height"
)

// defaultWindowSize is the size the window opens at the first time (an
// 80×50 map at 11 px a tile beside the sidebar), on a screen large enough.
var defaultWindowSize = fyne.NewSize(1280, 800)

// screenMargin is the room left on the screen around the window: its title
// bar and the desktop's panels.
var screenMargin = fyne.NewSize(0, 48)

// windowSize is the size the window opens at on a screen of size screen
// (zero: unknown): the size it had when last closed if that fits the screen,
// else the default size shrunk to fit it.
func windowSize(prefs fyne.Preferences, screen fyne.Size) fyne.Size {
	room := screen.Subtract(screenMargin)
	fits := func(s fyne.Size) bool { return screen.IsZero() || (s.Width <= room.Width && s.Height <= room.Height) }
	last := fyne.NewSize(float32(prefs.Float(windowWidthKey)), float32(prefs.Float(windowHeightKey)))
	if last.Width >= 200 && last.Height >= 200 && fits(last) {
		return last
	}
	if screen.IsZero() {
		return defaultWindowSize
	}
	return defaultWindowSize.Min(room)
}

// rememberSize stores the window's size for the next start.
func (e *Editor) rememberSize() {
	if e.app == nil || e.win == nil {
		return
	}
	s := e.win.Canvas().Size()
	if s.Width <= 0 || s.Height <= 0 {
		return
	}
	e.app.Preferences().SetFloat(windowWidthKey, float64(s.Width))
	e.app.Preferences().SetFloat(windowHeightKey, float64(s.Height))
}

// screenSize is the size of the primary screen in w's units (zero when it
// cannot be told). It asks GLFW, which Fyne's desktop driver has started on
// this (the main) thread by the time a window exists: call it only from
// RunWith, never in headless tests.
func screenSize(w fyne.Window) (s fyne.Size) {
	defer func() {
		if recover() != nil { // GLFW not started (another driver): unknown
			s = fyne.Size{}
		}
	}()
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return fyne.Size{}
	}
	vm := m.GetVideoMode()
	if vm == nil {
		return fyne.Size{}
	}
	sc := w.Canvas().Scale()
	if sc <= 0 {
		sc = 1
	}
	return fyne.NewSize(float32(vm.Width)/sc, float32(vm.Height)/sc)
}
