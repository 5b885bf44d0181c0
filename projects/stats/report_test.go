package stats

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
)

// plainChain is the plain chain: rooms joined by straight corridors
// whose corners get rounded off, which cuts some stairs off from the start.
func plainChain() *chain.Chain {
	return &chain.Chain{Name: "plain", Depth: 2, Width: 48, Height: 30, Steps: []chain.Step{
		{Builder: "simple_map"},
		{Builder: "room_drawer"},
		{Builder: "straight_line_corridors"},
		{Builder: "room_corner_rounder"},
		{Builder: "room_based_starting_position"},
		{Builder: "room_based_stairs"},
		{Builder: "room_based_spawner"},
	}}
}

func plainSweep(t testing.TB, o Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), ChainTarget(plainChain(), content.Default().Roller(), "plain.json"), o)
	require.NoError(t, err)
	return r
}

// bytesOf is a report's file without its timings.
func bytesOf(t testing.TB, r *Report) string {
	t.Helper()
	c := *r
	c.Timing = nil
	b, err := jsonfile.Layout(c)
	require.NoError(t, err)
	return string(b)
}

// roundTrip writes r and reads it back as `hewn stats merge` does.
func roundTrip(t testing.TB, r *Report) *Report {
	t.Helper()
	b, err := jsonfile.Layout(r)
	require.NoError(t, err)
	back, err := DecodeReport(b)
	require.NoError(t, err)
	return back
}

// A few thousand seeds in 7 shards, merged in any order, through files, and
// by way of partial merges, give the bytes of one run.
func TestMergeOfManyShardsEqualsOneRun(t *testing.T) {
	const seeds, n = 3000, 7
	one := plainSweep(t, Options{From: 40, Seeds: seeds})
	require.Equal(t, seeds, one.Maps)
	var parts []*Report
	for i := range n {
		parts = append(parts, roundTrip(t, plainSweep(t, Options{From: 40, Seeds: seeds, Shard: i, Shards: n})))
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	merged, err := Merge(parts...)
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, one), bytesOf(t, merged))
	assert.Len(t, merged.Timing, n, "each shard's timing is kept")
	assert.Zero(t, merged.Shards)

	a, err := Merge(parts[:3]...)
	require.NoError(t, err)
	assert.Len(t, a.Shard, 3)
	b, err := Merge(parts[3:]...)
	require.NoError(t, err)
	ab, err := Merge(roundTrip(t, b), roundTrip(t, a))
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, one), bytesOf(t, ab), "a merge of partial merges is the same report")
	assert.Equal(t, bytesOf(t, one), bytesOf(t, roundTrip(t, one)), "reading a report back changes nothing")
}

// The plain chain cuts some stairs off from the start: those maps are their
// own class, not run failures, and their metrics still count.
func TestUnreachableExitIsAClass(t *testing.T) {
	r := plainSweep(t, Options{From: 1, Seeds: 200})
	assert.Zero(t, r.Failures.Count)
	cut := r.UnreachableExit
	assert.Greater(t, cut.Count, 10, "about one map in six has its stairs cut off")
	assert.Less(t, cut.Count, 100)
	require.Len(t, cut.Seeds, WorstSeeds)
	assert.IsIncreasing(t, cut.Seeds)
	assert.Equal(t, 200, r.Metrics[FloorShare].Count, "maps with a cut-off exit are still measured")

	// the first listed seed's map really has an exit it cannot reach
	res, err := chain.RunConfig(context.Background(), plainChain(), chain.Config{Master: cut.Seeds[0], Spawner: content.Default().Roller()})
	require.NoError(t, err)
	_, isCut := new(measurer).MeasureCut(res.State)
	assert.True(t, isCut)
}

