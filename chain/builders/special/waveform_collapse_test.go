package special

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func wfcChain(w, h int, params map[string]any) *chain.Chain {
	return &chain.Chain{Depth: 1, Width: w, Height: h, Steps: []chain.Step{
		{Builder: "simple_map", Params: map[string]any{"draw": true}}, {Builder: "waveform_collapse", Params: params},
	}}
}

// chunkIn reports whether the size×size chunk of out at (x0, y0) equals one of
// the patterns, ignoring tiles on the map's outer ring (walled after solving).
func chunkIn(out *chain.Grid, x0, y0, size int, ps []wfcPattern) bool {
	for _, p := range ps {
		ok := true
		for y := 0; y < size && ok; y++ {
			for x := range size {
				q := chain.Point{X: x0 + x, Y: y0 + y}
				if out.Inner(q) && out.At(q) != p.tiles[y*size+x] {
					ok = false
					break
				}
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestWFCUsesOnlyInputPatterns: every chunk of the output is a chunk of the
// input (or a mirror image), or the input map was kept.
func TestWFCUsesOnlyInputPatterns(t *testing.T) {
	for seed := range uint64(12) {
		r, err := chain.Run(context.Background(), wfcChain(80, 50, nil), seed, nil)
		require.NoError(t, err)
		in := r.History.At(r.History.LastOf(0)).Map
		out := r.State.Map
		if slices.Equal(in.Tiles, out.Tiles) {
			continue
		}
		ps := wfcPatterns(in, 8, true, 1<<20)
		for cy := 0; cy+8 <= out.H; cy += 8 {
			for cx := 0; cx+8 <= out.W; cx += 8 {
				require.True(t, chunkIn(out, cx, cy, 8, ps), "seed %d: chunk at %d,%d is not an input pattern", seed, cx, cy)
			}
		}
		for x := range out.W {
			require.Equal(t, chain.Wall, out.At(chain.Point{X: x, Y: 0}))
			require.Equal(t, chain.Wall, out.At(chain.Point{X: x, Y: out.H - 1}))
		}
		assert.Nil(t, r.State.Rooms, "rooms are no longer valid")
		assert.Nil(t, r.State.Corridors)
		assert.Nil(t, r.State.Start)
		assert.Empty(t, r.State.Spawns)
		assert.Empty(t, r.State.Exits)
	}
}

// TestWFCSolverHonoursConstraints checks the solver's raw result: neighbouring
// chunks always satisfy the edge rule.
func TestWFCSolverHonoursConstraints(t *testing.T) {
	r, err := chain.Run(context.Background(), &chain.Chain{Depth: 1, Width: 80, Height: 50,
		Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"draw": true}}}}, 4, nil)
	require.NoError(t, err)
	ps := wfcPatterns(r.State.Map, 8, true, 1024)
	cons, err := newConstraints(context.Background(), ps)
	require.NoError(t, err)
	for i := range ps {
		for j := range ps {
			for d := range 4 {
				in := cons.compat[d][i][j/64]&(1<<(j%64)) != 0
				require.Equal(t, fitsBeside(&ps[i], &ps[j], d), in, "patterns %d, %d, side %d", i, j, d)
			}
		}
	}
	s := newSolver(cons, 10, 6)
	solved := 0
	for seed := range uint64(20) {
		ok, err := s.solve(context.Background(), rand.New(rand.NewPCG(seed, 1)), func(int, int, int) {})
		require.NoError(t, err)
		if !ok {
			continue
		}
		solved++
		for i, p := range s.chunks {
			require.GreaterOrEqual(t, p, int32(0))
			x, y := i%10, i/10
			if x < 9 {
				require.True(t, fitsBeside(&ps[p], &ps[s.chunks[i+1]], east), "seed %d chunk %d", seed, i)
			}
			if y < 5 {
				require.True(t, fitsBeside(&ps[p], &ps[s.chunks[i+10]], south), "seed %d chunk %d", seed, i)
			}
		}
	}
	assert.Positive(t, solved)
}

func TestFitsBeside(t *testing.T) {
	closed := wfcPattern{}
	openE := wfcPattern{exits: [4]uint64{east: 0b0010}}
	openW := wfcPattern{exits: [4]uint64{west: 0b0010}}
	openWOther := wfcPattern{exits: [4]uint64{west: 0b1000, north: 1}}
	shutW := wfcPattern{exits: [4]uint64{north: 1}}
	assert.True(t, fitsBeside(&closed, &openE, east), "no exits at all fits anything")
	assert.True(t, fitsBeside(&openE, &openW, east))
	assert.False(t, fitsBeside(&openE, &openWOther, east), "openings do not line up")
	assert.False(t, fitsBeside(&openE, &shutW, east), "an opening against a closed side")
	assert.True(t, fitsBeside(&shutW, &shutW, east), "closed against closed (the tutorial's bug made this false)")
	assert.False(t, fitsBeside(&shutW, &openW, east))
}

func TestWFCPatternsDedupeAndFlip(t *testing.T) {
	g := chain.NewGrid(16, 8)
	g.Set(chain.Point{X: 1, Y: 1}, chain.Floor)
	g.Set(chain.Point{X: 14, Y: 1}, chain.DownStairs) // the mirror image of the first chunk
	ps := wfcPatterns(g, 8, true, 100)
	assert.Len(t, ps, 4, "one chunk and its three mirror images; the second chunk is a mirror (stairs read as floor)")
	ps = wfcPatterns(g, 8, false, 100)
	assert.Len(t, ps, 2)
	assert.Len(t, wfcPatterns(g, 8, true, 3), 3, "limit")
	assert.Equal(t, uint64(0), ps[0].exits[north]|ps[0].exits[west], "the floor tile is not on an edge")
}

// special_test_map is a test-only builder that draws its rows (tile glyphs) as the map.
func init() {
	chain.Register(chain.Spec{
		Name: "special_test_map", Kind: chain.Initial,
		Params: []chain.Param{{Name: "rows", Type: chain.StringList}},
		Makes:  chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			rows := v.Strings("rows")
			return chain.BuildFunc(func(_ context.Context, s *chain.State, _ *rand.Rand) error {
				for y, row := range rows {
					for x, r := range []rune(row) {
						if r == '.' {
							s.Map.Set(chain.Point{X: x, Y: y}, chain.Floor)
						}
					}
				}
				s.Rooms = []chain.Rect{chain.R(1, 1, 2, 2)}
				st := chain.Point{X: 7, Y: 1}
				s.Start = &st
				s.AddSpawn(st, "Rat")
				return nil
			}), nil
		},
	})
}

