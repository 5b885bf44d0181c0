package projects

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"hewn/chain"
	"hewn/chain/metrics"
)

// MaxAcceptSample is how many levels CheckAccept samples per level at most.
const MaxAcceptSample = 200

// CheckAccept samples every level that has acceptance rules (`hewn project
// check`): the first rolls of master seeds 1..n (n = MaxAcceptSample, fewer on
// large maps so the sample costs about one run at the chain's size limit; a
// pinned level seed is ignored: the sample is about the seeds), spawns rolled
// with sp. A rule that held on none of them is an error, naming the closest
// value seen; when every rule held on some level but few met all of them at
// once, a warning estimates the share of levels that will fail after the
// tries. Each "path: message". Rolls that fail (a builder's error) are not
// counted: the run reports those.
func (p *Project) CheckAccept(ctx context.Context, sp chain.Spawner) (errs, warns []string) {
	for i, l := range p.Levels {
		if l.Accept == nil || len(l.Accept.Rules) == 0 || l.Chain == nil {
			continue
		}
		path := fmt.Sprintf("levels[%d].accept", i)
		limit, _ := rerollLimit(l.Chain.Steps)
		n := min(MaxAcceptSample, max(1, limit*limit/max(1, l.Chain.Width*l.Chain.Height)))
		e := &AcceptError{Rules: make([]RuleMiss, len(l.Accept.Rules))}
		for k, r := range l.Accept.Rules {
			e.Rules[k] = RuleMiss{Rule: r, Index: k, Closest: math.NaN()}
		}
		var ms metrics.Measurer
		rolled, all := 0, 0
		for m := uint64(1); m <= uint64(n); m++ {
			cfg := p.Config(i, m, sp)
			cfg.Seed, cfg.NoHistory = nil, true
			res, err := chain.RunConfig(ctx, l.Chain, cfg)
			if err != nil {
				if ctx.Err() != nil {
					return errs, warns
				}
				continue
			}
			rolled++
			if e.record(ms.Measure(res.State), metrics.SpawnCounts(res.State.Spawns), int(m)) {
				all++
			}
		}
		if rolled == 0 {
			continue
		}
		never := false
		for _, rm := range e.Rules {
			if rm.Held > 0 {
				continue
			}
			never = true
			closest := "no level had the metric"
			if !math.IsNaN(rm.Closest) {
				closest = fmt.Sprintf("closest value seen: %s, master seed %d", strconv.FormatFloat(rm.Closest, 'g', 6, 64), rm.ClosestTry)
			}
			errs = append(errs, fmt.Sprintf("%s.rules[%d]: %s never held over %d sampled levels (master seeds 1-%d, first tries; %s)",
				path, rm.Index, rm.Rule, rolled, n, closest))
		}
		if never {
			continue
		}
		// a level fails when all its tries miss: about (1 - share)^tries
		fail := math.Pow(1-float64(all)/float64(rolled), float64(l.Accept.Tries))
		if fail >= 0.01 {
			warns = append(warns, fmt.Sprintf("%s: %d of %d sampled levels met every rule at once, so about %s%% of levels will fail after %d tries (raise tries or loosen a rule)",
				path, all, rolled, strconv.FormatFloat(math.Round(fail*1000)/10, 'g', -1, 64), l.Accept.Tries))
		}
	}
	return errs, warns
}
