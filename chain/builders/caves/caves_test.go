package caves_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/builders/caves"
	"hewn/chain/builders/internal/kit"
)

// step builds a chain step, failing the test on bad parameters.
func step(t testing.TB, builder string, params map[string]any) chain.Step {
	t.Helper()
	s, err := chain.NewStep(builder, params)
	require.NoError(t, err)
	return s
}

// run runs steps on a w×h map with the given master seed.
func run(t testing.TB, w, h int, seed uint64, steps ...chain.Step) *chain.Result {
	t.Helper()
	r, err := chain.Run(context.Background(), &chain.Chain{Width: w, Height: h, Steps: steps}, seed, nil)
	require.NoError(t, err)
	return r
}

// build runs one builder directly on s.
func build(t testing.TB, s *chain.State, builder string, params map[string]any) error {
	t.Helper()
	spec, ok := chain.Lookup(builder)
	require.True(t, ok, builder)
	b, err := spec.New(spec.Resolve(params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, chain.NewRand(1, builder))
}

// placed is the usual tail of a cave chain: start at the centre, cull, distant exit.
func placed(t testing.TB) []chain.Step {
	return []chain.Step{
		step(t, "area_starting_position", map[string]any{"x": "center", "y": "center"}),
		step(t, "cull_unreachable", nil),
		step(t, "distant_exit", nil),
	}
}

func mapString(g *chain.Grid) string { return chain.ASCII(g, nil) }

var initialBuilders = []string{"cellular_automata", "drunkards_walk", "maze", "dla", "voronoi", "noise_halls"}

func TestInitialBuildersWallTheBorderAndMakeFloor(t *testing.T) {
	for _, name := range initialBuilders {
		for _, size := range [][2]int{{8, 8}, {13, 9}, {80, 50}} {
			params := map[string]any(nil)
			if name == "voronoi" {
				params = map[string]any{"seeds": 20} // 64 seeds do not fit on 8×8 (an error)
			}
			for seed := range uint64(4) {
				g := run(t, size[0], size[1], seed, step(t, name, params)).State.Map
				for x := 0; x < g.W; x++ {
					require.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: 0}), "%s %v", name, size)
					require.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: g.H - 1}), "%s %v", name, size)
				}
				for y := 0; y < g.H; y++ {
					require.Equal(t, chain.Wall, g.At(chain.Point{X: 0, Y: y}), "%s %v", name, size)
					require.Equal(t, chain.Wall, g.At(chain.Point{X: g.W - 1, Y: y}), "%s %v", name, size)
				}
				if size[0] >= 80 {
					assert.Positive(t, g.Count(chain.Tile.Walkable), "%s seed %d made no floor", name, seed)
				}
			}
		}
	}
}

func TestDrunkardPresetsDifferAndFieldsOverride(t *testing.T) {
	spec, _ := chain.Lookup("drunkards_walk")
	presets := []string{"open_area", "open_halls", "winding_passages", "fat_passages", "fearful_symmetry"}
	maps := map[string]string{}
	for _, p := range presets {
		m := mapString(run(t, 80, 50, 3, step(t, "drunkards_walk", map[string]any{"preset": p})).State.Map)
		for q, other := range maps {
			assert.NotEqual(t, other, m, "presets %s and %s made the same map", p, q)
		}
		maps[p] = m
	}
	// No preset and no fields: the tutorial's open area.
	assert.Equal(t, maps["open_area"], mapString(run(t, 80, 50, 3, step(t, "drunkards_walk", nil)).State.Map))

	v := spec.Resolve(map[string]any{"preset": "winding_passages", "brush_size": 3, "symmetry": "vertical"})
	assert.Equal(t, 3, v.Int("brush_size"), "explicit field wins")
	assert.Equal(t, "vertical", v.String("symmetry"))
	assert.Equal(t, 100, v.Int("lifetime"), "preset fills the rest")
	assert.Equal(t, "random", v.String("spawn_mode"))
	assert.InDelta(t, 0.4, v.Float("floor_percent"), 1e-9)

	over := mapString(run(t, 80, 50, 3, step(t, "drunkards_walk", map[string]any{"preset": "winding_passages", "brush_size": 3})).State.Map)
	assert.NotEqual(t, maps["winding_passages"], over)
}

