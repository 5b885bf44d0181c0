package chain

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Kind says where in a chain a builder may stand.
type Kind int

// Builder kinds. Initial builders make a map from nothing; meta builders change
// an existing one; Both can do either (cellular automata, drunkard's walk, DLA, prefab).
const (
	Initial Kind = iota
	Meta
	Both
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Initial:
		return "initial"
	case Meta:
		return "meta"
	}
	return "initial or meta"
}

// Features is a set of things a chain's state can hold; specs declare which
// they need and which they make, so Check can flag a chain before it runs.
type Features uint

// The features.
const (
	FMap Features = 1 << iota // a map with floor (every initial builder makes it)
	FRooms
	FCorridors
	FStart
	FExit
	FSpawns
)

var featureNames = []string{"a map", "rooms", "corridors", "a start", "an exit", "spawns"}

// String lists the features in words.
func (f Features) String() string {
	var parts []string
	for i, n := range featureNames {
		if f&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	return strings.Join(parts, ", ")
}

// Builder is one step of a chain, configured from its Values.
type Builder interface {
	// Build changes s. It checks ctx in long loops, draws all randomness from rng,
	// and returns an error (never panics) when the state makes its job impossible.
	Build(ctx context.Context, s *State, rng *rand.Rand) error
}

// BuildFunc adapts a function to Builder.
type BuildFunc func(ctx context.Context, s *State, rng *rand.Rand) error

// Build calls f.
func (f BuildFunc) Build(ctx context.Context, s *State, rng *rand.Rand) error { return f(ctx, s, rng) }

// Spec is a registered builder: its name, help, kind, typed parameters,
// preconditions and constructor.
type Spec struct {
	Name, Help string
	Kind       Kind
	Params     []Param
	// Presets name bundles of parameter values; a "preset" parameter selects one,
	// and explicit fields override it.
	Presets map[string]Values
	// Needs and Makes declare the spec's preconditions and effects.
	Needs, Makes Features
	// Effects, when set, refines Needs and Makes for particular values (a prefab's
	// mode and template) and says what a step drops (waveform_collapse invalidates
	// rooms). Check uses it instead of the static fields.
	Effects func(v Values) Effect
	// New configures a builder. v holds every parameter (defaults filled in);
	// it is read only (a run may hand every step of the spec the same map).
	New func(v Values) (Builder, error)
	// Warn, when set, reports suspicious but valid settings of a step on a
	// width×height map (a section placed past the map's edge, an empty
	// template): v holds every parameter, explicit the ones the step sets.
	// Each warning's Path is relative to the step ("params.x"); Check reports
	// them as warnings.
	Warn func(v Values, explicit map[string]any, width, height int) []Problem
	// MaxSize, when positive, is the widest and tallest map the builder takes,
	// below the engine's MaxSize where a bigger map would take too long or too
	// much memory. Check reports a larger chain as an error and the engine
	// refuses to run the step, both naming the limit.
	MaxSize int
	// MaxSizeFor, when set, gives the limit instead of MaxSize for a step
	// configured with v (0: none), with the configuration it holds for, as
	// the message names it ("with algorithm walk_inwards"): for builders whose
	// cost depends on their parameters.
	MaxSizeFor func(v Values) (size int, with string)

	defaults Values // the parameters' defaults, filled in by Register
}

// TooBig reports (as an error naming the limit) a width×height map larger
// than the spec's limit for a step configured with v (resolved, as Resolve
// gives it); nil when it fits.
func (s Spec) TooBig(v Values, width, height int) error {
	limit, with := s.MaxSize, ""
	if s.MaxSizeFor != nil {
		limit, with = s.MaxSizeFor(v)
	}
	if limit <= 0 || (width <= limit && height <= limit) {
		return nil
	}
	name := s.Name
	if with != "" {
		name += " " + with
	}
	return fmt.Errorf("%s builds maps up to %d×%d, and this one is %d×%d (make the width and height %d or less)",
		name, limit, limit, width, height, limit)
}

// Effect is what one configured step needs, drops (before it makes anything) and makes.
type Effect struct{ Needs, Drops, Makes Features }

// EffectOf returns the effect of the spec with the given explicit params.
func (s Spec) EffectOf(params map[string]any) Effect {
	if s.Effects != nil {
		return s.Effects(s.Resolve(params))
	}
	return Effect{Needs: s.Needs, Makes: s.Makes}
}

// Param looks up a parameter descriptor by name.
func (s Spec) Param(name string) (Param, bool) {
	for _, p := range s.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Resolve fills in defaults, then the chosen preset's values, then the explicit
// params (already checked), and returns the full set of values.
func (s Spec) Resolve(params map[string]any) Values {
	v := maps.Clone(s.defaults) // a registered spec's (a chain resolves a step a run)
	if v == nil {
		v = s.defaultValues()
	}
	if name, ok := params["preset"].(string); ok {
		for k, x := range s.Presets[name] {
			v[k] = x
		}
	}
	for k, x := range params {
		v[k] = x
	}
	return v
}

// resolveRead is Resolve for a reader that never changes the values (a run
// configuring its builder): a step that sets no parameter shares the
// registered spec's defaults instead of a copy of them.
func (s Spec) resolveRead(params map[string]any) Values {
	if len(params) == 0 && s.defaults != nil {
		return s.defaults
	}
	return s.Resolve(params)
}

// defaultValues returns the parameters' defaults.
func (s Spec) defaultValues() Values {
	v := Values{}
	for _, p := range s.Params {
		if p.Default != nil {
			v[p.Name] = p.Default
		}
	}
	return v
}

var (
	regMu    sync.RWMutex
	registry = map[string]Spec{}
	// regView is a copy of registry made by the first Lookup after a
	// Register (nil until then: the package inits register every builder,
	// and a copy each would be quadratic), read by Lookup without a lock (a
	// seed sweep's workers look a builder up a step).
	regView atomic.Pointer[map[string]Spec]
)

// Register adds a builder spec. It panics on a programming error (a duplicate or
// nameless spec, a parameter of unknown type, a region parameter choosing
// something not a region, a default that fails its own descriptor), like
// sql.Register. A Region parameter without Choices gets RegionNames.
func Register(s Spec) {
	regMu.Lock()
	defer regMu.Unlock()
	if s.Name == "" || s.New == nil {
		panic("chain: Register of a spec without name or constructor")
	}
	if _, dup := registry[s.Name]; dup {
		panic("chain: Register called twice for builder " + s.Name)
	}
	s.Params = slices.Clone(s.Params)
	for i, p := range s.Params {
		if p.Type < 0 || p.Type >= numParamTypes {
			panic(fmt.Sprintf("chain: builder %s: parameter %s has unknown type %d", s.Name, p.Name, p.Type))
		}
		if p.Type == Region {
			if len(p.Choices) == 0 {
				s.Params[i].Choices = RegionNames()
			}
			for _, c := range p.Choices {
				if !slices.Contains(regionNames, c) {
					panic(fmt.Sprintf("chain: builder %s: region parameter %s: %q is not a region", s.Name, p.Name, c))
				}
			}
		}
		if p.Default == nil {
			continue
		}
		if _, err := p.Check(p.Default); err != nil {
			panic(fmt.Sprintf("chain: builder %s: default of %s: %v", s.Name, p.Name, err))
		}
	}
	s.defaults = s.defaultValues()
	registry[s.Name] = s
	regView.Store(nil)
}

// Specs lists the registered builders sorted by name.
func Specs() []Spec {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]Spec, 0, len(registry))
	for _, s := range registry {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Spec) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Lookup finds a registered builder by name.
func Lookup(name string) (Spec, bool) {
	view := regView.Load()
	if view == nil {
		view = refreshView()
	}
	s, ok := (*view)[name]
	return s, ok
}

// refreshView stores a copy of registry in regView and returns it.
func refreshView() *map[string]Spec {
	regMu.Lock()
	defer regMu.Unlock()
	if v := regView.Load(); v != nil {
		return v
	}
	view := maps.Clone(registry)
	if view == nil {
		view = map[string]Spec{}
	}
	regView.Store(&view)
	return &view
}
