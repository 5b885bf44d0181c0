package projects

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/prefab"
	"hewn/content"
)

// linkedProject makes dir/proj/x.hewn.json whose content pack proj/spawns.json
// is a symbolic link to target (relative to proj).
func linkedProject(t *testing.T, target string) (p *Project, dir string) {
	dir = t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "proj", "packs"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "outside"), 0o755))
	var b []byte
	b, err := content.Default().MarshalJSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "outside", "spawns.json"), b, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "proj", "packs", "spawns.json"), b, 0o644))
	require.NoError(t, os.Symlink(target, filepath.Join(dir, "proj", "spawns.json")))
	p = New("x")
	p.Path, p.Content = filepath.Join(dir, "proj", "x.hewn.json"), "spawns.json"
	return p, dir
}

// Issue 26 point 4: a symbolic link inside the project's folder that leads
// out of it is refused for reading (check, runs, the editor's pack) and for
// writing (the editor's pack save wrote through it, replacing the outside
// file); a link that stays inside is fine.
func TestContentPackLinkOutOfTheFolder(t *testing.T) {
	for _, target := range []string{"../outside/spawns.json", "../outside/missing.json"} {
		p, dir := linkedProject(t, target)
		outside := filepath.Join(dir, "outside", "spawns.json")
		before, err := os.ReadFile(outside)
		require.NoError(t, err)
		err = p.CheckContentPath()
		require.Error(t, err, target)
		assert.Contains(t, err.Error(), `x.hewn.json: content: "spawns.json" leads out of the project's folder through a symbolic link`)
		errs, _ := p.Check()
		assert.Contains(t, errs, `content: "spawns.json" leads out of the project's folder through a symbolic link (copy the file beside the project)`)
		_, err = p.LoadPack()
		assert.Error(t, err)
		_, err = p.Generate(t.Context(), 1, 1, nil)
		assert.Error(t, err)

		pk := content.Default()
		pk.Mobs = pk.Mobs[:1]
		err = p.SavePack(pk)
		require.Error(t, err, target)
		assert.Contains(t, err.Error(), "leads out of the project's folder")
		after, err := os.ReadFile(outside)
		require.NoError(t, err)
		assert.Equal(t, before, after, "the outside file is untouched")
		assert.NoFileExists(t, filepath.Join(dir, "outside", "missing.json"), "nor created")
	}

	p, dir := linkedProject(t, "packs/spawns.json")
	require.NoError(t, p.CheckContentPath(), "a link inside the folder")
	_, err := p.LoadPack()
	require.NoError(t, err)
	require.NoError(t, p.SavePack(content.Default()))
	fi, err := os.Lstat(filepath.Join(dir, "proj", "spawns.json"))
	require.NoError(t, err)
	assert.True(t, fi.Mode()&os.ModeSymlink != 0, "the link stays")
}

// Issue 26 point 11: a content pack or a prefab file that is a named pipe is
// refused at once, clearly: reading it blocked for ever (the editor never
// opened its window).
func TestPipesAreRefusedWhereAFileIsExpected(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"spawns.json", "camp.txt"} {
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, name), 0o644))
	}
	p := New("x")
	p.Path, p.Content = filepath.Join(dir, "x.hewn.json"), "spawns.json"
	done := make(chan struct{})
	go func() {
		defer close(done)
		errs, _ := p.Check()
		assert.Contains(t, errs, `content: "spawns.json" is not a regular file (a named pipe, a device or a socket), not a content pack`)
		_, err := p.LoadPack()
		assert.ErrorContains(t, err, "spawns.json: is a named pipe (FIFO), not a content pack")
		_, err = prefab.ReadFile(DirFS(dir), "camp.txt")
		assert.ErrorContains(t, err, "camp.txt")
		assert.ErrorContains(t, err, "named pipe")
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("reading a named pipe blocked")
	}
}
