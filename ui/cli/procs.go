package cli

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// RestoreGOMAXPROCS undoes what a dependency's init does to GOMAXPROCS:
// Fyne's software painter imports anthonynsimon/bild/parallel, whose init
// sets it to the machine's core count, overriding both the GOMAXPROCS
// environment variable and Go's default (the container's or cgroup's CPU
// limit, kept up to date by the runtime). A positive GOMAXPROCS in the
// environment wins; else Go's default is restored. Main calls it before any
// command runs, and main before it opens the editor: worker pools (a sweep's
// default --workers) size themselves from GOMAXPROCS.
func RestoreGOMAXPROCS() {
	if n, err := strconv.Atoi(strings.TrimSpace(os.Getenv("GOMAXPROCS"))); err == nil && n > 0 {
		runtime.GOMAXPROCS(n)
		return
	}
	runtime.SetDefaultGOMAXPROCS()
}
