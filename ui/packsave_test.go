package ui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

// A project's pack travels with it: Save As into another folder writes the
// pack beside the new file, and a pack chosen from outside the project's
// folder is copied beside the project when it is saved (a project never
// names a file outside its folder), without replacing a different file there.
func TestSaveAsTakesTheContentPackAlong(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	outside := filepath.Join(t.TempDir(), "mypack.json")
	var b []byte
	b, _ = content.Default().MarshalJSON()
	require.NoError(t, os.WriteFile(outside, b, 0o644))
	e.m.EditProject("Choose content", "", func(p *projects.Project) { p.Content = outside })
	f.settle()
	require.NotNil(t, e.m.Pack(), "the chosen pack loaded")

	dirA := filepath.Join(f.dir, "a")
	require.NoError(t, os.MkdirAll(dirA, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dirA, "mypack.json"), []byte("someone else's"), 0o644))
	pathA := filepath.Join(dirA, "x.hewn.json")
	require.NoError(t, e.saveTo(pathA))
	assert.Equal(t, "mypack-2.json", e.m.Project().Content, "beside the project, not over another file")
	got, _ := os.ReadFile(filepath.Join(dirA, "mypack.json"))
	assert.Equal(t, "someone else's", string(got))
	p, err := projects.Load(pathA)
	require.NoError(t, err)
	pk, err := p.LoadPack()
	require.NoError(t, err)
	assert.Equal(t, len(content.Default().SpawnTable), len(pk.SpawnTable))
	assert.False(t, e.m.Dirty())

	dirB := filepath.Join(f.dir, "b")
	require.NoError(t, os.MkdirAll(dirB, 0o755))
	pathB := filepath.Join(dirB, "y.hewn.json")
	require.NoError(t, e.saveTo(pathB))
	_, err = os.Stat(filepath.Join(dirB, "mypack-2.json"))
	assert.NoError(t, err, "Save As elsewhere writes the pack beside the new file")
}
