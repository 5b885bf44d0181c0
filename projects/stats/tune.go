package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"hewn/chain"
	"hewn/chain/metrics"
	"hewn/projects"
)

// Search methods.
const (
	// MethodElites is MAP-Elites: random variants first, then mutations of
	// the archive's elites (keeping the best variant per cell).
	MethodElites = "elites"
	// MethodRandom samples every variant uniformly from the ranges: the
	// baseline.
	MethodRandom = "random"
)

// Bounds of a search.
const (
	MaxBudget   = 1_000_000
	MaxGridBins = 64
	MaxDims     = 32
	MaxTargets  = 16
	MaxIslands  = 1024
)

// tuneBatch is how many variants an elites island proposes before it
// evaluates them (in parallel) and files them: fixed, so the archive does not
// depend on the number of workers.
const tuneBatch = 16

// TuneOptions say what a search varies, how it bins and ranks variants, and
// how many it evaluates.
type TuneOptions struct {
	// Dims are the parameters varied (Resolve); none: the chain as it is, over
	// Budget seeds (the baseline a search is compared with).
	Dims []Dim
	// Axes are the two metrics the grid bins by, over Ranges, in Bins[0] ×
	// Bins[1] cells.
	Axes   [2]string
	Ranges [2][2]float64
	Bins   [2]int
	// Budget is how many variants the whole search evaluates (every shard
	// together).
	Budget int
	// Method is MethodElites (default) or MethodRandom.
	Method string
	// Seed seeds the search (each variant's master seed is drawn from it).
	Seed uint64
	// Targets rank the variants that meet them first.
	Targets []projects.Rule
	// Islands (elites) is how many independent searches share the budget (0:
	// max(1, Shards)); shards run whole islands, so the merged archive of any
	// number of shards up to Islands equals one run's with that many islands.
	Islands int
	// Shard and Shards select a share of the search (Shards 0 or 1: all).
	Shard, Shards int
	// Workers run variants in parallel (0: one per CPU).
	Workers int
	// Progress, if not nil, is called after each variant with the count done
	// and the count this shard does.
	Progress func(done, total int)
}

// Archive is a search's result: the best variant found per cell of the grid.
type Archive struct {
	Format  string     `json:"format"`
	Target  string     `json:"target"`
	Depth   int        `json:"depth"`
	Method  string     `json:"method"`
	Seed    uint64     `json:"seed"`
	Budget  int        `json:"budget"`
	Islands int        `json:"islands,omitempty"`
	Vary    []VaryInfo `json:"vary"`
	Axes    [2]string  `json:"axes"`
	// Ranges are the axes' ranges; Bins the cells per axis.
	Ranges  [2][2]float64 `json:"ranges"`
	Bins    [2]int        `json:"bins"`
	Targets []string      `json:"targets,omitempty"`
	Shards  int           `json:"shards,omitempty"`
	Shard   []int         `json:"shard,omitempty"` // the shards merged into this archive
	// Evaluated counts the variants run; Failed those whose level failed
	// (FirstFailure is the earliest in the search's order); Outside those
	// whose metrics fell outside the ranges (or lacked an axis metric).
	Evaluated    int       `json:"evaluated"`
	Failed       int       `json:"failed"`
	Outside      int       `json:"outside"`
	FirstFailure *Failure  `json:"first_failure,omitempty"`
	Coverage     Coverage  `json:"coverage"`
	Meeting      *int      `json:"meeting,omitempty"` // with targets: cells whose variant meets every target
	Cells        []Cell    `json:"cells"`
	Timing       []TuneRun `json:"timing,omitempty"`
}

// VaryInfo describes one varied parameter in an archive.
type VaryInfo struct {
	Path    string   `json:"path"`
	Type    string   `json:"type"`
	Lo      *float64 `json:"lo,omitempty"`
	Hi      *float64 `json:"hi,omitempty"`
	Choices []any    `json:"choices,omitempty"`
}

