package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// windowFixture builds the editor the way the app does (NewWindowEditor: menus,
// close prompt, recovery file) on path, with the user's config folder in a
// temp dir and file dialogs opening in dir.
type windowFixture struct {
	*fixture
	dir string
}

func newWindowFixture(t *testing.T, path string) (*windowFixture, error) {
	t.Helper()
	return newWindowFixtureIn(t, t.TempDir(), path)
}

// newWindowFixtureIn is newWindowFixture with the user's config folder at cfg.
func newWindowFixtureIn(t *testing.T, cfg, path string) (*windowFixture, error) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	a := test.NewTempApp(t)
	dir := t.TempDir()
	a.Preferences().SetString(lastDirKey, dir)
	q := &uitest.Queue{}
	w := a.NewWindow("t")
	w.Resize(fyne.NewSize(1280, 800))
	e, err := newWindowEditor(a, w, path, q.Post)
	f := &windowFixture{&fixture{e, q, w}, dir}
	f.settle()
	t.Cleanup(func() {
		e.mapv.Pause()
		e.regen.Stop()
		if e.recover != nil {
			e.recover.clear()
		}
	})
	return f, err
}

var (
	ctrlS      = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlShiftS = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	ctrlO      = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlN      = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlQ      = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
)

// press runs the main-menu item carrying shortcut s, as the desktop driver
// does when the keys are pressed (main-menu shortcuts come first).
func press(t *testing.T, w fyne.Window, s fyne.Shortcut) {
	t.Helper()
	var find func(items []*fyne.MenuItem) *fyne.MenuItem
	find = func(items []*fyne.MenuItem) *fyne.MenuItem {
		for _, it := range items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == s.ShortcutName() && it.Action != nil {
				return it
			}
			if it.ChildMenu != nil {
				if f := find(it.ChildMenu.Items); f != nil {
					return f
				}
			}
		}
		return nil
	}
	require.NotNil(t, w.MainMenu())
	for _, m := range w.MainMenu().Items {
		if it := find(m.Items); it != nil {
			it.Action()
			return
		}
	}
	t.Fatalf("no menu item has the shortcut %s", s.ShortcutName())
}

// menuItem returns the main-menu item with this label.
func menuItem(t *testing.T, w fyne.Window, menu, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range w.MainMenu().Items {
		if m.Label != menu {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no menu item %s → %s", menu, label)
	return nil
}

// saveDialogAs types name into the open file-save dialog and taps Save.
func saveDialogAs(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	d := uitest.Overlay(t, w)
	var entry *widget.Entry
	for _, x := range test.LaidOutObjects(d) {
		// the file name entry proposes a name with an extension
		if en, ok := x.(*widget.Entry); ok && strings.Contains(en.Text, ".") {
			entry = en
		}
	}
	require.NotNil(t, entry, "the save dialog has a file name entry")
	entry.SetText(name)
	test.Tap(uitest.ButtonIn(t, d, "Save"))
}

func TestSaveShortcutOnNeverSavedProjectOpensSaveDialogAndSaves(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	require.Empty(t, e.m.Project().Path, "the example project has no file")
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Mine" })
	press(t, f.w, ctrlS) // crashed in FileDialog.MinSize before
	saveDialogAs(t, f.w, "mine")
	path := filepath.Join(f.dir, "mine.hewn.json")
	p, err := projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "Mine", p.Name)
	assert.False(t, e.m.Dirty())
	assert.Equal(t, path, e.m.Project().Path)
	_, err = os.Stat(filepath.Join(f.dir, "mine"))
	assert.True(t, os.IsNotExist(err), "no stray file under the typed name")
}

func TestSaveAsShortcutOpensDialogAndOverwriteKeepsOldFileUntilConfirmed(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	old := []byte("{\"old\": true}\n")
	path := filepath.Join(f.dir, "taken.hewn.json")
	require.NoError(t, os.WriteFile(path, old, 0o644))
	press(t, f.w, ctrlShiftS)
	saveDialogAs(t, f.w, "taken.hewn.json")
	// Fyne asks before overwriting; until then (and if declined) the file is intact
	confirm := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(confirm, "overwrite"))
	got, _ := os.ReadFile(path)
	assert.Equal(t, old, got)
	test.Tap(uitest.ButtonIn(t, confirm, "Yes"))
	p, err := projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, f.e.m.Project().Name, p.Name)
	assert.False(t, f.e.m.Dirty())
}

