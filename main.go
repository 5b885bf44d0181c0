// Command hewn is a level-design editor for roguelike games. With a subcommand
// it runs the command line (see README.md); with a file, or nothing, it opens
// the editor on that project or chain file, or on the last project.
package main

import (
	_ "embed"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	_ "hewn/chain/builders" // every builder registers itself
	"hewn/ui"
	"hewn/ui/cli"
)

//go:embed Icon.png
var icon []byte

//go:embed README.md
var readme string // Help → Tour shows its tour

func main() {
	cli.RestoreGOMAXPROCS() // a dependency's init resets it to the core count
	args := os.Args[1:]
	if len(args) > 0 && !editorFile(args) {
		os.Exit(cli.Main(args, os.Stdout, os.Stderr))
	}
	// what `fyne package` would read from FyneApp.toml; fyneDo: every UI
	// change from another goroutine goes through fyne.Do
	app.SetMetadata(fyne.AppMetadata{ID: "io.hewn.editor", Name: "Hewn", Version: "0.1.0", Build: 1,
		Migrations: map[string]bool{"fyneDo": true}})
	a := app.NewWithID("io.hewn.editor")
	a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	ui.SetReadme(readme)
	if len(args) == 1 {
		ui.RunWith(a, args[0])
		return
	}
	ui.Run(a)
}

// editorFile reports whether args name one file for the editor to open (as a
// file manager passes it): not a subcommand or a flag, and an existing path or
// a .json name (a missing file then opens the editor with the error shown).
func editorFile(args []string) bool {
	if len(args) != 1 || cli.IsCommand(args[0]) || strings.HasPrefix(args[0], "-") {
		return false
	}
	if _, err := os.Stat(args[0]); err == nil {
		return true
	}
	return strings.HasSuffix(args[0], ".json")
}