// Failure is the first variant whose level failed: At is its (island,
// index) in the search's order (random: island 0, the variant's number).
type Failure struct {
	At    [2]int `json:"at"`
	Error string `json:"error"`
}

// Coverage is how many of the grid's cells hold a variant.
type Coverage struct {
	Filled int `json:"filled"`
	Cells  int `json:"cells"`
}

// Cell is the best variant of one cell: its parameter values by path, the
// master seed it ran with (`hewn run --seed`) and its metrics.
type Cell struct {
	Bin     [2]int             `json:"bin"`
	Params  map[string]any     `json:"params"`
	Seed    uint64             `json:"seed"`
	Metrics map[string]float64 `json:"metrics"`
	Spawns  map[string]int     `json:"spawns,omitempty"`
	// Meets (with targets) says whether the variant meets every target.
	Meets *bool `json:"meets,omitempty"`
}

// TuneRun is how long a search (or one shard of it) took: the only part of
// an archive that differs between runs.
type TuneRun struct {
	Variants  int     `json:"variants"`
	Seconds   float64 `json:"seconds"`
	PerSecond float64 `json:"variants_per_second"`
	Workers   int     `json:"workers"`
}

// candidate is one variant to evaluate: its values (per dim), master seed,
// and place in the search's order.
type candidate struct {
	values []any
	seed   uint64
	at     [2]int
}

// entry is a filed variant with what ranks it.
type entry struct {
	cell      Cell
	key       string  // the canonical values and seed: the last tie-break
	meets     bool    // meets every target
	shortfall float64 // how far from the targets (normalised), 0 when it meets them
	centre    float64 // squared distance from the cell's centre, in cells
}

// better is the total order a cell keeps its variant by: meeting the targets
// first, then nearer to them, then nearer the cell's centre (the most typical
// variant of the cell), then the smaller canonical key.
func better(a, b *entry) bool {
	if a.meets != b.meets {
		return a.meets
	}
	if a.shortfall != b.shortfall {
		return a.shortfall < b.shortfall
	}
	if a.centre != b.centre {
		return a.centre < b.centre
	}
	return a.key < b.key
}

// grid bins and ranks variants for an archive's axes, ranges and targets.
type grid struct {
	axes    [2]string
	ranges  [2][2]float64
	bins    [2]int
	targets []projects.Rule
	paths   []string
}

// file measures where s goes; ok is false when an axis metric is missing or
// outside its range.
func (g *grid) file(s Sample, params map[string]any, values []any) (*entry, bool) {
	e := &entry{cell: Cell{Params: params, Seed: s.Seed, Metrics: s.Metrics, Spawns: s.Spawns}}
	for k := range 2 {
		v, ok := metrics.Value(s.Metrics, s.Spawns, g.axes[k])
		lo, hi := g.ranges[k][0], g.ranges[k][1]
		if !ok || v < lo || v > hi {
			return nil, false
		}
		n := g.bins[k]
		w := (hi - lo) / float64(n)
		i := min(int((v-lo)/w), n-1)
		e.cell.Bin[k] = i
		d := (v-lo)/w - (float64(i) + 0.5)
		e.centre += float64(d * d)
	}
	e.meets = true
	for _, t := range g.targets {
		v, ok := metrics.Value(s.Metrics, s.Spawns, t.Metric)
		if miss := t.Miss(v, ok); miss > 0 {
			e.meets = false
			lo, hi := DefaultRange(t.Metric)
			e.shortfall += miss / (hi - lo)
		}
	}
	if len(g.targets) > 0 {
		m := e.meets
		e.cell.Meets = &m
	}
	e.key = canonical(values, s.Seed)
	return e, true
}

// canonical writes values and seed as the tie-break key.
func canonical(values []any, seed uint64) string {
	var b strings.Builder
	for _, v := range values {
		b.WriteString(formatValue(v))
		b.WriteByte(0)
	}
	b.WriteString(strconv.FormatUint(seed, 10))
	return b.String()
}

