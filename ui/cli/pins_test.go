package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

// hewn project check guards pinned seeds: exit 0 while each pinned level is
// what was pinned, exit 1 naming "level D, seed S: changed" once it is not.
func TestProjectCheckReportsChangedPins(t *testing.T) {
	p := projects.New("pinned")
	p.Levels[0].Depth = 3
	p.Sync()
	sp := content.Default().Roller()
	fp, err := p.PinFingerprint(context.Background(), 0, 7, sp)
	require.NoError(t, err)
	p.Levels[0].Pins = []projects.Pin{{Seed: 7, Fingerprint: fp}}
	path := filepath.Join(t.TempDir(), "p.hewn.json")
	require.NoError(t, p.Save(path))
	code, out, errs := hewn("project", "check", path)
	require.Equal(t, 0, code, out+errs)

	p.Levels[0].Chain.Steps[0].Params = map[string]any{"tries": 7}
	require.NoError(t, p.Save(path))
	code, out, errs = hewn("project", "check", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, out+errs, path+": level 3, seed 7: changed")
}

// hewn play --bot prints the final state with the keys the bot pressed;
// replaying them with --keys and the same --max-turns gives the same state.
func TestPlayBotKeysReplay(t *testing.T) {
	for _, bot := range []string{"explorer", "diver"} {
		code, out, errs := hewn("play", "../../projects/example.hewn.json", "--depth", "1", "--seed", "5", "--bot", bot, "--max-turns", "400")
		require.Equal(t, 0, code, errs)
		var st struct{ Keys string }
		require.NoError(t, json.Unmarshal([]byte(out), &st))
		require.NotEmpty(t, st.Keys)
		code, again, errs := hewn("play", "../../projects/example.hewn.json", "--depth", "1", "--seed", "5", "--keys", st.Keys, "--max-turns", "400")
		require.Equal(t, 0, code, errs)
		assert.Equal(t, out, again, bot)
	}
	code, _, errs := hewn("play", "../../projects/example.hewn.json", "--depth", "1", "--seed", "5", "--bot", "borg")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, `unknown bot "borg"`)
}
