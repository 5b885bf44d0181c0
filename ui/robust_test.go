package ui

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/ui/internal/uitest"
)

// Issue 26 point 11: error dialogs show the error as Hewn words it; Fyne's
// own capitalised the file name ("Bad3/level.json").
func TestErrorDialogKeepsTheFileNameAsItIs(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	f.e.showError(errors.New("bad3/level.json: steps[1].params.x: \"middle\" is not one of left, center, right"))
	o := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(o, "bad3/level.json: steps[1].params.x"))
	assert.False(t, uitest.TextIn(o, "Bad3"))
}

// linkedEditorProject writes a project in dir/proj whose pack spawns.json is
// what link says: a symbolic link to a target, or "fifo" for a named pipe.
func linkedEditorProject(t *testing.T, link string) (path, dir string) {
	dir = t.TempDir()
	proj := filepath.Join(dir, "proj")
	require.NoError(t, os.MkdirAll(proj, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "outside"), 0o755))
	b, err := content.Default().MarshalJSON()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "outside", "spawns.json"), b, 0o644))
	if link == "fifo" {
		require.NoError(t, syscall.Mkfifo(filepath.Join(proj, "spawns.json"), 0o644))
	} else {
		require.NoError(t, os.Symlink(link, filepath.Join(proj, "spawns.json")))
	}
	p := projects.New("Linked")
	p.Content = "spawns.json"
	path = filepath.Join(proj, "linked.hewn.json")
	require.NoError(t, p.Save(path))
	return path, dir
}

// Issue 26 points 4 and 11: the editor neither reads a pack through a link
// out of the project's folder nor blocks on a pack that is a named pipe; it
// opens, says why the pack is not loaded, and never writes through the link.
func TestEditorRefusesPacksOutsideOrNotFiles(t *testing.T) {
	for _, link := range []string{"../outside/spawns.json", "fifo"} {
		path, dir := linkedEditorProject(t, link)
		opened := make(chan *windowFixture, 1)
		go func() {
			f, err := newWindowFixture(t, path)
			assert.NoError(t, err)
			opened <- f
		}()
		var f *windowFixture
		select {
		case f = <-opened:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: the editor did not open", link)
		}
		assert.Nil(t, f.e.m.Project().Pack, link)
		outside := filepath.Join(dir, "outside", "spawns.json")
		before, err := os.ReadFile(outside)
		require.NoError(t, err)
		// an edited pack attached by hand is not saved through the link either
		f.e.m.AttachPack(content.Default())
		require.NoError(t, f.e.m.EditPack("Drop mobs", "", func(pk *content.Pack) error { pk.Mobs = pk.Mobs[:1]; return nil }))
		err = f.e.saveTo(path)
		if link != "fifo" {
			require.Error(t, err)
			assert.Contains(t, err.Error(), "leads out of the project's folder")
		}
		f.settle()
		after, err := os.ReadFile(outside)
		require.NoError(t, err)
		assert.Equal(t, before, after, link)
	}
}

// Point 10: a session saved for a project with a file names the project by
// its path relative to the session, so `hewn play --replay` finds it.
func TestSavedSessionNamesItsProjectRelatively(t *testing.T) {
	data := []byte(`{"version": 1, "project": "Bracketon", "seed": 3, "depth": 1, "start_depth": 1, "keys": "hj"}`)
	dir := t.TempDir()
	out := sessionFor(data, filepath.Join(dir, "levels", "game.hewn.json"), filepath.Join(dir, "sessions", "s.play.json"))
	s, err := play.ParseSession(out)
	require.NoError(t, err)
	assert.Equal(t, "../levels/game.hewn.json", s.Project)
	assert.Equal(t, "hj", s.Keys)
	assert.Equal(t, data, sessionFor(data, "", filepath.Join(dir, "s.play.json")), "a project without a file keeps its name")
}
