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
	t.Run = nil
	return t
}
