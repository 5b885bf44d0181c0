// Package ui is the shell of Hewn's desktop editor: the window, its menus and
// shortcuts, files (open, save, recent projects, the content pack's files),
// the recovery file, exports, and the glue to the panels.
//
// The editor's state lives in a model.Model (plain Go, no widgets). Each
// panel (ui/mapview, ui/chainedit, ui/levelsedit, ui/projectedit,
// ui/themeedit, ui/contentedit, ui/playview, ui/statsview) is a widget built
// by New over a Host of its own that the shell implements (panels.go); the
// shell subscribes to the model once and looks up in one table which panels
// update on which change (reactions). Every edit makes a new immutable
// project value, and a Regen runs the chain off the UI goroutine, cancelling
// the previous run, and hands the result back with fyne.Do.
//
// Only main.go imports fyne.io/fyne/v2/app; this package stays testable
// headless with fyne.io/fyne/v2/test.
package ui