func formatValue(v any) string {
	switch x := v.(type) {
	case int:
		return strconv.FormatFloat(float64(x), 'g', -1, 64)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// archive is the cells found so far, and the counts.
type archive struct {
	g         *grid
	cells     map[[2]int]*entry
	filled    [][2]int // the filled bins, sorted (for choosing elites)
	evaluated int
	failed    int
	outside   int
	first     *Failure
}

func newArchive(g *grid) *archive { return &archive{g: g, cells: map[[2]int]*entry{}} }

// add files one evaluated variant.
func (a *archive) add(c candidate, s Sample, dims []Dim) {
	a.evaluated++
	if s.Error != "" {
		a.failed++
		a.fail(&Failure{At: c.at, Error: s.Error})
		return
	}
	params := make(map[string]any, len(dims))
	for k, d := range dims {
		params[d.Path] = c.values[k]
	}
	e, ok := a.g.file(s, params, c.values)
	if !ok {
		a.outside++
		return
	}
	a.put(e)
}

func (a *archive) fail(f *Failure) {
	if a.first == nil || cmp.Or(cmp.Compare(f.At[0], a.first.At[0]), cmp.Compare(f.At[1], a.first.At[1])) < 0 {
		a.first = f
	}
}

func (a *archive) put(e *entry) {
	bin := e.cell.Bin
	old, ok := a.cells[bin]
	if !ok {
		i, _ := slices.BinarySearchFunc(a.filled, bin, compareBins)
		a.filled = slices.Insert(a.filled, i, bin)
	}
	if !ok || better(e, old) {
		a.cells[bin] = e
	}
}

func compareBins(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }

// Tune searches t's parameters as o says and returns the archive of this
// shard (Merge combines shards). Variants whose level fails (a builder's
// error, acceptance rules no try met) count as failed; the archive is the
// same for any number of workers.
func Tune(ctx context.Context, t Target, o TuneOptions) (*Archive, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	g := o.grid()
	arch := newArchive(g)
	start := time.Now()
	var total, done int
	run := &TuneRun{Workers: o.Workers}
	progress := func(n int) {
		done += n
		if o.Progress != nil {
			o.Progress(done, total)
		}
	}
	eval := func(cands []candidate) ([]Sample, error) {
		out := make([]Sample, len(cands))
		po := Options{Workers: o.Workers}
		tm, _, err := parallel(ctx, len(cands), po, newMeasurer, func(m *measurer, i int) {
			out[i] = m.variant(ctx, t, o.Dims, cands[i])
		})
		run.Workers = tm.Workers
		progress(len(cands))
		return out, err
	}
	n := max(o.Shards, 1)
	if o.method() == MethodRandom {
		var ks []int
		for k := o.Shard; k < o.Budget; k += n {
			ks = append(ks, k)
		}
		total = len(ks)
		for from := 0; from < len(ks); from += 1024 { // bounded memory for large budgets
			batch := ks[from:min(from+1024, len(ks))]
			cands := make([]candidate, len(batch))
			for i, k := range batch {
				rng := chain.NewRand(o.Seed, "tune.random."+strconv.Itoa(k))
				cands[i] = candidate{values: randomValues(rng, o.Dims), seed: rng.Uint64(), at: [2]int{0, k}}
			}
			samples, err := eval(cands)
			if err != nil {
				return nil, err
			}
			for i, s := range samples {
				arch.add(cands[i], s, o.Dims)
			}
		}
	} else {
		islands := o.islands()
		var mine []int
		for j := o.Shard; j < islands; j += n {
			mine = append(mine, j)
			total += islandBudget(o.Budget, islands, j)
		}
		for _, j := range mine {
			isl, err := runIsland(o, g, j, islandBudget(o.Budget, islands, j), eval)
			if err != nil {
				return nil, err
			}
			arch.absorb(isl)
		}
	}
	run.Variants = arch.evaluated
	run.Seconds = time.Since(start).Seconds()
	if run.Seconds > 0 {
		run.PerSecond = float64(run.Variants) / run.Seconds
	}
	a := o.header(t)
	if o.Shards > 1 {
		a.Shards, a.Shard = o.Shards, []int{o.Shard}
	}
	arch.fill(a)
	a.Timing = []TuneRun{*run}
	return a, nil
}

// absorb adds another archive's cells and counts (an island's, a shard's).
func (a *archive) absorb(b *archive) {
	a.evaluated += b.evaluated
	a.failed += b.failed
	a.outside += b.outside
	if b.first != nil {
		a.fail(b.first)
	}
	for _, bin := range b.filled {
		a.put(b.cells[bin])
	}
}

// fill writes the archive's counts and cells into out: cells meeting the
// targets first (when there are targets), then by bin.
func (a *archive) fill(out *Archive) {
	out.Evaluated, out.Failed, out.Outside, out.FirstFailure = a.evaluated, a.failed, a.outside, a.first
	out.Coverage = Coverage{Filled: len(a.filled), Cells: a.g.bins[0] * a.g.bins[1]}
	out.Cells = make([]Cell, 0, len(a.filled))
	meeting := 0
	for _, bin := range a.filled {
		e := a.cells[bin]
		out.Cells = append(out.Cells, e.cell)
		if e.meets {
			meeting++
		}
	}
	if len(a.g.targets) > 0 {
		out.Meeting = &meeting
		slices.SortStableFunc(out.Cells, func(x, y Cell) int {
			if *x.Meets != *y.Meets {
				if *x.Meets {
					return -1
				}
				return 1
			}
			return 0
		})
	}
}

// pick chooses the elite to mutate: the one with fewer filled neighbours of
// two drawn at random (a tournament that favours the archive's frontier,
// where a mutation more likely lands in an empty cell).
func (a *archive) pick(rng *rand.Rand) *entry {
	best, bestN := (*entry)(nil), 0
	for range tournament {
		e := a.cells[a.filled[rng.IntN(len(a.filled))]]
		n := a.neighbours(e.cell.Bin)
		if best == nil || n < bestN {
			best, bestN = e, n
		}
	}
	return best
}

// tournament is how many elites pick draws (2 beat 1, 3 and 4 on the tests'
// rooms chain: more favours the frontier too much, fewer ignores it).
const tournament = 2

// neighbours counts the filled cells among bin's eight neighbours.
func (a *archive) neighbours(bin [2]int) int {
	n := 0
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			if _, ok := a.cells[[2]int{bin[0] + dx, bin[1] + dy}]; ok && (dx != 0 || dy != 0) {
				n++
			}
		}
	}
	return n
}

