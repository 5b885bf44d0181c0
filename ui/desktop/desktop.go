//go:build !nogui

// Package desktop opens the editor's window for the hewn command. Built with
// the tag nogui, it holds no editor and the binary links no Fyne: a
// command-line hewn for servers, containers and seed sweeps (`make cli`),
// built without cgo, that starts in a few milliseconds (Fyne's package inits
// alone take about 7 ms of every process that links it).
package desktop

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"hewn/ui"
)

// Open runs the editor on path ("" for the last or the example project)
// until its window closes, with the app's icon and the README its Help →
// Tour shows; it answers the process's exit code.
func Open(path string, icon []byte, readme string) int {
	// what `fyne package` would read from FyneApp.toml; fyneDo: every UI
	// change from another goroutine goes through fyne.Do
	app.SetMetadata(fyne.AppMetadata{ID: "io.hewn.editor", Name: "Hewn", Version: "0.1.0", Build: 1,
		Migrations: map[string]bool{"fyneDo": true}})
	a := app.NewWithID("io.hewn.editor")
	a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	ui.SetReadme(readme)
	if path != "" {
		ui.RunWith(a, path)
	} else {
		ui.Run(a)
	}
	return 0
}
