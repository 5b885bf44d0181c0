//go:build unix

package projects

import (
	"context"
	"errors"
	"os"
	"syscall"
	"time"
)

// writable reports whether this process may write the file at path (as a
// shell's redirection would find it).
func writable(path string) bool { return syscall.Access(path, 2 /* W_OK */) == nil }

// openDevice opens a device or a FIFO for writing. A FIFO is opened without
// blocking, again and again while no reader has it open, until ctx is done;
// it then stays non-blocking, so its writes wait in Go's poller, where a
// deadline (watch) can stop them.
func openDevice(ctx context.Context, target string) (*os.File, error) {
	for {
		f, err := os.OpenFile(target, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if !errors.Is(err, syscall.ENXIO) { // ENXIO: a FIFO with no reader
			return f, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// processAlive reports whether a process with this id runs on this machine.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
