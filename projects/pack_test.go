package projects

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

func TestContentPathOutsideTheProjectIsNotRead(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"items": [{"name": "Secret"}]}`), 0o644))
	sub := filepath.Join(dir, "proj")
	require.NoError(t, os.MkdirAll(filepath.Join(sub, "packs"), 0o755))
	for _, c := range []struct {
		content string
		inside  bool
	}{
		{"spawns.json", true}, {"packs/a.json", true}, {"packs/../b.json", true},
		{"../secret.json", false}, {secret, false}, {"packs/../../secret.json", false}, {"..", false},
	} {
		p := New("x")
		p.Path = filepath.Join(sub, "x.hewn.json")
		p.Content = c.content
		err := p.CheckContentPath()
		assert.Equal(t, c.inside, err == nil, c.content)
		if !c.inside {
			assert.Contains(t, err.Error(), p.Path+": content: ")
			assert.Contains(t, err.Error(), `"`+c.content+`" is outside the project's folder`)
			_, err = p.LoadPack()
			require.Error(t, err)
			assert.False(t, strings.Contains(err.Error(), "Secret"), "the foreign file is not read")
			errs, _ := p.Check()
			assert.NotEmpty(t, errs)
		}
	}
}

func TestSavePackWritesBesideTheProject(t *testing.T) {
	dir := t.TempDir()
	p := New("x")
	p.Content = PackFile
	pk := content.Default()
	assert.Error(t, p.SavePack(pk), "no project file yet")
	p.Path = filepath.Join(dir, "x.hewn.json")
	require.NoError(t, p.SavePack(pk))
	got, err := p.LoadPack()
	require.NoError(t, err)
	assert.Equal(t, len(pk.SpawnTable), len(got.SpawnTable))
	p.Content = ""
	assert.ErrorContains(t, p.SavePack(pk), "read-only")
}