func TestDLAPresetsDifferAndFieldsOverride(t *testing.T) {
	spec, _ := chain.Lookup("dla")
	presets := []string{"walk_inwards", "walk_outwards", "central_attractor", "insectoid", "heavy_erosion"}
	maps := map[string]string{}
	for _, p := range presets {
		m := mapString(run(t, 80, 50, 5, step(t, "dla", map[string]any{"preset": p})).State.Map)
		for q, other := range maps {
			assert.NotEqual(t, other, m, "presets %s and %s made the same map", p, q)
		}
		maps[p] = m
	}
	def := spec.Resolve(nil)
	assert.Equal(t, "walk_inwards", def.String("algorithm"))
	assert.Equal(t, 2, def.Int("brush_size"))
	assert.Equal(t, "none", def.String("symmetry"))
	assert.InDelta(t, 0.25, def.Float("floor_percent"), 1e-9)

	v := spec.Resolve(map[string]any{"preset": "insectoid", "floor_percent": 0.3})
	assert.Equal(t, "central_attractor", v.String("algorithm"))
	assert.Equal(t, "horizontal", v.String("symmetry"))
	assert.InDelta(t, 0.3, v.Float("floor_percent"), 1e-9)
}

func TestWalkersReachTheirFloorShare(t *testing.T) {
	for _, name := range []string{"drunkards_walk", "dla"} {
		for _, algo := range []map[string]any{nil, {"preset": "fat_passages"}, {"preset": "central_attractor"}, {"preset": "walk_outwards"}} {
			if (name == "dla") != (algo == nil || algo["preset"] != "fat_passages") {
				continue
			}
			r := run(t, 80, 50, 2, step(t, name, algo))
			spec, _ := chain.Lookup(name)
			want := int(spec.Resolve(algo).Float("floor_percent") * 80 * 50)
			assert.GreaterOrEqual(t, kit.FloorCount(r.State.Map), want, "%s %v", name, algo)
			assert.Greater(t, r.History.Len(), 2, "%s %v shows its progress", name, algo)
		}
	}
}

// Strokes are painted at mirrored points (the tutorial's paint): with a one-tile
// brush the map is an exact mirror image. (A 2×2 brush keeps its point at the
// bottom-right on both sides, so its mirror is one column off, as in the tutorial.)
func TestSymmetryMirrorsTheMap(t *testing.T) {
	g := run(t, 61, 41, 4, step(t, "drunkards_walk", map[string]any{"preset": "winding_passages", "symmetry": "horizontal", "brush_size": 1})).State.Map
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			require.Equal(t, g.At(chain.Point{X: x, Y: y}), g.At(chain.Point{X: g.W - 1 - x, Y: y}), "(%d,%d)", x, y)
		}
	}
}

func TestUnreachableFloorIsCulledAndExitIsFarthest(t *testing.T) {
	for seed := range uint64(10) {
		steps := append([]chain.Step{step(t, "cellular_automata", nil)}, placed(t)...)
		s := run(t, 80, 50, seed, steps...).State
		require.NotNil(t, s.Start)
		require.Len(t, s.Exits, 1)
		walk := chain.DistanceMap(s.Map, []chain.Point{*s.Start})
		cost := chain.WalkCostMap(s.Map, []chain.Point{*s.Start})
		e := s.Exits[0].Pos()
		far := 0
		for i, tl := range s.Map.Tiles {
			if tl == chain.Floor {
				require.NotEqual(t, chain.Unreachable, walk[i], "seed %d: floor %v left unreachable", seed, s.Map.Pt(i))
			}
			if tl == chain.Floor || s.Map.Pt(i) == e {
				far = max(far, cost[i])
			}
		}
		assert.Equal(t, chain.DownStairs, s.Map.At(e))
		assert.Equal(t, far, cost[s.Map.Idx(e)], "seed %d: exit %v is not the farthest tile by walking cost", seed, e)
		assert.Greater(t, walk[s.Map.Idx(e)], 20, "seed %d: a cave exit should be far away", seed)
	}
}

func TestCullMovesCutOffExitsAndDropsWalledSpawns(t *testing.T) {
	g := chain.NewGrid(20, 10)
	g.Fill(chain.R(1, 1, 5, 5), chain.Floor)  // reachable room
	g.Fill(chain.R(10, 1, 5, 5), chain.Floor) // cut-off room
	s := &chain.State{Map: g}
	require.NoError(t, s.SetStart(chain.Point{X: 2, Y: 2}))
	_, err := s.AddExit(chain.Point{X: 12, Y: 3})
	require.NoError(t, err)
	s.AddSpawn(chain.Point{X: 13, Y: 3}, "Goblin")
	s.AddSpawn(chain.Point{X: 3, Y: 3}, "Rations")
	require.NoError(t, build(t, s, "cull_unreachable", nil))
	assert.Equal(t, chain.Wall, g.At(chain.Point{X: 12, Y: 2}), "cut-off floor walled")
	assert.Equal(t, chain.Wall, g.At(chain.Point{X: 12, Y: 3}), "old stairs walled")
	require.Len(t, s.Exits, 1)
	assert.Equal(t, chain.Point{X: 5, Y: 3}, s.Exits[0].Pos(), "exit moved to the nearest reachable tile")
	assert.Equal(t, chain.DownStairs, g.At(chain.Point{X: 5, Y: 3}))
	assert.Equal(t, []chain.Spawn{{X: 3, Y: 3, Name: "Rations"}}, s.Spawns)
}

