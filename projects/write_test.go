package projects

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteFileAtomicIntoFIFO writes straight into a named pipe: the pipe
// stays a pipe (it is not replaced by a regular file) and its reader gets the data.
func TestWriteFileAtomicIntoFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- b
	}()
	require.NoError(t, WriteFileAtomic(fifo, []byte("hello\n")))
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	require.Equal(t, fs.ModeNamedPipe, fi.Mode().Type(), "the FIFO is still a FIFO")
	select {
	case b := <-got:
		assert.Equal(t, "hello\n", string(b))
	case <-time.After(10 * time.Second):
		t.Fatal("the FIFO's reader got nothing")
	}
}

// TestWriteFileAtomicThroughSymlink writes through a symlink: the link stays a
// link and its target gets the data; a relative and a dangling link work too.
func TestWriteFileAtomicThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "real"), 0o755))
	target := filepath.Join(dir, "real", "p.hewn.json")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o600))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(filepath.Join("real", "p.hewn.json"), link))
	link2 := filepath.Join(dir, "link2.json") // a link to the link
	require.NoError(t, os.Symlink(link, link2))

	require.NoError(t, WriteFileAtomic(link2, []byte("new")))
	for _, l := range []string{link, link2} {
		fi, err := os.Lstat(l)
		require.NoError(t, err)
		assert.Equal(t, fs.ModeSymlink, fi.Mode().Type(), "%s is still a symlink", l)
	}
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "new", string(b))
	fi, err := os.Stat(target)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o600), fi.Mode().Perm(), "the target keeps its permissions")
	left, err := filepath.Glob(filepath.Join(dir, "*", ".*tmp*"))
	require.NoError(t, err)
	assert.Empty(t, left, "no temp file left behind")

	dangling := filepath.Join(dir, "dangling.json")
	require.NoError(t, os.Symlink(filepath.Join(dir, "real", "new.json"), dangling))
	require.NoError(t, WriteFileAtomic(dangling, []byte("created")))
	b, err = os.ReadFile(filepath.Join(dir, "real", "new.json"))
	require.NoError(t, err)
	assert.Equal(t, "created", string(b))
	fi, err = os.Lstat(dangling)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, fi.Mode().Type())
}

// TestWriteFileAtomicErrors: a directory is refused, a missing folder and a
// symlink loop are reported with the path and a plain reason.
func TestWriteFileAtomicErrors(t *testing.T) {
	dir := t.TempDir()
	err := WriteFileAtomic(dir, []byte("x"))
	require.Error(t, err)
	assert.Equal(t, "projects: cannot write "+dir+": it is a directory", err.Error())

	missing := filepath.Join(dir, "nope", "x.json")
	err = WriteFileAtomic(missing, []byte("x"))
	require.Error(t, err)
	assert.Equal(t, "projects: cannot write "+missing+": the folder "+filepath.Join(dir, "nope")+" does not exist", err.Error())

	loop := filepath.Join(dir, "loop")
	require.NoError(t, os.Symlink(loop, loop))
	err = WriteFileAtomic(loop, []byte("x"))
	require.Error(t, err)
	assert.Equal(t, "projects: cannot write "+loop+": too many levels of symbolic links", err.Error())

	file := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	err = WriteFileAtomic(filepath.Join(file, "x.json"), []byte("x"))
	require.Error(t, err)
	assert.Equal(t, "projects: cannot write "+filepath.Join(file, "x.json")+": not a directory", err.Error())
}

// TestOpenErrorsNameTheFile: the editor's Open reports a chain's or a
// project's problems as "FILE:LINE:COL: message" and "FILE: json.path: message".
func TestOpenErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, data, want string }{
		{"c.json", "{\"steps\": [\n  {\"builder\": \"simple_map\"},\n]}", "c.json:3:1: invalid character ']' looking for beginning of value"},
		{"c2.json", `{"steps":[{"builder":"area_starting_position","params":{"x":"middle"}}]}`, `c2.json: steps[0].params.x: "middle" is not one of left, center, right`},
		{"p.hewn.json", "{\"version\": 1,\n \"levels\": [}", "p.hewn.json:2:13: invalid character '}' looking for beginning of value"},
		{"p2.hewn.json", `{"version":1,"levels":[{"depth":1,"name":"a","chain":{"steps":[{"builder":"bogus"}]}}]}`, `p2.hewn.json: levels[0].chain.steps[0].builder: unknown builder "bogus"`},
		{"missing.json", "", "missing.json: no such file or directory"},
	} {
		path := filepath.Join(dir, c.name)
		if c.data != "" {
			require.NoError(t, os.WriteFile(path, []byte(c.data), 0o644))
		}
		_, _, err := Open(path)
		require.Error(t, err, c.name)
		assert.Equal(t, filepath.Join(dir, c.want), err.Error())
	}
}
