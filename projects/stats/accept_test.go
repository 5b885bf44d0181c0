package stats

import (
	"context"
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

func f64(v float64) *float64 { return &v }

// The starter project's BSP level with rules that about half its levels miss
// on the first roll: over a 200-seed sweep every level meets them, the
// re-roll rate says how often a level was rolled again, and the rules move
// the means the way they ask.
func TestAcceptanceRulesHoldOverA200SeedSweep(t *testing.T) {
	p := projects.New("Lab")
	p.Levels[0].Accept = &projects.Accept{Tries: 20, Rules: []projects.Rule{
		{Metric: Rooms, Min: f64(20)}, {Metric: PathLength, Min: f64(80), Max: f64(200)}}}
	tg := LevelTarget(p, 0, content.Default().Roller(), "lab")
	r, err := Run(context.Background(), tg, Options{From: 1, Seeds: 200, KeepSamples: true})
	require.NoError(t, err)
	assert.Zero(t, r.Failures.Count, r.Failures.Seeds)
	require.Len(t, r.Samples, 200)
	for _, s := range r.Samples {
		assert.GreaterOrEqual(t, s.Metrics[Rooms], 20.0, "seed %d", s.Seed)
		assert.GreaterOrEqual(t, s.Metrics[PathLength], 80.0, "seed %d", s.Seed)
	}
	e, err := Rules(context.Background(), tg, Options{From: 1, Seeds: 200, Workers: 2})
	require.NoError(t, err)
	assert.Equal(t, 200, e.Maps)
	assert.Greater(t, e.RerollRate, 0.2)
	assert.Less(t, e.RerollRate, 0.9)
	assert.Greater(t, e.MeanTries, 1.0)
	assert.Greater(t, e.With[Rooms], e.Without[Rooms])
	assert.Greater(t, e.With[PathLength], e.Without[PathLength])
	// the same figures whatever the workers
	e1, err := Rules(context.Background(), tg, Options{From: 1, Seeds: 200, Workers: 1})
	require.NoError(t, err)
	assert.Equal(t, e, e1)
	// without rules the sweep is the chain's own
	bare, err := Run(context.Background(), tg.WithoutRules(), Options{From: 1, Seeds: 200})
	require.NoError(t, err)
	assert.InDelta(t, e.Without[Rooms], bare.Metrics[Rooms].Mean, 1e-9)
}

// A rule no level can meet fails every seed of a sweep, each with the error
// naming the rule.
func TestImpossibleRuleFailsEverySeed(t *testing.T) {
	p := projects.New("Lab")
	p.Levels[0].Accept = &projects.Accept{Tries: 3, Rules: []projects.Rule{{Metric: "spawns.Dragon", Min: f64(1)}}}
	r, err := Run(context.Background(), LevelTarget(p, 0, content.Default().Roller(), "lab"), Options{From: 1, Seeds: 10})
	require.NoError(t, err)
	assert.Equal(t, 10, r.Failures.Count)
	assert.Equal(t, "projects: levels[0].accept: no try of 3 met every rule: rules[0] spawns.Dragon >= 1 never held (closest value seen: 0, try 1)", r.Failures.Seeds[0].Error)
}

// labRules is the starter project's level with rules about half its first
// rolls miss (as TestAcceptanceRulesHoldOverA200SeedSweep's).
func labRules() Target {
	p := projects.New("Lab")
	p.Levels[0].Accept = &projects.Accept{Tries: 20, Rules: []projects.Rule{
		{Metric: Rooms, Min: f64(20)}, {Metric: PathLength, Min: f64(80), Max: f64(200)}}}
	return LevelTarget(p, 0, content.Default().Roller(), "lab")
}

// A sweep of a level with rules reports, in the same sweep, what Rules
// measures in two: the re-roll rate, the mean try and each metric's mean
// with and without the rules; sharded, it merges to exactly one run's
// report, and it reads back through DecodeReport unchanged.
func TestReportHasTheRulesEffect(t *testing.T) {
	tg := labRules()
	o := Options{From: 1, Seeds: 120}
	r, err := Run(context.Background(), tg, o)
	require.NoError(t, err)
	require.NotNil(t, r.Rules)
	e, err := Rules(context.Background(), tg, o)
	require.NoError(t, err)
	assert.Equal(t, e.Rerolled, r.Rules.Rerolled)
	assert.InDelta(t, e.RerollRate, r.Rules.RerollRate, 1e-9)
	assert.InDelta(t, e.MeanTries, r.Rules.MeanTries, 1e-9)
	assert.Equal(t, e.Failures, r.Failures.Count)
	for _, k := range MetricNames {
		assert.InDelta(t, e.With[k], r.Rules.With[k].Mean, 1e-6, "with %s", k)
		assert.InDelta(t, e.Without[k], r.Rules.Without[k].Mean, 1e-6, "without %s", k)
		assert.Equal(t, r.Metrics[k].Count, r.Rules.With[k].Count)
	}
	assert.Greater(t, r.Rules.With[Rooms].Mean, r.Rules.Without[Rooms].Mean, "the rules raise the rooms")
	assert.Equal(t, bytesOf(t, r), bytesOf(t, roundTrip(t, r)))

	var parts []*Report
	for i := range 3 {
		o := o
		o.Shard, o.Shards = i, 3
		p, err := Run(context.Background(), tg, o)
		require.NoError(t, err)
		parts = append(parts, roundTrip(t, p))
	}
	merged, err := Merge(parts...)
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, r), bytesOf(t, merged))

	// a level without rules has no "rules"; the two do not merge
	bare, err := Run(context.Background(), tg.WithoutRules(), Options{From: 1, Seeds: 120, Shard: 0, Shards: 3})
	require.NoError(t, err)
	assert.Nil(t, bare.Rules)
	assert.NotContains(t, bytesOf(t, bare), `"rules"`)
	_, err = Merge(parts[1], bare)
	assert.ErrorContains(t, err, "report 2: is of another sweep (without acceptance rules; the first report is with acceptance rules)")
}

