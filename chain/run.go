package chain

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"strconv"
)

// Result is a finished run: the final state and its history.
type Result struct {
	Chain *Chain
	// Master is the master seed; Seed the level seed derived from it (or pinned).
	Master, Seed uint64
	// Try is Config.Try: which roll of the level this is (0 and 1 both mean
	// the first).
	Try     int
	State   *State
	History *History
	// Warnings are what the run found suspicious without failing: what steps
	// reported (State.Warn), then each exit the start cannot reach, naming
	// the step that cut it off.
	Warnings []Warning
	// Placements are where steps stamped prefab templates, in the order they
	// did (see Placement).
	Placements []Placement
}

// Config carries what a run needs besides the chain.
type Config struct {
	// Master is the master seed of the run.
	Master uint64
	// Seed, when not nil, pins the level seed instead of deriving it from (Master, depth).
	Seed *uint64
	// Spawner rolls content (a content pack); nil for none.
	Spawner Spawner
	// Templates are extra prefab templates by name.
	Templates map[string][]string
	// Legend extends the tutorial's prefab legend for every template and
	// prefab file of the run (a project's "legend").
	Legend []LegendEntry
	// Files holds the files steps name (a prefab step's "file"), by
	// slash-separated path relative to the project or chain file; nil when the
	// run has none. Package projects fills it, keeping paths inside the
	// project's folder; the chain package reads nothing else.
	Files fs.FS
	// NoHistory skips recording snapshots (the result's history stays empty): for
	// runs that only want the final level, such as exports and seed sweeps.
	NoHistory bool
	// Try labels the run as that roll of the level (1 or 0: the first): a
	// project level's acceptance rules re-roll a level that misses them with a
	// seed derived from the level seed and the try (package projects), and the
	// level JSON records it. The engine only passes it on to Result.Try.
	Try int

	noReachCheck bool // a run again for reachWarnings' history
}

// splitmix64 is a strong 64-bit mixer.
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// LevelSeed derives a level's seed from the master seed and its depth.
func LevelSeed(master uint64, depth int) uint64 {
	return splitmix64(master ^ splitmix64(uint64(int64(depth))+0x5EED))
}

// HashString is a stable 64-bit hash (FNV-1a) for deriving seeds from names and paths.
func HashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// NewRand returns a PCG source seeded from (seed, key): the same pair always gives
// the same sequence, and different keys give independent streams.
func NewRand(seed uint64, key string) *rand.Rand {
	return rand.New(rand.NewPCG(seed, splitmix64(HashString(key))))
}

// Run runs c with the given master seed. The level seed derives from (master,
// c.Depth); each step's randomness from (level seed, step key) (see StepKeys).
func Run(ctx context.Context, c *Chain, master uint64, sp Spawner) (*Result, error) {
	return RunConfig(ctx, c, Config{Master: master, Spawner: sp})
}

// RunConfig runs c as cfg says. On error the result still holds the history up to
// the failing step (so the editor can show how far it got).
func RunConfig(ctx context.Context, c *Chain, cfg Config) (res *Result, err error) {
	if c.Width < MinSize || c.Height < MinSize || c.Width > MaxSize || c.Height > MaxSize {
		return nil, fmt.Errorf("chain: map size %d×%d is outside %d..%d", c.Width, c.Height, MinSize, MaxSize)
	}
	seed := LevelSeed(cfg.Master, c.Depth)
	if cfg.Seed != nil {
		seed = *cfg.Seed
	}
	hist := NewHistory(c.Width, c.Height)
	s := &State{
		Map: NewGrid(c.Width, c.Height), Depth: c.Depth, Master: cfg.Master, Seed: seed,
		Spawner: cfg.Spawner, Templates: cfg.Templates, Legend: cfg.Legend, Files: cfg.Files, hist: hist,
		warns: new([]Warning), placed: new([]Placement),
	}
	if cfg.NoHistory {
		s.hist = nil
	}
	res = &Result{Chain: c, Master: cfg.Master, Seed: seed, Try: cfg.Try, State: s, History: hist}
	err = runSteps(ctx, s, c.Steps, "steps", "", -1)
	hist.done()
	res.Warnings, res.Placements = *s.warns, *s.placed
	if err != nil {
		return res, err
	}
	if !cfg.noReachCheck {
		res.Warnings = append(res.Warnings, reachWarnings(ctx, c, cfg, res)...)
	}
	return res, nil
}

// StepError is a failure of one step, naming it.
type StepError struct {
	Step StepRef
	Err  error
}

// Error reads "chain: steps[3] room_drawer: needs rooms, but there are none".
func (e *StepError) Error() string {
	return fmt.Sprintf("chain: %s %s: %v", e.Step.Path, e.Step.Builder, e.Err)
}

// Unwrap returns the underlying error.
func (e *StepError) Unwrap() error { return e.Err }

// runSteps runs a step list at path whose keys have the given prefix (see StepKeys).
func runSteps(ctx context.Context, s *State, steps []Step, path, prefix string, top int) error {
	parent := s.step
	defer func() { s.step = parent }()
	keys := StepKeys(steps, prefix)
	for i, st := range steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		idx := top
		if idx < 0 {
			idx = i
		}
		ref := StepRef{Path: path + "[" + strconv.Itoa(i) + "]", Key: keys[i], Index: idx, Builder: st.Builder, Depth: s.nest}
		if st.Disabled {
			continue
		}
		if err := runStep(ctx, s, st, ref); err != nil {
			if ctx.Err() != nil { // a builder that gave up because the run was cancelled
				return ctx.Err()
			}
			var se *StepError
			if errors.As(err, &se) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			return &StepError{Step: ref, Err: err}
		}
	}
	return nil
}

func runStep(ctx context.Context, s *State, st Step, ref StepRef) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error (please report): %v", r)
		}
	}()
	if st.Broken() {
		return brokenError(st)
	}
	spec, ok := Lookup(st.Builder)
	if !ok {
		return fmt.Errorf("unknown builder %q", st.Builder)
	}
	v := spec.resolveRead(st.Params)
	if err := spec.TooBig(v, s.Map.W, s.Map.H); err != nil {
		return err
	}
	b, err := spec.New(v)
	if err != nil {
		return err
	}
	s.step = ref
	if spec.Kind == Initial {
		s.fresh()
	}
	if err := s.need(spec.EffectOf(st.Params).Needs); err != nil {
		return err
	}
	s.src = rand.NewPCG(s.Seed, splitmix64(HashString(ref.Key))) // as NewRand
	s.rng = rand.New(s.src)
	s.ended, s.cleared = false, spec.Kind == Initial
	err = b.Build(ctx, s, s.rng)
	s.src, s.rng = nil, nil
	if err != nil {
		return err
	}
	s.step = ref
	if s.hist != nil {
		if s.ended && !s.cleared {
			s.hist.recordEnd(s, ref, s.endWithin)
		} else {
			s.hist.record(s, ref, "", true)
		}
	}
	s.ended = false
	return nil
}
