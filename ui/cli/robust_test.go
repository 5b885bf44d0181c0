package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26: what a file can hold is checked before anything runs, and every
// error names its file. (The numbered points are the issue's.)

// Point 7 and 11: project check refuses what run would fail on or silently
// get wrong: an unknown prefab name, min_size above max_size, two themes (or
// prefabs) of one name.
func TestProjectCheckRefusesWhatRunNeeds(t *testing.T) {
	level := func(steps string) string {
		return `{"version":1,"name":"A","seed":1,"levels":[{"depth":1,"name":"L","seed":null,` +
			`"chain":{"width":40,"height":30,"steps":[` + steps + `]}}]}`
	}
	for _, c := range []struct{ name, project, want string }{
		{"unknown prefab", level(`{"builder":"prefab","params":{"mode":"level","name":"no_such_prefab"}}`),
			`: levels[0].chain.steps[0].params.name: unknown prefab "no_such_prefab"`},
		{"min above max", level(`{"builder":"simple_map","params":{"min_size":12,"max_size":6,"draw":true}}`),
			`: levels[0].chain.steps[0].params.min_size: 12 is greater than max_size 6`},
		{"duplicate theme", strings.Replace(level(`{"builder":"simple_map","params":{"draw":true}}`), `"seed":1,`,
			`"seed":1,"themes":[{"name":"cave","tiles":{}},{"name":"cave","tiles":{}}],`, 1),
			`: themes[1].name: duplicate name "cave" (also themes[0])`},
		{"duplicate prefab", strings.Replace(level(`{"builder":"simple_map","params":{"draw":true}}`), `"seed":1,`,
			`"seed":1,"prefabs":[{"name":"hut","template":["###","# #","###"]},{"name":"hut","template":["#"]}],`, 1),
			`: prefabs[1].name: duplicate name "hut" (also prefabs[0])`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := writeFile(t, "a.hewn.json", c.project)
			code, _, errs := hewn("project", "check", f)
			assert.Equal(t, 1, code, errs)
			assert.Contains(t, errs, f+c.want)
			code, _, errs = hewn("run", f, "--depth", "1", "--seed", "1")
			assert.Equal(t, 1, code, errs)
			assert.Contains(t, errs, f+c.want, "run refuses what check refuses")
		})
	}
}

// Point 11: a bare chain placing an entity its pack does not define is never
// silent: a warning naming the step (not an error: a bare chain is a sketch on
// whatever pack it is given, drawn with the name's first letter; the
// conformance corpus's guaranteed_spawn chain places an "Amulet").
func TestChainPlacingAnUnknownEntityWarns(t *testing.T) {
	f := writeFile(t, "c.json", `{"width":40,"height":30,"steps":[{"builder":"simple_map","params":{"draw":true}},`+
		`{"builder":"room_based_starting_position"},{"builder":"place_spawn","params":{"name":"Nobody","x":"center","y":"center"}}]}`)
	for _, cmd := range [][]string{{"run", f, "--seed", "1"}, {"play", f, "--seed", "1", "--keys", "."}} {
		code, _, errs := hewn(cmd...)
		assert.Equal(t, 0, code, cmd)
		assert.Contains(t, errs, "warning: "+f+`: steps[2].params.name: "Nobody" is not an entity of the content pack`+"\n", cmd)
	}
}

// Point 11: content odds validates the pack as the runs do.
func TestContentOddsValidates(t *testing.T) {
	f := writeFile(t, "p.json", `{"spawn_table":[{"name":"Ghost","weight":1,"min_depth":1,"max_depth":2}]}`)
	code, out, errs := hewn("content", "odds", f, "--depth", "1")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errs, f+`: spawn_table[0].name: unknown entity "Ghost"`)
}

