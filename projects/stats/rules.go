package stats

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"

	"hewn/projects"
)

// A sweep of a level with acceptance rules reports what the rules did, in the
// same sweep (Report.Rules): how many levels were re-rolled and the tries
// they took, how many seeds no try met, and each metric's mean with the rules
// (the levels the sweep measured) and without them (each seed's first try,
// the level the chain makes alone: measured again only for the seeds whose
// level is a later try). Like the rest of a report these are exact counts and
// sums, so shards merge to exactly one run's figures.

// RulesReport is the effect of a level's acceptance rules over a sweep (the
// report's "rules"; absent for a level without rules).
type RulesReport struct {
	// Rerolled counts the levels made (not failed) that are a later try than
	// the first; RerollRate is Rerolled over those levels.
	Rerolled   int     `json:"rerolled"`
	RerollRate float64 `json:"reroll_rate"`
	// Tries is the sum of the tries of the levels made; MeanTries their mean.
	Tries     int64   `json:"tries"`
	MeanTries float64 `json:"mean_tries"`
	// Unmet counts the seeds of which no try met every rule (failures too).
	Unmet int `json:"unmet"`
	// With is each metric's mean over the levels made (the report's metrics);
	// Without over the seeds' first tries, whatever they measured.
	With    map[string]MeanOf `json:"with"`
	Without map[string]MeanOf `json:"without"`
}

// MeanOf is a metric's mean over Count maps. Without's also hold the exact
// sum it derives from: SumNanos in billionths for a share, Sum for a whole
// number (With's derive from the report's metrics).
type MeanOf struct {
	Count    int     `json:"count"`
	Mean     float64 `json:"mean"`
	Sum      int64   `json:"sum,omitempty"`
	SumNanos int64   `json:"sum_nanos,omitempty"`
}

// rulesAcc is the exact state of a sweep's Rules.
type rulesAcc struct {
	rerolled, tries, unmet int64
	first                  map[string]*sumAcc // metrics of the first tries
}

// sumAcc is a metric's count and exact sum (shares in billionths).
type sumAcc struct{ count, sum int64 }

func newRulesAcc() *rulesAcc { return &rulesAcc{first: map[string]*sumAcc{}} }

// add counts one seed's sample.
func (r *rulesAcc) add(s Sample) {
	switch {
	case s.Error == "":
		try := max(s.Try, 1)
		r.tries += int64(try)
		if try > 1 {
			r.rerolled++
		}
	case s.Unmet:
		r.unmet++
	}
	for k, v := range s.First {
		a := r.first[k]
		if a == nil {
			a = &sumAcc{}
			r.first[k] = a
		}
		a.count++
		if isShare(k) {
			a.sum += nanos(v)
		} else {
			a.sum += int64(v)
		}
	}
}

// merge adds o to r.
func (r *rulesAcc) merge(o *rulesAcc) {
	r.rerolled += o.rerolled
	r.tries += o.tries
	r.unmet += o.unmet
	for k, a := range o.first {
		b := r.first[k]
		if b == nil {
			b = &sumAcc{}
			r.first[k] = b
		}
		b.count += a.count
		b.sum += a.sum
	}
}

// meanOf is the mean of count values summing to sum (shares in
// billionths), to 1e-9 as a summary's.
func meanOf(share bool, count, sum int64) float64 {
	if count == 0 {
		return 0
	}
	if share {
		return math.Round(float64(sum)/float64(count)) / 1e9
	}
	return math.Round(float64(sum)/float64(count)*1e9) / 1e9
}

// report derives the report's Rules from r, made is how many levels were
// made (maps that did not fail) and metrics the report's summaries.
func (r *rulesAcc) report(made int64, metrics map[string]Summary) *RulesReport {
	out := &RulesReport{Rerolled: int(r.rerolled), Tries: r.tries, Unmet: int(r.unmet),
		With: map[string]MeanOf{}, Without: map[string]MeanOf{}}
	if made > 0 {
		out.RerollRate = math.Round(float64(r.rerolled)/float64(made)*1e9) / 1e9
		out.MeanTries = math.Round(float64(r.tries)/float64(made)*1e9) / 1e9
	}
	for k, s := range metrics {
		out.With[k] = MeanOf{Count: s.Count, Mean: s.Mean}
	}
	for k, a := range r.first {
		m := MeanOf{Count: int(a.count), Mean: meanOf(isShare(k), a.count, a.sum)}
		if isShare(k) {
			m.SumNanos = a.sum
		} else {
			m.Sum = a.sum
		}
		out.Without[k] = m
	}
	return out
}