// islandBudget is island j's share of budget over islands.
func islandBudget(budget, islands, j int) int {
	b := budget / islands
	if j < budget%islands {
		b++
	}
	return b
}

// runIsland is one MAP-Elites search of budget variants, its randomness from
// (o.Seed, island j): random variants first (a tenth of the budget, at least
// 32 when it has them, and until the archive holds one), then, batch by
// batch, mutations of elites chosen from the archive as it stood before the
// batch (see mutate).
func runIsland(o TuneOptions, g *grid, j, budget int, eval func([]candidate) ([]Sample, error)) (*archive, error) {
	arch := newArchive(g)
	rng := chain.NewRand(o.Seed, "tune.elites."+strconv.Itoa(j))
	initial := max(min(budget, 32), budget/10)
	for done := 0; done < budget; {
		n := min(tuneBatch, budget-done)
		cands := make([]candidate, n)
		for i := range cands {
			c := candidate{at: [2]int{j, done + i}}
			if done+i < initial || len(arch.filled) == 0 {
				c.values, c.seed = randomValues(rng, o.Dims), rng.Uint64()
			} else {
				x, y := arch.pick(rng), arch.cells[arch.filled[rng.IntN(len(arch.filled))]]
				c.values, c.seed = mutate(rng, o.Dims, x.cell, y.cell)
			}
			cands[i] = c
		}
		samples, err := eval(cands)
		if err != nil {
			return nil, err
		}
		for i, s := range samples {
			arch.add(cands[i], s, o.Dims)
		}
		done += n
	}
	return arch, nil
}

