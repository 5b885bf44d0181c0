package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
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

// hewn project check reports every problem of the file at once: steps that
// do not load (an unknown builder, a bad value) and a bad level field, the
// content pack's problems, an entity the pack lacks and a changed pin, each
// on its own line, then the count in words.
func TestProjectCheckReportsEveryProblemAtOnce(t *testing.T) {
	dir := t.TempDir()
	p := projects.New("many")
	p.Content = "spawns.json"
	p.Levels = append(p.Levels, p.Levels[0])
	p.Levels[1].Depth = 2
	p.Levels[1].Chain = p.Levels[0].Chain.Clone()
	p.Sync()
	pk := content.Default()
	fp, err := p.PinFingerprint(context.Background(), 1, 7, pk.Roller())
	require.NoError(t, err)
	p.Levels[1].Pins = []projects.Pin{{Seed: 7, Fingerprint: fp}}
	p.Levels[1].Chain.Steps[0].Params = map[string]any{"tries": 7} // changes the pinned level
	spawn, err := chain.NewStep("place_spawn", map[string]any{"name": "Dragon"})
	require.NoError(t, err)
	p.Levels[1].Chain.Steps = append(p.Levels[1].Chain.Steps, spawn)
	path := filepath.Join(dir, "p.hewn.json")
	require.NoError(t, p.Save(path))
	packJSON, err := pk.MarshalJSON()
	require.NoError(t, err)
	bad := strings.Replace(string(packJSON), `"faction_table": [`, `"faction_table": [ { "name": "Hugger", "responses": { "Default": "hug" } },`, 1)
	require.NotEqual(t, string(packJSON), bad)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "spawns.json"), []byte(bad), 0o644))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	text := strings.Replace(string(data), `{ "builder": "room_sorter" }`, `{ "builder": "room_sortr" }`, 1)
	text = strings.Replace(text, `{ "builder": "room_drawer" }`, `{ "builder": "room_drawer", "params": { "shape": "hexagon" } }`, 1)
	text = strings.Replace(text, `"depth": 2`, `"depth": "two"`, 1)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))

	code, _, errs := hewn("project", "check", path)
	assert.Equal(t, 1, code)
	pack := filepath.Join(dir, "spawns.json")
	for _, want := range []string{
		path + `: levels[0].chain.steps[1].builder: unknown builder "room_sortr"`,
		path + `: levels[0].chain.steps[2].params.shape: "hexagon" is not one of`,
		path + `: levels[1].depth: "two" is not`,
		pack + `: faction_table[0].responses.Default: unknown response "hug"`,
		path + `: levels[1].chain.steps[7].params.name: "Dragon" is not an entity of the content pack`,
		path + `: level 1, seed 7: changed`,
	} {
		assert.Contains(t, errs, want)
	}
	assert.Regexp(t, `: \d+ errors, \d+ warnings?\n$`, errs)
}
