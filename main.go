// Command hewn is a level-design editor for roguelike games. With a subcommand
// it runs the command line (see README.md); with a file, or nothing, it opens
// the editor on that project or chain file, or on the last project.
package main

import (
	_ "embed"
	"os"
	"strings"

	_ "hewn/chain/builders" // every builder registers itself
	"hewn/ui/cli"
	"hewn/ui/desktop"
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
	path := ""
	if len(args) == 1 {
		path = args[0]
	}
	if code := desktop.Open(path, icon, readme); code != 0 {
		os.Exit(code)
	}
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
