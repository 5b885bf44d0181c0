package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

func TestContentExportPackAndSchema(t *testing.T) {
	f, p := newContentFixture(t)
	p.SpawnField("Goblin", "weight").SetText("42")
	f.settle()
	dir := t.TempDir()
	out := filepath.Join(dir, "pack.json")
	require.NoError(t, f.e.exportContentPack(out))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	def := content.Default()
	e, _ := def.Spawn("Goblin")
	e.Weight = 42
	var want bytes.Buffer
	require.NoError(t, def.Export(&want))
	assert.Equal(t, want.String(), string(got), "only the edited weight differs from the default pack")

	schema := filepath.Join(dir, "schema.json")
	require.NoError(t, exportContentSchema(schema))
	data, err := os.ReadFile(schema)
	require.NoError(t, err)
	assert.Equal(t, content.Schema(), data)
}

func TestContentImportRefusesBrokenPack(t *testing.T) {
	f, _ := newContentFixture(t)
	before := f.e.m.Project()
	bad := filepath.Join(t.TempDir(), "spawns.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n  \"spawn_table\": [\n    { \"name\": \"Goblin\", }\n  ]\n}\n"), 0o644))
	err := f.e.importContentPack(bad)
	require.Error(t, err)
	assert.Regexp(t, `spawns\.json:3:\d+`, err.Error())
	assert.Same(t, before, f.e.m.Project(), "a pack that fails to load changes nothing")

	invalid := filepath.Join(t.TempDir(), "spawns.json")
	require.NoError(t, os.WriteFile(invalid, []byte(`{"faction_table": [{"name": "A", "responses": {"Default": "hug"}}]}`), 0o644))
	err = f.e.importContentPack(invalid)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"hug"`)
	assert.Same(t, before, f.e.m.Project())
}

func TestContentImportCopiesBesideProject(t *testing.T) {
	proj := testProject()
	projDir := t.TempDir()
	proj.Path = filepath.Join(projDir, "test.hewn.json")
	f := newFixture(t, proj)
	src := filepath.Join(t.TempDir(), "mine.json")
	data := bytes.Replace(content.DefaultJSON(), []byte(`"Goblin"`), []byte(`"Goblin"`), 1)
	require.NoError(t, os.WriteFile(src, data, 0o644))
	require.NoError(t, f.e.importContentPack(src))
	f.settle()
	assert.Equal(t, "mine.json", f.e.m.Project().Content)
	copied, err := os.ReadFile(filepath.Join(projDir, "mine.json"))
	require.NoError(t, err)
	assert.Equal(t, data, copied)
	assert.Empty(t, contentHost{f.e}.ReadOnly(), "the imported pack is editable")
	f.e.m.Undo()
	f.settle()
	assert.Equal(t, "", f.e.m.Project().Content)
}
