// Command hewn is a level-design editor for roguelike games. With arguments it
// runs a command-line subcommand (see README.md); without, it opens the editor.
package main

import (
	"os"

	"fyne.io/fyne/v2/app"

	"hewn/ui"
	"hewn/ui/cli"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	a := app.NewWithID("io.hewn.editor")
	ui.Run(a)
}
