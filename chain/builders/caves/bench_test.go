package caves_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"codeberg.org/anaseto/gruid/rl"

	"hewn/chain"
)

// benchChain runs c once per iteration with a fresh seed.
func benchChain(b *testing.B, c *chain.Chain) *chain.Result {
	b.Helper()
	b.ReportAllocs()
	var r *chain.Result
	var err error
	for i := 0; i < b.N; i++ {
		if r, err = chain.Run(context.Background(), c, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
	}
	return r
}

// BenchmarkBuilders80x50 runs every caves builder at the tutorial's 80×50 (the
// meta builders after cellular_automata, and after a start when they need one),
// history included. Each meta figure includes the steps before it.
func BenchmarkBuilders80x50(b *testing.B) {
	cases := []struct {
		name  string
		steps []chain.Step
	}{
		{"cellular_automata", []chain.Step{{Builder: "cellular_automata"}}},
		{"maze", []chain.Step{{Builder: "maze"}}},
		{"voronoi", []chain.Step{{Builder: "voronoi"}}},
		{"noise_halls", []chain.Step{{Builder: "noise_halls"}}},
		{"area_starting_position", []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}}},
		{"area_ending_position", []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_ending_position"}}},
		{"cull_unreachable", []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "cull_unreachable"}}},
		{"distant_exit", []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "distant_exit"}}},
	}
	for _, p := range []string{"none", "open_area", "open_halls", "winding_passages", "fat_passages", "fearful_symmetry"} {
		cases = append(cases, struct {
			name  string
			steps []chain.Step
		}{"drunkards_walk/" + p, []chain.Step{{Builder: "drunkards_walk", Params: map[string]any{"preset": p}}}})
	}
	for _, p := range []string{"walk_inwards", "walk_outwards", "central_attractor", "insectoid", "heavy_erosion"} {
		cases = append(cases, struct {
			name  string
			steps []chain.Step
		}{"dla/" + p, []chain.Step{{Builder: "dla", Params: map[string]any{"preset": p}}}})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			benchChain(b, &chain.Chain{Width: 80, Height: 50, Steps: c.steps})
		})
	}
}

// caveChain is cellular_automata + area_starting_position + cull_unreachable + distant_exit.
func caveChain(w, h int) *chain.Chain {
	return &chain.Chain{Width: w, Height: h, Steps: []chain.Step{
		{Builder: "cellular_automata"}, {Builder: "area_starting_position"},
		{Builder: "cull_unreachable"}, {Builder: "distant_exit"},
	}}
}

// BenchmarkCaveChain512 is the cave chain at 512×512 (goal: under 100 ms),
// snapshots and history included.
func BenchmarkCaveChain512(b *testing.B) {
	benchChain(b, caveChain(512, 512))
}

// BenchmarkCellularAutomata512 is our cellular_automata alone at 512×512 (noise
// and 15 iterations, with a snapshot per iteration), for comparison with gruid.
func BenchmarkCellularAutomata512(b *testing.B) {
	benchChain(b, &chain.Chain{Width: 512, Height: 512, Steps: []chain.Step{{Builder: "cellular_automata"}}})
}

// gruidCave runs gruid's rl.MapGen.CellularAutomataCave with the nearest
// equivalent of the tutorial's rule (55% walls, 15 reps of "wall when the 3×3
// block holds 5 or more walls").
func gruidCave(gd rl.Grid, seed uint64) {
	mg := rl.MapGen{Rand: rand.New(rand.NewPCG(seed, 1)), Grid: gd}
	mg.CellularAutomataCave(0, 1, 0.55, []rl.CellularAutomataRule{{WCutoff1: 5, WCutoff2: 25, WallsOutOfRange: true, Reps: 15}})
}

// BenchmarkGruidCellularAutomataCave512 is gruid's cellular automata at 512×512.
func BenchmarkGruidCellularAutomataCave512(b *testing.B) {
	b.ReportAllocs()
	gd := rl.NewGrid(512, 512)
	for i := 0; i < b.N; i++ {
		gruidCave(gd, uint64(i))
	}
}

// BenchmarkCaveVsGruid512 times, in the same run, our cellular_automata step
// alone, our whole cave chain and gruid's CellularAutomataCave at 512×512, and
// reports the ratios of our times to gruid's (below 1: we are faster).
func BenchmarkCaveVsGruid512(b *testing.B) {
	b.ReportAllocs()
	ca := &chain.Chain{Width: 512, Height: 512, Steps: []chain.Step{{Builder: "cellular_automata"}}}
	full := caveChain(512, 512)
	gd := rl.NewGrid(512, 512)
	var ours, chainT, theirs time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := chain.Run(context.Background(), ca, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := chain.Run(context.Background(), full, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		gruidCave(gd, uint64(i))
		t3 := time.Now()
		ours, chainT, theirs = ours+t1.Sub(t0), chainT+t2.Sub(t1), theirs+t3.Sub(t2)
	}
	b.ReportMetric(float64(ours)/float64(theirs), "ca/gruid")
	b.ReportMetric(float64(chainT)/float64(theirs), "chain/gruid")
	b.ReportMetric(float64(ours.Milliseconds())/float64(b.N), "ca-ms")
	b.ReportMetric(float64(chainT.Milliseconds())/float64(b.N), "chain-ms")
	b.ReportMetric(float64(theirs.Milliseconds())/float64(b.N), "gruid-ms")
}

// BenchmarkHistoryMemory runs a 512×512 chain that records about 200 snapshots
// (a maze growing, then placement) and reports the history's tile bytes as a
// percentage of 200 full map copies (goal: at most 10%).
func BenchmarkHistoryMemory(b *testing.B) {
	c := &chain.Chain{Width: 512, Height: 512, Steps: []chain.Step{
		{Builder: "maze"}, {Builder: "area_starting_position", Params: map[string]any{"x": "left", "y": "top"}},
		{Builder: "distant_exit"},
	}}
	r := benchChain(b, c)
	full := 200 * 512 * 512
	b.ReportMetric(float64(r.History.Len()), "snapshots")
	b.ReportMetric(float64(r.History.Bytes())/1024, "history-KiB")
	b.ReportMetric(100*float64(r.History.Bytes())/float64(full), "%-of-200-copies")
}
