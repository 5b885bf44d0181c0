package stats

import (
	"context"

	"hewn/chain"
)

// run runs c with cfg as t says: t.Run (a project level's acceptance rules,
// the facade's route), else chain.RunConfig (a bare chain has no rules).
func (t Target) run(ctx context.Context, c *chain.Chain, cfg chain.Config) (*chain.Result, error) {
	if t.Run != nil {
		return t.Run(ctx, c, cfg)
	}
	return chain.RunConfig(ctx, c, cfg)
}

// WithoutRules returns t running its chain as it is, without the level's
// acceptance rules (every result is the first try): a sweep of it beside one
// of t shows how the rules shift each metric.
func (t Target) WithoutRules() Target {
	t.Run, t.HasRules = nil, false
	return t
}

// RuleEffect is what a level's acceptance rules do over a sweep: how often a
// level was re-rolled and how each metric's mean moves with the rules. It is
// the piece a stats report's "reroll_rate" comes from.
type RuleEffect struct {
	// Maps is how many seeds gave a level with the rules; Failures how many
	// did not (no try met every rule, or a builder failed).
	Maps     int `json:"maps"`
	Failures int `json:"failures"`
	// Rerolled is how many of the Maps levels are a later try than the first;
	// RerollRate is Rerolled / Maps, MeanTries the mean try.
	Rerolled   int     `json:"rerolled"`
	RerollRate float64 `json:"reroll_rate"`
	MeanTries  float64 `json:"mean_tries"`
	// With and Without are each metric's mean over the seeds' levels with
	// the rules and without them (the first try, whatever it measured).
	With    map[string]float64 `json:"with"`
	Without map[string]float64 `json:"without"`
}

// Rules sweeps t over o's seeds with its acceptance rules and without
// (WithoutRules), and returns their effect. Sums run in seed order, so the
// result does not depend on o.Workers.
func Rules(ctx context.Context, t Target, o Options) (*RuleEffect, error) {
	sw, err := o.plan()
	if err != nil {
		return nil, err
	}
	seeds := make([]uint64, sw.count())
	for k := range seeds {
		seeds[k] = sw.seed(k)
	}
	type pair struct {
		with, without Sample
		try           int
	}
	out := make([]pair, len(seeds))
	bare := t.WithoutRules()
	_, _, err = parallel(ctx, len(seeds), o, newMeasurer, func(m *measurer, i int) {
		cfg := t.Config(seeds[i])
		cfg.NoHistory = true
		if res, err := t.run(ctx, t.Chain, cfg); err == nil {
			out[i].with = Sample{Seed: seeds[i], Metrics: m.Measure(res.State)}
			out[i].try = max(res.Try, 1)
		} else {
			out[i].with = Sample{Seed: seeds[i], Error: err.Error()}
		}
		out[i].without = m.sample(ctx, bare, seeds[i])
	})
	if err != nil {
		return nil, err
	}
	e := &RuleEffect{With: map[string]float64{}, Without: map[string]float64{}}
	tries := 0
	with, without := map[string]int{}, map[string]int{}
	for _, p := range out {
		if p.with.Error != "" {
			e.Failures++
		} else {
			e.Maps++
			tries += p.try
			if p.try > 1 {
				e.Rerolled++
			}
			for k, v := range p.with.Metrics {
				e.With[k] += v
				with[k]++
			}
		}
		if p.without.Error == "" {
			for k, v := range p.without.Metrics {
				e.Without[k] += v
				without[k]++
			}
		}
	}
	for k, n := range with {
		e.With[k] /= float64(n)
	}
	for k, n := range without {
		e.Without[k] /= float64(n)
	}
	if e.Maps > 0 {
		e.RerollRate = float64(e.Rerolled) / float64(e.Maps)
		e.MeanTries = float64(tries) / float64(e.Maps)
	}
	return e, nil
}
