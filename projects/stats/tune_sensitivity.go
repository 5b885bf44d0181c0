package stats

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"hewn/chain/metrics"
)

// Bounds of a sensitivity run.
const (
	MaxPoints           = 101
	MaxSensitivitySeeds = 10_000
	// MaxSensitivityRuns bounds points × seeds × parameters.
	MaxSensitivityRuns = 1_000_000
)

// SensitivityOptions say which parameters to move one at a time, over which
// values and seeds.
type SensitivityOptions struct {
	Dims []Dim
	// Metrics are the metrics reported (default: every map metric).
	Metrics []string
	// Points is how many evenly spaced values a numeric parameter takes
	// (whole numbers: at most one per integer); a categorical one takes each
	// of its choices.
	Points int
	// Seeds master seeds From..From+Seeds-1 run at every value (the same
	// seeds, so a change between values is the parameter's, not the seeds').
	Seeds   int
	From    uint64
	Workers int
	// Progress, if not nil, is called after each run with the count done and
	// the count to do.
	Progress func(done, total int)
}

// Sensitivity is how each metric moves across each parameter's range, the
// others as the chain has them.
type Sensitivity struct {
	Format string        `json:"format"`
	Target string        `json:"target"`
	Depth  int           `json:"depth"`
	From   uint64        `json:"from"`
	Seeds  int           `json:"seeds"`
	Points int           `json:"points"`
	Params []ParamEffect `json:"params"`
	Timing []TuneRun     `json:"timing,omitempty"`
}

// ParamEffect is one parameter's effect: per value, each metric's spread
// over the seeds and how many seeds failed.
type ParamEffect struct {
	Path    string              `json:"path"`
	Type    string              `json:"type"`
	Values  []any               `json:"values"`
	Failed  []int               `json:"failed"`
	Metrics map[string][]Spread `json:"metrics"`
}

// Spread is a metric's values at one parameter value: how many seeds had
// it, their mean and 10th and 90th percentiles.
type Spread struct {
	Count int     `json:"count"`
	Mean  float64 `json:"mean"`
	P10   float64 `json:"p10"`
	P90   float64 `json:"p90"`
}

// Values lists the values d takes in a sensitivity run of points per range.
func (d Dim) Values(points int) []any {
	if !d.Numeric {
		return slices.Clone(d.Choices)
	}
	var out []any
	n := max(points, 2)
	if d.Lo == d.Hi {
		n = 1
	}
	for i := range n {
		v := d.Lo
		if n > 1 {
			v = d.Lo + float64(float64(i)*(d.Hi-d.Lo))/float64(n-1)
		}
		if d.Int {
			iv := int(math.Round(v))
			if len(out) > 0 && out[len(out)-1] == any(iv) {
				continue
			}
			out = append(out, iv)
		} else {
			out = append(out, v)
		}
	}
	return out
}

// RunSensitivity moves each of o.Dims over its values (the other parameters
// as t's chain has them) and measures o.Seeds seeds at each value.
func RunSensitivity(ctx context.Context, t Target, o SensitivityOptions) (*Sensitivity, error) {
	names := o.Metrics
	if len(names) == 0 {
		names = metrics.Names
	}
	for _, m := range names {
		if !metrics.Known(m) {
			return nil, fmt.Errorf("stats: unknown metric %q (want %s)", m, metrics.Describe())
		}
	}
	if o.Seeds < 1 || o.Seeds > MaxSensitivitySeeds {
		return nil, fmt.Errorf("stats: seeds %d is out of range [1, %d]", o.Seeds, MaxSensitivitySeeds)
	}
	if o.Points < 2 || o.Points > MaxPoints {
		return nil, fmt.Errorf("stats: points %d is out of range [2, %d]", o.Points, MaxPoints)
	}
	type job struct{ dim, value, seed int }
	var jobs []job
	values := make([][]any, len(o.Dims))
	for k, d := range o.Dims {
		values[k] = d.Values(o.Points)
		for v := range values[k] {
			for s := range o.Seeds {
				jobs = append(jobs, job{k, v, s})
			}
		}
	}
	if len(jobs) > MaxSensitivityRuns {
		return nil, fmt.Errorf("stats: %d runs (parameters × values × seeds) exceed %d", len(jobs), MaxSensitivityRuns)
	}
	samples := make([]Sample, len(jobs))
	start := time.Now()
	tm, _, err := parallel(ctx, len(jobs), Options{Workers: o.Workers, Progress: o.Progress}, newMeasurer, func(m *measurer, i int) {
		j := jobs[i]
		samples[i] = m.variant(ctx, t, o.Dims[j.dim:j.dim+1], candidate{values: []any{values[j.dim][j.value]}, seed: o.From + uint64(j.seed)})
	})
	if err != nil {
		return nil, err
	}
	out := &Sensitivity{Format: SensitivityFormat, Target: t.Name, Depth: t.Chain.Depth, From: o.From, Seeds: o.Seeds,
		Points: o.Points, Params: []ParamEffect{}}
	i := 0
	for k, d := range o.Dims {
		pe := ParamEffect{Path: d.Path, Type: d.Type(), Values: values[k], Failed: make([]int, len(values[k])), Metrics: map[string][]Spread{}}
		for v := range values[k] {
			per := map[string][]float64{}
			for range o.Seeds {
				s := samples[i]
				i++
				if s.Error != "" {
					pe.Failed[v]++
					continue
				}
				for _, m := range names {
					if x, ok := metrics.Value(s.Metrics, s.Spawns, m); ok {
						per[m] = append(per[m], x)
					}
				}
			}
			for _, m := range names {
				pe.Metrics[m] = append(pe.Metrics[m], spreadOf(per[m]))
			}
		}
		out.Params = append(out.Params, pe)
	}
	run := TuneRun{Variants: len(jobs), Seconds: time.Since(start).Seconds(), Workers: tm.Workers}
	if run.Seconds > 0 {
		run.PerSecond = float64(run.Variants) / run.Seconds
	}
	out.Timing = []TuneRun{run}
	return out, nil
}

// spreadOf is the count, mean, and nearest-rank 10th and 90th percentiles of
// v (in seed order, so the mean's rounding does not depend on the workers).
func spreadOf(v []float64) Spread {
	sp := Spread{Count: len(v)}
	if len(v) == 0 {
		return sp
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	sp.Mean = sum / float64(len(v))
	sorted := slices.Clone(v)
	slices.Sort(sorted)
	q := func(p float64) float64 { return sorted[int(math.Round(p*float64(len(sorted)-1)))] }
	sp.P10, sp.P90 = q(0.10), q(0.90)
	return sp
}
