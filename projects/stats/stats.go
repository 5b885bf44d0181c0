// Package stats runs a chain over many seeds and summarises the maps it makes:
// per metric the count, mean, extremes, percentiles, a histogram and the
// seeds at each end, spawns by name, the maps that failed and those whose
// exit cannot be reached, and (kept apart, under Timing) how long the maps
// took. Summaries are exact counts (see dist.go), so a report's size does not
// grow with the seeds; per-seed samples go to a caller on request
// (Options.OnSample). Sweeps shard by seed (shard i of n takes every n-th
// seed) and Merge combines shard reports into exactly the report of one run,
// timing aside, so any batch system can fan a sweep out. DecodeReport reads
// reports (older ones with per-seed samples too) and refuses any that cannot
// be one. It never imports Fyne.
package stats

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"

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
	PathLength     = metrics.PathLength     // steps from the start to the nearest reachable exit (maps with a start and a reachable exit)
	Rooms          = metrics.Rooms          // rooms recorded by the chain
	Corridors      = metrics.Corridors      // corridors recorded by the chain
	DeadEnds       = metrics.DeadEnds       // walkable tiles with exactly one walkable neighbour (of four)
	Spawns         = metrics.Spawns         // spawned entities
	Exits          = metrics.Exits          // exits
	Unreachable    = metrics.Unreachable    // walkable tiles not reachable from the start
)

// MetricNames lists every map metric.
var MetricNames = metrics.Names

// WorstBy is the metric the editor ranks its worst seeds by at first: the
// shortest path from the start to an exit (a level whose stairs are next to
// the start) varies from seed to seed on every chain with an exit, where
// reachable_share is 1 on every map of a chain that culls what it cannot
// reach.
const WorstBy = PathLength

// Limits of a report: every number a report file holds is bounded, and
// DecodeReport refuses one past these.
const (
	// MaxReportSize is the largest report file `hewn stats merge` reads
	// (256 MiB: older reports hold every seed's sample).
	MaxReportSize = 256 << 20
	// MaxSeeds is the most seeds a sweep runs.
	MaxSeeds = 100_000_000
	// MaxShards is the most shards a sweep is split into.
	MaxShards = 100_000
	// MaxValue is the largest value of a whole-number metric or count.
	MaxValue = 1 << 30
	// MaxDepth is the deepest level a report names (a chain's depth limit).
	MaxDepth = 1000
	// MaxNames is the most spawn names (or creature names) a report holds.
	MaxNames = 10_000
	// MaxBins is the most bins a report's summaries hold together (a merge's
	// too): a million distinct values, far more than maps of any size give
	// over any sweep that finishes in a day.
	MaxBins = 1 << 20
	// MaxWorkers is the most workers a sweep runs maps on.
	MaxWorkers = 1024
	// MaxCurrentReportSize is the largest report of the current format
	// DecodeReport reads (a report of a million seeds is under 1 MiB; only
	// older reports, with every seed's sample, come larger).
	MaxCurrentReportSize = 32 << 20
)

// ReportLimit is the size limit and name of stats and balance report files,
// for jsonfile.ReadFile.
var ReportLimit = jsonfile.Limit{Max: MaxReportSize, Noun: "a stats report", Plural: "stats reports"}

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
	// HasRules says the level has acceptance rules (Run applies them): a
	// sweep reports what they did (Report.Rules).
	HasRules bool
}

// Options say which seeds a sweep runs and how.
type Options struct {
	// From is the first master seed; Seeds how many consecutive ones.
	From  uint64
	Seeds int
	// List, when not nil, names the seeds to run instead of From and Seeds
	// (`--seeds-from`), in its order; a seed may appear once.
	List []uint64
	// Shard and Shards select every Shards-th seed starting with the
	// Shard-th (Shards 0 or 1: all).
	Shard, Shards int
	// Workers run maps in parallel (0: GOMAXPROCS).
	Workers int
	// Progress, if not nil, is called after each map with the count done and
	// the count to do (from the workers' goroutines).
	Progress func(done, total int)
	// OnSample, if not nil, gets every seed's sample in sweep order, one at a
	// time; an error stops the sweep and Run returns it.
	OnSample func(Sample) error
	// KeepSamples keeps every sample in Report.Samples (in memory only: the
	// editor's expressive-range chart reads them).
	KeepSamples bool
}

