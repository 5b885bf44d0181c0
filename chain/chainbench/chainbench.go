// Package chainbench holds what the benchmarks of chain runs share: the
// process's CPU time, and the history benchmarks (a chain run with and
// without its snapshot history, and the history's overhead measured with
// both runs interleaved).
package chainbench

import (
	"context"
	"runtime/pprof"
	"syscall"
	"testing"
	"time"
)

// ProcessCPU is the CPU time the process has used (user + system, every
// thread, the garbage collector's included), in nanoseconds.
func ProcessCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// ReportCPU reports the process CPU time per iteration as cpu-ns/op when the
// returned function runs: on a shared, loaded machine it is steadier than wall
// time, which counts time spent waiting for a core.
func ReportCPU(b *testing.B) func() {
	t0 := ProcessCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(ProcessCPU()-t0)/float64(b.N), "cpu-ns/op")
		}
	}
}

// Run runs a chain once with master seed master, recording its history
// when history is set (else with Config.NoHistory).
type Run func(b *testing.B, master uint64, history bool)

// History runs three sub-benchmarks of run, one master seed (1, 2, ...) an
// iteration: history (with the snapshot history), no_history, and overhead,
// which runs each seed both ways in turn (in alternating order, so that a
// machine whose speed drifts slows both alike) and reports the CPU time of
// each half (history-ns/op, no_history-ns/op), the history's overhead as
// overhead-% (of the CPU time; wall-overhead-%: of the wall time) and, as
// ns/op, the wall time of both halves. In a CPU profile of overhead, each
// half's samples carry the label history=true or history=false (pprof
// -tagfocus), so that both compare under the same load; the collector's
// background work carries none.
func History(b *testing.B, run Run) {
	for _, history := range []bool{true, false} {
		b.Run(map[bool]string{true: "history", false: "no_history"}[history], func(b *testing.B) {
			b.ReportAllocs()
			defer ReportCPU(b)()
			var m uint64
			for b.Loop() {
				m++
				run(b, m, history)
			}
		})
	}
	b.Run("overhead", func(b *testing.B) { overhead(b, run) })
}

// overhead is History's overhead sub-benchmark.
func overhead(b *testing.B, run Run) {
	b.ReportAllocs()
	var cpu, wall [2]int64 // by history: [0] without, [1] with
	var labels [2]context.Context
	for h := range labels {
		labels[h] = pprof.WithLabels(context.Background(), pprof.Labels("history", map[int]string{0: "false", 1: "true"}[h]))
	}
	defer pprof.SetGoroutineLabels(context.Background())
	var m uint64
	for b.Loop() {
		m++
		for k := range 2 {
			h := (k + int(m) + 1) % 2 // 1: with history, first for even seeds
			pprof.SetGoroutineLabels(labels[h])
			c0, w0 := ProcessCPU(), time.Now()
			run(b, m, h == 1)
			wall[h] += int64(time.Since(w0))
			cpu[h] += ProcessCPU() - c0
		}
	}
	if m == 0 || cpu[0] == 0 || wall[0] == 0 {
		return
	}
	n := float64(m)
	b.ReportMetric(float64(cpu[1])/n, "history-ns/op")
	b.ReportMetric(float64(cpu[0])/n, "no_history-ns/op")
	b.ReportMetric(100*(float64(cpu[1])/float64(cpu[0])-1), "overhead-%")
	b.ReportMetric(100*(float64(wall[1])/float64(wall[0])-1), "wall-overhead-%")
}
