package statsview

import (
	"context"
	"sync"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// job is one view's background work (a sweep, a search, a sensitivity
// run): its Run and Cancel buttons, its progress bar, and which start is the
// newest, so that a cancelled or superseded run never shows its results.
// The sweep, Illuminate and Sensitivity tabs each hold one.
type job struct {
	post            func(func())
	run, cancelB    *widget.Button
	bar             *widget.ProgressBar
	mu              sync.Mutex
	cancel          context.CancelFunc
	gen             uint64
	onStop          func() // after Cancel stopped a run (the view says so)
	lastPct, offset int    // the progress shown; the sweeps done before this one
}

// newJob makes the buttons (Run calls start; Cancel stops the run, then
// calls onStop) and the hidden bar; post runs a function on the UI goroutine.
func newJob(post func(func()), start, onStop func()) *job {
	j := &job{post: post, onStop: onStop}
	j.run = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), start)
	j.run.Importance = widget.HighImportance
	j.cancelB = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() {
		if j.stop() && j.onStop != nil {
			j.onStop()
		}
	})
	j.cancelB.Disable()
	j.bar = widget.NewProgressBar()
	j.bar.Hide() // until a run starts (an empty bar reads as one stuck at 0 %)
	return j
}

// start cancels any run in progress and begins a new one: its context and
// generation, the bar at 0, Cancel on.
func (j *job) start() (context.Context, uint64) {
	j.stop()
	ctx, cancel := context.WithCancel(context.Background())
	j.mu.Lock()
	j.gen++
	gen := j.gen
	j.cancel = cancel
	j.lastPct, j.offset = -1, 0
	j.mu.Unlock()
	j.bar.SetValue(0)
	j.bar.Show()
	j.cancelB.Enable()
	return ctx, gen
}

// progress is run gen's progress callback (called from any goroutine) for
// one of parts runs sharing the bar: the bar moves forward only (workers
// report out of order), once a percent, and only for the newest run.
func (j *job) progress(gen uint64, parts int) func(done, total int) {
	return func(done, total int) {
		j.mu.Lock()
		total = max(total, 1)
		done, total = j.offset*total+done, max(parts, 1)*total
		pct := done * 100 / total
		show := pct != j.lastPct
		j.lastPct = pct
		j.mu.Unlock()
		if show {
			j.post(func() {
				if v := float64(done) / float64(total); v > j.bar.Value && j.current(gen) {
					j.bar.SetValue(v)
				}
			})
		}
	}
}

// nextPart moves the shared bar on to the next of the parts runs.
func (j *job) nextPart() {
	j.mu.Lock()
	j.offset++
	j.mu.Unlock()
}

// current says gen is the newest run and it was neither cancelled nor ended.
func (j *job) current(gen uint64) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return gen == j.gen && j.cancel != nil
}

// newest says gen is the newest run (cancelled or not).
func (j *job) newest(gen uint64) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return gen == j.gen
}

// end closes run gen on the UI goroutine (Cancel off) and says whether it
// is still the one to show: false when it was cancelled or superseded.
func (j *job) end(gen uint64) bool {
	j.mu.Lock()
	current := gen == j.gen && j.cancel != nil
	if current {
		j.cancel()
		j.cancel = nil
	}
	j.mu.Unlock()
	if current {
		j.cancelB.Disable()
	}
	return current
}

// stop cancels the run in progress, if any, and says whether there was one.
func (j *job) stop() bool {
	j.mu.Lock()
	was := j.cancel != nil
	if was {
		j.cancel()
		j.cancel = nil
	}
	j.mu.Unlock()
	j.cancelB.Disable()
	return was
}
