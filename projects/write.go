package projects

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// writeHook lets tests interrupt a save mid-write.
var writeHook func(f *os.File, data []byte) (int, error)

// maxLinks bounds the symlinks WriteFileAtomic follows.
const maxLinks = 40

// WriteFileAtomic writes data to path; every save and export of Hewn (the
// editor's and the command line's) goes through it.
//
//   - A regular file or a new path is written atomically: a temp file in the
//     same folder is written, fsynced and renamed over path, then the folder is
//     fsynced, so readers see the old or the new file, never a torn one. On any
//     error the temp file is removed and path is untouched. An existing file
//     keeps its permissions.
//   - A device or a FIFO (/dev/null, a named pipe) is written straight into.
//   - A symlink is written through: the link stays and its target (followed to
//     the end of a chain of links) is written as above, created when missing.
//   - A directory is refused.
//
// Errors are *WriteError, naming path and the reason ("projects: cannot write
// out/x.json: the folder out does not exist").
func WriteFileAtomic(path string, data []byte) error {
	return WriteFileAtomicContext(context.Background(), path, data)
}

// WriteFileAtomicContext is WriteFileAtomic stopping once ctx is done (Ctrl+C,
// SIGTERM): the write is dropped (the temp file removed, the file as it
// was) and the error is ctx's, also while it waits for a FIFO's reader.
func WriteFileAtomicContext(ctx context.Context, path string, data []byte) error {
	return WriteFilesAtomic(ctx, []string{path}, [][]byte{data})
}

// WritePrivateFile writes data to path as WriteFileAtomic does, readable and
// writable by the user alone (0600, whatever the file's permissions were):
// the editor's recovery files.
func WritePrivateFile(path string, data []byte) error {
	f, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	f.perm = 0o600
	if err := f.writeAll(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// WriteFilesAtomic writes data[i] to paths[i] as WriteFileAtomicContext does,
// all or none (a Tiled map and its tileset): every file is written and
// fsynced first, then all are put in place; when one cannot be, those put in
// place already get their old content back (or are removed when they were
// new).
func WriteFilesAtomic(ctx context.Context, paths []string, data [][]byte) error {
	files := make([]*AtomicFile, 0, len(paths))
	abort := func() {
		for _, f := range files {
			f.Abort()
		}
	}
	for i, path := range paths {
		f, err := CreateAtomicContext(ctx, path)
		if err != nil {
			abort()
			return err
		}
		files = append(files, f)
		if err := f.writeAll(data[i]); err != nil {
			abort()
			return err
		}
	}
	return commitAll(files)
}

// AtomicFile is a file being written as WriteFileAtomic writes one, for
// output too large to hold in memory (a sweep's samples): written through
// Write, then put in place by Commit, or dropped by Abort.
type AtomicFile struct {
	path   string // as the caller named it, for errors
	target string // path with its symlinks followed
	f      *os.File
	tmp    string      // the temp file; "" when writing straight into a device or FIFO
	old    fs.FileInfo // target's info when it exists
	ctx    context.Context
	backup string // the old file kept while several files are put in place (commitAll)
	done   chan struct{}
	perm   fs.FileMode // the file's permissions when not 0 (else an old file's, or 0644)
}

// CreateAtomic opens path for writing as WriteFileAtomic writes it: a regular
// file or a new path through a temp file in its folder (path is untouched
// until Commit), a device or a FIFO straight, a symlink through to its
// target; a directory is refused. Errors are *WriteError naming path.
func CreateAtomic(path string) (*AtomicFile, error) {
	return CreateAtomicContext(context.Background(), path)
}

// CreateAtomicContext is CreateAtomic whose writes stop once ctx is done
// (Write returns ctx's error): a FIFO without a reader is waited for until
// then, not for ever. A read-only file (no write permission, as a shell's
// redirection would find it, or no write bit at all) is refused rather than
// replaced. Temp files that killed writes left beside the file are removed
// first.
func CreateAtomicContext(ctx context.Context, path string) (*AtomicFile, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return nil, writeErr(path, err)
	}
	a := &AtomicFile{path: path, target: target, ctx: ctx}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return nil, writeErr(path, errors.New("it is a directory"))
	case err == nil && !fi.Mode().IsRegular():
		if a.f, err = openDevice(ctx, target); err != nil {
			return nil, writeErr(path, err)
		}
		a.watch()
		return a, nil
	case err == nil:
		if fi.Mode().Perm()&0o222 == 0 || !writable(target) {
			return nil, writeErr(path, errors.New("the file is read-only (give it write permission to replace it)"))
		}
		a.old = fi
	case !errors.Is(err, fs.ErrNotExist):
		return nil, writeErr(path, err)
	}
	dir := filepath.Dir(target)
	if di, e := os.Stat(dir); e != nil {
		if errors.Is(e, fs.ErrNotExist) {
			return nil, writeErr(path, fmt.Errorf("the folder %s does not exist", dir))
		}
		return nil, writeErr(path, e)
	} else if !di.IsDir() {
		return nil, writeErr(path, fmt.Errorf("%s is not a folder", dir))
	}
	removeStaleTemps(dir, filepath.Base(target))
	if a.f, err = os.CreateTemp(dir, tempPrefix(filepath.Base(target))+strconv.Itoa(os.Getpid())+"-*"); err != nil {
		return nil, writeErr(path, err)
	}
	a.tmp = a.f.Name()
	return a, nil
}