// randomValues draws a value per dim uniformly.
func randomValues(rng *rand.Rand, dims []Dim) []any {
	out := make([]any, len(dims))
	for k, d := range dims {
		switch {
		case !d.Numeric:
			out[k] = d.Choices[rng.IntN(len(d.Choices))]
		case d.Int:
			out[k] = int(d.Lo) + rng.IntN(int(d.Hi-d.Lo)+1)
		default:
			out[k] = d.Lo + float64(rng.Float64()*(d.Hi-d.Lo))
		}
	}
	return out
}

// Mutation strengths, on a range scaled to [0, 1]: the Iso+LineDD operator
// (Vassiliades & Mouret 2018) adds isotropic noise and a step along the line
// to a second elite.
const (
	isoSigma    = 0.1
	lineSigma   = 0.2
	choiceReset = 0.2 // a categorical value is redrawn this often
)

// mutate derives a variant from elites x and y: numeric values by Iso+LineDD
// (clamped to the range, whole numbers rounded), categorical ones redrawn
// with probability choiceReset, else x's; the master seed is x's half the time
// when a value changed, else a fresh one.
func mutate(rng *rand.Rand, dims []Dim, x, y Cell) ([]any, uint64) {
	out := make([]any, len(dims))
	line := rng.NormFloat64() * lineSigma
	changed := false
	for k, d := range dims {
		xv, yv := x.Params[d.Path], y.Params[d.Path]
		switch {
		case !d.Numeric:
			out[k] = xv
			if rng.Float64() < choiceReset {
				out[k] = d.Choices[rng.IntN(len(d.Choices))]
			}
		case d.Hi == d.Lo:
			out[k] = xv
		default:
			span := d.Hi - d.Lo
			ux, uy := (toFloat(xv)-d.Lo)/span, (toFloat(yv)-d.Lo)/span
			// explicit conversions round each product, so no platform fuses
			// them (FMA) and the archive is the same everywhere
			u := min(max(ux+float64(rng.NormFloat64()*isoSigma)+float64(line*(uy-ux)), 0), 1)
			v := d.Lo + float64(u*span)
			if d.Int {
				out[k] = int(math.Round(v))
			} else {
				out[k] = v
			}
		}
		if formatValue(out[k]) != formatValue(xv) {
			changed = true
		}
	}
	seed := rng.Uint64()
	if changed && rng.IntN(2) == 0 {
		seed = x.Seed
	}
	return out, seed
}

