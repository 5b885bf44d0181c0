package projects

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/metrics"
	"hewn/content"
)

func f64(v float64) *float64 { return &v }

// acceptProject is the starter project (BSP rooms, corridors, start, stairs,
// spawns) with rules on its one level.
func acceptProject(acc *Accept) *Project {
	p := New("Lab")
	p.Levels[0].Accept = acc
	return p
}

const acceptJSON = `{
  "version": 1, "name": "Lab", "seed": 1,
  "levels": [ { "depth": 1, "name": "L", "seed": null, "accept": ACCEPT,
                "chain": { "width": 80, "height": 50, "steps": [ { "builder": "bsp_dungeon" }, { "builder": "room_drawer" } ] } } ] }`

func decodeAcceptJSON(accept string) (*Project, error) {
	return Decode([]byte(strings.Replace(acceptJSON, "ACCEPT", accept, 1)))
}

func TestAcceptRoundTripsByteForByte(t *testing.T) {
	p, err := decodeAcceptJSON(`{ "rules": [ { "metric": "floor_share", "min": 0.4, "max": 0.7 }, { "metric": "spawns.Goblin", "max": 3 } ], "tries": 20 }`)
	require.NoError(t, err)
	acc := p.Levels[0].Accept
	require.NotNil(t, acc)
	assert.Equal(t, 20, acc.Tries)
	require.Len(t, acc.Rules, 2)
	assert.Equal(t, "floor_share in [0.4, 0.7]", acc.Rules[0].String())
	assert.Equal(t, "spawns.Goblin <= 3", acc.Rules[1].String())
	b, err := p.Bytes()
	require.NoError(t, err)
	assert.Contains(t, string(b), `"accept": { "tries": 20, "rules": [`)
	q, err := Decode(b)
	require.NoError(t, err)
	b2, err := q.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(b), string(b2))
	// Clone is deep
	c := p.Clone()
	*c.Levels[0].Accept.Rules[0].Min = 0.1
	assert.Equal(t, 0.4, *p.Levels[0].Accept.Rules[0].Min)
}

func TestAcceptDefaultTries(t *testing.T) {
	p, err := decodeAcceptJSON(`{ "rules": [ { "metric": "rooms", "min": 3 } ] }`)
	require.NoError(t, err)
	assert.Equal(t, DefaultTries, p.Levels[0].Accept.Tries)
}

func TestAcceptLoadErrorsNameTheField(t *testing.T) {
	for accept, want := range map[string]string{
		`{ "rules": [ { "metric": "floors", "min": 1 } ] }`:          `levels[0].accept.rules[0].metric: unknown metric "floors" (want floor_share, reachable_share, path_length`,
		`{ "rules": [], "tries": 0 }`:                                `levels[0].accept.tries: 0 is out of range [1, 1000]`,
		`{ "rules": [], "tries": 1001 }`:                             `levels[0].accept.tries: 1001 is out of range [1, 1000]`,
		`{ "rules": [], "tries": 2.5 }`:                              `levels[0].accept.tries: 2.5 is not an integer`,
		`{ "rules": [ { "metric": "rooms" } ] }`:                     `levels[0].accept.rules[0]: a rule needs min, max or both`,
		`{ "rules": [ { "metric": "rooms", "min": 9, "max": 3 } ] }`: `levels[0].accept.rules[0]: min 9 is above max 3`,
		`{ "rules": [ { "metric": "rooms", "min": "9" } ] }`:         `levels[0].accept.rules[0].min: "9" is not a number`,
		`{ "rules": [ { "min": 9 } ] }`:                              `levels[0].accept.rules[0].metric: missing`,
		`{ "rules": [ { "metric": "rooms", "least": 9 } ] }`:         `levels[0].accept.rules[0].least: unknown key "least" (want metric, min, max)`,
		`{ "rule": [] }`: `levels[0].accept.rule: unknown key "rule" (want rules, tries)`,
		`[1]`:            `levels[0].accept: [1] is not an acceptance object`,
		`{ "rules": [ { "metric": "spawns.", "min": 1 } ] }`: `levels[0].accept.rules[0].metric: unknown metric "spawns."`,
	} {
		_, err := decodeAcceptJSON(accept)
		require.Error(t, err, accept)
		assert.Contains(t, err.Error(), want, accept)
	}
}