func TestLazyFileWriterCreatesNothingUntilWritten(t *testing.T) {
	test.NewTempApp(t)
	installLazyFiles()
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.json")
	require.NoError(t, os.WriteFile(path, []byte("precious"), 0o644))
	w, err := storage.Writer(storage.NewFileURI(path))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	got, _ := os.ReadFile(path)
	assert.Equal(t, "precious", string(got), "the dialog's writer did not truncate the file")
	w, err = storage.Writer(storage.NewFileURI(filepath.Join(dir, "new.json")))
	require.NoError(t, err)
	require.NoError(t, w.Close())
	_, err = os.Stat(filepath.Join(dir, "new.json"))
	assert.True(t, os.IsNotExist(err))
	// listing still works through the wrapper (the dialogs need it)
	l, err := storage.ListerForURI(storage.NewFileURI(dir))
	require.NoError(t, err)
	items, err := l.List()
	require.NoError(t, err)
	assert.Len(t, items, 1)
}

// tapFileInDialog selects the file named name in the open file dialog by
// tapping its item (the innermost tappable showing the name).
func tapFileInDialog(t *testing.T, d fyne.CanvasObject, name string) {
	t.Helper()
	var hit fyne.Tappable
	for _, x := range test.LaidOutObjects(d) {
		tp, ok := x.(fyne.Tappable)
		if !ok {
			continue
		}
		for _, y := range test.LaidOutObjects(x) {
			// the dialog shows names without their extension
			if l, ok := y.(*widget.Label); ok && (l.Text == name || l.Text == strings.TrimSuffix(name, filepath.Ext(name))) {
				hit = tp // later ones are nested deeper
			}
		}
	}
	require.NotNil(t, hit, "no file %q in the dialog", name)
	hit.Tapped(&fyne.PointEvent{})
}

func TestOpenShortcutOpensDialogAndLoadsTheChosenProject(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	p := uitest.Project()
	p.Name = "Opened One"
	require.NoError(t, p.Save(filepath.Join(f.dir, "one.hewn.json")))
	press(t, f.w, ctrlO)
	d := uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "one.hewn.json")
	test.Tap(uitest.ButtonIn(t, d, "Open"))
	f.settle()
	assert.Equal(t, "Opened One", f.e.m.Project().Name)
	assert.Equal(t, filepath.Join(f.dir, "one.hewn.json"), f.e.m.Project().Path)
	assert.Equal(t, 40, f.result().State.Map.W, "the opened project's first level is generated")
}

func TestOpenDialogShowsLoadErrorAndKeepsProject(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	before := f.e.m.Project()
	bad := filepath.Join(f.dir, "bad.hewn.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"version": 1, "levels": [}`), 0o644))
	f.e.OpenPath(bad)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, bad+":1:27: "), "the error names the file, line and column")
	assert.Same(t, before, f.e.m.Project())
}

func TestContentChooserOpensDialog(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	got := ""
	pack := filepath.Join(f.dir, "spawns.json")
	require.NoError(t, os.WriteFile(pack, []byte(`{}`), 0o644))
	f.e.chooseContent(func(s string) { got = s })
	d := uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "spawns.json")
	test.Tap(uitest.ButtonIn(t, d, "Open"))
	assert.Equal(t, pack, got, "a project without a file gets the absolute path")
}

func TestLeavingWithUnsavedWorkAsksSaveDontSaveCancel(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	path := filepath.Join(f.dir, "work.hewn.json")
	require.NoError(t, e.saveTo(path))
	rename := func(n string) {
		e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = n })
	}

	// Cancel: nothing happens
	rename("Edited")
	press(t, f.w, ctrlN)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "unsaved changes"))
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	assert.Equal(t, "Edited", e.m.Project().Name)
	assert.True(t, e.m.Dirty())

	// Save: the work is saved, then the new project opens
	press(t, f.w, ctrlN)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Save"))
	f.settle()
	p, err := projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "Edited", p.Name)
	assert.Equal(t, "Untitled", e.m.Project().Name)

	// Don't save: discarded
	e.OpenPath(path)
	rename("Thrown away")
	press(t, f.w, ctrlN)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Don't save"))
	assert.Equal(t, "Untitled", e.m.Project().Name)
	p, _ = projects.Load(path)
	assert.Equal(t, "Edited", p.Name)
}

func TestQuitWithUnsavedWorkOnNeverSavedProjectAsksForAFileFirst(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	f.e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Keep me" })
	press(t, f.w, ctrlQ)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Save"))
	saveDialogAs(t, f.w, "keep")
	p, err := projects.Load(filepath.Join(f.dir, "keep.hewn.json"))
	require.NoError(t, err)
	assert.Equal(t, "Keep me", p.Name)
}

func TestOpeningAChainFileGivesAOneLevelProject(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "caves.json")
	require.NoError(t, os.WriteFile(path, []byte(`{ "name": "Caves", "depth": 3, "width": 40, "height": 30,
  "steps": [ { "builder": "cellular_automata" }, { "builder": "area_starting_position" } ] }`), 0o644))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	p := f.e.m.Project()
	require.Len(t, p.Levels, 1)
	assert.Equal(t, "Caves", p.Levels[0].Name)
	assert.Equal(t, 3, p.Levels[0].Depth)
	assert.Empty(t, p.Path, "saving asks for a project file instead of overwriting the chain")
	assert.Equal(t, 40, f.result().State.Map.W)
	assert.True(t, f.says("one-level project"))
}