// watch stops a write blocked on a device or a FIFO once ctx is done.
func (a *AtomicFile) watch() {
	if a.ctx.Done() == nil {
		return
	}
	a.done = make(chan struct{})
	go func(f *os.File, done chan struct{}) {
		select {
		case <-a.ctx.Done():
			_ = f.SetWriteDeadline(time.Now())
		case <-done:
		}
	}(a.f, a.done)
}

// writeAll writes data in pieces, checking ctx between them.
func (a *AtomicFile) writeAll(data []byte) error {
	const piece = 1 << 20
	for len(data) > 0 {
		n := min(len(data), piece)
		if _, err := a.Write(data[:n]); err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}

// Write writes p; an error is a *WriteError naming the file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	if a.ctx != nil {
		if err := a.ctx.Err(); err != nil {
			return 0, err
		}
	}
	write := (*os.File).Write
	if writeHook != nil && a.tmp != "" {
		write = writeHook
	}
	n, err := write(a.f, p)
	if err != nil {
		if a.ctx != nil && a.ctx.Err() != nil {
			return n, a.ctx.Err()
		}
		return n, writeErr(a.path, err)
	}
	return n, nil
}

// Abort drops what was written: the temp file is removed and the file left
// as it was (a device or FIFO keeps what it got).
func (a *AtomicFile) Abort() {
	a.stopWatch()
	a.f.Close()
	if a.tmp != "" {
		os.Remove(a.tmp)
	}
}

func (a *AtomicFile) stopWatch() {
	if a.done != nil {
		close(a.done)
		a.done = nil
	}
}

// Commit puts what was written in place: the temp file is fsynced and renamed
// over the file (keeping an existing file's permissions), then the folder is
// fsynced. On an error the file is left as it was.
func (a *AtomicFile) Commit() error { return commitAll([]*AtomicFile{a}) }

// prepare syncs and closes a's temp file and gives it its permissions (a
// device or a FIFO is closed: it is written already).
func (a *AtomicFile) prepare() error {
	a.stopWatch()
	if a.tmp == "" {
		_ = a.f.Sync() // pipes and most devices cannot sync; nothing to do about it
		if err := a.f.Close(); err != nil {
			return writeErr(a.path, err)
		}
		return nil
	}
	if err := a.f.Sync(); err != nil {
		return writeErr(a.path, err)
	}
	if err := a.f.Close(); err != nil {
		return writeErr(a.path, err)
	}
	mode := fs.FileMode(0o644)
	switch {
	case a.perm != 0:
		mode = a.perm
	case a.old != nil:
		mode = a.old.Mode().Perm()
	}
	if err := os.Chmod(a.tmp, mode); err != nil {
		return writeErr(a.path, err)
	}
	return nil
}

