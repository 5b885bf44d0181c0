package projects

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/metrics"
)

// Acceptance rules: a project level may declare rules on its metrics (the
// names `hewn stats` reports, package chain/metrics, and spawns.NAME) and a
// number of tries. A generated level that misses a rule is re-rolled with a
// seed derived from the level seed and the try (TrySeed), up to Tries; the
// level JSON's "try" says which roll it is. When no roll meets every rule the
// run fails with an *AcceptError naming the rules and the closest values seen.
// Every route to a level applies them (Generate, Generator, the runtime
// module, sweeps, tune, play, export, pins): RunAccepted is where they run.

// Bounds of a level's acceptance rules.
const (
	// DefaultTries is the tries of an "accept" object without "tries".
	DefaultTries = 20
	// MaxTries is the most tries a level may declare.
	MaxTries = 1000
	// MaxRules is the most rules a level may declare.
	MaxRules = 64
)

// Accept is a level's acceptance rules.
type Accept struct {
	// Tries is how many rolls a level gets at most (1..MaxTries).
	Tries int `json:"tries"`
	// Rules are the conditions every generated level must meet.
	Rules []Rule `json:"rules"`
}

// Rule bounds one metric: Min and/or Max (inclusive), at least one set.
type Rule struct {
	// Metric is a map metric name (metrics.Names) or "spawns.NAME", the count
	// of spawns of the entity NAME.
	Metric string   `json:"metric"`
	Min    *float64 `json:"min,omitempty"`
	Max    *float64 `json:"max,omitempty"`
}

// Clone returns a deep copy of a (nil stays nil).
func (a *Accept) Clone() *Accept {
	if a == nil {
		return nil
	}
	c := &Accept{Tries: a.Tries, Rules: make([]Rule, len(a.Rules))}
	for i, r := range a.Rules {
		c.Rules[i] = Rule{Metric: r.Metric, Min: clonePtr(r.Min), Max: clonePtr(r.Max)}
	}
	return c
}

func clonePtr(f *float64) *float64 {
	if f == nil {
		return nil
	}
	v := *f
	return &v
}

// String reads "floor_share in [0.4, 0.7]", "rooms >= 8" or "path_length <= 90".
func (r Rule) String() string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	switch {
	case r.Min != nil && r.Max != nil:
		return fmt.Sprintf("%s in [%s, %s]", r.Metric, num(*r.Min), num(*r.Max))
	case r.Min != nil:
		return fmt.Sprintf("%s >= %s", r.Metric, num(*r.Min))
	case r.Max != nil:
		return fmt.Sprintf("%s <= %s", r.Metric, num(*r.Max))
	}
	return r.Metric
}

// Miss is how far v is from meeting the rule: 0 when it holds, else the
// distance to the nearer bound (+Inf when the level has no such value, ok
// false: path_length without a start or an exit).
func (r Rule) Miss(v float64, ok bool) float64 {
	switch {
	case !ok:
		return math.Inf(1)
	case r.Min != nil && v < *r.Min:
		return *r.Min - v
	case r.Max != nil && v > *r.Max:
		return v - *r.Max
	}
	return 0
}

// Holds reports whether the level measured as m, with spawns by name spawns,
// meets the rule.
func (r Rule) Holds(m map[string]float64, spawns map[string]int) bool {
	v, ok := metrics.Value(m, spawns, r.Metric)
	return r.Miss(v, ok) == 0
}