func TestAcceptTriesBudgetFollowsTheMapAndItsBuilders(t *testing.T) {
	big := strings.Replace(acceptJSON, `"width": 80, "height": 50`, `"width": 1024, "height": 1024`, 1)
	_, err := Decode([]byte(strings.Replace(big, "ACCEPT", `{ "rules": [ { "metric": "rooms", "min": 1 } ], "tries": 20 }`, 1)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "levels[0].accept.tries: 20 tries of a 1024×1024 map exceed the re-roll budget: at most 16 (tries × width × height ≤ 4096², the largest map)")
	// a builder with its own, smaller limit lowers the budget, and the
	// message names the step
	p := acceptProject(&Accept{Tries: 20, Rules: []Rule{{Metric: "rooms", Min: f64(1)}}})
	c := p.Levels[0].Chain
	c.Width, c.Height = 200, 200
	c.Steps = append(c.Steps, mustStep(t, "dla", map[string]any{"algorithm": "walk_inwards"}))
	errs, _ := p.CheckLevels()
	require.NotEmpty(t, errs)
	assert.Contains(t, strings.Join(errs, "\n"), "levels[0].accept.tries: 20 tries of a 200×200 map exceed the re-roll budget: at most 6 (tries × width × height ≤ 512², dla with algorithm walk_inwards at steps[7] takes maps up to 512×512)")
	// one try is never refused
	p.Levels[0].Accept.Tries = 1
	errs, _ = p.CheckLevels()
	assert.NotContains(t, strings.Join(errs, "\n"), "accept")
}

func TestTrySeedKeepsTheFirstTry(t *testing.T) {
	assert.Equal(t, uint64(77), TrySeed(77, 1))
	assert.NotEqual(t, TrySeed(77, 2), TrySeed(77, 3))
	assert.Equal(t, TrySeed(77, 2), TrySeed(77, 2))
}

// A level whose rules hold on the first roll is the level without rules, with
// "try": 1; one re-rolled says which try it is, and hewn run's route gives the
// same bytes every time.
func TestAcceptRerollsAndRecordsTheTry(t *testing.T) {
	ctx := context.Background()
	plain := acceptProject(nil)
	ruled := acceptProject(&Accept{Tries: 50, Rules: []Rule{{Metric: metrics.Rooms, Min: f64(24)}, {Metric: metrics.PathLength, Min: f64(95)}}})
	pack := content.Default()
	sawRetry, sawFirst := false, false
	for m := uint64(1); m <= 30; m++ {
		g, err := ruled.Generate(ctx, 1, m, pack)
		require.NoError(t, err, "seed %d", m)
		ms := metrics.Measure(g.Result.State)
		assert.GreaterOrEqual(t, ms[metrics.Rooms], 24.0)
		assert.GreaterOrEqual(t, ms[metrics.PathLength], 95.0)
		lv := g.Level()
		assert.Equal(t, g.Result.Try, lv.Try)
		b1, err := g.JSON()
		require.NoError(t, err)
		b2, err := ruled.LevelJSON(ctx, 1, m, pack)
		require.NoError(t, err)
		assert.Equal(t, b1, b2)
		assert.Contains(t, string(b1), "\"seed\": "+strconv.FormatUint(m, 10)+",\n  \"try\": ")
		if lv.Try == 1 {
			sawFirst = true
			want, err := plain.LevelJSON(ctx, 1, m, pack)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(b1))
		} else {
			sawRetry = true
			// the history run is the same level
			h, err := ruled.GenerateHistory(ctx, 1, m, pack)
			require.NoError(t, err)
			hb, _ := h.JSON()
			assert.Equal(t, b1, hb)
			assert.Positive(t, h.Result.History.Len())
		}
	}
	assert.True(t, sawRetry && sawFirst)
}

func mustStep(t *testing.T, builder string, params map[string]any) chain.Step {
	s, err := chain.NewStep(builder, params)
	require.NoError(t, err)
	return s
}

func TestImpossibleRuleFailsNamingTheRuleAndTheClosestValue(t *testing.T) {
	p := acceptProject(&Accept{Tries: 5, Rules: []Rule{
		{Metric: metrics.Rooms, Min: f64(1)},
		{Metric: metrics.FloorShare, Min: f64(0.95)},
	}})
	_, err := p.Generate(context.Background(), 1, 3, content.Default())
	require.Error(t, err)
	var ae *AcceptError
	require.True(t, errors.As(err, &ae))
	assert.Equal(t, 5, ae.Tries)
	assert.Equal(t, 5, ae.Rules[0].Held)
	assert.Zero(t, ae.Rules[1].Held)
	assert.Regexp(t, `^projects: levels\[0\]\.accept: no try of 5 met every rule: rules\[1\] floor_share >= 0\.95 never held \(closest value seen: 0\.[0-9]+, try [1-5]\)$`, err.Error())
	// through Generator the message names the file
	g := &Generator{Project: p}
	p.Path = "lab.hewn.json"
	_, err = g.Generate(context.Background(), 1, 3)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "lab.hewn.json: levels[0].accept: no try of 5 met every rule: rules[1] floor_share >= 0.95 never held"), err.Error())
}

func TestRulesNeverTogether(t *testing.T) {
	e := &AcceptError{Tries: 4, Rules: []RuleMiss{
		{Rule: Rule{Metric: "rooms", Min: f64(5)}, Index: 0, Held: 2},
		{Rule: Rule{Metric: "exits", Max: f64(0)}, Index: 1, Held: 2},
	}}
	assert.Equal(t, "projects: no try of 4 met every rule: rules[0] rooms >= 5 held on 2, rules[1] exits <= 0 held on 2 (never all on the same try)", e.Error())
}

func TestProjectCheckSamplesTheRules(t *testing.T) {
	sp := content.Default().Roller()
	p := acceptProject(&Accept{Tries: 20, Rules: []Rule{{Metric: metrics.Rooms, Min: f64(1)}, {Metric: metrics.FloorShare, Min: f64(0.95)}}})
	errs, _ := p.CheckAccept(context.Background(), sp)
	require.Len(t, errs, 1)
	assert.Regexp(t, `^levels\[0\]\.accept\.rules\[1\]: floor_share >= 0\.95 never held over 200 sampled levels \(master seeds 1-200, first tries; closest value seen: 0\.[0-9]+, master seed [0-9]+\)$`, errs[0])
	// rare together: a warning estimating the failures
	p.Levels[0].Accept = &Accept{Tries: 2, Rules: []Rule{{Metric: metrics.Rooms, Min: f64(26)}}}
	errs, warns := p.CheckAccept(context.Background(), sp)
	assert.Empty(t, errs)
	require.Len(t, warns, 1)
	assert.Contains(t, warns[0], "levels[0].accept: ")
	assert.Contains(t, warns[0], "of levels will fail after 2 tries")
	// easy rules: nothing to say
	p.Levels[0].Accept = &Accept{Tries: 20, Rules: []Rule{{Metric: metrics.Rooms, Min: f64(5)}}}
	errs, warns = p.CheckAccept(context.Background(), sp)
	assert.Empty(t, errs)
	assert.Empty(t, warns)
}
