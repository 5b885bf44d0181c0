package cli

import (
	"os"
	"runtime"
	"runtime/debug"
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

// startHeap is how much memory a command may take before its first garbage
// collection: most commands (a run, a check, a play) end well below it.
const startHeap = 64 << 20

// DeferFirstGC lets a short command end without collecting garbage: Go's
// first collection comes at a 4 MB heap, and the package inits alone
// allocate 2.3 MB, so a 30 ms `hewn run` spent about a sixth of its CPU in
// the collector. Until the process holds startHeap, no collection runs;
// after the first one, the collector paces itself as GOGC=100 again (a big
// map's run peaks as before). A GOGC or GOMEMLIMIT in the environment is
// left to decide. main calls it once, for commands only (not the editor).
func DeferFirstGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	old := debug.SetGCPercent(-1)
	if old < 0 { // already deferred, or GC off
		debug.SetGCPercent(old)
		return
	}
	limit := debug.SetMemoryLimit(startHeap)
	// the first collection finds the sentinel unreachable and runs this
	sentinel := &struct{ _ [2]*int }{}
	runtime.AddCleanup(sentinel, func(struct{}) {
		debug.SetGCPercent(old)
		debug.SetMemoryLimit(limit)
	}, struct{}{})
}
