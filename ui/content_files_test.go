package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/ui/internal/uitest"
)

func TestContentExportAfterEditsChangesOnlyEditedFields(t *testing.T) {
	f := newContentFixture(t)
	require.NoError(t, contentHost{f.e}.EditPack("Weight", "", func(pk *content.Pack) error {
		e, _ := pk.Spawn("Goblin")
		e.Weight = 42
		return nil
	}))
	f.settle()
	out := filepath.Join(t.TempDir(), "pack.json")
	require.NoError(t, f.e.ExportContent(out))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	def := content.Default()
	e, _ := def.Spawn("Goblin")
	e.Weight = 42
	var want bytes.Buffer
	require.NoError(t, def.Export(&want))
	assert.Equal(t, want.String(), string(got), "only the edited weight differs from the default pack")
}

func TestContentImportRefusesBrokenPack(t *testing.T) {
	f := newContentFixture(t)
	before := f.e.m.Project()
	bad := filepath.Join(t.TempDir(), "spawns.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n  \"spawn_table\": [\n    { \"name\": \"Goblin\", }\n  ]\n}\n"), 0o644))
	err := f.e.ImportContent(bad)
	require.Error(t, err)
	assert.Regexp(t, `spawns\.json:3:\d+`, err.Error())
	assert.Same(t, before, f.e.m.Project(), "a pack that fails to load changes nothing")
}

func TestContentImportBecomesProjectPack(t *testing.T) {
	f := newFixture(t, uitest.Project())
	src := filepath.Join(t.TempDir(), "mine.json")
	data := content.DefaultJSON()
	require.NoError(t, os.WriteFile(src, data, 0o644))
	require.NoError(t, f.e.ImportContent(src))
	f.settle()
	assert.NotEmpty(t, f.e.m.Project().Content)
	assert.Empty(t, contentHost{f.e}.ReadOnly(), "the imported pack is editable")
	assert.False(t, uitest.TextIn(f.e.contents, "read-only"), "the panel edits it")
	f.e.m.Undo()
	f.settle()
	assert.Equal(t, "", f.e.m.Project().Content)
}