// Sample is one seed's map, measured (a line of `--samples`).
type Sample struct {
	Seed    uint64             `json:"seed"`
	Error   string             `json:"error,omitempty"`
	Metrics map[string]float64 `json:"metrics,omitempty"`
	Spawns  map[string]int     `json:"spawns,omitempty"`
	// UnreachableExit marks a map with an exit that cannot be reached from
	// its start.
	UnreachableExit bool `json:"unreachable_exit,omitempty"`
	// Try is which roll of the level this is (acceptance rules; 0 or 1: the
	// first). With rules, Unmet marks a seed of which no try met them, and
	// First holds the first try's metrics (a sweep of a level with rules
	// only). None of them is written.
	Try   int                `json:"-"`
	Unmet bool               `json:"-"`
	First map[string]float64 `json:"-"`
}

// Bin is one histogram bar: values in [Lo, Hi).
type Bin struct {
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Count int     `json:"count"`
}

// Summary describes a metric's values over the sweep. Bins (with BinWidth)
// and SumNanos are the exact counts everything else derives from, and what
// Merge adds up: bins [i, n] count n maps with values in [i·w, (i+1)·w), w =
// 1 for whole numbers (i is the value) and 1/ShareBins for shares. Mean is
// exact to 1e-9; percentiles are by nearest rank, a share's being its bin's
// middle (kept within [Min, Max]). Lowest and Highest are the WorstSeeds
// seeds with the lowest and highest values (ties: lower seed first); spawns
// by name have none.
type Summary struct {
	Count     int         `json:"count"`
	Mean      float64     `json:"mean"`
	Min       float64     `json:"min"`
	Max       float64     `json:"max"`
	P10       float64     `json:"p10"`
	P25       float64     `json:"p25"`
	P50       float64     `json:"p50"`
	P75       float64     `json:"p75"`
	P90       float64     `json:"p90"`
	Histogram []Bin       `json:"histogram"`
	Lowest    []SeedValue `json:"lowest,omitempty"`
	Highest   []SeedValue `json:"highest,omitempty"`
	BinWidth  float64     `json:"bin_width"`
	Bins      [][2]int64  `json:"bins"`
	// SumNanos is a share's exact sum, each value rounded to billionths.
	SumNanos int64 `json:"sum_nanos,omitempty"`
}

// FailedSeed is a seed whose chain failed, with the error.
type FailedSeed struct {
	Seed  uint64 `json:"seed"`
	Error string `json:"error"`
}

// Failures counts the seeds whose chain failed, listing the lowest
// WorstSeeds of them with their errors.
type Failures struct {
	Count int          `json:"count"`
	Seeds []FailedSeed `json:"seeds,omitempty"`
}