func TestSummariesAreExact(t *testing.T) {
	d := newDist(false, true)
	for i, v := range []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5} {
		d.add(uint64(100+i), v)
	}
	s := d.summary()
	assert.Equal(t, 11, s.Count)
	assert.Equal(t, 4.0, s.Mean)
	assert.Equal(t, [5]float64{1, 3, 4, 5, 6}, [5]float64{s.P10, s.P25, s.P50, s.P75, s.P90}, "nearest rank, as the sorted values give it")
	assert.Equal(t, [][2]int64{{1, 2}, {2, 1}, {3, 2}, {4, 1}, {5, 3}, {6, 1}, {9, 1}}, s.Bins)
	assert.Len(t, s.Histogram, 9, "one bar per whole number from 1 to 9")
	assert.Equal(t, SeedValue{101, 1}, s.Lowest[0])
	assert.Equal(t, SeedValue{103, 1}, s.Lowest[1], "ties: lower seed first")
	assert.Equal(t, SeedValue{105, 9}, s.Highest[0])

	sh := newDist(true, true)
	for i, v := range []float64{0.4525, 0.45, 1, 0, 0.3333333333333333} {
		sh.add(uint64(i), v)
	}
	s = sh.summary()
	assert.Equal(t, int64(2_235_833_333), s.SumNanos)
	assert.Equal(t, 0.447166667, s.Mean)
	assert.Equal(t, 0.4505, s.P50, "a share's percentile is its bin's middle")
	assert.Equal(t, 0.0005, s.P10)
	assert.Equal(t, 1.0, s.P90, "kept within [min, max]")
	assert.Equal(t, [][2]int64{{0, 1}, {333, 1}, {450, 1}, {452, 1}, {1000, 1}}, s.Bins)

	wide := newDist(false, false)
	wide.add(1, 0)
	wide.add(2, MaxValue)
	h := wide.summary().Histogram
	assert.LessOrEqual(t, len(h), 20)
	assert.Equal(t, 1, h[0].Count)
	assert.Equal(t, 1, h[len(h)-1].Count)
}

// Samples reach OnSample in seed order whatever the workers; a sweep keeps
// none unless asked.
func TestSamplesInSweepOrder(t *testing.T) {
	var got []uint64
	r := plainSweep(t, Options{From: 10, Seeds: 60, Workers: 3, KeepSamples: true, OnSample: func(s Sample) error {
		got = append(got, s.Seed)
		return nil
	}})
	require.Len(t, got, 60)
	assert.IsIncreasing(t, got)
	assert.Len(t, r.Samples, 60)
	assert.Nil(t, plainSweep(t, Options{Seeds: 5}).Samples)

	boom := fmt.Errorf("disk full")
	_, err := Run(context.Background(), ChainTarget(plainChain(), nil, "x"), Options{Seeds: 50, OnSample: func(Sample) error { return boom }})
	assert.ErrorIs(t, err, boom)
}

// A seed list runs its seeds; its shards merge to one run of the list, and a
// sweep of other seeds is another sweep.
func TestSeedListSweeps(t *testing.T) {
	list := []uint64{90, 3, 17, 1 << 40, 5, 6, 7}
	one := plainSweep(t, Options{List: list, KeepSamples: true})
	assert.Equal(t, 7, one.Seeds)
	assert.Equal(t, ListFingerprint(list), one.SeedList)
	var seeds []uint64
	for _, s := range one.Samples {
		seeds = append(seeds, s.Seed)
	}
	assert.Equal(t, list, seeds)
	a := plainSweep(t, Options{List: list, Shard: 0, Shards: 2})
	b := plainSweep(t, Options{List: list, Shard: 1, Shards: 2})
	m, err := Merge(roundTrip(t, a), roundTrip(t, b))
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, one), bytesOf(t, m))
	other := plainSweep(t, Options{List: []uint64{1, 2, 3, 4, 5, 6, 7}, Shard: 1, Shards: 2})
	_, err = Merge(a, other)
	assert.ErrorContains(t, err, "report 2: is of another sweep")
}

