package projects_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
)

func TestOpenKeepOpensAProjectWithStepsThatDoNotLoad(t *testing.T) {
	p := projects.New("Broken")
	data, err := p.Bytes()
	require.NoError(t, err)
	bad := strings.Replace(string(data), `{ "builder": "room_sorter" }`, `{ "builder": "room_sortr", "params": { "by": 3 } }`, 1)
	require.NotEqual(t, string(data), bad)
	path := filepath.Join(t.TempDir(), "b.hewn.json")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))

	_, _, err = projects.Open(path)
	require.Error(t, err, "the command line refuses it")

	q, isChain, kept, err := projects.OpenKeep(path)
	require.NoError(t, err)
	assert.False(t, isChain)
	assert.Equal(t, []string{path + `: levels[0].chain.steps[1].builder: unknown builder "room_sortr"`}, kept)
	st := q.Levels[0].Chain.Steps[1]
	assert.True(t, st.Broken())
	out, err := q.Bytes()
	require.NoError(t, err)
	assert.Equal(t, bad, string(out), "saved back byte for byte")
}
