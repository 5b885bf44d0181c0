// Package stats runs a chain over many seeds and summarises the maps it makes:
// per metric the mean, extremes, percentiles and a histogram, spawns by name,
// failures with the first error, and (kept apart, under Timing) how long each
// map took. Sweeps shard by seed (shard i of n takes every n-th seed) and
// Merge combines shard reports into exactly the report of one run, timing
// aside, so any batch system can fan a sweep out. It never imports Fyne.
package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/metrics"
	"hewn/projects"
)

// Metric names, in the order reports list them (package chain/metrics
// measures them: acceptance rules and tune use the same names).
const (
	FloorShare     = metrics.FloorShare     // walkable tiles / all tiles
	ReachableShare = metrics.ReachableShare // walkable tiles reachable from the start / walkable tiles
	PathLength     = metrics.PathLength     // steps from the start to the nearest exit (maps with a start and an exit)
	Rooms          = metrics.Rooms          // rooms recorded by the chain
	Corridors      = metrics.Corridors      // corridors recorded by the chain
	DeadEnds       = metrics.DeadEnds       // walkable tiles with exactly one walkable neighbour (of four)
	Spawns         = metrics.Spawns         // spawned entities
	Exits          = metrics.Exits          // exits
	Unreachable    = metrics.Unreachable    // walkable tiles not reachable from the start
)

// MaxReportSize is the largest report file `hewn stats merge` reads (256 MiB).
const MaxReportSize = 256 << 20

// ReportLimit is the size limit and name of stats and balance report files,
// for jsonfile.ReadFile.
var ReportLimit = jsonfile.Limit{Max: MaxReportSize, Noun: "a stats report", Plural: "stats reports"}

// MetricNames lists every map metric.
var MetricNames = metrics.Names

// Target is what a sweep runs: one level's chain and its run configuration for
// a master seed (the level seed derives from it and the depth).
type Target struct {
	// Name labels the report (a file and depth).
	Name  string
	Chain *chain.Chain
	// Config returns the configuration of the run with master seed m.
	Config func(m uint64) chain.Config
	// Run, when not nil, runs c (Chain, or a variant of it: tune) with cfg
	// instead of chain.RunConfig: LevelTarget's is the facade's route
	// (projects.Project.RunLevelChain: the level's acceptance rules re-roll).
	Run func(ctx context.Context, c *chain.Chain, cfg chain.Config) (*chain.Result, error)
}

// Options say which seeds a sweep runs and how.
type Options struct {
	// From is the first master seed; Seeds how many consecutive ones.
	From  uint64
	Seeds int
	// Shard and Shards select every Shards-th seed starting at From+Shard
	// (Shards 0 or 1: all).
	Shard, Shards int
	// Workers run maps in parallel (0: one per CPU).
	Workers int
	// Progress, if not nil, is called after each map with the count done and
	// the count to do (from the workers' goroutines).
	Progress func(done, total int)
}

// Sample is one seed's map, measured.
type Sample struct {
	Seed    uint64             `json:"seed"`
	Error   string             `json:"error,omitempty"`
	Metrics map[string]float64 `json:"metrics,omitempty"`
	Spawns  map[string]int     `json:"spawns,omitempty"`
}

// Bin is one histogram bar: values in [Lo, Hi) (the last bin includes Hi).
type Bin struct {
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Count int     `json:"count"`
}

// Summary describes a metric's values over the sweep.
type Summary struct {
	Count     int     `json:"count"`
	Mean      float64 `json:"mean"`
	Min       float64 `json:"min"`
	Max       float64 `json:"max"`
	P10       float64 `json:"p10"`
	P25       float64 `json:"p25"`
	P50       float64 `json:"p50"`
	P75       float64 `json:"p75"`
	P90       float64 `json:"p90"`
	Histogram []Bin   `json:"histogram"`
}

// Failures counts the seeds whose chain failed, with the first (lowest) one.
type Failures struct {
	Count      int    `json:"count"`
	FirstSeed  uint64 `json:"first_seed,omitempty"`
	FirstError string `json:"first_error,omitempty"`
}

// Timing is how long the maps took: the only part of a report that differs
// between runs of the same sweep.
type Timing struct {
	Maps       int     `json:"maps"`
	Seconds    float64 `json:"seconds"`
	MapsPerSec float64 `json:"maps_per_second"`
	MeanMS     float64 `json:"mean_ms_per_map"`
	MaxMS      float64 `json:"max_ms_per_map"`
	Workers    int     `json:"workers"`
}

// Report is a sweep's result. Samples are sorted by seed; every summary is
// computed from them, so merged shards give the same bytes as one run.
type Report struct {
	Target   string             `json:"target"`
	Depth    int                `json:"depth"`
	From     uint64             `json:"from"`
	Seeds    int                `json:"seeds"`
	Shards   int                `json:"shards,omitempty"`
	Shard    []int              `json:"shard,omitempty"` // the shards merged into this report
	Maps     int                `json:"maps"`
	Failures Failures           `json:"failures"`
	Metrics  map[string]Summary `json:"metrics"`
	Spawns   map[string]Summary `json:"spawns_by_name"`
	Samples  []Sample           `json:"samples"`
	Timing   []Timing           `json:"timing,omitempty"`
}