func TestVoronoiMetricsDiffer(t *testing.T) {
	maps := map[string]string{}
	for _, d := range []string{"pythagoras", "manhattan", "chebyshev"} {
		m := mapString(run(t, 80, 50, 9, step(t, "voronoi", map[string]any{"distance": d})).State.Map)
		for q, other := range maps {
			assert.NotEqual(t, other, m, "metrics %s and %s made the same map", d, q)
		}
		maps[d] = m
	}
	few := run(t, 80, 50, 9, step(t, "voronoi", map[string]any{"seeds": 4})).State.Map
	many := run(t, 80, 50, 9, step(t, "voronoi", map[string]any{"seeds": 200})).State.Map
	assert.Greater(t, few.Count(chain.Tile.Walkable), many.Count(chain.Tile.Walkable), "more seeds, more cell walls")
}

func TestMazeIsPerfect(t *testing.T) {
	for seed := range uint64(5) {
		r := run(t, 41, 31, seed, step(t, "maze", nil))
		g := r.State.Map
		cells := (g.W/2 - 2) * (g.H/2 - 2)
		// A spanning tree: every cell plus one passage per edge of the tree.
		require.Equal(t, 2*cells-1, g.Count(chain.Tile.Walkable), "seed %d", seed)
		dist := chain.DistanceMap(g, []chain.Point{{X: 2, Y: 2}})
		for i, tl := range g.Tiles {
			if tl.Walkable() {
				require.NotEqual(t, chain.Unreachable, dist[i], "seed %d: %v cut off", seed, g.Pt(i))
			}
		}
		assert.Greater(t, r.History.Len(), 1)
	}
}

func TestNoiseHalls(t *testing.T) {
	sawStairs := false
	for seed := range uint64(8) {
		s := run(t, 80, 50, seed, step(t, "noise_halls", nil)).State
		g := s.Map
		for y := g.H/2 - 3; y <= g.H/2+3; y++ {
			for x := g.W/2 - 3; x <= g.W/2+3; x++ {
				require.Equal(t, chain.Floor, g.At(chain.Point{X: x, Y: y}), "open centre")
			}
		}
		for _, e := range s.Exits {
			sawStairs = true
			assert.Equal(t, chain.DownStairs, g.At(e.Pos()))
			assert.Equal(t, 5, (e.X-g.W/2+1000)%10, "stairs on a lattice intersection")
			assert.Equal(t, 5, (e.Y-g.H/2+1000)%10, "stairs on a lattice intersection")
		}
	}
	assert.True(t, sawStairs, "about 1 in 10 intersections holds stairs")
	none := run(t, 80, 50, 1, step(t, "noise_halls", map[string]any{"stairs_chance": 0})).State
	assert.Empty(t, none.Exits)
	a := mapString(run(t, 80, 50, 1, step(t, "noise_halls", nil)).State.Map)
	b := mapString(run(t, 80, 50, 2, step(t, "noise_halls", nil)).State.Map)
	assert.NotEqual(t, a, b, "the noise is seeded from the run")
}

func TestAreaPositions(t *testing.T) {
	s := run(t, 60, 30, 1, step(t, "cellular_automata", nil),
		step(t, "area_starting_position", map[string]any{"x": "left", "y": "top"}),
		step(t, "area_ending_position", map[string]any{"x": "right", "y": "bottom"})).State
	require.NotNil(t, s.Start)
	assert.True(t, s.Map.Walkable(*s.Start))
	want, err := s.NearestWalkable(chain.Point{X: 1, Y: 1})
	require.NoError(t, err)
	assert.Equal(t, want, *s.Start, "start is the walkable tile nearest (1,1)")
	require.Len(t, s.Exits, 1)
	assert.Greater(t, s.Exits[0].X, 40)
	assert.Greater(t, s.Exits[0].Y, 15)
	assert.Equal(t, chain.DownStairs, s.Map.At(s.Exits[0].Pos()))
}