func toFloat(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// variant runs and measures one candidate: t's chain with the candidate's
// values (Apply), on t's route (a project level's acceptance rules apply).
func (m *measurer) variant(ctx context.Context, t Target, dims []Dim, c candidate) Sample {
	if len(dims) > 0 {
		vc, err := Apply(t.Chain, dims, c.values)
		if err != nil {
			return Sample{Seed: c.seed, Error: err.Error()}
		}
		t.Chain = vc
	}
	return m.sample(ctx, t, c.seed)
}

func (o TuneOptions) method() string {
	if o.Method == "" {
		return MethodElites
	}
	return o.Method
}

func (o TuneOptions) islands() int {
	if o.Islands > 0 {
		return o.Islands
	}
	return max(1, o.Shards)
}

func (o TuneOptions) grid() *grid {
	g := &grid{axes: o.Axes, ranges: o.Ranges, bins: o.Bins, targets: o.Targets}
	for _, d := range o.Dims {
		g.paths = append(g.paths, d.Path)
	}
	return g
}

// check refuses options out of bounds (the command line checks them first,
// with its flags' names).
func (o TuneOptions) check() error {
	switch {
	case o.method() != MethodElites && o.method() != MethodRandom:
		return fmt.Errorf("stats: method %q is not elites or random", o.Method)
	case o.Budget < 1 || o.Budget > MaxBudget:
		return fmt.Errorf("stats: budget %d is out of range [1, %d]", o.Budget, MaxBudget)
	case o.Bins[0] < 1 || o.Bins[1] < 1 || o.Bins[0] > MaxGridBins || o.Bins[1] > MaxGridBins:
		return fmt.Errorf("stats: bins %dx%d: each is out of range [1, %d]", o.Bins[0], o.Bins[1], MaxGridBins)
	case len(o.Dims) > MaxDims:
		return fmt.Errorf("stats: %d varied parameters (at most %d)", len(o.Dims), MaxDims)
	case len(o.Targets) > MaxTargets:
		return fmt.Errorf("stats: %d targets (at most %d)", len(o.Targets), MaxTargets)
	case o.Islands < 0 || o.Islands > MaxIslands:
		return fmt.Errorf("stats: islands %d is out of range [1, %d]", o.Islands, MaxIslands)
	case o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards):
		return fmt.Errorf("stats: shard %d is not in 0..%d", o.Shard, o.Shards-1)
	case o.method() == MethodElites && o.Shards > o.islands():
		return fmt.Errorf("stats: %d shards but %d islands: elites shard by island (want islands >= shards)", o.Shards, o.islands())
	}
	for k, a := range o.Axes {
		if !metrics.Known(a) {
			return fmt.Errorf("stats: unknown metric %q (want %s)", a, metrics.Describe())
		}
		if !(o.Ranges[k][0] < o.Ranges[k][1]) || math.IsInf(o.Ranges[k][0], 0) || math.IsInf(o.Ranges[k][1], 0) {
			return fmt.Errorf("stats: the range of %s, %g..%g, is empty", a, o.Ranges[k][0], o.Ranges[k][1])
		}
	}
	return nil
}

// header is the archive's description of the search, without results.
func (o TuneOptions) header(t Target) *Archive {
	a := &Archive{Format: TuneFormat, Target: t.Name, Depth: t.Chain.Depth, Method: o.method(), Seed: o.Seed,
		Budget: o.Budget, Axes: o.Axes, Ranges: o.Ranges, Bins: o.Bins, Vary: []VaryInfo{}}
	if a.Method == MethodElites {
		a.Islands = o.islands()
	}
	for _, d := range o.Dims {
		vi := VaryInfo{Path: d.Path, Type: d.Type()}
		if d.Numeric {
			lo, hi := d.Lo, d.Hi
			vi.Lo, vi.Hi = &lo, &hi
		} else {
			vi.Choices = d.Choices
		}
		a.Vary = append(a.Vary, vi)
	}
	for _, r := range o.Targets {
		a.Targets = append(a.Targets, TargetString(r))
	}
	return a
}

