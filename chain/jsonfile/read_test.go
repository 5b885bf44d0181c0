package jsonfile_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

var testLimit = jsonfile.Limit{Max: 2 << 20, Noun: "a test file", Plural: "test files"}

func TestReadFileReadsARegularFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"a": 1}`), 0o644))
	data, err := jsonfile.ReadFile(path, testLimit)
	require.NoError(t, err)
	assert.Equal(t, `{"a": 1}`, string(data))

	link := filepath.Join(t.TempDir(), "link.json")
	require.NoError(t, os.Symlink(path, link))
	data, err = jsonfile.ReadFile(link, testLimit)
	require.NoError(t, err, "a symlink to a regular file is read")
	assert.Equal(t, `{"a": 1}`, string(data))

	exact := filepath.Join(t.TempDir(), "exact.json")
	require.NoError(t, os.WriteFile(exact, []byte(strings.Repeat(" ", int(testLimit.Max))), 0o644))
	data, err = jsonfile.ReadFile(exact, testLimit)
	require.NoError(t, err, "a file of exactly the limit is read")
	assert.Len(t, data, int(testLimit.Max))
}

// A file over the limit is refused by its size, before it is read: a
// sparse 50 MiB file would take long to read.
func TestReadFileRefusesAFileOverTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(50<<20))
	require.NoError(t, f.Close())
	_, err = jsonfile.ReadFile(path, testLimit)
	assert.EqualError(t, err, path+": the file is 50 MiB; test files are at most 2 MiB")
	var fe *jsonfile.FileError
	assert.ErrorAs(t, err, &fe)

	_, err = jsonfile.Read(strings.NewReader(strings.Repeat("x", 3<<20)), testLimit)
	assert.EqualError(t, err, "jsonfile: the file is 2.0 MiB; test files are at most 2 MiB", "a reader is read up to the limit + 1 byte")
	_, err = jsonfile.Read(strings.NewReader("12345"), jsonfile.Limit{Max: 4})
	assert.EqualError(t, err, "jsonfile: the file is 5 bytes; JSON files are at most 4 bytes")
}

func TestReadFileRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := jsonfile.ReadFile(dir, testLimit)
	assert.EqualError(t, err, dir+": is a directory, not a test file")
	_, err = jsonfile.ReadFile(dir, testLimit.WithPipes())
	assert.EqualError(t, err, dir+": is a directory, not a test file", "pipes or not, a directory is no file")
	_, err = jsonfile.ReadFile(filepath.Join(dir, "missing.json"), testLimit)
	assert.EqualError(t, err, filepath.Join(dir, "missing.json")+": no such file or directory")
}

// A FIFO is refused unopened (opening it would wait for a writer), unless
// the caller allows pipes.
func TestReadFileAndAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	_, err := jsonfile.ReadFile(fifo, testLimit)
	assert.EqualError(t, err, fifo+": is a named pipe (FIFO), not a test file")

	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, _ = w.WriteString(`{"piped": true}`)
			_ = w.Close()
		}
	}()
	data, err := jsonfile.ReadFile(fifo, testLimit.WithPipes())
	require.NoError(t, err)
	assert.Equal(t, `{"piped": true}`, string(data))
}

// /dev/zero never ends: refused as a device, unread, even where a pipe is
// allowed (issue 26 point 3: `hewn stats merge /dev/zero` read 256 MiB).
func TestReadFileAndDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	_, err := jsonfile.ReadFile("/dev/zero", testLimit)
	assert.EqualError(t, err, "/dev/zero: is a device, not a test file")
	_, err = jsonfile.ReadFile("/dev/zero", testLimit.WithPipes())
	assert.EqualError(t, err, "/dev/zero: is a device, not a test file")
}

// A pipe is read in chunks up to the limit + 1 byte.
func TestReadFileAPipeOverTheLimit(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, _ = w.Write(make([]byte, 3<<20)) // stops with EPIPE once the reader gives up
			_ = w.Close()
		}
	}()
	_, err := jsonfile.ReadFile(fifo, testLimit.WithPipes())
	assert.EqualError(t, err, fifo+": the file is 2.0 MiB; test files are at most 2 MiB")
	data, err := jsonfile.Read(strings.NewReader(strings.Repeat("y", 2<<20)), testLimit)
	require.NoError(t, err, "exactly the limit")
	assert.Len(t, data, 2<<20)
}