// seeds lists the master seeds of shard (shard, shards) of the sweep.
func (o Options) seeds() []uint64 {
	n := max(o.Shards, 1)
	var out []uint64
	for i := o.Shard; i < o.Seeds; i += n {
		out = append(out, o.From+uint64(i))
	}
	return out
}

// Run sweeps t over the seeds o selects. Maps that fail count as failures;
// cancelling ctx stops the sweep with ctx's error.
func Run(ctx context.Context, t Target, o Options) (*Report, error) {
	if o.Seeds < 0 {
		return nil, fmt.Errorf("stats: %d seeds", o.Seeds)
	}
	if o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards) {
		return nil, fmt.Errorf("stats: shard %d is not in 0..%d", o.Shard, o.Shards-1)
	}
	seeds := o.seeds()
	samples := make([]Sample, len(seeds))
	tm, err := parallel(ctx, len(seeds), o, newMeasurer, func(m *measurer, i int) {
		samples[i] = m.sample(ctx, t, seeds[i])
	})
	if err != nil {
		return nil, err
	}
	r := &Report{Target: t.Name, Depth: t.Chain.Depth, From: o.From, Seeds: o.Seeds, Samples: samples}
	if o.Shards > 1 {
		r.Shards, r.Shard = o.Shards, []int{o.Shard}
	}
	r.summarise()
	r.Timing = []Timing{tm}
	return r, nil
}

// parallel runs job(state, i) for i in 0..n-1 on o.Workers goroutines (one
// per core by default), each with its own state from newState, reporting
// progress to o.Progress; cancelling ctx stops it with ctx's error. It
// returns the run's timing.
func parallel[S any](ctx context.Context, n int, o Options, newState func() S, job func(s S, i int)) (Timing, error) {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	nanos := make([]int64, n)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := newState()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				job(st, i)
				nanos[i] = time.Since(t0).Nanoseconds()
				if d := int(done.Add(1)); o.Progress != nil {
					o.Progress(d, n)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Timing{}, err
	}
	return timing(nanos, time.Since(start), workers), nil
}

func timing(nanos []int64, wall time.Duration, workers int) Timing {
	t := Timing{Maps: len(nanos), Seconds: wall.Seconds(), Workers: workers}
	var sum int64
	for _, n := range nanos {
		sum += n
		t.MaxMS = math.Max(t.MaxMS, float64(n)/1e6)
	}
	if len(nanos) > 0 {
		t.MeanMS = float64(sum) / float64(len(nanos)) / 1e6
	}
	if t.Seconds > 0 {
		t.MapsPerSec = float64(len(nanos)) / t.Seconds
	}
	return t
}

// measurer runs and measures maps, reusing its buffers across seeds.
type measurer struct{ metrics.Measurer }

func newMeasurer() *measurer { return &measurer{} }

func (m *measurer) sample(ctx context.Context, t Target, seed uint64) Sample {
	cfg := t.Config(seed)
	cfg.NoHistory = true
	res, err := t.run(ctx, t.Chain, cfg)
	if err != nil {
		var se *chain.StepError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = se.Error()
		}
		return Sample{Seed: seed, Error: msg}
	}
	return Sample{Seed: seed, Metrics: m.Measure(res.State), Spawns: metrics.SpawnCounts(res.State.Spawns)}
}

// Measure computes the map metrics of a finished state (see MetricNames).
func Measure(s *chain.State) map[string]float64 { return metrics.Measure(s) }

// summarise sorts the samples and computes every summary from them.
func (r *Report) summarise() {
	slices.SortFunc(r.Samples, func(a, b Sample) int { return cmp.Compare(a.Seed, b.Seed) })
	r.Maps = len(r.Samples)
	r.Failures = Failures{}
	values := map[string][]float64{}
	names := map[string]bool{}
	for _, s := range r.Samples {
		if s.Error != "" {
			if r.Failures.Count == 0 {
				r.Failures.FirstSeed, r.Failures.FirstError = s.Seed, s.Error
			}
			r.Failures.Count++
			continue
		}
		for k, v := range s.Metrics {
			values[k] = append(values[k], v)
		}
		for k := range s.Spawns {
			names[k] = true
		}
	}
	// every map counts for every name: a map without a Goblin spawned 0
	spawns := map[string][]float64{}
	for _, s := range r.Samples {
		if s.Error != "" {
			continue
		}
		for k := range names {
			spawns[k] = append(spawns[k], float64(s.Spawns[k]))
		}
	}
	r.Metrics = map[string]Summary{}
	for k, v := range values {
		r.Metrics[k] = summary(v)
	}
	r.Spawns = map[string]Summary{}
	for k, v := range spawns {
		r.Spawns[k] = summary(v)
	}
}

// histogramBins is how many bars a histogram has at most.
const histogramBins = 20

