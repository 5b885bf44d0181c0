//go:build nogui

package desktop

import (
	"fmt"
	"os"
)

// Open says this build has no editor: it was built with the tag nogui
// (`make cli`), for the command line alone. Exit code 2, as a usage error.
func Open(path string, icon []byte, readme string) int {
	fmt.Fprintln(os.Stderr, "hewn: this build has no editor (built with -tags nogui, for the command line alone); `hewn help` lists its commands")
	return 2
}
