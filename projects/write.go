package projects

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
	f, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
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
}

// CreateAtomic opens path for writing as WriteFileAtomic writes it: a regular
// file or a new path through a temp file in its folder (path is untouched
// until Commit), a device or a FIFO straight, a symlink through to its
// target; a directory is refused. Errors are *WriteError naming path.
func CreateAtomic(path string) (*AtomicFile, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return nil, writeErr(path, err)
	}
	a := &AtomicFile{path: path, target: target}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return nil, writeErr(path, errors.New("it is a directory"))
	case err == nil && !fi.Mode().IsRegular():
		if a.f, err = os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0); err != nil {
			return nil, writeErr(path, err)
		}
		return a, nil
	case err == nil:
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
	if a.f, err = os.CreateTemp(dir, "."+filepath.Base(target)+".tmp-*"); err != nil {
		return nil, writeErr(path, err)
	}
	a.tmp = a.f.Name()
	return a, nil
}

// Write writes p; an error is a *WriteError naming the file.
func (a *AtomicFile) Write(p []byte) (int, error) {
	write := (*os.File).Write
	if writeHook != nil && a.tmp != "" {
		write = writeHook
	}
	n, err := write(a.f, p)
	if err != nil {
		return n, writeErr(a.path, err)
	}
	return n, nil
}

// Abort drops what was written: the temp file is removed and the file left
// as it was (a device or FIFO keeps what it got).
func (a *AtomicFile) Abort() {
	a.f.Close()
	if a.tmp != "" {
		os.Remove(a.tmp)
	}
}

// Commit puts what was written in place: the temp file is fsynced and renamed
// over the file (keeping an existing file's permissions), then the folder is
// fsynced. On an error the file is left as it was.
func (a *AtomicFile) Commit() (err error) {
	if a.tmp == "" {
		_ = a.f.Sync() // pipes and most devices cannot sync; nothing to do about it
		if err := a.f.Close(); err != nil {
			return writeErr(a.path, err)
		}
		return nil
	}
	defer func() {
		if err != nil {
			a.Abort()
		}
	}()
	if err = a.f.Sync(); err != nil {
		return writeErr(a.path, err)
	}
	if err = a.f.Close(); err != nil {
		return writeErr(a.path, err)
	}
	mode := fs.FileMode(0o644)
	if a.old != nil {
		mode = a.old.Mode().Perm()
	}
	if err = os.Chmod(a.tmp, mode); err != nil {
		return writeErr(a.path, err)
	}
	if err = os.Rename(a.tmp, a.target); err != nil {
		return writeErr(a.path, err)
	}
	dir := filepath.Dir(a.target)
	removeStaleTemps(dir, filepath.Base(a.target))
	if d, e := os.Open(dir); e == nil {
		_ = d.Sync()
		d.Close()
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

// removeStaleTemps removes the temp files earlier writes of base left in dir
// when their process was killed mid-write (kill -9, a power cut): once a write
// has succeeded, they hold nothing anyone needs.
func removeStaleTemps(dir, base string) {
	stale, _ := filepath.Glob(filepath.Join(dir, "."+globEscape(base)+".tmp-*"))
	for _, f := range stale {
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