// legacyJSON writes r's sweep as an older report did: no format, summaries
// computed in seed order, and every sample.
func legacyJSON(t *testing.T, r *Report) []byte {
	t.Helper()
	doc := map[string]any{"target": r.Target, "depth": r.Depth, "from": r.From, "seeds": r.Seeds, "maps": r.Maps,
		"failures": map[string]any{"count": r.Failures.Count}, "metrics": map[string]any{}, "spawns_by_name": map[string]any{},
		"samples": r.Samples, "timing": r.Timing}
	if r.Shards > 0 {
		doc["shards"], doc["shard"] = r.Shards, r.Shard
	}
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	return b
}

// Older reports (no format, every seed's sample) still merge, alone or with
// current ones, into the current format.
func TestOlderReportsMerge(t *testing.T) {
	one := runSweep(t, Options{From: 3, Seeds: 40})
	var parts []*Report
	for i := range 3 {
		r := runSweep(t, Options{From: 3, Seeds: 40, Shard: i, Shards: 3, KeepSamples: true})
		if i < 2 {
			old, err := DecodeReport(legacyJSON(t, r))
			require.NoError(t, err, "shard %d", i)
			assert.Equal(t, Format, old.Format)
			r = old
		}
		parts = append(parts, r)
	}
	m, err := Merge(parts...)
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, one), bytesOf(t, m))

	whole := runSweep(t, Options{From: 3, Seeds: 40, KeepSamples: true})
	old, err := DecodeReport(legacyJSON(t, whole))
	require.NoError(t, err)
	assert.Equal(t, bytesOf(t, one), bytesOf(t, old))
}

// legacyDoc is an older report of seeds 0..9 in shard 0 of 2 holding samples.
func legacyDoc(samples string) string {
	return `{"target":"x","depth":1,"from":0,"seeds":10,"shards":2,"shard":[0],"samples":[` + samples + `]}`
}

// fiveSamples are the samples of shard 0 of 2 of seeds 0..9.
const fiveSamples = `{"seed":0,"metrics":{"rooms":1}},{"seed":2,"metrics":{"rooms":1}},{"seed":4,"metrics":{"rooms":1}},
	{"seed":6,"metrics":{"rooms":1}},{"seed":8,"metrics":{"rooms":1}}`