// summary describes values (in seed order, so the mean's rounding is the same
// for one run and for merged shards).
func summary(v []float64) Summary {
	s := Summary{Count: len(v)}
	if len(v) == 0 {
		return s
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	s.Mean = sum / float64(len(v))
	sorted := slices.Clone(v)
	sort.Float64s(sorted)
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
	q := func(p float64) float64 { return sorted[int(math.Round(p*float64(len(sorted)-1)))] }
	s.P10, s.P25, s.P50, s.P75, s.P90 = q(0.10), q(0.25), q(0.50), q(0.75), q(0.90)
	s.Histogram = histogram(sorted)
	return s
}

// histogram bins sorted values: one bin per integer when the values are
// whole numbers spanning at most histogramBins, else histogramBins equal bins.
func histogram(sorted []float64) []Bin {
	lo, hi := sorted[0], sorted[len(sorted)-1]
	whole := true
	for _, x := range sorted {
		if x != math.Trunc(x) {
			whole = false
			break
		}
	}
	n := histogramBins
	width := (hi - lo) / float64(n)
	if whole && hi-lo+1 <= histogramBins {
		n, width = int(hi-lo)+1, 1
	} else if hi == lo {
		n, width = 1, 0
	}
	bins := make([]Bin, n)
	edge := func(i int) float64 { return math.Round((lo+float64(i)*width)*1e6) / 1e6 }
	for i := range bins {
		bins[i].Lo, bins[i].Hi = edge(i), edge(i+1)
	}
	if width == 0 {
		bins[0].Hi = hi
	}
	for _, x := range sorted {
		i := n - 1
		if width > 0 {
			i = min(int((x-lo)/width), n-1)
		}
		bins[i].Count++
	}
	return bins
}

// Merge combines shard reports of one sweep (same target, depth, seeds) into
// the report one run would give; their timings are kept side by side.
func Merge(reports ...*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, errors.New("stats: nothing to merge")
	}
	first := reports[0]
	out := &Report{Target: first.Target, Depth: first.Depth, From: first.From, Seeds: first.Seeds, Shards: first.Shards}
	seen := map[uint64]bool{}
	shards := map[int]bool{}
	for i, r := range reports {
		if r.Target != first.Target || r.Depth != first.Depth || r.From != first.From || r.Seeds != first.Seeds || r.Shards != first.Shards {
			return nil, fmt.Errorf("stats: report %d is of another sweep (%s depth %d seeds %d+%d, shards %d; want %s depth %d seeds %d+%d, shards %d)",
				i+1, r.Target, r.Depth, r.From, r.Seeds, r.Shards, first.Target, first.Depth, first.From, first.Seeds, first.Shards)
		}
		for _, s := range r.Shard {
			if shards[s] {
				return nil, fmt.Errorf("stats: shard %d appears twice", s)
			}
			shards[s] = true
		}
		for _, s := range r.Samples {
			if seen[s.Seed] {
				return nil, fmt.Errorf("stats: seed %d appears in two reports", s.Seed)
			}
			seen[s.Seed] = true
			out.Samples = append(out.Samples, s)
		}
		out.Timing = append(out.Timing, r.Timing...)
	}
	if len(shards) == out.Shards { // every shard: the report of one run
		out.Shards = 0
	} else {
		for s := range shards {
			out.Shard = append(out.Shard, s)
		}
		slices.Sort(out.Shard)
	}
	out.summarise()
	return out, nil
}

// Worst returns up to n seeds' samples ordered from the lowest value of
// metric (failures first), for "show me the worst maps".
func (r *Report) Worst(metric string, n int, highFirst bool) []Sample {
	var out []Sample
	for _, s := range r.Samples {
		if _, ok := s.Metrics[metric]; ok || s.Error != "" {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Sample) int {
		if (a.Error != "") != (b.Error != "") {
			if a.Error != "" {
				return -1
			}
			return 1
		}
		x, y := a.Metrics[metric], b.Metrics[metric]
		if highFirst {
			x, y = y, x
		}
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// LevelTarget sweeps level i of p with spawner sp: each master seed gives the
// level seed as the project derives it (a pinned level seed is ignored: a sweep
// is about the seeds), and the level's acceptance rules re-roll as the facade
// does (projects.Project.RunLevelChain).
func LevelTarget(p *projects.Project, i int, sp chain.Spawner, name string) Target {
	return Target{Name: name, Chain: p.Levels[i].Chain, Config: func(m uint64) chain.Config {
		cfg := p.Config(i, m, sp)
		cfg.Seed = nil
		return cfg
	}, Run: func(ctx context.Context, c *chain.Chain, cfg chain.Config) (*chain.Result, error) {
		return p.RunLevelChain(ctx, i, c, cfg)
	}}
}

// ChainTarget sweeps a chain with spawner sp.
func ChainTarget(c *chain.Chain, sp chain.Spawner, name string) Target {
	return Target{Name: name, Chain: c, Config: func(m uint64) chain.Config {
		return chain.Config{Master: m, Spawner: sp}
	}}
}