// DecodeReport refuses rules' figures that cannot be a sweep's.
func TestDecodeReportChecksTheRules(t *testing.T) {
	r, err := Run(context.Background(), labRules(), Options{From: 1, Seeds: 40})
	require.NoError(t, err)
	for _, c := range []struct {
		edit func(rr *RulesReport)
		want string
	}{
		{func(rr *RulesReport) { rr.Tries = 3 }, "rules.tries: 3; 40 levels"},
		{func(rr *RulesReport) { rr.Rerolled = 41 }, "rules.rerolled: 41 is out of range [0, 40]"},
		{func(rr *RulesReport) { rr.Unmet = 1 }, "rules.unmet: 1 is out of range [0, 0]"},
		{func(rr *RulesReport) { rr.Without["roomz"] = MeanOf{Count: 1} }, `rules.without.roomz: unknown metric "roomz"`},
		{func(rr *RulesReport) { m := rr.Without[Rooms]; m.Sum = -1; rr.Without[Rooms] = m }, "rules.without.rooms.sum: -1 is out of range"},
		{func(rr *RulesReport) { m := rr.Without[FloorShare]; m.Sum = 5; rr.Without[FloorShare] = m }, "rules.without.floor_share.sum: 5: a share's sum is sum_nanos"},
		{func(rr *RulesReport) { delete(rr.With, Rooms) }, `rules.with: missing "rooms"`},
		{func(rr *RulesReport) { m := rr.With[Rooms]; m.Count = 3; rr.With[Rooms] = m }, "rules.with.rooms.count: 3; metrics.rooms counts 40 maps"},
	} {
		bad := *r
		rr := *r.Rules
		rr.With, rr.Without = maps.Clone(r.Rules.With), maps.Clone(r.Rules.Without)
		c.edit(&rr)
		bad.Rules = &rr
		b, err := jsonfile.Layout(&bad)
		require.NoError(t, err)
		_, err = DecodeReport(b)
		assert.ErrorContains(t, err, c.want)
	}
}
