package ui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
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

// waitWrote waits for the editor's next recovery write.
func waitWrote(t *testing.T, e *Editor) {
	t.Helper()
	select {
	case <-e.recover.wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("no recovery file written")
	}
}

// Issue 26 point 5: two editors on one project each keep their own recovery
// file (they shared one: each edit overwrote the other's, one save deleted
// it); a save over the project file another editor changed asks Overwrite /
// Reload / Save as (the last save silently won); a killed editor's work is
// offered on the next start, a running one's never.
func TestTwoEditorsOnOneProject(t *testing.T) {
	defer func(d time.Duration) { RecoveryDelay = d }(RecoveryDelay)
	RecoveryDelay = 10 * time.Millisecond
	cfg := t.TempDir()
	path := filepath.Join(t.TempDir(), "shared.hewn.json")
	require.NoError(t, uitest.Project().Save(path))
	a, err := newWindowFixtureIn(t, cfg, path)
	require.NoError(t, err)
	b, err := newWindowFixtureIn(t, cfg, path)
	require.NoError(t, err)
	dir, err := RecoveryDir()
	require.NoError(t, err)
	rename := func(f *windowFixture, name string) {
		f.e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = name })
		waitWrote(t, f.e)
		f.settle()
	}
	rename(a, "From A")
	rename(b, "From B")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	require.Len(t, files, 2, "one recovery file per editor")
	assert.Empty(t, FindRecovered(dir), "both editors run: neither file is a crash's")

	press(t, a.w, ctrlS) // nobody changed the file since A opened it
	a.settle()
	saved, err := projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "From A", saved.Name)
	files, _ = filepath.Glob(filepath.Join(dir, "*.json"))
	require.Len(t, files, 1, "A's save removed A's file only: B's unsaved work stays")

	// B saves over A's save: asked, and Overwrite writes B's
	press(t, b.w, ctrlS)
	d := uitest.Overlay(t, b.w)
	require.True(t, uitest.TextIn(d, path+" changed on disk since you opened it"))
	test.Tap(uitest.ButtonIn(t, d, "Overwrite"))
	b.settle()
	saved, err = projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "From B", saved.Name)

	// A edits on, B's save is news to A: Reload takes B's project
	rename(a, "A again")
	press(t, a.w, ctrlS)
	d = uitest.Overlay(t, a.w)
	test.Tap(uitest.ButtonIn(t, d, "Reload"))
	a.settle()
	assert.Equal(t, "From B", a.e.m.Project().Name)
	assert.False(t, a.e.m.Dirty())
	saved, _ = projects.Load(path)
	assert.Equal(t, "From B", saved.Name, "Reload writes nothing")

	// and Save as… leaves the file alone, Cancel too
	rename(a, "A once more")
	require.NoError(t, os.WriteFile(path, append(mustRead(t, path), '\n'), 0o644)) // someone else saves
	before := mustRead(t, path)
	press(t, a.w, ctrlS)
	d = uitest.Overlay(t, a.w)
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	press(t, a.w, ctrlS)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, a.w), "Save as…"))
	assert.Equal(t, before, mustRead(t, path))
	assert.True(t, a.e.m.Dirty())

	// B is killed with unsaved work: its lock goes with it, and the next
	// editor offers its work
	rename(b, "B unsaved")
	b.e.recover.lock.f.Close()
	rec := FindRecovered(dir)
	require.Len(t, rec, 1)
	assert.Equal(t, "B unsaved", rec[0].Project.Name)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// Issue 26 point 5: recovery files and their folder are readable by the user
// alone, also when the folder existed with wider permissions.
func TestRecoveryFilesArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "recovery")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.Chmod(dir, 0o755))
	old := filepath.Join(dir, recoveryName("", "1-1"))
	require.NoError(t, os.WriteFile(old, []byte("{}"), 0o644))
	file, err := writeRecovery(dir, uitest.Project(), "", false, "1-1")
	require.NoError(t, err)
	assert.Equal(t, old, file)
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	fi, err = os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "an older 0644 file becomes 0600 too")
	l, err := lockInstance(dir, "1-2")
	require.NoError(t, err)
	fi, err = os.Stat(lockName(dir, "1-2"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	l.release()
	assert.NoFileExists(t, lockName(dir, "1-2"))
}

// A level whose exit cannot be reached is never silent (issue 26 point 12):
// the status line says so first, naming the step that cut it off, and that
// step carries the hint in the chain panel, on its row and over its form.
func TestCutExitOnTheStatusLineAndItsStep(t *testing.T) {
	p := uitest.Project()
	p.Seed = 12 // room_corner_rounder closes the mouth of the corridor to the stairs
	p.Levels[0].Chain = &chain.Chain{Name: "cut", Depth: 1, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "simple_map"}, {Builder: "room_drawer"}, {Builder: "straight_line_corridors"},
		{Builder: "room_corner_rounder"}, {Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"},
		// a warning of its own, made before the reach check's
		{Builder: "paint", Params: map[string]any{"cells": []chain.PaintCell{{X: 90, Y: 5, W: 1, H: 1, Tile: "wall"}}}}}}
	f := newFixture(t, p)
	require.Len(t, f.result().Warnings, 2)
	status := uitest.OnScreen(f.e.mapv, func(l *widget.Label) bool {
		return strings.HasPrefix(l.Text, "⚠ steps[3] room_corner_rounder: cuts the exit at (12,30) off from the start at (66,36) (and 1 warning more)")
	})
	require.Len(t, status, 1, "the status line says the exit is cut off and by which step")
	assert.Equal(t, widget.WarningImportance, status[0].Importance)

	row := uitest.OnScreen(f.e.chain, func(l *widgets.TipLabel) bool {
		return l.Text == "⚠ cuts the exit at (12,30) off from the start at (66,36)"
	})
	require.Len(t, row, 1, "the step that cut it warns on its row, and no other")
	f.steps(t).Select(3)
	head := uitest.OnScreen(f.e.chain, func(l *widget.Label) bool { return strings.HasPrefix(l.Text, "4. room_corner_rounder (") })
	require.Len(t, head, 1)
	assert.True(t, uitest.TextIn(f.e.chain, "⚠ cuts the exit at (12,30) off"), "and over its form")
	f.steps(t).Select(2)
	assert.False(t, uitest.TextIn(f.paramArea(), "⚠ cuts the exit"), "not over another step's form")
}
