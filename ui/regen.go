package ui

import (
	"context"
	"sync"
	"time"

	"hewn/chain"
	"hewn/projects"
)

// Job is one generation request: a chain (never modified once handed over) and
// how to run it.
type Job struct {
	Chain  *chain.Chain
	Config chain.Config
	// Project, when not nil, is the project whose level Level the chain is
	// (a value never modified once shown): the run takes the facade's route,
	// projects.Project.RunLevelChain, so the level's acceptance rules re-roll
	// it as in a game, an export or a play-test (only the accepted roll
	// records its history). Nil: the chain runs as it is.
	Project *projects.Project
	Level   int
}

// runJob runs j: on the facade's route when it names a project level, else
// the chain alone.
func runJob(ctx context.Context, j Job) (*chain.Result, error) {
	if j.Project != nil && j.Level >= 0 && j.Level < len(j.Project.Levels) {
		return j.Project.RunLevelChain(ctx, j.Level, j.Chain, j.Config)
	}
	return chain.RunConfig(ctx, j.Chain, j.Config)
}

// Outcome is a finished generation: the result (partial on error: its history
// reaches the failing step) and the error.
type Outcome struct {
	Gen    uint64
	Job    Job
	Result *chain.Result
	Err    error
	// Elapsed is how long the chain run itself took (not the time the
	// outcome waited to be shown, nor application start-up).
	Elapsed time.Duration
}

// Regen runs generations off the UI goroutine. Start cancels the run still
// going (its context is cancelled and its outcome dropped) and starts a new
// one; the outcome of the newest run is delivered through post (fyne.Do in the
// app, a queue in tests), so the UI applies it on its own goroutine.
type Regen struct {
	post func(func())
	done func(Outcome)

	mu       sync.Mutex
	gen      uint64
	finished uint64 // the newest run whose chain run ended
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	// run is runJob; tests may replace it.
	run func(ctx context.Context, j Job) (*chain.Result, error)
	// now is time.Now; tests may replace it.
	now func() time.Time
}

// NewRegen returns a regenerator delivering outcomes to done via post.
func NewRegen(post func(func()), done func(Outcome)) *Regen {
	return &Regen{post: post, done: done, run: runJob, now: time.Now}
}

// Start begins generating j, cancelling any run in progress, and returns the
// new run's generation number.
func (r *Regen) Start(j Job) uint64 {
	r.mu.Lock()
	if r.cancel != nil {
		r.cancel()
	}
	r.gen++
	gen := r.gen
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	r.wg.Add(1)
	r.mu.Unlock()
	go func() {
		defer r.wg.Done()
		defer cancel()
		t0 := r.now()
		res, err := r.run(ctx, j)
		elapsed := r.now().Sub(t0)
		r.mu.Lock()
		r.finished = max(r.finished, gen)
		r.mu.Unlock()
		if ctx.Err() != nil {
			return // superseded or stopped: a newer run owns the screen
		}
		out := Outcome{Gen: gen, Job: j, Result: res, Err: err, Elapsed: elapsed}
		r.post(func() {
			if r.Current() == gen {
				r.done(out)
			}
		})
	}()
	return gen
}

// Current returns the newest generation number.
func (r *Regen) Current() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gen
}

// Running reports whether run gen is the newest and still running.
func (r *Regen) Running(gen uint64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return gen == r.gen && r.finished < gen
}

// Stop cancels the run in progress and waits for its goroutine to end.
func (r *Regen) Stop() {
	r.mu.Lock()
	if r.cancel != nil {
		r.cancel()
	}
	r.gen++
	r.mu.Unlock()
	r.wg.Wait()
}

// Wait blocks until every started run has finished (tests and benchmarks).
func (r *Regen) Wait() { r.wg.Wait() }
