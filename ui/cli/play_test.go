package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const exampleProject = "../../projects/example.hewn.json"

func TestPlayProject(t *testing.T) {
	code, out, errs := hewn("play", exampleProject, "--depth", "3", "--seed", "7", "--keys", "hjklyubn.g>12346789")
	require.Equal(t, 0, code, errs)
	var st struct {
		Player    struct{ X, Y, HP int }
		Depth     int
		Turn      int
		Alive     bool
		Log       []string
		Creatures []struct {
			Name     string
			X, Y, HP int
		}
		Keys string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &st))
	assert.Equal(t, 3, st.Depth)
	assert.Equal(t, "hjklyubn.g>12346789", st.Keys)
	assert.NotEmpty(t, st.Log)
	assert.NotEmpty(t, st.Creatures)

	code2, out2, _ := hewn("play", exampleProject, "--depth", "3", "--seed", "7", "--keys", "hjklyubn.g>12346789")
	assert.Equal(t, 0, code2)
	assert.Equal(t, out, out2, "the same seed and keys give the same bytes")
}

func TestPlayChainMaxTurnsAndOut(t *testing.T) {
	chainPath := "../../chain/builders/testdata/chains/bsp_dungeon.json"
	outPath := filepath.Join(t.TempDir(), "state.json")
	code, _, errs := hewn("play", chainPath, "--seed", "3", "--keys", "..........", "--max-turns", "4", "--out", outPath)
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(outPath)
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(data, &st))
	assert.Equal(t, 4.0, st["turn"])
	assert.Equal(t, "....", st["keys"])
	assert.Equal(t, true, st["alive"])
}

func TestPlayUsageErrors(t *testing.T) {
	code, _, errs := hewn("play", exampleProject, "--depth", "1", "--seed", "1", "--keys", "hjQ")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errs, `unknown key 'Q'`)
	assert.Contains(t, errs, "usage: hewn play")

	code, _, errs = hewn("play", exampleProject, "--seed", "1", "--keys", "h")
	assert.Equal(t, exitUsage, code, "a project needs --depth")
	assert.Contains(t, errs, "--depth")

	code, _, _ = hewn("play", "--keys", "h")
	assert.Equal(t, exitUsage, code)

	code, _, errs = hewn("play", exampleProject, "--depth", "99", "--keys", "h")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, errs, "depth 99")
}