func TestCellularAutomataAsMetaKeepsExitsAndStart(t *testing.T) {
	r := run(t, 80, 50, 6, step(t, "drunkards_walk", map[string]any{"preset": "fat_passages"}),
		step(t, "area_starting_position", nil), step(t, "area_ending_position", nil),
		step(t, "cellular_automata", map[string]any{"meta_iterations": 4}))
	s := r.State
	assert.True(t, s.Map.Walkable(*s.Start))
	assert.Equal(t, chain.DownStairs, s.Map.At(s.Exits[0].Pos()))
	// Meta mode smooths (a snapshot per iteration) and does not reseed noise.
	n := 0
	for i := 0; i < r.History.Len(); i++ {
		if st, _ := r.History.StepOf(i); st.Builder == "cellular_automata" {
			n++
		}
	}
	assert.Equal(t, 4, n)
}

// As a meta builder cellular_automata runs one iteration by default (the
// tutorial's meta form): the map is exactly one smoothing of the input.
func TestCellularAutomataMetaRunsOneIteration(t *testing.T) {
	r := run(t, 60, 40, 2, step(t, "drunkards_walk", map[string]any{"preset": "fat_passages"}), step(t, "cellular_automata", nil))
	h := r.History
	in := h.At(h.LastOf(0)).Map
	n := 0
	for i := 0; i < h.Len(); i++ {
		if st, _ := h.StepOf(i); st.Builder == "cellular_automata" {
			n++
		}
	}
	assert.Equal(t, 1, n, "one snapshot: one iteration")
	want := in.Clone()
	caves.RefIterate(want)
	assert.Equal(t, mapString(want), mapString(r.State.Map))
}

func TestErrorsWithoutFloor(t *testing.T) {
	cases := []struct {
		builder string
		params  map[string]any
		start   bool
		want    string
	}{
		{"area_starting_position", nil, false, "no walkable tile"},
		{"area_ending_position", nil, false, "no walkable tile"},
		{"distant_exit", nil, true, "not on a walkable tile"},
		{"cull_unreachable", nil, true, "not on a walkable tile"},
		{"distant_exit", nil, false, "needs a start"},
		{"cull_unreachable", nil, false, "needs a start"},
	}
	for _, c := range cases {
		s := &chain.State{Map: chain.NewGrid(20, 20)}
		if c.start {
			s.Start = &chain.Point{X: 5, Y: 5}
		}
		err := build(t, s, c.builder, c.params)
		require.Error(t, err, c.builder)
		assert.Contains(t, err.Error(), c.want, c.builder)
	}
	// A start walled in on its own: no tile to put the exit on.
	s := &chain.State{Map: chain.NewGrid(20, 20)}
	s.Map.Set(chain.Point{X: 5, Y: 5}, chain.Floor)
	require.NoError(t, s.SetStart(chain.Point{X: 5, Y: 5}))
	err := build(t, s, "distant_exit", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no free walkable tile")
}

func TestImpossibleInputIsAnError(t *testing.T) {
	_, err := chain.Run(context.Background(), &chain.Chain{Width: 8, Height: 8,
		Steps: []chain.Step{step(t, "drunkards_walk", map[string]any{"floor_percent": 0.9})}}, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `steps[0] drunkards_walk: floor_percent 0.9 asks for 57 floor tiles, but at most 36`)

	_, err = chain.Run(context.Background(), &chain.Chain{Width: 8, Height: 8,
		Steps: []chain.Step{step(t, "voronoi", map[string]any{"seeds": 50})}}, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "seeds 50 is more than the 49 distinct seed positions")

	// The biggest reachable share on the smallest map still terminates.
	for _, b := range []string{"drunkards_walk", "dla"} {
		_, err = chain.Run(context.Background(), &chain.Chain{Width: 8, Height: 8,
			Steps: []chain.Step{step(t, b, map[string]any{"floor_percent": 0.56, "symmetry": "both"})}}, 1, nil)
		assert.NoError(t, err, b)
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range initialBuilders {
		s := &chain.State{Map: chain.NewGrid(200, 200)}
		spec, _ := chain.Lookup(name)
		b, err := spec.New(spec.Resolve(nil))
		require.NoError(t, err)
		err = b.Build(ctx, s, chain.NewRand(1, name))
		if name != "dla" && name != "drunkards_walk" { // walkers check every 4096 steps
			assert.True(t, errors.Is(err, context.Canceled), "%s: %v", name, err)
		}
	}
}

func TestDeterministicAndSeedSensitive(t *testing.T) {
	for _, name := range initialBuilders {
		a := mapString(run(t, 60, 30, 11, step(t, name, nil)).State.Map)
		b := mapString(run(t, 60, 30, 11, step(t, name, nil)).State.Map)
		c := mapString(run(t, 60, 30, 12, step(t, name, nil)).State.Map)
		assert.Equal(t, a, b, name)
		assert.NotEqual(t, a, c, name)
	}
}
