//go:build !unix

package projects

import (
	"context"
	"os"
)

// writable reports whether this process may write the file at path: where
// there is no access(2) (wasip1), the permission bits alone decide.
func writable(string) bool { return true }

// openDevice opens a device or a FIFO for writing (where FIFOs cannot wait
// for a reader, as they are opened).
func openDevice(_ context.Context, target string) (*os.File, error) {
	return os.OpenFile(target, os.O_WRONLY, 0)
}

// processAlive reports whether a process with this id runs: where that
// cannot be told, a temp file's process counts as running (its file stays).
func processAlive(int) bool { return true }
