// Package ui is Hewn's desktop editor: every Fyne widget and window.
package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Run opens the editor's main window in app a and runs the app until it quits.
func Run(a fyne.App) {
	w := a.NewWindow("Hewn")
	w.SetContent(widget.NewLabel("Hewn"))
	w.Resize(fyne.NewSize(1280, 800))
	w.ShowAndRun()
}
