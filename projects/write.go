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
	target, err := resolveLinks(path)
	if err != nil {
		return writeErr(path, err)
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.IsDir():
		return writeErr(path, errors.New("it is a directory"))
	case err == nil && !fi.Mode().IsRegular():
		return writeStraight(path, target, data)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return writeErr(path, err)
	}
	return writeAtomic(path, target, data, fi)
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

// writeStraight writes into a device or FIFO without replacing it.
func writeStraight(path, target string, data []byte) error {
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return writeErr(path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return writeErr(path, err)
	}
	_ = f.Sync() // pipes and most devices cannot sync; nothing to do about it
	if err := f.Close(); err != nil {
		return writeErr(path, err)
	}
	return nil
}

// writeAtomic writes target through a temp file renamed over it; old is
// target's current info (nil when it does not exist).
func writeAtomic(path, target string, data []byte, old fs.FileInfo) (err error) {
	dir := filepath.Dir(target)
	if di, e := os.Stat(dir); e != nil {
		if errors.Is(e, fs.ErrNotExist) {
			return writeErr(path, fmt.Errorf("the folder %s does not exist", dir))
		}
		return writeErr(path, e)
	} else if !di.IsDir() {
		return writeErr(path, fmt.Errorf("%s is not a folder", dir))
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp-*")
	if err != nil {
		return writeErr(path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	write := (*os.File).Write
	if writeHook != nil {
		write = writeHook
	}
	if _, err = write(f, data); err != nil {
		return writeErr(path, err)
	}
	if err = f.Sync(); err != nil {
		return writeErr(path, err)
	}
	if err = f.Close(); err != nil {
		return writeErr(path, err)
	}
	mode := fs.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	}
	if err = os.Chmod(tmp, mode); err != nil {
		return writeErr(path, err)
	}
	if err = os.Rename(tmp, target); err != nil {
		return writeErr(path, err)
	}
	removeStaleTemps(dir, filepath.Base(target))
	if d, e := os.Open(dir); e == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
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
