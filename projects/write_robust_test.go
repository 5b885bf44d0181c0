package projects

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 point 9: a read-only file is refused, as a shell's redirection
// refuses it (it was replaced).
func TestWriteRefusesAReadOnlyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "level.json")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o444))
	err := WriteFileAtomic(path, []byte("new"))
	require.Error(t, err)
	assert.Equal(t, "projects: cannot write "+path+": the file is read-only (give it write permission to replace it)", err.Error())
	b, _ := os.ReadFile(path)
	assert.Equal(t, "old", string(b))
}

// Issue 26 point 9: a write stops once its context is done: into a FIFO
// nobody reads (it waited for ever, deaf to Ctrl+C), and into a file (the
// temp file removed, the file as it was).
func TestWriteStopsWithItsContext(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := WriteFileAtomicContext(ctx, fifo, []byte("nobody reads this"))
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 10*time.Second)

	// a reader that opens the pipe and never reads: the write blocks once the
	// pipe's buffer is full, and stops with the context
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer r.Close()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel2()
	err = WriteFileAtomicContext(ctx2, fifo, make([]byte, 8<<20))
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	path := filepath.Join(dir, "level.json")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o644))
	done, stop := context.WithCancel(context.Background())
	stop()
	assert.ErrorIs(t, WriteFileAtomicContext(done, path, []byte("new")), context.Canceled)
	b, _ := os.ReadFile(path)
	assert.Equal(t, "old", string(b))
	tmps, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	assert.Empty(t, tmps)
}

// Issue 26 point 9: files written together (a Tiled map and its tileset)
// are all written or none: a read-only map leaves the tileset as it was, and
// a map that cannot be put in place puts the tileset back.
func TestWriteFilesAtomicAllOrNone(t *testing.T) {
	dir := t.TempDir()
	tiles, tmj := filepath.Join(dir, "l.tileset.png"), filepath.Join(dir, "l.tmj")
	require.NoError(t, os.WriteFile(tiles, []byte("old tiles"), 0o644))
	require.NoError(t, os.WriteFile(tmj, []byte("old map"), 0o444))
	err := WriteFilesAtomic(context.Background(), []string{tiles, tmj}, [][]byte{[]byte("new tiles"), []byte("new map")})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "read-only")
	b, _ := os.ReadFile(tiles)
	assert.Equal(t, "old tiles", string(b))

	// the map's rename fails (it became a folder with a file in it meanwhile)
	require.NoError(t, os.Chmod(tmj, 0o644))
	a1, err := CreateAtomic(tiles)
	require.NoError(t, err)
	a2, err := CreateAtomic(tmj)
	require.NoError(t, err)
	require.NoError(t, a1.writeAll([]byte("new tiles")))
	require.NoError(t, a2.writeAll([]byte("new map")))
	require.NoError(t, os.Remove(tmj))
	require.NoError(t, os.MkdirAll(filepath.Join(tmj, "x"), 0o755))
	require.Error(t, commitAll([]*AtomicFile{a1, a2}))
	b, _ = os.ReadFile(tiles)
	assert.Equal(t, "old tiles", string(b), "put back")
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	assert.Empty(t, left, "no temp file or backup left")

	// a new tileset is removed again
	require.NoError(t, os.Remove(tiles))
	a1, err = CreateAtomic(tiles)
	require.NoError(t, err)
	a2, err = CreateAtomic(filepath.Join(dir, "other.tmj"))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "other.tmj", "x"), 0o755))
	require.Error(t, commitAll([]*AtomicFile{a1, a2}))
	assert.NoFileExists(t, tiles)
}

// Issue 26 point 9: temp files that killed writes left (6 files, 58 MB) are
// removed when the next write starts, not only once one succeeds; a running
// writer's temp file stays.
func TestStaleTempsAreRemovedWhenAWriteStarts(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.tmj")
	dead := filepath.Join(dir, ".big.tmj.tmp-999999999-1")                      // a process that is gone
	older := filepath.Join(dir, ".big.tmj.tmp-4821")                            // an older Hewn's, an hour old
	fresh := filepath.Join(dir, ".big.tmj.tmp-77")                              // an older Hewn's, just written
	live := filepath.Join(dir, ".big.tmj.tmp-"+strconv.Itoa(os.Getppid())+"-5") // a running writer
	for _, f := range []string{dead, older, fresh, live} {
		require.NoError(t, os.WriteFile(f, []byte("partial"), 0o600))
	}
	hour := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(older, hour, hour))
	a, err := CreateAtomic(path)
	require.NoError(t, err)
	assert.NoFileExists(t, dead)
	assert.NoFileExists(t, older)
	assert.FileExists(t, fresh)
	assert.FileExists(t, live)
	a.Abort()
}
