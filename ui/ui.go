// Package ui is Hewn's desktop editor: every Fyne widget and window.
//
// The editor's state lives in a Model (plain Go, no widgets): the project, the
// selection and an undo stack of whole-project snapshots. Views (level list,
// chain list, generated parameter forms, builder palette, map view, history
// scrubber, theme editor) read the model and edit it only through its methods;
// every edit makes a new immutable project value, and a Regen runs the chain
// off the UI goroutine, cancelling the previous run, and hands the result back
// with fyne.Do.
//
// Only main.go imports fyne.io/fyne/v2/app; this package stays testable headless
// with fyne.io/fyne/v2/test.
package ui
