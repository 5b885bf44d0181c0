// Package cli implements every hewn subcommand. It never imports Fyne.
package cli

import (
	"fmt"
	"io"
)

// Main runs the subcommand in args and returns the process exit code:
// 0 ok, 1 invalid input, 2 usage error.
func Main(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "hewn: unknown command", args[0])
	return 2
}