// Nothing a report file can hold crashes a merge: every number has a bound,
// every seed its place, and each refusal names where it is.
func TestDecodeRefusesWhatCannotBeAReport(t *testing.T) {
	good := legacyDoc(fiveSamples)
	_, err := DecodeReport([]byte(good))
	require.NoError(t, err)
	_, err = DecodeReport([]byte("\xef\xbb\xbf" + good))
	require.NoError(t, err, "a byte-order mark is skipped, as every loader does")
	current, err := jsonfile.Layout(plainSweep(t, Options{Seeds: 6, Shard: 1, Shards: 3}))
	require.NoError(t, err)
	cur := string(current)

	for _, c := range []struct{ name, doc, want string }{
		{"opposite extremes", legacyDoc(`{"seed":0,"metrics":{"floor_share":-1.7e308}},{"seed":2,"metrics":{"floor_share":1.7e308}}`),
			"samples[0].metrics.floor_share: -1.7e+308 is not a share in [0, 1]"},
		{"huge values", legacyDoc(`{"seed":0,"metrics":{"rooms":1e308}},{"seed":2,"metrics":{"rooms":1e308}}`),
			"samples[0].metrics.rooms: 1e+308 is not a whole number in [0, 1073741824]"},
		{"past float64", legacyDoc(`{"seed":0,"metrics":{"rooms":1e400}}`), "samples[0].metrics: number 1e400 is not a number in range"},
		{"unknown metric", legacyDoc(`{"seed":0,"metrics":{"a":1}}`), `samples[0].metrics.a: unknown metric "a"`},
		{"shard 7 of 2", `{"target":"x","seeds":10,"shards":2,"shard":[7],"samples":[]}`, "shard[0]: shard 7 of 2 is not in 0..1"},
		{"shard twice", `{"target":"x","seeds":10,"shards":2,"shard":[0,0],"samples":[]}`, "shard[1]: shard 0 is listed twice"},
		{"seed outside", legacyDoc(`{"seed":12,"metrics":{}}`), "samples[0].seed: seed 12 is not in the sweep's seeds 0..9"},
		{"wrong shard", legacyDoc(`{"seed":3,"metrics":{}}`), "samples[0].seed: seed 3 belongs to shard 1 of 2, which this report does not hold"},
		{"negative seed", legacyDoc(`{"seed":-1,"metrics":{}}`), "samples[0].seed: number -1 is not a whole number from 0 to 18446744073709551615"},
		{"negative from", `{"format":"hewn.stats/2","from":-1}`, "1:35: number -1 is not a whole number from 0 to 18446744073709551615"},
		{"50 samples of one seed", legacyDoc(strings.Repeat(`{"seed":2},`, 49) + `{"seed":2}`), "samples[1].seed: seed 2 appears twice"},
		{"too few samples", legacyDoc(`{"seed":2}`), "samples: 1 samples; the sweep's shards ran 5 seeds"},
		{"duplicate key", `{"target":"x","target":"y","seeds":1,"samples":[]}`, `duplicate key "target"`},
		{"invalid UTF-8", "{\"target\":\"\xff\",\"seeds\":1,\"samples\":[]}", "invalid UTF-8"},
		{"newer format", `{"format":"hewn.stats/3"}`, `format: "hewn.stats/3" is newer than this Hewn reads (hewn.stats/2); update Hewn`},
		{"balance format", `{"format":"hewn.balance/1"}`, `format: "hewn.balance/1" is a balance report, not a stats report`},
		{"other format", `{"format":"hewn.level/1"}`, `format: "hewn.level/1" is not a report of hewn stats`},
		{"no seeds", `{"target":"x"}`, "seeds: 0 is out of range [1, 100000000]"},
		{"too many seeds", `{"target":"x","seeds":100000001}`, "seeds: 100000001 is out of range"},
		{"past the last seed", `{"target":"x","from":18446744073709551615,"seeds":2,"samples":[]}`, "from: seeds 18446744073709551615..2 go past the largest seed"},
		{"too many shards", `{"target":"x","seeds":5,"shards":100001,"shard":[0]}`, "shards: 100001 is out of range [2, 100000]"},
		{"maps", strings.Replace(cur, `"maps": 2`, `"maps": 3`, 1), "maps: 3; the sweep's shards ran 2 seeds"},
		{"bins", strings.Replace(cur, `"bin_width": 1, "bins": [ [`, `"bin_width": 1, "bins": [ [ 1099511627776, 1 ], [`, 1), "is out of range [0, 1073741824]"},
		{"bin width", strings.Replace(cur, `"bin_width": 0.001`, `"bin_width": 0.5`, 1), "0.5; this metric's bins are 0.001 wide"},
		{"failures", strings.Replace(cur, `"failures": { "count": 0 }`, `"failures": { "count": 9 }`, 1), "failures.count: 9 is out of range [0, 2]"},
		{"seed in a list", strings.Replace(cur, `"seed": 1,`, `"seed": 2,`, 1), "belongs to shard 2 of 3, which this report does not hold"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := DecodeReport([]byte(c.doc))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// A current report is small: one over MaxCurrentReportSize, or holding more
// than MaxBins bins, is refused before it can fill the memory.
func TestReportSizeBounds(t *testing.T) {
	big := `{"format":"hewn.stats/2"` + strings.Repeat(" ", MaxCurrentReportSize) + `}`
	_, err := DecodeReport([]byte(big))
	assert.ErrorContains(t, err, "the report is 32.0 MiB; hewn.stats/2 reports are at most 32 MiB")

	r := plainSweep(t, Options{Seeds: 3})
	bins := make([][2]int64, MaxBins+1)
	for i := range bins {
		bins[i] = [2]int64{int64(i), 1}
	}
	r.Metrics[DeadEnds] = Summary{Count: len(bins), BinWidth: 1, Bins: bins}
	_, err = Merge(r)
	assert.ErrorContains(t, err, "bins in all; a report holds at most 1048576")
}

// Merge checks what it is given too (reports built in Go, not read), and
// names the report at fault.
func TestMergeChecksWhatBelongsTogether(t *testing.T) {
	a := plainSweep(t, Options{From: 1, Seeds: 20, Shard: 0, Shards: 2})
	b := plainSweep(t, Options{From: 1, Seeds: 20, Shard: 1, Shards: 2})
	a.Source, b.Source = "a.json", "b.json"
	_, err := Merge(a, a)
	assert.EqualError(t, err, "a.json: shard 0 of 2 is also in a.json")
	c := plainSweep(t, Options{From: 2, Seeds: 20, Shard: 1, Shards: 2})
	c.Source = "c.json"
	_, err = Merge(a, c)
	assert.EqualError(t, err, `c.json: is of another sweep ("plain.json" depth 2, seeds 2..21, 2 shards; a.json is of "plain.json" depth 2, seeds 1..20, 2 shards)`)
	whole := plainSweep(t, Options{From: 1, Seeds: 20})
	_, err = Merge(whole, b)
	assert.ErrorContains(t, err, "report 1: holds the whole sweep")

	bad := *b
	bad.Metrics = map[string]Summary{FloorShare: {Count: 2, BinWidth: 0.001, Bins: [][2]int64{{0, 1}, {1000, 1}}, Min: -1.7e308, Max: 1.7e308}}
	_, err = Merge(a, &bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "b.json: metrics.floor_share.min: -1.7e+308 is not a share in [0, 1]")
	m, err := Merge(a, b)
	require.NoError(t, err)
	_, err = jsonfile.Layout(m)
	require.NoError(t, err)
}

// BenchmarkMerge8Shards reads and merges the 8 shard reports of a sweep and
// writes the result, as `hewn stats merge` does: its cost does not grow with
// the seeds the shards ran.
func BenchmarkMerge8Shards(b *testing.B) {
	for _, seeds := range []int{800, 8000} {
		b.Run(fmt.Sprintf("seeds=%d", seeds), func(b *testing.B) {
			var files [][]byte
			size := 0
			for i := range 8 {
				data, err := jsonfile.Layout(plainSweep(b, Options{From: 1, Seeds: seeds, Shard: i, Shards: 8}))
				require.NoError(b, err)
				files = append(files, data)
				size += len(data)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				var rs []*Report
				for _, f := range files {
					r, err := DecodeReport(f)
					if err != nil {
						b.Fatal(err)
					}
					rs = append(rs, r)
				}
				m, err := Merge(rs...)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := jsonfile.Layout(m); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(size)/8, "bytes/shard")
		})
	}
}

func TestConditions(t *testing.T) {
	s := Sample{Seed: 1, Metrics: map[string]float64{Rooms: 5, FloorShare: 0.4}, Spawns: map[string]int{"Orc Leader": 2}}
	for cond, want := range map[string]bool{
		"rooms>=5": true, "rooms>5": false, "rooms<=5": true, "rooms<5": false, "rooms=5": true, "rooms=6": false,
		"rooms=1..5": true, "rooms=6..9": false, "floor_share = 0.3..0.5": true, "Orc Leader>=2": true,
		"Goblin=0": true, "Goblin>0": false, "path_length>=0": false, "unreachable_exit=0": true,
	} {
		c, err := ParseCond(cond)
		require.NoError(t, err, cond)
		assert.Equal(t, want, c.Match(s), cond)
	}
	assert.False(t, MatchAll(nil, Sample{Seed: 2, Error: "boom"}), "a failed seed never matches")
	for _, bad := range []string{"rooms", ">=5", "rooms>=x", "rooms=5..1", "rooms>=NaN", "rooms>=inf"} {
		_, err := ParseCond(bad)
		assert.Error(t, err, bad)
	}
}