// TestWFCFailureKeepsTheInput: two identical chunks whose east and west
// openings never line up cannot sit side by side, so every attempt fails and
// the input map, rooms, start and spawns are kept, with a labelled snapshot.
func TestWFCFailureKeepsTheInput(t *testing.T) {
	// One 8×8 chunk, twice: it opens east at row 1 and west at row 6.
	rows := []string{
		"################",
		"#######.#######.",
		"################",
		"################",
		"################",
		"################",
		".#######.#######",
		"################",
	}
	c := &chain.Chain{Depth: 1, Width: 16, Height: 8, Steps: []chain.Step{
		{Builder: "special_test_map", Params: map[string]any{"rows": rows}},
		{Builder: "waveform_collapse", Params: map[string]any{"flip": false, "max_retries": 3}},
	}}
	r, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)
	in := r.History.At(r.History.LastOf(0))
	assert.Equal(t, in.Map.Tiles, r.State.Map.Tiles)
	assert.Equal(t, []chain.Rect{chain.R(1, 1, 2, 2)}, r.State.Rooms)
	require.NotNil(t, r.State.Start)
	assert.Equal(t, chain.Point{X: 7, Y: 1}, *r.State.Start)
	assert.Len(t, r.State.Spawns, 1)
	labels := historyLabels(r)
	assert.Contains(t, labels, "attempt 3: stuck, starting over")
	assert.Contains(t, labels, "wfc failed after 3 attempts: kept the input map")
}

func historyLabels(r *chain.Result) []string {
	var out []string
	for i := range r.History.Len() {
		_, l := r.History.StepOf(i)
		out = append(out, l)
	}
	return out
}

func TestWFCGalleryAndProgressSnapshots(t *testing.T) {
	r, err := chain.Run(context.Background(), wfcChain(80, 50, nil), 2, nil)
	require.NoError(t, err)
	gallery, progress := 0, 0
	for i := range r.History.Len() {
		_, l := r.History.StepOf(i)
		switch {
		case strings.HasPrefix(l, "tile gallery"):
			gallery++
			sn := r.History.At(i)
			assert.Positive(t, sn.Map.Count(func(t chain.Tile) bool { return t == chain.DownStairs }), "openings are marked")
		case strings.HasPrefix(l, "attempt "):
			progress++
		}
	}
	assert.Positive(t, gallery)
	assert.Positive(t, progress)
}

func TestWFCDeterministic(t *testing.T) {
	run := func() (string, []string) {
		r, err := chain.Run(context.Background(), wfcChain(80, 50, nil), 7, nil)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, r.Level().WriteJSON(&buf))
		return buf.String(), historyLabels(r)
	}
	a, la := run()
	b, lb := run()
	assert.Equal(t, a, b)
	assert.Equal(t, la, lb)
}

func TestWFCErrors(t *testing.T) {
	c := wfcChain(20, 20, map[string]any{"chunk_size": 32})
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "smaller than one 32×32 chunk")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := pfFloorState(80, 50)
	spec, _ := chain.Lookup("waveform_collapse")
	b, err := spec.New(spec.Resolve(nil))
	require.NoError(t, err)
	assert.ErrorIs(t, b.Build(ctx, s, rand.New(rand.NewPCG(1, 1))), context.Canceled)
}

func BenchmarkWaveformCollapse80x50(b *testing.B) {
	base := pfBenchState(b)
	spec, _ := chain.Lookup("waveform_collapse")
	bl, err := spec.New(spec.Resolve(nil))
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		s := *base
		s.Map = base.Map.Clone()
		if err := bl.Build(context.Background(), &s, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWFCSolve80x50(b *testing.B) {
	base := pfBenchState(b)
	ps := wfcPatterns(base.Map, 8, true, 1024)
	cons, err := newConstraints(context.Background(), ps)
	require.NoError(b, err)
	s := newSolver(cons, 10, 6)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.solve(context.Background(), rng, func(int, int, int) {}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWaveformCollapseChain80x50 runs simple_map + waveform_collapse with
// the history recorded, as the editor does.
func BenchmarkWaveformCollapseChain80x50(b *testing.B) {
	c := wfcChain(80, 50, nil)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := chain.Run(context.Background(), c, seed, nil); err != nil {
			b.Fatal(err)
		}
	}
}
