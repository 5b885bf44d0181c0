package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// acceptProjectJSON is a one-level BSP project whose level has the given
// "accept" object.
func acceptProjectJSON(accept string) string {
	return `{ "version": 1, "name": "Lab", "seed": 1, "levels": [ { "depth": 1, "name": "Rooms", "seed": null,
  "accept": ` + accept + `,
  "chain": { "width": 80, "height": 50, "steps": [ { "builder": "bsp_dungeon" }, { "builder": "room_sorter" },
    { "builder": "room_drawer" }, { "builder": "nearest_corridors" }, { "builder": "room_based_starting_position" },
    { "builder": "room_based_stairs" } ] } } ] }`
}

func TestRunAcceptedLevelRecordsItsTry(t *testing.T) {
	f := writeFile(t, "lab.hewn.json", acceptProjectJSON(`{ "tries": 50, "rules": [ { "metric": "rooms", "min": 24 } ] }`))
	tries := map[int]bool{}
	for _, seed := range []string{"1", "2", "3", "4", "5", "6", "7", "8"} {
		code, out, errs := hewn("run", f, "--depth", "1", "--seed", seed, "--format", "json")
		require.Equal(t, 0, code, errs)
		var lv struct {
			Try   int
			Rooms []json.RawMessage
		}
		require.NoError(t, json.Unmarshal([]byte(out), &lv))
		assert.GreaterOrEqual(t, len(lv.Rooms), 24)
		tries[lv.Try] = true
		assert.Contains(t, out, "\"seed\": "+seed+",\n  \"try\": ")
		// export goes the same way: the Tiled map of the accepted roll
		tmj := t.TempDir() + "/l.tmj"
		code, _, errs = hewn("export", "tiled", f, "--depth", "1", "--seed", seed, "--out", tmj)
		require.Equal(t, 0, code, errs)
	}
	assert.Greater(t, len(tries), 1, "some levels were re-rolled")
}

func TestRunImpossibleRuleFailsClearly(t *testing.T) {
	f := writeFile(t, "lab.hewn.json", acceptProjectJSON(`{ "tries": 4, "rules": [ { "metric": "floor_share", "min": 0.95 } ] }`))
	code, out, errs := hewn("run", f, "--depth", "1", "--seed", "3", "--format", "json")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Regexp(t, `^`+strings.ReplaceAll(f, ".", `\.`)+`: levels\[0\]\.accept: no try of 4 met every rule: rules\[0\] floor_share >= 0\.95 never held \(closest value seen: 0\.[0-9]+, try [1-4]\)\n$`, errs)
	// project check names the rule that never held over its sample
	code, _, errs = hewn("project", "check", f)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, f+": levels[0].accept.rules[0]: floor_share >= 0.95 never held over 200 sampled levels")
	// a play session gets the same verdict
	code, _, errs = hewn("play", f, "--depth", "1", "--seed", "3", "--keys", ".")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no try of 4 met every rule")
}

func TestProjectCheckRefusesBadRules(t *testing.T) {
	f := writeFile(t, "lab.hewn.json", acceptProjectJSON(`{ "tries": 0, "rules": [ { "metric": "roms", "min": 2 } ] }`))
	code, _, errs := hewn("project", "check", f)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, f+`: levels[0].accept.rules[0].metric: unknown metric "roms"`)
	assert.Contains(t, errs, f+`: levels[0].accept.tries: 0 is out of range [1, 1000]`)
}
