package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// newCh60Fixture is the editor (menus and all) on testProject saved beside
// the tutorial's chapter-60 raws as its content pack; it returns the pack's
// original bytes.
func newCh60Fixture(t *testing.T) (*windowFixture, []byte) {
	t.Helper()
	raws, err := os.ReadFile(filepath.Join("contentedit", "testdata", "ch60_spawns.json"))
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, projects.PackFile), raws, 0o644))
	p := uitest.Project()
	p.Content = projects.PackFile
	path := filepath.Join(dir, "ch60.hewn.json")
	require.NoError(t, p.Save(path))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	require.NotNil(t, f.e.m.Pack(), "the raws load")
	require.Empty(t, contentHost{f.e}.ReadOnly())
	return f, raws
}

func TestContentSavingAPackWithErrorsAsksFirst(t *testing.T) {
	f, raws := newCh60Fixture(t)
	e := f.e
	packFile := filepath.Join(filepath.Dir(e.m.Project().Path), projects.PackFile)
	require.NoError(t, e.m.EditPack("Break", "", func(pk *content.Pack) error {
		pk.SpawnTable[0].MinDepth = 99
		return nil
	}))
	f.settle()
	press(t, f.w, ctrlS)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "spawn_table[0].min_depth"), "the errors are listed")
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	got, _ := os.ReadFile(packFile)
	assert.Equal(t, raws, got, "cancelled: nothing written")
	assert.True(t, e.m.Dirty())

	press(t, f.w, ctrlS)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Save anyway"))
	assert.False(t, e.m.Dirty())
	pk, err := content.LoadFile(packFile)
	require.NoError(t, err)
	assert.Equal(t, 99, pk.SpawnTable[0].MinDepth)

	// a project edit with the pack unchanged saves without asking
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Renamed" })
	press(t, f.w, ctrlS)
	assert.False(t, e.m.Dirty())
}
