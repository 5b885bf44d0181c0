package stats

import (
	"cmp"
	"maps"
	"math"
	"slices"
)

// Summaries are exact and mergeable: a metric's values are counted in fixed
// bins (one per whole number for counts, 1/ShareBins wide for shares), its
// sum is kept exactly (shares in billionths), and its extremes and worst
// seeds are bounded lists. Adding two sweeps' counts gives the counts of the
// sweep of both, whatever the order, so merged shards and one run give the
// same bytes, and a report's size depends on how many distinct values the
// maps have, never on how many seeds ran.
const (
	// WorstSeeds is how many seeds a report keeps at each end of a metric
	// ("lowest", "highest") and in each failure class.
	WorstSeeds = 10
	// ShareBins is how many bins a share (a value in [0, 1]) is counted in:
	// bin i holds [i/ShareBins, (i+1)/ShareBins), 1 has a bin of its own.
	ShareBins = 1000
	// nanosPerBin is a share bin's width in billionths.
	nanosPerBin = 1_000_000_000 / ShareBins
	// histogramBars is how many bars a summary's display histogram has at most.
	histogramBars = 20
)

// isShare reports whether metric is a share in [0, 1] (binned at
// 1/ShareBins); every other metric and every spawn count is a whole number
// counted exactly.
func isShare(metric string) bool { return metric == FloorShare || metric == ReachableShare }

// SeedValue is one seed's value of a metric (an entry of Summary.Lowest or
// Summary.Highest).
type SeedValue struct {
	Seed  uint64  `json:"seed"`
	Value float64 `json:"value"`
}

// dist is one metric's exact distribution over the maps of a sweep.
type dist struct {
	share  bool
	ranked bool // keep the lowest and highest seeds
	count  int64
	bins   map[int64]int64 // bin index -> maps
	// sum is the exact sum of the values: whole numbers as they are, shares
	// rounded to billionths.
	sum       int64
	min, max  float64
	low, high []SeedValue // at most WorstSeeds each; low ascending, high descending (ties: lower seed first)
}

func newDist(share, ranked bool) *dist {
	return &dist{share: share, ranked: ranked, bins: map[int64]int64{}}
}

// nanos is a share in billionths.
func nanos(v float64) int64 { return int64(math.Round(v * 1e9)) }

// binOf is the bin holding v.
func (d *dist) binOf(v float64) int64 {
	if d.share {
		return nanos(v) / nanosPerBin
	}
	return int64(v)
}

// add counts seed's value v.
func (d *dist) add(seed uint64, v float64) {
	if d.share {
		d.sum += nanos(v)
	} else {
		d.sum += int64(v)
	}
	if d.count == 0 || v < d.min {
		d.min = v
	}
	if d.count == 0 || v > d.max {
		d.max = v
	}
	d.count++
	d.bins[d.binOf(v)]++
	if d.ranked {
		sv := SeedValue{seed, v}
		d.low = pushRanked(d.low, sv, lowFirst)
		d.high = pushRanked(d.high, sv, highFirst)
	}
}

// merge adds o's counts to d. It returns a seed both hold in their ranked
// lists (dup true): two reports that measured the same seed.
func (d *dist) merge(o *dist) (seed uint64, dup bool) {
	if o.count == 0 {
		return 0, false
	}
	if d.count == 0 || o.min < d.min {
		d.min = o.min
	}
	if d.count == 0 || o.max > d.max {
		d.max = o.max
	}
	d.count += o.count
	d.sum += o.sum
	for k, n := range o.bins {
		d.bins[k] += n
	}
	for _, sv := range o.low {
		if slices.ContainsFunc(d.low, func(x SeedValue) bool { return x.Seed == sv.Seed }) {
			return sv.Seed, true
		}
		d.low = pushRanked(d.low, sv, lowFirst)
	}
	for _, sv := range o.high {
		if slices.ContainsFunc(d.high, func(x SeedValue) bool { return x.Seed == sv.Seed }) {
			return sv.Seed, true
		}
		d.high = pushRanked(d.high, sv, highFirst)
	}
	return 0, false
}

func lowFirst(a, b SeedValue) int {
	return cmp.Or(cmp.Compare(a.Value, b.Value), cmp.Compare(a.Seed, b.Seed))
}

func highFirst(a, b SeedValue) int {
	return cmp.Or(cmp.Compare(b.Value, a.Value), cmp.Compare(a.Seed, b.Seed))
}

// pushRanked inserts sv into list (sorted by order) and keeps the first
// WorstSeeds.
func pushRanked(list []SeedValue, sv SeedValue, order func(a, b SeedValue) int) []SeedValue {
	if len(list) == WorstSeeds && order(sv, list[len(list)-1]) >= 0 {
		return list
	}
	i, _ := slices.BinarySearchFunc(list, sv, order)
	list = slices.Insert(list, i, sv)
	if len(list) > WorstSeeds {
		list = list[:WorstSeeds]
	}
	return list
}

// edge is bin i's lower edge.
func (d *dist) edge(i int64) float64 {
	if d.share {
		return float64(i) / ShareBins
	}
	return float64(i)
}

// binWidth is the width of d's bins.
func (d *dist) binWidth() float64 {
	if d.share {
		return 1.0 / ShareBins
	}
	return 1
}

// summary describes d (see Summary): percentiles by nearest rank, a whole
// number's exactly and a share's as its bin's middle, kept within [min, max].
func (d *dist) summary() Summary {
	s := Summary{Count: int(d.count), Histogram: []Bin{}, BinWidth: d.binWidth(), Bins: [][2]int64{},
		Lowest: slices.Clone(d.low), Highest: slices.Clone(d.high)}
	if d.share {
		s.SumNanos = d.sum
	}
	if d.count == 0 {
		return s
	}
	keys := slices.Sorted(maps.Keys(d.bins))
	for _, k := range keys {
		s.Bins = append(s.Bins, [2]int64{k, d.bins[k]})
	}
	s.Min, s.Max = d.min, d.max
	if d.share {
		s.Mean = math.Round(float64(d.sum)/float64(d.count)) / 1e9
	} else {
		s.Mean = math.Round(float64(d.sum)/float64(d.count)*1e9) / 1e9
	}
	q := func(p float64) float64 {
		rank := int64(math.Round(p * float64(d.count-1)))
		for _, k := range keys {
			if rank < d.bins[k] {
				if !d.share {
					return float64(k)
				}
				return min(max((float64(k)+0.5)/ShareBins, d.min), d.max)
			}
			rank -= d.bins[k]
		}
		return d.max
	}
	s.P10, s.P25, s.P50, s.P75, s.P90 = q(0.10), q(0.25), q(0.50), q(0.75), q(0.90)
	lo, hi := keys[0], keys[len(keys)-1]
	per := (hi - lo + histogramBars) / histogramBars // ceil((hi-lo+1) / bars)
	n := (hi-lo)/per + 1
	s.Histogram = make([]Bin, n)
	for i := range s.Histogram {
		b := lo + int64(i)*per
		s.Histogram[i] = Bin{Lo: d.edge(b), Hi: d.edge(b + per)}
	}
	for _, k := range keys {
		s.Histogram[(k-lo)/per].Count += int(d.bins[k])
	}
	return s
}

// withZeros returns a copy of d counting zeros more maps with the value 0
// (a spawn's count on the maps that did not spawn it).
func (d *dist) withZeros(zeros int64) *dist {
	c := newDist(d.share, false)
	c.merge(d)
	if zeros > 0 {
		c.merge(&dist{count: zeros, bins: map[int64]int64{0: zeros}})
	}
	return c
}