// TestSavingAChainFileProjectStartsBesideTheChain checks the save dialog of a
// project opened from a chain file starts in the chain's folder, not in the
// last folder a dialog used.
func TestSavingAChainFileProjectStartsBesideTheChain(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "caves.json")
	require.NoError(t, os.WriteFile(path, []byte(`{ "width": 40, "height": 30, "steps": [ { "builder": "cellular_automata" } ] }`), 0o644))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	require.NotEqual(t, dir, f.dir)
	press(t, f.w, ctrlS)
	saveDialogAs(t, f.w, "caves")
	_, err = projects.Load(filepath.Join(dir, "caves.hewn.json"))
	require.NoError(t, err, "saved beside the chain")
	assert.NoFileExists(t, filepath.Join(f.dir, "caves.hewn.json"))
}

func TestMissingOrBadFileOpensEditorWithError(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, data string }{
		{"missing.hewn.json", ""},
		{"broken.hewn.json", `{"version": 1, "levels": [ {"depth": "x"} ]}`},
	} {
		path := filepath.Join(dir, c.name)
		if c.data != "" {
			require.NoError(t, os.WriteFile(path, []byte(c.data), 0o644))
		}
		f, err := newWindowFixture(t, path)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.name)
		require.NotNil(t, f.e.m.Project(), "the editor opens on a new project")
		assert.NotNil(t, f.result(), "and generates it")
		f.e.showError(err)
		assert.True(t, uitest.TextIn(uitest.Overlay(t, f.w), c.name))
	}
}

func TestRecoveryFileIsWrittenSoonAfterAnEditAndRemovedOnSave(t *testing.T) {
	defer func(d time.Duration) { RecoveryDelay = d }(RecoveryDelay)
	RecoveryDelay = 20 * time.Millisecond
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	dir, err := RecoveryDir()
	require.NoError(t, err)
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Unsaved" })
	select {
	case <-e.recover.wrote:
	case <-time.After(10 * time.Second):
		t.Fatal("no recovery file written")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	require.Len(t, files, 1)
	assert.Empty(t, FindRecovered(dir), "a running editor's file is its own, not a crash's")
	// after a crash (the editor's lock gone with its process) another editor finds it
	e.recover.lock.f.Close()
	rec := FindRecovered(dir)
	require.Len(t, rec, 1)
	assert.Equal(t, "Unsaved", rec[0].Project.Name)
	e.recover.lock, err = lockInstance(dir, e.recover.instance)
	require.NoError(t, err)

	require.NoError(t, e.saveTo(filepath.Join(f.dir, "u.hewn.json")))
	files, _ = filepath.Glob(filepath.Join(dir, "*.json"))
	assert.Empty(t, files, "saved work needs no recovery file")
}

func TestStartAfterUncleanExitOffersRecovery(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	dir, err := RecoveryDir()
	require.NoError(t, err)
	orig := filepath.Join(t.TempDir(), "lost.hewn.json")
	p := uitest.Project()
	require.NoError(t, p.Save(orig))
	p.Name = "Lost work"
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps, chain.Step{Builder: "room_sorter"})
	file, err := writeRecovery(dir, p, orig, false, "4242-1") // an editor that is gone
	require.NoError(t, err)

	f, err := newWindowFixtureIn(t, cfg, "")
	require.NoError(t, err)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "Lost work"))
	test.Tap(uitest.ButtonIn(t, d, "Recover"))
	f.settle()
	e := f.e
	assert.Equal(t, "Lost work", e.m.Project().Name)
	assert.Equal(t, orig, e.m.Project().Path, "saving goes back to the project's file")
	assert.True(t, e.m.Dirty(), "recovered work is unsaved")
	assert.Equal(t, []string{"simple_map", "room_sorter"}, builders(e.m.Chain()))
	_, err = os.Stat(file)
	assert.NoError(t, err, "the recovery file stays until the work is saved")
	require.NoError(t, e.saveTo(orig))
	_, err = os.Stat(file)
	assert.True(t, os.IsNotExist(err))
}

func TestDiscardRemovesRecoveryFile(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	dir, _ := RecoveryDir()
	p := uitest.Project()
	p.Name = "Not wanted"
	file, err := writeRecovery(dir, p, "", false, "4242-2")
	require.NoError(t, err)
	f, err := newWindowFixtureIn(t, cfg, "")
	require.NoError(t, err)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Discard"))
	assert.NotEqual(t, "Not wanted", f.e.m.Project().Name)
	_, err = os.Stat(file)
	assert.True(t, os.IsNotExist(err))
}
