package stats

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"sync"

	"hewn/chain/jsonfile"
)

// checker collects a report's problems, each at its JSON path.
type checker struct{ ps jsonfile.Problems }

func (c *checker) add(path, format string, args ...any) {
	if len(c.ps) <= jsonfile.MaxProblems {
		c.ps = append(c.ps, jsonfile.Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
}

func (c *checker) err() error {
	if len(c.ps) == 0 {
		return nil
	}
	return c.ps
}

// within checks min <= v <= max.
func (c *checker) within(path string, v, lo, hi int64) bool {
	if v < lo || v > hi {
		c.add(path, "%d is out of range [%d, %d]", v, lo, hi)
		return false
	}
	return true
}

// num words a number as a report holds it.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// fingerprint matches a seed list's fingerprint (compiled when first used:
// nothing is done at init).
var fingerprint = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^sha256:[0-9a-f]{64}$`) })

// shardSet is the shards a report holds (nil: the whole sweep).
type shardSet []bool

// checkHeader checks what names the sweep (target, depth, seeds, shards)
// and returns the shards held and how many maps they ran.
func checkHeader(c *checker, h header) (set shardSet, runs int64, ok bool) {
	n := len(c.ps)
	c.within("depth", int64(h.Depth), 0, MaxDepth)
	c.within("seeds", int64(h.Seeds), 1, MaxSeeds)
	if h.SeedList != "" {
		if !fingerprint().MatchString(h.SeedList) {
			c.add("seed_list", "%q is not a seed list's fingerprint (sha256: and 64 hex digits)", h.SeedList)
		}
		if h.From != 0 {
			c.add("from", "%d: a sweep of a seed list starts at 0", h.From)
		}
	} else if h.Seeds > 0 && h.From > math.MaxUint64-uint64(h.Seeds-1) {
		c.add("from", "seeds %d..%d go past the largest seed", h.From, uint64(h.Seeds))
	}
	switch {
	case h.Shards == 0:
		if len(h.Shard) > 0 {
			c.add("shard", "%v without \"shards\"", h.Shard)
		}
	case h.Shards < 2 || h.Shards > MaxShards:
		c.add("shards", "%d is out of range [2, %d] (a whole sweep has none)", h.Shards, MaxShards)
	case len(h.Shard) == 0:
		c.add("shard", "missing: a report of %d shards names the shards it holds", h.Shards)
	default:
		set = make(shardSet, h.Shards)
		for i, s := range h.Shard {
			p := fmt.Sprintf("shard[%d]", i)
			switch {
			case s < 0 || s >= h.Shards:
				c.add(p, "shard %d of %d is not in 0..%d", s, h.Shards, h.Shards-1)
			case set[s]:
				c.add(p, "shard %d is listed twice", s)
			default:
				set[s] = true
			}
		}
	}
	if len(c.ps) > n {
		return nil, 0, false
	}
	if set == nil {
		return nil, int64(h.Seeds), true
	}
	for s, in := range set {
		if in {
			runs += int64(shardSize(h.Seeds, s, h.Shards))
		}
	}
	return set, runs, true
}

// member returns why seed does not belong to the shards set of sweep h ("" when
// it does; always "" for a seed list, whose seeds a report does not hold).
func member(h header, set shardSet) func(seed uint64) string {
	return func(seed uint64) string {
		if h.SeedList != "" {
			return ""
		}
		if seed < h.From || seed-h.From >= uint64(h.Seeds) {
			return fmt.Sprintf("seed %d is not in the sweep's seeds %d..%d", seed, h.From, h.From+uint64(h.Seeds)-1)
		}
		if set != nil && !set[(seed-h.From)%uint64(len(set))] {
			return fmt.Sprintf("seed %d belongs to shard %d of %d, which this report does not hold",
				seed, (seed-h.From)%uint64(len(set)), len(set))
		}
		return ""
	}
}

// checkValue checks one value of a metric (a share in [0, 1], else a whole
// number in [0, MaxValue]).
func checkValue(c *checker, path string, v float64, share bool) bool {
	if share {
		if !(v >= 0 && v <= 1) {
			c.add(path, "%s is not a share in [0, 1]", num(v))
			return false
		}
		return true
	}
	if !(v >= 0 && v <= MaxValue && v == math.Trunc(v)) {
		c.add(path, "%s is not a whole number in [0, %d]", num(v), MaxValue)
		return false
	}
	return true
}

// checkSummary checks a summary's exact part (bins, sum, extremes, seeds at
// each end; the rest derives from it) and returns its distribution.
func checkSummary(c *checker, path string, s Summary, share, ranked bool, belongs func(uint64) string) (*dist, bool) {
	n := len(c.ps)
	d := newDist(share, ranked)
	if s.Count < 1 || s.Count > MaxSeeds {
		c.add(path+".count", "%d is out of range [1, %d]", s.Count, MaxSeeds)
		return nil, false
	}
	if want := d.binWidth(); s.BinWidth != want {
		c.add(path+".bin_width", "%s; this metric's bins are %s wide", num(s.BinWidth), num(want))
	}
	top := int64(MaxValue)
	if share {
		top = ShareBins
	}
	var total, lo, hi int64 // lo, hi: bounds of the sum in billionths (shares)
	for i, b := range s.Bins {
		p := fmt.Sprintf("%s.bins[%d]", path, i)
		if !c.within(p+"[0]", b[0], 0, top) || !c.within(p+"[1]", b[1], 1, int64(s.Count)) {
			break
		}
		if i > 0 && b[0] <= s.Bins[i-1][0] {
			c.add(p, "bin %d after bin %d: bins go in increasing order, each once", b[0], s.Bins[i-1][0])
			break
		}
		if total += b[1]; total > int64(s.Count) {
			c.add(path+".bins", "count more maps than the summary's count %d", s.Count)
			break
		}
		d.bins[b[0]] = b[1]
		if share {
			lo += b[1] * b[0] * nanosPerBin
			hi += b[1] * min(b[0]*nanosPerBin+nanosPerBin-1, 1e9)
		} else {
			d.sum += b[1] * b[0]
		}
	}
	if len(c.ps) > n {
		return nil, false
	}
	if total != int64(s.Count) {
		c.add(path+".bins", "count %d maps; the summary's count is %d", total, s.Count)
		return nil, false
	}
	d.count = total
	keys := slices.Sorted(maps.Keys(d.bins))
	first, last := keys[0], keys[len(keys)-1]
	if share {
		if s.SumNanos < lo || s.SumNanos > hi {
			c.add(path+".sum_nanos", "%d does not fit the bins (between %d and %d)", s.SumNanos, lo, hi)
		}
		d.sum = s.SumNanos
		if checkValue(c, path+".min", s.Min, true) && d.binOf(s.Min) != first {
			c.add(path+".min", "%s is not in the first bin, %d", num(s.Min), first)
		}
		if checkValue(c, path+".max", s.Max, true) && d.binOf(s.Max) != last {
			c.add(path+".max", "%s is not in the last bin, %d", num(s.Max), last)
		}
		if s.Min > s.Max {
			c.add(path+".min", "%s is above max %s", num(s.Min), num(s.Max))
		}
	} else {
		if s.SumNanos != 0 {
			c.add(path+".sum_nanos", "%d: only shares have one", s.SumNanos)
		}
		if s.Min != float64(first) {
			c.add(path+".min", "%s is not the lowest bin, %d", num(s.Min), first)
		}
		if s.Max != float64(last) {
			c.add(path+".max", "%s is not the highest bin, %d", num(s.Max), last)
		}
	}
	d.min, d.max = s.Min, s.Max
	want := min(s.Count, WorstSeeds)
	seen := map[uint64]float64{}
	for _, end := range []struct {
		name  string
		list  []SeedValue
		order func(a, b SeedValue) int
		edge  float64
	}{{"lowest", s.Lowest, lowFirst, s.Min}, {"highest", s.Highest, highFirst, s.Max}} {
		p := path + "." + end.name
		if !ranked {
			if len(end.list) > 0 {
				c.add(p, "spawns by name list no seeds")
			}
			continue
		}
		if len(end.list) != want {
			c.add(p, "%d seeds; a summary of %d maps lists %d", len(end.list), s.Count, want)
			continue
		}
		for i, sv := range end.list {
			pi := fmt.Sprintf("%s[%d]", p, i)
			if why := belongs(sv.Seed); why != "" {
				c.add(pi+".seed", "%s", why)
				continue
			}
			if !checkValue(c, pi+".value", sv.Value, share) {
				continue
			}
			if v, ok := seen[sv.Seed]; ok && v != sv.Value {
				c.add(pi+".value", "seed %d has the value %s here and %s elsewhere", sv.Seed, num(sv.Value), num(v))
			}
			seen[sv.Seed] = sv.Value
			if d.bins[d.binOf(sv.Value)] == 0 {
				c.add(pi+".value", "%s is in no bin", num(sv.Value))
			}
			if i == 0 && sv.Value != end.edge {
				c.add(pi+".value", "%s is not the summary's %s, %s", num(sv.Value), map[string]string{"lowest": "min", "highest": "max"}[end.name], num(end.edge))
			}
			if i > 0 && end.order(end.list[i-1], sv) >= 0 {
				c.add(pi, "seed %d (%s) is out of order (by value, then seed)", sv.Seed, num(sv.Value))
			}
		}
		if end.name == "lowest" {
			d.low = slices.Clone(end.list)
		} else {
			d.high = slices.Clone(end.list)
		}
	}
	return d, len(c.ps) == n
}

// checkSeeds checks a class's lowest seeds: count of them, ascending, in
// the sweep.
func checkSeeds(c *checker, path string, count int, seeds []uint64, belongs func(uint64) string) {
	if len(seeds) != min(count, WorstSeeds) {
		c.add(path+".seeds", "%d seeds; a count of %d lists %d", len(seeds), count, min(count, WorstSeeds))
		return
	}
	for i, s := range seeds {
		p := fmt.Sprintf("%s.seeds[%d]", path, i)
		if why := belongs(s); why != "" {
			c.add(p, "%s", why)
		} else if i > 0 && s <= seeds[i-1] {
			c.add(p, "seed %d after seed %d: seeds go in increasing order, each once", s, seeds[i-1])
		}
	}
}

// checkTiming checks the timings of a report holding shards shards (0: the
// whole sweep).
func checkTiming(c *checker, ts []Timing, shards int) {
	most := shards
	if shards == 0 {
		most = MaxShards
	}
	if len(ts) > most {
		c.add("timing", "%d timings; a report of %d shards has at most %d", len(ts), shards, most)
		return
	}
	for i, t := range ts {
		p := fmt.Sprintf("timing[%d]", i)
		c.within(p+".maps", int64(t.Maps), 0, MaxSeeds)
		c.within(p+".workers", int64(t.Workers), 0, 1<<16)
		for _, f := range []struct {
			k string
			v float64
		}{{"seconds", t.Seconds}, {"maps_per_second", t.MapsPerSec}, {"mean_ms_per_map", t.MeanMS}, {"max_ms_per_map", t.MaxMS}} {
			if !(f.v >= 0 && f.v <= math.MaxFloat64) {
				c.add(p+"."+f.k, "%s is not a duration or rate (≥ 0)", num(f.v))
			}
		}
	}
}

func (r *Report) header() header {
	return header{Target: r.Target, Depth: r.Depth, From: r.From, Seeds: r.Seeds, SeedList: r.SeedList, Shards: r.Shards, Shard: r.Shard}
}

// accum checks r (everything Merge adds up: the header, the failure
// classes, every summary's bins, sums, extremes and seeds) and returns its
// exact state. Derived figures (means, percentiles, histograms) are not
// checked: they are computed again. Problems name their JSON path.
func (r *Report) accum() (*accum, error) {
	c := &checker{}
	if r.Format != Format {
		c.add(jsonfile.FormatKey, "%q is not %s", r.Format, Format)
		return nil, c.err()
	}
	h := r.header()
	set, nmaps, ok := checkHeader(c, h)
	if !ok {
		return nil, c.err()
	}
	if int64(r.Maps) != nmaps {
		c.add("maps", "%d; the sweep's shards ran %d seeds", r.Maps, nmaps)
		return nil, c.err()
	}
	bins := 0
	for _, m := range []map[string]Summary{r.Metrics, r.Spawns} {
		for _, s := range m {
			bins += len(s.Bins)
		}
	}
	if bins > MaxBins {
		c.add("metrics", "%d bins in all; a report holds at most %d", bins, MaxBins)
		return nil, c.err()
	}
	belongs := member(h, set)
	a := newAccum()
	a.maps = nmaps
	if c.within("failures.count", int64(r.Failures.Count), 0, nmaps) {
		a.failed = int64(r.Failures.Count)
		seeds := make([]uint64, len(r.Failures.Seeds))
		for i, f := range r.Failures.Seeds {
			seeds[i] = f.Seed
			if f.Error == "" {
				c.add(fmt.Sprintf("failures.seeds[%d].error", i), "missing: a failed seed names its error")
			}
		}
		checkSeeds(c, "failures", r.Failures.Count, seeds, belongs)
		a.failures = slices.Clone(r.Failures.Seeds)
	}
	ok64 := nmaps - a.failed
	if c.within("unreachable_exit.count", int64(r.UnreachableExit.Count), 0, ok64) {
		a.cutCount = int64(r.UnreachableExit.Count)
		checkSeeds(c, "unreachable_exit", r.UnreachableExit.Count, r.UnreachableExit.Seeds, belongs)
		a.cut = slices.Clone(r.UnreachableExit.Seeds)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Metrics)) {
		p := "metrics." + k
		if !slices.Contains(MetricNames, k) {
			c.add(p, "unknown metric %q", k)
			continue
		}
		s := r.Metrics[k]
		if int64(s.Count) > ok64 {
			c.add(p+".count", "%d; only %d maps ran without failing", s.Count, ok64)
			continue
		}
		if d, ok := checkSummary(c, p, s, isShare(k), true, belongs); ok {
			a.metrics[k] = d
		}
	}
	if len(r.Spawns) > MaxNames {
		c.add("spawns_by_name", "%d names; at most %d", len(r.Spawns), MaxNames)
		return nil, c.err()
	}
	for _, k := range slices.Sorted(maps.Keys(r.Spawns)) {
		p := "spawns_by_name." + k
		s := r.Spawns[k]
		if k == "" {
			c.add("spawns_by_name", "a name is empty")
			continue
		}
		if int64(s.Count) != ok64 {
			c.add(p+".count", "%d; every one of the %d maps that ran without failing counts", s.Count, ok64)
			continue
		}
		d, ok := checkSummary(c, p, s, false, false, belongs)
		if !ok {
			continue
		}
		zeros := d.bins[0]
		delete(d.bins, 0)
		d.count -= zeros
		if d.count == 0 {
			c.add(p, "no map spawned it")
			continue
		}
		d.min, d.max = math.Inf(1), math.Inf(-1)
		for k := range d.bins {
			d.min, d.max = min(d.min, float64(k)), max(d.max, float64(k))
		}
		a.spawns[k] = d
	}
	if r.Rules != nil {
		a.rules = checkRules(c, r.Rules, nmaps, a.failed, r.Metrics)
	}
	checkTiming(c, r.Timing, len(r.Shard))
	if err := c.err(); err != nil {
		return nil, err
	}
	return a, nil
}