// SeedClass counts the maps of a class (an exit that cannot be reached from
// the start), listing the lowest WorstSeeds of their seeds.
type SeedClass struct {
	Count int      `json:"count"`
	Seeds []uint64 `json:"seeds,omitempty"`
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

// Report is a sweep's result (format hewn.stats/2). Everything but Timing
// derives from exact counts, so merged shards give the same bytes as one run.
type Report struct {
	Format string `json:"format"`
	Target string `json:"target"`
	Depth  int    `json:"depth"`
	// From and Seeds: the sweep ran master seeds From..From+Seeds-1; with
	// SeedList, the Seeds seeds of a list (From 0) whose fingerprint it is
	// (ListFingerprint).
	From     uint64 `json:"from"`
	Seeds    int    `json:"seeds"`
	SeedList string `json:"seed_list,omitempty"`
	// Shards and Shard: the report holds shards Shard of Shards (none: the
	// whole sweep).
	Shards int   `json:"shards,omitempty"`
	Shard  []int `json:"shard,omitempty"`
	// Maps is how many seeds ran, failed ones included.
	Maps     int      `json:"maps"`
	Failures Failures `json:"failures"`
	// UnreachableExit counts the maps (not failed) with an exit that cannot
	// be reached from the start.
	UnreachableExit SeedClass `json:"unreachable_exit"`
	// Rules, for a level with acceptance rules, is what they did: the
	// re-roll rate and each metric's mean with and without them.
	Rules   *RulesReport       `json:"rules,omitempty"`
	Metrics map[string]Summary `json:"metrics"`
	Spawns  map[string]Summary `json:"spawns_by_name"`
	Timing  []Timing           `json:"timing,omitempty"`

	// Samples holds every seed's sample in sweep order when
	// Options.KeepSamples asked for them; it is never written.
	Samples []Sample `json:"-"`
	// Source names the file the report was read from, for Merge's errors.
	Source string `json:"-"`
}

// ListFingerprint identifies a seed list: "sha256:" and the SHA-256 of the
// seeds in order, each in decimal followed by a newline.
func ListFingerprint(list []uint64) string {
	h := sha256.New()
	var b []byte
	for _, s := range list {
		b = strconv.AppendUint(b[:0], s, 10)
		b = append(b, '\n')
		h.Write(b)
	}
	return fmt.Sprintf("sha256:%x", h.Sum(nil))
}

// sweep is the seeds one shard of a sweep runs.
type sweep struct {
	from   uint64
	list   []uint64
	seeds  int
	shard  int
	shards int // at least 1
}

// plan checks o and returns the seeds it selects.
func (o Options) plan() (sweep, error) {
	s := sweep{from: o.From, seeds: o.Seeds, list: o.List, shard: o.Shard, shards: max(o.Shards, 1)}
	if o.List != nil {
		s.from, s.seeds = 0, len(o.List)
	}
	switch {
	case s.seeds < 0 || s.seeds > MaxSeeds:
		return s, fmt.Errorf("stats: %d seeds is out of range [0, %d]", s.seeds, MaxSeeds)
	case o.List == nil && s.seeds > 0 && s.from > math.MaxUint64-uint64(s.seeds-1):
		return s, fmt.Errorf("stats: seeds %d+%d go past the largest seed", s.from, s.seeds)
	case o.Workers < 0 || o.Workers > MaxWorkers:
		return s, fmt.Errorf("stats: %d workers is out of range [0, %d]", o.Workers, MaxWorkers)
	case o.Shards > MaxShards:
		return s, fmt.Errorf("stats: %d shards; at most %d", o.Shards, MaxShards)
	case o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards):
		return s, fmt.Errorf("stats: shard %d is not in 0..%d", o.Shard, o.Shards-1)
	case o.Shards <= 1:
		s.shard = 0
	}
	return s, nil
}

// count is how many seeds the shard runs.
func (s sweep) count() int { return shardSize(s.seeds, s.shard, s.shards) }

// shardSize is how many of seeds seeds shard i of n runs.
func shardSize(seeds, i, n int) int {
	if i >= seeds {
		return 0
	}
	return (seeds - i + n - 1) / n
}

// seed is the shard's k-th seed.
func (s sweep) seed(k int) uint64 {
	i := s.shard + k*s.shards
	if s.list != nil {
		return s.list[i]
	}
	return s.from + uint64(i)
}

