package stats

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// parallel runs job(state, i) for i in 0..n-1 on o.Workers goroutines
// (GOMAXPROCS by default), each with its own state from newState, reporting
// progress to o.Progress; cancelling ctx stops it with ctx's error. It
// returns the run's timing and the workers' states. Its memory does not grow
// with n.
func parallel[S any](ctx context.Context, n int, o Options, newState func() S, job func(s S, i int)) (Timing, []S, error) {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type clock struct {
		sum, max int64 // nanoseconds
	}
	states := make([]S, workers)
	clocks := make([]clock, workers)
	var next, done atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		states[w] = newState()
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, c := states[w], &clocks[w]
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				job(st, i)
				d := time.Since(t0).Nanoseconds()
				c.sum += d
				c.max = max(c.max, d)
				if k := int(done.Add(1)); o.Progress != nil {
					o.Progress(k, n)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Timing{}, nil, err
	}
	t := Timing{Maps: n, Seconds: time.Since(start).Seconds(), Workers: workers}
	var sum int64
	for _, c := range clocks {
		sum += c.sum
		t.MaxMS = max(t.MaxMS, float64(c.max)/1e6)
	}
	if n > 0 {
		t.MeanMS = float64(sum) / float64(n) / 1e6
	}
	if t.Seconds > 0 {
		t.MapsPerSec = float64(n) / t.Seconds
	}
	return t, states, nil
}