// MergeTune combines the archives of one search's shards into the archive
// one run gives (for elites: one run with the same islands), timings side by
// side. Archives of another search, or a shard given twice, are refused.
func MergeTune(archives ...*Archive) (*Archive, error) {
	if len(archives) == 0 {
		return nil, errors.New("stats: nothing to merge")
	}
	first := archives[0]
	if err := first.check(); err != nil {
		return nil, fmt.Errorf("stats: archive 1: %v", err)
	}
	g := &grid{axes: first.Axes, ranges: first.Ranges, bins: first.Bins}
	for _, s := range first.Targets {
		r, err := ParseTarget(s)
		if err != nil {
			return nil, fmt.Errorf("stats: archive 1: targets: %v", err)
		}
		g.targets = append(g.targets, r)
	}
	for _, v := range first.Vary {
		g.paths = append(g.paths, v.Path)
	}
	out := &Archive{}
	*out = *first
	out.Shard, out.Timing, out.Cells = nil, nil, nil
	all := newArchive(g)
	shards := map[int]bool{}
	for i, a := range archives {
		if err := sameSearch(first, a); err != nil {
			return nil, fmt.Errorf("stats: archive %d is of another search: %v", i+1, err)
		}
		for _, s := range a.Shard {
			if shards[s] {
				return nil, fmt.Errorf("stats: shard %d appears twice", s)
			}
			shards[s] = true
		}
		if len(a.Shard) == 0 && len(archives) > 1 {
			return nil, fmt.Errorf("stats: archive %d is a whole search, not a shard", i+1)
		}
		part := newArchive(g)
		part.evaluated, part.failed, part.outside, part.first = a.Evaluated, a.Failed, a.Outside, a.FirstFailure
		for _, c := range a.Cells {
			values := make([]any, len(first.Vary))
			for k, v := range first.Vary {
				values[k] = c.Params[v.Path]
			}
			e, ok := g.file(Sample{Seed: c.Seed, Metrics: c.Metrics, Spawns: c.Spawns}, c.Params, values)
			if !ok || e.cell.Bin != c.Bin {
				return nil, fmt.Errorf("stats: archive %d: cell %v: its metrics do not fall in it", i+1, c.Bin)
			}
			if _, dup := part.cells[c.Bin]; dup {
				return nil, fmt.Errorf("stats: archive %d: cell %v appears twice", i+1, c.Bin)
			}
			part.put(e)
		}
		all.absorb(part)
		out.Timing = append(out.Timing, a.Timing...)
	}
	if out.Shards > 0 && len(shards) == out.Shards {
		out.Shards = 0
	} else {
		for s := range shards {
			out.Shard = append(out.Shard, s)
		}
		slices.Sort(out.Shard)
	}
	all.fill(out)
	return out, nil
}

// check refuses an archive whose search is out of bounds (a file edited by
// hand, or not an archive at all).
func (a *Archive) check() error {
	if a.Format != TuneFormat {
		return fmt.Errorf("format %q (want %s)", a.Format, TuneFormat)
	}
	o := TuneOptions{Axes: a.Axes, Ranges: a.Ranges, Bins: a.Bins, Budget: a.Budget, Method: a.Method, Islands: a.Islands}
	if err := o.check(); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "stats: "))
	}
	if a.Shards < 0 || a.Shards > MaxBudget {
		return fmt.Errorf("shards %d is out of range", a.Shards)
	}
	for _, s := range a.Shard {
		if s < 0 || s >= max(a.Shards, 1) {
			return fmt.Errorf("shard %d is not in 0..%d", s, a.Shards-1)
		}
	}
	return nil
}

// sameSearch reports how b's search differs from a's (nil: the same).
func sameSearch(a, b *Archive) error {
	if b.Format != TuneFormat {
		return fmt.Errorf("format %q (want %s)", b.Format, TuneFormat)
	}
	if a.Target != b.Target || a.Depth != b.Depth || a.Method != b.Method || a.Seed != b.Seed ||
		a.Budget != b.Budget || a.Islands != b.Islands || a.Shards != b.Shards {
		return fmt.Errorf("%s depth %d, %s seed %d budget %d islands %d shards %d (want %s depth %d, %s seed %d budget %d islands %d shards %d)",
			b.Target, b.Depth, b.Method, b.Seed, b.Budget, b.Islands, b.Shards, a.Target, a.Depth, a.Method, a.Seed, a.Budget, a.Islands, a.Shards)
	}
	if a.Axes != b.Axes || a.Ranges != b.Ranges || a.Bins != b.Bins || !slices.Equal(a.Targets, b.Targets) {
		return errors.New("other axes, ranges, bins or targets")
	}
	if fmt.Sprint(varyKey(a.Vary)) != fmt.Sprint(varyKey(b.Vary)) {
		return errors.New("other varied parameters")
	}
	return nil
}

func varyKey(vs []VaryInfo) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		lo, hi := "", ""
		if v.Lo != nil && v.Hi != nil {
			lo, hi = formatValue(*v.Lo), formatValue(*v.Hi)
		}
		out[i] = fmt.Sprint(v.Path, v.Type, lo, hi, v.Choices)
	}
	return out
}