// Run sweeps t over the seeds o selects. Maps that fail count as failures;
// cancelling ctx stops the sweep with ctx's error.
func Run(ctx context.Context, t Target, o Options) (*Report, error) {
	sw, err := o.plan()
	if err != nil {
		return nil, err
	}
	n := sw.count()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var out *ordered
	var kept []Sample
	if o.OnSample != nil || o.KeepSamples {
		out = &ordered{pending: map[int]Sample{}, cancel: cancel, fn: func(s Sample) error {
			if o.KeepSamples {
				kept = append(kept, s)
			}
			if o.OnSample != nil {
				return o.OnSample(s)
			}
			return nil
		}}
	}
	type worker struct {
		m   *measurer
		acc *accum
	}
	newAcc := func() *accum {
		a := newAccum()
		if t.HasRules {
			a.rules = newRulesAcc()
		}
		return a
	}
	tm, workers, err := parallel(ctx, n, o, func() worker { return worker{new(measurer), newAcc()} }, func(w worker, i int) {
		s := w.m.sample(ctx, t, sw.seed(i))
		if t.HasRules {
			w.m.firstTry(ctx, t, &s)
		}
		w.acc.add(s)
		if out != nil {
			out.put(i, s)
		}
	})
	if out != nil && out.err != nil {
		return nil, out.err
	}
	if err != nil {
		return nil, err
	}
	acc := newAcc()
	for _, w := range workers {
		acc.merge(w.acc)
	}
	r := acc.report(header{Target: t.Name, Depth: t.Chain.Depth, From: sw.from, Seeds: sw.seeds})
	if o.List != nil {
		r.SeedList = ListFingerprint(o.List)
	}
	if o.Shards > 1 {
		r.Shards, r.Shard = o.Shards, []int{o.Shard}
	}
	r.Timing = []Timing{tm}
	r.Samples = kept
	return r, nil
}

// ordered hands samples finished out of order to fn in sweep order.
type ordered struct {
	mu      sync.Mutex
	next    int
	pending map[int]Sample
	fn      func(Sample) error
	cancel  context.CancelFunc
	err     error
}

func (o *ordered) put(i int, s Sample) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	o.pending[i] = s
	for {
		s, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.next++
		if err := o.fn(s); err != nil {
			o.err = err
			o.cancel()
			return
		}
	}
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
		var ae *projects.AcceptError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = se.Error()
		}
		return Sample{Seed: seed, Error: msg, Unmet: errors.As(err, &ae)}
	}
	ms, cut := m.MeasureCut(res.State)
	return Sample{Seed: seed, Metrics: ms, Spawns: metrics.SpawnCounts(res.State.Spawns), UnreachableExit: cut, Try: res.Try}
}

// Measure computes the map metrics of a finished state (see MetricNames).
func Measure(s *chain.State) map[string]float64 { return metrics.Measure(s) }

// Worst returns up to n seeds for "show me the worst maps": the failed ones
// first (lowest seed first, with their errors), then the seeds at the low end
// of metric (the high end with highFirst), each with that metric's value. It
// reads the report's bounded lists, so n beyond WorstSeeds gives no more.
func (r *Report) Worst(metric string, n int, highFirst bool) []Sample {
	var out []Sample
	for _, f := range r.Failures.Seeds {
		out = append(out, Sample{Seed: f.Seed, Error: f.Error})
	}
	list := r.Metrics[metric].Lowest
	if highFirst {
		list = r.Metrics[metric].Highest
	}
	for _, sv := range list {
		out = append(out, Sample{Seed: sv.Seed, Metrics: map[string]float64{metric: sv.Value}})
	}
	if len(out) > n {
		out = out[:max(n, 0)]
	}
	return out
}

// LevelTarget sweeps level i of p with spawner sp: each master seed gives the
// level seed as the project derives it (a pinned level seed is ignored: a sweep
// is about the seeds), and the level's acceptance rules re-roll as the facade
// does (projects.Project.RunLevelChain); a sweep reports what they did.
func LevelTarget(p *projects.Project, i int, sp chain.Spawner, name string) Target {
	return Target{Name: name, Chain: p.Levels[i].Chain, Config: func(m uint64) chain.Config {
		cfg := p.Config(i, m, sp)
		cfg.Seed = nil
		return cfg
	}, Run: func(ctx context.Context, c *chain.Chain, cfg chain.Config) (*chain.Result, error) {
		return p.RunLevelChain(ctx, i, c, cfg)
	}, HasRules: p.Levels[i].Accept != nil && len(p.Levels[i].Accept.Rules) > 0}
}

// ChainTarget sweeps a chain with spawner sp.
func ChainTarget(c *chain.Chain, sp chain.Spawner, name string) Target {
	return Target{Name: name, Chain: c, Config: func(m uint64) chain.Config {
		return chain.Config{Master: m, Spawner: sp}
	}}
}
