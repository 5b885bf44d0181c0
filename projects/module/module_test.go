package module

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

// TestFileNamesAreTheHostsPaths: the file set takes the paths a command line
// takes (climbing with "..", absolute), and a project's pack resolves beside it.
func TestFileNamesAreTheHostsPaths(t *testing.T) {
	project := []byte(`{"version": 1, "name": "x", "seed": 1, "content": "spawns.json", "levels": [{"depth": 1, "name": "a", "seed": null,
		"chain": {"width": 40, "height": 20, "steps": [{"builder": "maze"}]}}]}`)
	for _, name := range []string{"../games/x.hewn.json", "/srv/games/x.hewn.json", "./x.hewn.json"} {
		var m Module
		m.AddFile(name, project)
		out, ok := m.Open(name)
		require.True(t, ok, "%s", out)
		var files []string
		require.NoError(t, json.Unmarshal(out, &files))
		require.Len(t, files, 1)
		out, ok = m.Generate(1, 1)
		assert.False(t, ok)
		assert.Equal(t, files[0]+": file does not exist", string(out))
		m.AddFile(files[0], content.DefaultJSON())
		out, ok = m.Generate(1, 1)
		assert.True(t, ok, "%s", out)
		_, ok = m.View()
		assert.True(t, ok)
	}
}

func TestAPanicIsAnError(t *testing.T) {
	out, ok := call(func() ([]byte, error) { panic("boom") })
	assert.False(t, ok)
	assert.Equal(t, "hewn: internal error: boom", string(out))
}

func TestResetForgetsEverything(t *testing.T) {
	var m Module
	_, ok := m.Open("")
	require.True(t, ok)
	_, ok = m.Generate(1, 1)
	require.True(t, ok)
	m.Reset()
	_, ok = m.View()
	assert.False(t, ok)
	_, ok = m.Levels()
	assert.False(t, ok)
}