// check reports the problems of a (at path, "levels[2].accept") on a
// width×height map made by steps: the bounds of the file format and the
// re-roll budget, which keeps every
// level within the limits rule: tries × width × height may not exceed the
// square of the smallest map size limit among the steps (chain.MaxSize, or a
// builder's own, such as dla walk_inwards' 512), so all the tries together
// cost about what one run at that limit does.
func (a *Accept) check(path string, width, height int, steps []chain.Step) chain.Problems {
	var errs chain.Problems
	add := func(p, format string, args ...any) {
		errs = append(errs, chain.Problem{Path: p, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	if a.Tries < 1 || a.Tries > MaxTries {
		add(path+".tries", "%d is out of range [1, %d]", a.Tries, MaxTries)
	}
	if len(a.Rules) > MaxRules {
		add(path+".rules", "%d rules (at most %d)", len(a.Rules), MaxRules)
	}
	for i, r := range a.Rules {
		rp := fmt.Sprintf("%s.rules[%d]", path, i)
		if !metrics.Known(r.Metric) {
			add(rp+".metric", "unknown metric %q (want %s)", r.Metric, metrics.Describe())
		}
		if r.Min == nil && r.Max == nil {
			add(rp, "a rule needs min, max or both")
		}
		if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
			add(rp, "min %s is above max %s", strconv.FormatFloat(*r.Min, 'g', -1, 64), strconv.FormatFloat(*r.Max, 'g', -1, 64))
		}
	}
	if a.Tries > 1 && width > 0 && height > 0 {
		limit, who := rerollLimit(steps)
		if most := limit * limit / (width * height); a.Tries > most {
			add(path+".tries", "%d tries of a %d×%d map exceed the re-roll budget: at most %d (tries × width × height ≤ %d², %s)",
				a.Tries, width, height, max(most, 1), limit, who)
		}
	}
	return errs
}

// rerollLimit is the smallest map size limit among steps (nested ones
// included): a builder's own (Spec.TooBig's), else chain.MaxSize; who says
// where it comes from.
func rerollLimit(steps []chain.Step) (limit int, who string) {
	limit, who = chain.MaxSize, "the largest map"
	chain.WalkSteps(steps, "steps", func(s *chain.Step, path string) {
		spec, ok := chain.Lookup(s.Builder)
		if !ok || s.Disabled {
			return
		}
		l, with := spec.MaxSize, ""
		if spec.MaxSizeFor != nil {
			l, with = spec.MaxSizeFor(spec.Resolve(s.Params))
		}
		if l > 0 && l < limit {
			name := s.Builder
			if with != "" {
				name += " " + with
			}
			limit, who = l, fmt.Sprintf("%s at %s takes maps up to %d×%d", name, path, l, l)
		}
	})
	return limit, who
}

// TrySeed is the level seed of try number try (from 1) of a level whose seed
// is level: level itself for the first try, so a level whose first roll meets
// its rules is the level it would be without them; for later tries, the first
// Uint64 of chain.NewRand(level, "accept.try.N") (PCG seeded with the level
// seed and the stream key's hash, as every step's randomness is).
func TrySeed(level uint64, try int) uint64 {
	if try <= 1 {
		return level
	}
	return chain.NewRand(level, "accept.try."+strconv.Itoa(try)).Uint64()
}

// RunAccepted runs c with cfg and re-rolls it as acc says: try 1 with the
// level seed (cfg.Seed, else derived from cfg.Master and c.Depth), try N with
// TrySeed(level seed, N), until a roll meets every rule; the result's Try says
// which roll it is. A nil or rule-less acc runs once. A roll that fails (a
// builder's error) fails the run at once, as without rules. When no roll of
// acc.Tries meets every rule the error is an *AcceptError. The snapshot
// history (cfg.NoHistory false) is recorded for the accepted roll only.
func RunAccepted(ctx context.Context, c *chain.Chain, cfg chain.Config, acc *Accept) (*chain.Result, error) {
	if acc == nil || len(acc.Rules) == 0 {
		cfg.Try = 1
		return chain.RunConfig(ctx, c, cfg)
	}
	level := chain.LevelSeed(cfg.Master, c.Depth)
	if cfg.Seed != nil {
		level = *cfg.Seed
	}
	history := !cfg.NoHistory
	var ms metrics.Measurer
	e := &AcceptError{Tries: acc.Tries, Rules: make([]RuleMiss, len(acc.Rules))}
	for i, r := range acc.Rules {
		e.Rules[i] = RuleMiss{Rule: r, Index: i, Closest: math.NaN()}
	}
	for try := 1; try <= acc.Tries; try++ {
		rc := cfg
		seed := TrySeed(level, try)
		rc.Seed, rc.Try, rc.NoHistory = &seed, try, true
		res, err := chain.RunConfig(ctx, c, rc)
		if err != nil {
			if history && ctx.Err() == nil { // the failed roll's history up to its failing step
				rc.NoHistory = false
				return chain.RunConfig(ctx, c, rc)
			}
			return res, err
		}
		if e.record(ms.Measure(res.State), metrics.SpawnCounts(res.State.Spawns), try) {
			if history {
				rc.NoHistory = false
				return chain.RunConfig(ctx, c, rc)
			}
			return res, nil
		}
	}
	return nil, e
}

// RunLevel runs level i's chain with cfg (see Config) and its acceptance
// rules (RunAccepted): what Generate does for the level, with cfg as the
// caller wants it (a sweep drops a pinned level seed, a game may want the
// history). An *AcceptError names the level ("levels[2].accept").
func (p *Project) RunLevel(ctx context.Context, i int, cfg chain.Config) (*chain.Result, error) {
	if p.Levels[i].Chain == nil {
		return nil, fmt.Errorf("projects: levels[%d] has no chain", i)
	}
	return p.RunLevelChain(ctx, i, p.Levels[i].Chain, cfg)
}

// RunLevelChain is RunLevel with c in place of level i's chain (a variant
// of it: `hewn tune`), under level i's acceptance rules.
func (p *Project) RunLevelChain(ctx context.Context, i int, c *chain.Chain, cfg chain.Config) (*chain.Result, error) {
	res, err := RunAccepted(ctx, c, cfg, p.Levels[i].Accept)
	if ae, ok := err.(*AcceptError); ok {
		ae.Path = fmt.Sprintf("levels[%d].accept", i)
	}
	return res, err
}

// AcceptError is a level none of whose tries met every acceptance rule.
type AcceptError struct {
	// Path is the rules' JSON path ("levels[2].accept"), when known.
	Path string
	// Tries is how many rolls were made.
	Tries int
	// Rules says, per rule, how often it held and the closest value seen.
	Rules []RuleMiss
}

// RuleMiss is one rule over the tries of a level.
type RuleMiss struct {
	Rule  Rule
	Index int // in Accept.Rules
	// Held is how many tries met the rule.
	Held int
	// Closest is the value seen nearest to meeting the rule (NaN when the
	// level never had the metric), at try ClosestTry.
	Closest    float64
	ClosestTry int
}

// record adds one try's measures; it reports whether the try met every rule.
func (e *AcceptError) record(m map[string]float64, spawns map[string]int, try int) bool {
	all := true
	for i := range e.Rules {
		rm := &e.Rules[i]
		v, ok := metrics.Value(m, spawns, rm.Rule.Metric)
		miss := rm.Rule.Miss(v, ok)
		if miss == 0 {
			rm.Held++
		} else {
			all = false
		}
		if ok && (math.IsNaN(rm.Closest) || miss < rm.Rule.Miss(rm.Closest, true)) {
			rm.Closest, rm.ClosestTry = v, try
		}
	}
	return all
}

// Error names the rules that never held with the closest value seen, or,
// when each held on some try, how often each held:
// "projects: levels[2].accept: no try of 20 met every rule: rules[0]
// floor_share >= 0.9 never held (closest value seen: 0.618, try 7)".
func (e *AcceptError) Error() string {
	var never, some []string
	for _, rm := range e.Rules {
		name := fmt.Sprintf("rules[%d] %s", rm.Index, rm.Rule)
		switch {
		case rm.Held == 0 && math.IsNaN(rm.Closest):
			never = append(never, name+" never held (no level had the metric)")
		case rm.Held == 0:
			never = append(never, fmt.Sprintf("%s never held (closest value seen: %s, try %d)", name,
				strconv.FormatFloat(rm.Closest, 'g', 6, 64), rm.ClosestTry))
		case rm.Held < e.Tries:
			some = append(some, fmt.Sprintf("%s held on %d", name, rm.Held))
		}
	}
	path := ""
	if e.Path != "" {
		path = e.Path + ": "
	}
	msg := fmt.Sprintf("projects: %sno try of %d met every rule: ", path, e.Tries)
	if len(never) > 0 {
		return msg + strings.Join(never, "; ")
	}
	return msg + strings.Join(some, ", ") + " (never all on the same try)"
}
