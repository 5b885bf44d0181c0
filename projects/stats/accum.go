package stats

import (
	"cmp"
	"slices"
)

// accum is a sweep's exact state: what a report derives from and what merges.
type accum struct {
	maps     int64
	failures []FailedSeed // the lowest WorstSeeds failed seeds
	failed   int64
	cut      []uint64 // the lowest WorstSeeds seeds with an unreachable exit
	cutCount int64
	metrics  map[string]*dist
	spawns   map[string]*dist // counts of the maps that spawned the name (never 0)
	rules    *rulesAcc        // a level with acceptance rules: what they did (else nil)
}

func newAccum() *accum {
	return &accum{metrics: map[string]*dist{}, spawns: map[string]*dist{}}
}

// add counts one seed's sample.
func (a *accum) add(s Sample) {
	a.maps++
	if a.rules != nil {
		a.rules.add(s)
	}
	if s.Error != "" {
		a.failed++
		a.failures = pushSeed(a.failures, FailedSeed{s.Seed, s.Error}, func(f FailedSeed) uint64 { return f.Seed })
		return
	}
	if s.UnreachableExit {
		a.cutCount++
		a.cut = pushSeed(a.cut, s.Seed, func(s uint64) uint64 { return s })
	}
	for k, v := range s.Metrics {
		d := a.metrics[k]
		if d == nil {
			d = newDist(isShare(k), true)
			a.metrics[k] = d
		}
		d.add(s.Seed, v)
	}
	for k, n := range s.Spawns {
		if n == 0 {
			continue
		}
		d := a.spawns[k]
		if d == nil {
			d = newDist(false, false)
			a.spawns[k] = d
		}
		d.add(s.Seed, float64(n))
	}
}

// pushSeed inserts x into list (ascending by seed) and keeps the first
// WorstSeeds.
func pushSeed[T any](list []T, x T, seed func(T) uint64) []T {
	if len(list) == WorstSeeds && seed(x) >= seed(list[len(list)-1]) {
		return list
	}
	i, _ := slices.BinarySearchFunc(list, x, func(a, b T) int { return cmp.Compare(seed(a), seed(b)) })
	list = slices.Insert(list, i, x)
	if len(list) > WorstSeeds {
		list = list[:WorstSeeds]
	}
	return list
}

// merge adds b to a. It returns a seed both counted (dup true): reports that
// overlap.
func (a *accum) merge(b *accum) (seed uint64, dup bool) {
	a.maps += b.maps
	if b.rules != nil {
		if a.rules == nil {
			a.rules = newRulesAcc()
		}
		a.rules.merge(b.rules)
	}
	a.failed += b.failed
	for _, f := range b.failures {
		if slices.ContainsFunc(a.failures, func(x FailedSeed) bool { return x.Seed == f.Seed }) {
			return f.Seed, true
		}
		a.failures = pushSeed(a.failures, f, func(f FailedSeed) uint64 { return f.Seed })
	}
	a.cutCount += b.cutCount
	for _, s := range b.cut {
		if slices.Contains(a.cut, s) {
			return s, true
		}
		a.cut = pushSeed(a.cut, s, func(s uint64) uint64 { return s })
	}
	for _, m := range []struct{ dst, src map[string]*dist }{{a.metrics, b.metrics}, {a.spawns, b.spawns}} {
		for k, d := range m.src {
			if m.dst[k] == nil {
				m.dst[k] = newDist(d.share, d.ranked)
			}
			if s, dup := m.dst[k].merge(d); dup {
				return s, true
			}
		}
	}
	return 0, false
}

// bins counts the bins of every summary.
func (a *accum) bins() int {
	n := 0
	for _, m := range []map[string]*dist{a.metrics, a.spawns} {
		for _, d := range m {
			n += len(d.bins)
		}
	}
	return n
}

// newBins counts the bins s would add.
func (a *accum) newBins(s Sample) int {
	n := 0
	for k, v := range s.Metrics {
		if d := a.metrics[k]; d == nil || d.bins[d.binOf(v)] == 0 {
			n++
		}
	}
	for k, c := range s.Spawns {
		if d := a.spawns[k]; c != 0 && (d == nil || d.bins[int64(c)] == 0) {
			n++
		}
	}
	return n
}

// header is what names a sweep in a report.
type header struct {
	Target   string
	Depth    int
	From     uint64
	Seeds    int
	SeedList string
	Shards   int
	Shard    []int
}

// report derives the report of the sweep h from a.
func (a *accum) report(h header) *Report {
	r := &Report{Format: Format, Target: h.Target, Depth: h.Depth, From: h.From, Seeds: h.Seeds, SeedList: h.SeedList,
		Shards: h.Shards, Shard: h.Shard, Maps: int(a.maps),
		Failures:        Failures{Count: int(a.failed), Seeds: slices.Clone(a.failures)},
		UnreachableExit: SeedClass{Count: int(a.cutCount), Seeds: slices.Clone(a.cut)},
		Metrics:         map[string]Summary{}, Spawns: map[string]Summary{}}
	for k, d := range a.metrics {
		r.Metrics[k] = d.summary()
	}
	if a.rules != nil {
		r.Rules = a.rules.report(a.maps-a.failed, r.Metrics)
	}
	ok := a.maps - a.failed // every map that ran counts for every name: one without a Goblin spawned 0
	for k, d := range a.spawns {
		r.Spawns[k] = d.withZeros(ok - d.count).summary()
	}
	return r
}
