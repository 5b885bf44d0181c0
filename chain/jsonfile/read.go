package jsonfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Limit says how large a file of one kind may be and names the kind in
// errors. Every file Hewn reads goes through ReadFile (or Read) with its
// kind's Limit.
type Limit struct {
	// Max is the largest size accepted, in bytes.
	Max int64
	// Noun names one such file, for "FILE: is a directory, not a chain or
	// project file" ("a chain or project file").
	Noun string
	// Plural names them all, for "FILE: the file is 50 MiB; chain and project
	// files are at most 16 MiB" ("chain and project files").
	Plural string
	// Pipes lets ReadFile read a named pipe (a FIFO: /dev/stdin fed by a
	// pipe, a shell's <(...)), up to Max+1 bytes: what a command line names.
	// Without it a pipe is refused unopened (opening one blocks until a
	// writer comes). A device (/dev/zero, /dev/urandom, a terminal) is always
	// refused: it is not a file, and some never end.
	Pipes bool
}

// WithPipes returns l allowing named pipes (see Limit.Pipes).
func (l Limit) WithPipes() Limit {
	l.Pipes = true
	return l
}

// CheckSize refuses size bytes over l.Max: "jsonfile: the file is 50 MiB;
// chain and project files are at most 16 MiB" (nil within the limit).
func (l Limit) CheckSize(size int64) error {
	if size <= l.Max {
		return nil
	}
	return fmt.Errorf("jsonfile: the file is %s; %s are at most %s", mib(size), l.plural(), mib(l.Max))
}

func (l Limit) noun() string {
	if l.Noun == "" {
		return "a JSON file"
	}
	return l.Noun
}

func (l Limit) plural() string {
	if l.Plural == "" {
		return "JSON files"
	}
	return l.Plural
}

// mib words a size in MiB ("50 MiB", "16.0 MiB"), or in bytes below one MiB.
func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// ReadFile reads the file at path, of at most l.Max bytes. A directory, a
// device and a socket are refused, and so is a FIFO unless l.Pipes (before
// they are opened: a FIFO would block); a regular file over the limit is
// refused by its size, before it is read, and a pipe after reading l.Max+1
// bytes. Errors are *FileError naming path ("FILE: is a directory,
// not a chain or project file", "FILE: permission denied", "FILE: the file is
// 50 MiB; chain and project files are at most 16 MiB").
func ReadFile(path string, l Limit) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, WithFile(path, err)
	}
	if err := l.checkMode(fi.Mode()); err != nil {
		return nil, WithFile(path, err)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, WithFile(path, err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil { // what was opened, should path have changed since
		return nil, WithFile(path, err)
	}
	if err := l.checkMode(fi.Mode()); err != nil {
		return nil, WithFile(path, err)
	}
	hint := int64(512)
	if fi.Mode().IsRegular() {
		if err := l.CheckSize(fi.Size()); err != nil {
			return nil, WithFile(path, err)
		}
		hint = fi.Size() + 1
	}
	data, err := read(f, l, hint)
	if err != nil {
		return nil, WithFile(path, err)
	}
	return data, nil
}

// checkMode refuses what is not a regular file (a device or a FIFO is
// allowed with l.Devices).
func (l Limit) checkMode(m fs.FileMode) error {
	var what string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a directory"
	case l.Pipes && m&fs.ModeNamedPipe != 0:
		return nil
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		what = "a device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	default:
		return fmt.Errorf("is not a regular file (want %s)", l.noun())
	}
	return fmt.Errorf("is %s, not %s", what, l.noun())
}

// Read reads all of r, at most l.Max bytes: it stops after l.Max+1 and
// refuses the input as CheckSize does. I/O errors are returned as they are.
func Read(r io.Reader, l Limit) ([]byte, error) { return read(r, l, 512) }

// read is Read with a first buffer of hint bytes (a regular file's size + 1).
// Without a hint (a pipe) it reads in chunks and joins them once, so a pipe
// filled up to the limit costs about twice the limit, not the many copies
// of a growing buffer.
func read(r io.Reader, l Limit, hint int64) ([]byte, error) {
	if hint > 512 {
		return readInto(r, l, make([]byte, 0, min(hint, l.Max+1)))
	}
	var chunks [][]byte
	total := int64(0)
	size := int64(64 << 10)
	for {
		want := min(size, l.Max+1-total)
		c, err := readInto(io.LimitReader(r, want), Limit{Max: want}, make([]byte, 0, min(want, 512)))
		if err != nil {
			return nil, err
		}
		chunks, total = append(chunks, c), total+int64(len(c))
		if total > l.Max {
			return nil, l.CheckSize(total)
		}
		if int64(len(c)) < want { // the reader ended
			break
		}
		size = min(size*2, 8<<20)
	}
	out := make([]byte, 0, total)
	for _, c := range chunks {
		out = append(out, c...)
	}
	return out, nil
}

// readInto reads all of r into buf, at most l.Max bytes: it stops after
// l.Max+1 and refuses the input as CheckSize does.
func readInto(r io.Reader, l Limit, buf []byte) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow
		}
		room := min(int64(cap(buf)), l.Max+1)
		n, err := r.Read(buf[len(buf):room])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > l.Max {
			return nil, l.CheckSize(int64(len(buf)))
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ReadFS reads the file called name from fsys as ReadFile reads one from disk:
// at most l.Max bytes, a directory refused, and a device, a FIFO or a socket
// refused unless l.Pipes allows a FIFO (before it is opened when fsys can
// tell its mode with fs.Stat). Errors are *FileError naming name.
func ReadFS(fsys fs.FS, name string, l Limit) ([]byte, error) {
	if fi, err := fs.Stat(fsys, name); err == nil {
		if err := l.checkMode(fi.Mode()); err != nil {
			return nil, WithFile(name, err)
		}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, WithFile(name, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, WithFile(name, err)
	}
	if err := l.checkMode(fi.Mode()); err != nil {
		return nil, WithFile(name, err)
	}
	hint := int64(512)
	if fi.Mode().IsRegular() {
		if err := l.CheckSize(fi.Size()); err != nil {
			return nil, WithFile(name, err)
		}
		hint = fi.Size() + 1
	}
	data, err := read(f, l, hint)
	if err != nil {
		return nil, WithFile(name, err)
	}
	return data, nil
}