// Point 1: a pack whose numbers the game cannot afford is refused by content
// check and by every command that plays it, naming the field.
func TestPackBoundsRefusedEverywhere(t *testing.T) {
	code, pack, _ := hewn("content", "export", "default")
	require.Equal(t, 0, code)
	dir := t.TempDir()
	big := strings.Replace(pack, `"vision_range": 4,`, `"vision_range": 100000,`, 1)
	require.NotEqual(t, pack, big)
	f := filepath.Join(dir, "spawns.json")
	require.NoError(t, os.WriteFile(f, []byte(big), 0o644))
	proj := filepath.Join(dir, "p.hewn.json")
	code, _, errs := hewn("project", "new", "P", "--out", proj)
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(proj)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(proj, []byte(strings.Replace(string(data), `"seed": 1,`, `"seed": 1, "content": "spawns.json",`, 1)), 0o644))
	want := f + `: mobs[0].vision_range: 100000 is out of range [0, 64]`
	code, _, errs = hewn("content", "check", f)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, want)
	for _, cmd := range [][]string{
		{"play", proj, "--depth", "1", "--seed", "1", "--keys", "...."},
		{"stats", proj, "--depth", "1", "--seeds", "2", "--bot", "explorer", "--max-turns", "10"},
		{"project", "check", proj},
	} {
		code, _, errs = hewn(cmd...)
		assert.Equal(t, 1, code, cmd)
		assert.Contains(t, errs, want, cmd)
	}
}

// Point 7: a bare chain's unknown prefab name is a load error naming the
// parameter (it was found only when the step ran).
func TestChainUnknownPrefabIsALoadError(t *testing.T) {
	f := writeFile(t, "c.json", `{"width":40,"height":30,"steps":[{"builder":"prefab","params":{"mode":"level","name":"nope"}}]}`)
	code, _, errs := hewn("run", f, "--seed", "1")
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(errs, f+`: steps[0].params.name: unknown prefab "nope" (built-in: `), errs)
}

// Point 11: one error line was a megabyte (a million-character value quoted
// back); quoted values and lines are capped (jsonfile.Shorten).
func TestErrorLinesAreCapped(t *testing.T) {
	big := strings.Repeat("A", 1_000_000)
	chainFile := writeFile(t, "c.json", `{"width":40,"height":30,"steps":[{"builder":"`+big+`"}]}`)
	key := writeFile(t, "k.json", `{"width":40,"height":30,"steps":[{"builder":"simple_map","params":{"`+big+`":1}}]}`)
	pack := writeFile(t, "p.json", `{"spawn_table":[{"name":"`+big+`","weight":1,"min_depth":1,"max_depth":2}]}`)
	proj := writeFile(t, "p.hewn.json", `{"version":1,"name":"x","seed":1,"levels":[{"depth":1,"name":"L","seed":null,"theme":"`+big+
		`","chain":{"width":40,"height":30,"steps":[{"builder":"simple_map","params":{"draw":true}}]}}]}`)
	for _, cmd := range [][]string{{"run", chainFile, "--seed", "1"}, {"run", key, "--seed", "1"}, {"content", "check", pack}, {"project", "check", proj}} {
		code, _, errs := hewn(cmd...)
		assert.Equal(t, 1, code, cmd)
		for _, l := range strings.Split(strings.TrimSpace(errs), "\n") {
			assert.Less(t, len(l), 1200, cmd)
			assert.True(t, strings.HasPrefix(l, cmd[len(cmd)-1]) || strings.HasPrefix(l, cmd[1]), l)
		}
	}
}