// firstTry completes a sample of a level with rules: which try it is came
// with the run; the metrics of its first try are its own for a first try, and
// are measured on a run without the rules for a later one (or a seed that
// failed: no try met the rules, or a builder failed after the first).
func (m *measurer) firstTry(ctx context.Context, t Target, s *Sample) {
	if s.Error == "" && s.Try <= 1 {
		s.First = s.Metrics
		return
	}
	bare := t.WithoutRules()
	cfg := bare.Config(s.Seed)
	cfg.NoHistory = true
	if res, err := bare.run(ctx, bare.Chain, cfg); err == nil {
		s.First = m.Measure(res.State)
	}
}

// checkRules checks a report's Rules against the maps that ran (runs) and
// failed, and the metrics' summaries, and returns its exact state.
func checkRules(c *checker, r *RulesReport, runs, failed int64, metrics map[string]Summary) *rulesAcc {
	made := runs - failed
	a := newRulesAcc()
	if c.within("rules.rerolled", int64(r.Rerolled), 0, made) {
		a.rerolled = int64(r.Rerolled)
	}
	// every level made took 1 try, a re-rolled one 2 to MaxTries
	lo, hi := made+a.rerolled, made+a.rerolled*(projects.MaxTries-1)
	if r.Tries < lo || r.Tries > hi {
		c.add("rules.tries", "%d; %d levels, %d of them re-rolled, took %d to %d tries", r.Tries, made, a.rerolled, lo, hi)
	}
	a.tries = r.Tries
	if c.within("rules.unmet", int64(r.Unmet), 0, failed) {
		a.unmet = int64(r.Unmet)
	}
	for _, k := range slices.Sorted(maps.Keys(r.With)) {
		s, ok := metrics[k]
		switch {
		case !ok:
			c.add("rules.with."+k, "no summary of %q in metrics", k)
		case r.With[k].Count != s.Count:
			c.add("rules.with."+k+".count", "%d; metrics.%s counts %d maps", r.With[k].Count, k, s.Count)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(metrics)) {
		if _, ok := r.With[k]; !ok {
			c.add("rules.with", "missing %q (metrics has it)", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(r.Without)) {
		p := "rules.without." + k
		m := r.Without[k]
		if !slices.Contains(MetricNames, k) {
			c.add(p, "unknown metric %q", k)
			continue
		}
		if !c.within(p+".count", int64(m.Count), 1, runs) {
			continue
		}
		n := int64(m.Count)
		sum := m.Sum
		if isShare(k) {
			sum = m.SumNanos
			if m.Sum != 0 {
				c.add(p+".sum", "%d: a share's sum is sum_nanos", m.Sum)
			}
			c.within(p+".sum_nanos", m.SumNanos, 0, n*1_000_000_000)
		} else {
			if m.SumNanos != 0 {
				c.add(p+".sum_nanos", "%d: only shares have one", m.SumNanos)
			}
			c.within(p+".sum", m.Sum, 0, n*MaxValue)
		}
		a.first[k] = &sumAcc{count: n, sum: sum}
	}
	return a
}

// hasRules words whether a report has its level's rules' figures, for
// "another sweep" errors.
func hasRules(r *Report) string {
	if r.Rules != nil {
		return "with acceptance rules"
	}
	return "without acceptance rules"
}

// sameRules refuses to merge reports one of which has rules' figures and the
// other not.
func sameRules(a, b *Report) error {
	if (a.Rules == nil) != (b.Rules == nil) {
		return fmt.Errorf("is of another sweep (%s; the first report is %s)", hasRules(b), hasRules(a))
	}
	return nil
}
