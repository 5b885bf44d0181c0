package stats

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