// Point 10: hewn play --replay SESSION replays a saved session headlessly
// (the editor's Save), on the project given or the one the session names
// (a path relative to the session file, or the embedded example's name);
// the session is checked first, its errors naming it.
func TestPlayReplay(t *testing.T) {
	dir := t.TempDir()
	example, err := filepath.Abs("../../projects/example.hewn.json")
	require.NoError(t, err)
	data, err := os.ReadFile(example)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "levels"), 0o755))
	proj := filepath.Join(dir, "levels", "game.hewn.json")
	require.NoError(t, os.WriteFile(proj, data, 0o644))
	session := func(name, project string) string {
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, []byte(`{"version": 1, "project": "`+project+
			`", "seed": 42, "depth": 3, "start_depth": 3, "keys": "hhhjjjkkk...lll", "cheats": [{"at": 3, "invulnerable": true}]}`), 0o644))
		return f
	}
	for _, c := range []struct{ args []string }{
		{[]string{"play", "--replay", session("ex.play.json", "Bracketon")}},
		{[]string{"play", "--replay", session("rel.play.json", "levels/game.hewn.json")}},
		{[]string{"play", proj, "--replay", session("other.play.json", "Somewhere Else")}},
	} {
		code, out, errs := hewn(c.args...)
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, `"keys": "hhhjjjkkk...lll"`)
		if c.args[1] != proj {
			_, again, _ := hewn("play", proj, "--replay", c.args[len(c.args)-1])
			assert.Equal(t, again, out, "the same game whichever way the project is found")
		}
	}

	missing := session("missing.play.json", "gone.hewn.json")
	code, _, errs := hewn("play", "--replay", missing)
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(errs, missing+`: project: "gone.hewn.json" is neither a project file beside the session`), errs)

	bad := filepath.Join(dir, "bad.play.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\"version\": 1,\n \"seed\": 1, \"start_depth\": 9223372036854775807, \"keys\": \"\"}"), 0o644))
	code, _, errs = hewn("play", proj, "--replay", bad)
	assert.Equal(t, 1, code)
	assert.Equal(t, bad+": start_depth: 9223372036854775807 is out of range [0, 1000]\n", errs)
	require.NoError(t, os.WriteFile(bad, []byte("{\"version\": 1,\n \"seed\": 1, \"seed\": 2}"), 0o644))
	code, _, errs = hewn("play", proj, "--replay", bad)
	assert.Equal(t, 1, code)
	assert.Equal(t, bad+":2:13: duplicate key \"seed\" in the top-level object\n", errs, "checked before the project loads")

	for _, flags := range [][]string{{"--seed", "1"}, {"--keys", "h"}, {"--depth", "1"}, {"--bot", "diver"}, {"--max-turns", "5"}} {
		code, _, errs = hewn(append([]string{"play", proj, "--replay", missing}, flags...)...)
		assert.Equal(t, 2, code, flags)
		assert.Contains(t, errs, "--replay takes the seed, depth and keys from the session", flags)
	}
	code, _, errs = hewn("play", proj, "--depth", "1", "--seed", "1", "--keys", strings.Repeat(".", 50_001))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--keys: 50001 keys; at most 50000")
}

// Point 9: Ctrl+C and SIGTERM stop a write into a FIFO nobody reads (it
// waited for ever): exit 130, "interrupted; nothing written".
func TestSignalsStopAWriteIntoAFIFO(t *testing.T) {
	bin := hewnBinary(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	chainFile := writeFile(t, "c.json", smallChain)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		cmd := exec.Command(bin, "run", chainFile, "--seed", "1", "--out", fifo)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		time.Sleep(500 * time.Millisecond) // it waits for a reader
		require.NoError(t, cmd.Process.Signal(sig))
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("%v did not stop the write", sig)
		}
		assert.Equal(t, 130, cmd.ProcessState.ExitCode(), sig)
		assert.Equal(t, "hewn: interrupted; nothing written\n", stderr.String(), sig)
	}
}

// Point 9: export tiled writes the map and its tileset both or neither: a
// read-only map leaves the tileset as it was (it was replaced); a read-only
// file is refused with exit 1 (it was replaced with exit 0).
func TestExportTiledWritesBothOrNeither(t *testing.T) {
	dir := t.TempDir()
	chainFile := writeFile(t, "c.json", smallChain)
	tmj := filepath.Join(dir, "level.tmj")
	tiles := filepath.Join(dir, "level.tileset.png")
	require.NoError(t, os.WriteFile(tiles, []byte("old tileset"), 0o644))
	require.NoError(t, os.WriteFile(tmj, []byte("old map"), 0o444))
	code, _, errs := hewn("export", "tiled", chainFile, "--seed", "1", "--out", tmj)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hewn: cannot write "+tmj+": the file is read-only (give it write permission to replace it)\n", errs)
	b, _ := os.ReadFile(tiles)
	assert.Equal(t, "old tileset", string(b))
	b, _ = os.ReadFile(tmj)
	assert.Equal(t, "old map", string(b))
	require.NoError(t, os.Chmod(tmj, 0o644))
	code, _, errs = hewn("export", "tiled", chainFile, "--seed", "1", "--out", tmj)
	require.Equal(t, 0, code, errs)
	b, _ = os.ReadFile(tiles)
	assert.NotEqual(t, "old tileset", string(b))
}