// commitAll puts every file in place or none (see WriteFilesAtomic). With
// more than one file, each existing file is kept under a backup name (a hard
// link) until all are in place, to be restored should a later one fail.
func commitAll(files []*AtomicFile) error {
	for i, a := range files {
		if err := a.prepare(); err != nil {
			for _, b := range files[i+1:] {
				b.Abort()
			}
			for _, b := range files[:i+1] {
				if b.tmp != "" {
					os.Remove(b.tmp)
				}
			}
			return err
		}
	}
	if len(files) > 1 {
		for _, a := range files {
			if a.tmp != "" && a.old != nil {
				a.backup = a.tmp + ".old"
				if os.Link(a.target, a.backup) != nil {
					a.backup = ""
				}
			}
		}
	}
	for i, a := range files {
		if a.tmp == "" {
			continue
		}
		if err := os.Rename(a.tmp, a.target); err != nil {
			for _, b := range files[:i] { // undo those in place
				switch {
				case b.tmp == "":
				case b.backup != "":
					os.Rename(b.backup, b.target)
				case b.old == nil:
					os.Remove(b.target)
				}
			}
			for _, b := range files[i:] {
				if b.tmp != "" {
					os.Remove(b.tmp)
				}
			}
			for _, b := range files {
				if b.backup != "" {
					os.Remove(b.backup)
				}
			}
			return writeErr(a.path, err)
		}
	}
	for _, a := range files {
		if a.backup != "" {
			os.Remove(a.backup)
		}
		if a.tmp == "" {
			continue
		}
		dir := filepath.Dir(a.target)
		removeStaleTemps(dir, filepath.Base(a.target))
		if d, e := os.Open(dir); e == nil {
			_ = d.Sync()
			d.Close()
		}
	}
	return nil
}

// resolveLinks follows path while it names a symlink and returns the final
// path (which may not exist yet).
func resolveLinks(path string) (string, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(p), dest)
		}
		p = dest
	}
	return "", errors.New("too many levels of symbolic links")
}

// tempPrefix is how the temp files of writes to base begin: ".BASE.tmp-",
// then the writing process's id, "-" and a random number.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// staleAge is how old a temp file without a process id (an older Hewn's)
// must be to count as left by a killed write.
const staleAge = 10 * time.Minute

// removeStaleTemps removes the temp files that writes of base left in dir when
// their process was killed mid-write (kill -9, a power cut): those of a
// process that no longer runs (an older Hewn's, without a process id, once
// older than staleAge). A running writer's temp file, this process's
// included, is left alone. Every write calls it before it starts and after it
// succeeds, so killed writes never pile up.
func removeStaleTemps(dir, base string) {
	prefix := tempPrefix(base)
	stale, _ := filepath.Glob(filepath.Join(dir, globEscape(prefix)+"*"))
	for _, f := range stale {
		rest := strings.TrimPrefix(filepath.Base(f), prefix)
		pidText, _, hasPID := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		switch {
		case hasPID && err == nil && pid > 0:
			if pid == os.Getpid() || processAlive(pid) {
				continue
			}
		default:
			if fi, err := os.Lstat(f); err != nil || time.Since(fi.ModTime()) < staleAge {
				continue
			}
		}
		os.Remove(f)
	}
}

// globEscape escapes filepath.Match's special characters in s.
func globEscape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[', '\\':
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// WriteError is WriteFileAtomic's error: the path it could not write and the
// bare reason.
type WriteError struct {
	Path string
	Err  error
}

// Error formats the error as "projects: cannot write PATH: reason".
func (e *WriteError) Error() string { return "projects: cannot write " + e.Path + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *WriteError) Unwrap() error { return e.Err }

// writeErr names path and the bare reason (an *fs.PathError's own path, often a
// temp file's, is dropped).
func writeErr(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &WriteError{Path: path, Err: err}
}
