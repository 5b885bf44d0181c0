// Command hewn is a level-design editor for roguelike games. With arguments it
// runs a command-line subcommand (see README.md); without, it opens the editor.
package main

import (
	_ "embed"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"hewn/ui"
	"hewn/ui/cli"
)

//go:embed Icon.png
var icon []byte

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	a := app.NewWithID("io.hewn.editor")
	a.SetIcon(fyne.NewStaticResource("Icon.png", icon))
	ui.Run(a)
}
