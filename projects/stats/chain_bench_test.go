package stats

import (
	"context"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// BenchmarkExampleDepth5 runs exactly the example project's depth-5 chain
// (Dwarf Fort - Upper Reaches, 80×50) with the default pack's roller, one master
// seed per iteration, with and without history. The goal is under 1 ms with history.
func BenchmarkExampleDepth5(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	i := p.LevelByDepth(5)
	require.GreaterOrEqual(b, i, 0)
	sp := content.Default().Roller()
	for _, history := range []bool{true, false} {
		b.Run(map[bool]string{true: "history", false: "no_history"}[history], func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			var m uint64
			for b.Loop() {
				m++
				cfg := p.Config(i, m, sp)
				cfg.NoHistory = !history
				if _, err := chain.RunConfig(context.Background(), p.Levels[i].Chain, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// processCPU is the CPU time the process has used (user + system, every thread,
// the garbage collector's included).
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU reports the process CPU time per iteration as cpu-ns/op when the
// returned function runs: on a shared, loaded machine it is steadier than wall
// time, which counts time spent waiting for a core.
func reportCPU(b *testing.B) func() {
	t0 := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(processCPU()-t0)/float64(b.N), "cpu-ns/op")
		}
	}
}
