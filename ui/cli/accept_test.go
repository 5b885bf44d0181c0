package cli

import (
	"encoding/json"
	"fmt"
	"os"
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

// Acceptance rules hold on every level of a 200-seed sweep, and `hewn stats`
// reports the re-roll rate and each metric with and without the rules; two
// shards merge to the one-run report, which meets the stats schema.
func TestStatsReportsTheRerollRate(t *testing.T) {
	f := writeFile(t, "lab.hewn.json", acceptProjectJSON(`{ "tries": 50, "rules": [ { "metric": "rooms", "min": 20 }, { "metric": "path_length", "min": 60 } ] }`))
	samples := t.TempDir() + "/s.jsonl"
	code, out, errs := hewn("stats", f, "--depth", "1", "--seeds", "200", "--from", "1", "--samples", samples)
	require.Equal(t, 0, code, errs)
	var r struct {
		Maps     int
		Failures struct{ Count int }
		Rules    *struct {
			Rerolled   int     `json:"rerolled"`
			RerollRate float64 `json:"reroll_rate"`
			Tries      int     `json:"tries"`
			MeanTries  float64 `json:"mean_tries"`
			Unmet      int     `json:"unmet"`
			With       map[string]struct {
				Count int
				Mean  float64
			}
			Without map[string]struct {
				Count int
				Mean  float64
			}
		}
		Metrics map[string]struct{ Min, Mean float64 }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 200, r.Maps)
	assert.Zero(t, r.Failures.Count)
	assert.GreaterOrEqual(t, r.Metrics["rooms"].Min, 20.0, "every level has 20 rooms or more")
	assert.GreaterOrEqual(t, r.Metrics["path_length"].Min, 60.0)
	require.NotNil(t, r.Rules, `the report has "rules"`)
	assert.Greater(t, r.Rules.RerollRate, 0.1)
	assert.Less(t, r.Rules.RerollRate, 1.0)
	assert.InDelta(t, float64(r.Rules.Rerolled)/200, r.Rules.RerollRate, 1e-9)
	assert.InDelta(t, float64(r.Rules.Tries)/200, r.Rules.MeanTries, 1e-9)
	assert.Greater(t, r.Rules.MeanTries, 1.0)
	assert.Equal(t, r.Metrics["rooms"].Mean, r.Rules.With["rooms"].Mean)
	assert.Greater(t, r.Rules.With["rooms"].Mean, r.Rules.Without["rooms"].Mean, "the rules raise the rooms")
	assert.Equal(t, 200, r.Rules.Without["rooms"].Count)
	valid(t, "stats", "stats of a level with rules", []byte(out))
	data, err := os.ReadFile(samples)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	assert.Len(t, lines, 200)

	// shards merge to the same report
	dir := t.TempDir()
	var shards []string
	for i := range 2 {
		p := fmt.Sprintf("%s/s%d.json", dir, i)
		code, _, errs := hewn("stats", f, "--depth", "1", "--seeds", "200", "--from", "1", "--shard", fmt.Sprintf("%d/2", i), "--out", p)
		require.Equal(t, 0, code, errs)
		shards = append(shards, p)
	}
	code, merged, errs := hewn(append([]string{"stats", "merge"}, shards...)...)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, withoutTiming(t, decodeReport(t, out)), withoutTiming(t, decodeReport(t, merged)))

	// a level without rules has no "rules"
	g := writeFile(t, "bare.hewn.json", strings.Replace(acceptProjectJSON(`{ "rules": [] }`), `"accept": { "rules": [] },`, "", 1))
	code, out, errs = hewn("stats", g, "--depth", "1", "--seeds", "5")
	require.Equal(t, 0, code, errs)
	assert.NotContains(t, out, `"rules"`)
}
