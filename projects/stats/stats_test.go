package stats

import (
	"context"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/chainbench"
	"hewn/content"
	"hewn/projects"
)

func caveChain() *chain.Chain {
	return &chain.Chain{Name: "caves", Depth: 3, Width: 60, Height: 40, Steps: []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "center", "y": "center"}},
		{Builder: "cull_unreachable"},
		{Builder: "voronoi_spawning"},
		{Builder: "distant_exit"},
	}}
}

func runSweep(t *testing.T, o Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), ChainTarget(caveChain(), content.Default().Roller(), "caves.json"), o)
	require.NoError(t, err)
	return r
}

func jsonOf(t *testing.T, r *Report) string {
	t.Helper()
	c := *r
	c.Timing = nil
	b, err := json.Marshal(c)
	require.NoError(t, err)
	return string(b)
}

func TestReachableShareIsOneAfterCull(t *testing.T) {
	r := runSweep(t, Options{From: 1, Seeds: 30})
	assert.Equal(t, 30, r.Maps)
	assert.Zero(t, r.Failures.Count)
	rs := r.Metrics[ReachableShare]
	assert.Equal(t, 30, rs.Count)
	assert.Equal(t, 1.0, rs.Min)
	assert.Equal(t, 1.0, rs.Max)
	assert.Equal(t, 0.0, r.Metrics[Unreachable].Max)
	fs := r.Metrics[FloorShare]
	assert.Greater(t, fs.Mean, 0.2)
	assert.Less(t, fs.Mean, 0.8)
	assert.LessOrEqual(t, fs.Min, fs.P50)
	assert.LessOrEqual(t, fs.P50, fs.Max)
	assert.Greater(t, r.Metrics[PathLength].Min, 0.0, "every map has an exit away from the start")
	assert.NotEmpty(t, r.Spawns, "voronoi spawning rolled the pack")
	n := 0
	for _, b := range fs.Histogram {
		n += b.Count
	}
	assert.Equal(t, 30, n, "the histogram counts every map")
}

func TestThreeShardsMergeToOneRun(t *testing.T) {
	one := runSweep(t, Options{From: 100, Seeds: 25})
	var parts []*Report
	for i := 0; i < 3; i++ {
		parts = append(parts, runSweep(t, Options{From: 100, Seeds: 25, Shard: i, Shards: 3}))
	}
	merged, err := Merge(parts[2], parts[0], parts[1])
	require.NoError(t, err)
	assert.Equal(t, jsonOf(t, one), jsonOf(t, merged))
	assert.Len(t, merged.Timing, 3, "each shard's timing is kept")

	_, err = Merge(parts[0], parts[0])
	assert.ErrorContains(t, err, "shard 0 of 3 is also in report 1")
	partial, err := Merge(parts[0], parts[1])
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1}, partial.Shard)
}

func TestSweepIsDeterministicAcrossWorkers(t *testing.T) {
	a := runSweep(t, Options{From: 7, Seeds: 12, Workers: 1})
	b := runSweep(t, Options{From: 7, Seeds: 12, Workers: 3})
	assert.Equal(t, jsonOf(t, a), jsonOf(t, b))
}

func TestFailuresNameTheFirstSeed(t *testing.T) {
	c := &chain.Chain{Depth: 1, Width: 20, Height: 20, Steps: []chain.Step{{Builder: "room_drawer"}}}
	r, err := Run(context.Background(), ChainTarget(c, nil, "bad.json"), Options{From: 5, Seeds: 3})
	require.NoError(t, err)
	assert.Equal(t, 3, r.Failures.Count)
	require.Len(t, r.Failures.Seeds, 3)
	assert.EqualValues(t, 5, r.Failures.Seeds[0].Seed)
	assert.Contains(t, r.Failures.Seeds[0].Error, "room_drawer")
}

func TestWorstSeedsAndLevelTargetIgnoresPins(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	i := p.LevelByDepth(3)
	pin := uint64(9)
	p.Levels[i].Seed = &pin
	r, err := Run(context.Background(), LevelTarget(p, i, content.Default().Roller(), "example depth 3"), Options{From: 1, Seeds: 8})
	require.NoError(t, err)
	w := r.Worst(FloorShare, 3, false)
	require.Len(t, w, 3)
	assert.LessOrEqual(t, w[0].Metrics[FloorShare], w[1].Metrics[FloorShare])
	assert.Equal(t, r.Metrics[FloorShare].Min, w[0].Metrics[FloorShare])
	assert.Greater(t, r.Metrics[FloorShare].Max, r.Metrics[FloorShare].Min, "the pin does not fix the map")
}

func TestCancelStopsTheSweep(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, ChainTarget(caveChain(), nil, "x"), Options{Seeds: 100})
	assert.ErrorIs(t, err, context.Canceled)
}

func BenchmarkSweepDepth5(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	t := LevelTarget(p, p.LevelByDepth(5), content.Default().Roller(), "depth 5")
	b.ReportAllocs()
	const seeds = 200
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0 := chainbench.ProcessCPU()
	for b.Loop() {
		if _, err := Run(context.Background(), t, Options{From: 1, Seeds: seeds}); err != nil {
			b.Fatal(err)
		}
	}
	cpu := chainbench.ProcessCPU() - cpu0
	runtime.ReadMemStats(&ms1)
	maps := float64(b.N * seeds)
	b.ReportMetric(float64(cpu)/maps, "cpu-ns/map")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/maps, "allocs/map")
	b.ReportMetric(maps/b.Elapsed().Seconds(), "maps/s")
}
