package special

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders/rooms" // simple_map, to make rooms for the vaults
	"hewn/chain/prefab"
)

// pfFloorState is a w×h state of floor inside a wall border.
func pfFloorState(w, h int) *chain.State {
	g := chain.NewGrid(w, h)
	g.Fill(chain.R(1, 1, w-2, h-2), chain.Floor)
	return &chain.State{Map: g, Depth: 1}
}

func buildPrefab(t *testing.T, s *chain.State, params map[string]any) error {
	t.Helper()
	st, err := chain.NewStep("prefab", params)
	require.NoError(t, err)
	spec, _ := chain.Lookup("prefab")
	b, err := spec.New(spec.Resolve(st.Params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, rand.New(rand.NewPCG(1, 2)))
}

func TestSectionalPositions(t *testing.T) {
	tmpl := []any{"####", "#g##", "####"} // 4×3, the goblin at (1,1)
	const w, h = 40, 20
	xs := map[string]int{"left": 0, "center": w/2 - 2, "right": w - 1 - 4}
	ys := map[string]int{"top": 0, "center": h/2 - 1, "bottom": h - 1 - 3}
	for xn, x0 := range xs {
		for yn, y0 := range ys {
			s := pfFloorState(w, h)
			s.Spawns = []chain.Spawn{{X: x0 + 2, Y: y0 + 1, Name: "Rat"}, {X: 30, Y: 1, Name: "Bat"}}
			require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": tmpl, "x": xn, "y": yn}))
			names := []string{}
			for _, sp := range s.Spawns {
				names = append(names, sp.Name)
			}
			assert.ElementsMatch(t, []string{"Bat", "Goblin"}, names, "%s/%s: the rat under the section is replaced", xn, yn)
			gob := s.Spawns[len(s.Spawns)-1]
			assert.Equal(t, chain.Point{X: x0 + 1, Y: y0 + 1}, gob.Pos(), "%s/%s", xn, yn)
			assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: x0 + 3, Y: y0 + 1}), "%s/%s", xn, yn)
			for x := range w {
				require.Equal(t, chain.Wall, s.Map.At(chain.Point{X: x, Y: 0}), "border kept")
			}
		}
	}
}

func TestSectionalNumericPositionAndClamp(t *testing.T) {
	s := pfFloorState(40, 20)
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": []any{"g"}, "x": 7, "y": 5}))
	assert.Equal(t, chain.Point{X: 7, Y: 5}, s.Spawns[0].Pos())
	s = pfFloorState(40, 20)
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": []any{"g ", "  "}, "x": 39, "y": 19}))
	require.Len(t, s.Spawns, 1)
	assert.Equal(t, chain.Point{X: 38, Y: 18}, s.Spawns[0].Pos(), "clamped onto the map")
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 39, Y: 19}), "the border stays wall")
}

func TestSectionalFixesStartAndExits(t *testing.T) {
	s := pfFloorState(20, 10)
	st := chain.Point{X: 10, Y: 5}
	s.Start = &st
	_, err := s.AddExit(chain.Point{X: 9, Y: 5})
	require.NoError(t, err)
	_, err = s.AddExit(chain.Point{X: 2, Y: 2})
	require.NoError(t, err)
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": []any{"#####", "#####", "#####"}}))
	require.NotNil(t, s.Start)
	assert.True(t, s.Map.Walkable(*s.Start), "the start moved off the new wall")
	require.Len(t, s.Exits, 2, "the covered exit moved out of the section")
	assert.Equal(t, chain.Point{X: 2, Y: 2}, s.Exits[0].Pos())
	area := chain.R(8, 4, 5, 3)
	assert.False(t, area.Contains(s.Exits[1].Pos()), "%v", s.Exits[1])
	assert.Equal(t, chain.DownStairs, s.Map.At(s.Exits[1].Pos()))
}

// A section without x/y goes where the tutorial puts it: underground_fort at the
// right and top, orc_camp and drow_entry centred; x/y override it.
func TestSectionalOwnPlacement(t *testing.T) {
	const w, h = 80, 50
	cases := []struct {
		name   string
		params map[string]any
		x0, y0 int
	}{
		{"underground_fort", nil, w - 1 - 15, 0},
		{"orc_camp", nil, w/2 - 6, h/2 - 6},
		{"drow_entry", nil, w/2 - 6, h/2 - 5},
		{"underground_fort", map[string]any{"x": "left"}, 0, 0},
		{"orc_camp", map[string]any{"y": "top"}, w/2 - 6, 0},
		{"orc_camp", map[string]any{"x": 3, "y": 4}, 3, 4},
	}
	for _, tc := range cases {
		params := map[string]any{"mode": "sectional", "name": tc.name, "connect": false}
		for k, v := range tc.params {
			params[k] = v
		}
		s := pfFloorState(w, h)
		require.NoError(t, buildPrefab(t, s, params))
		b, ok := prefab.Lookup(tc.name)
		require.True(t, ok, tc.name)
		tm := b.Template
		for ty := range tm.H {
			for tx := range tm.W {
				p := chain.Point{X: tc.x0 + tx, Y: tc.y0 + ty}
				if s.Map.Inner(p) {
					require.Equal(t, tm.At(tx, ty).Tile, s.Map.At(p), "%s %v: %v", tc.name, tc.params, p)
				}
			}
		}
	}
	spec, _ := chain.Lookup("prefab")
	assert.Equal(t, "auto", spec.Resolve(nil).String("x"))
}

// With connect, parts of the map a section cuts off are joined back to the
// start, and no exit is left out of reach.
func TestSectionalConnects(t *testing.T) {
	// A corridor along row 5 that a wall section cuts in two.
	g := chain.NewGrid(40, 11)
	g.Fill(chain.R(1, 5, 38, 1), chain.Floor)
	s := &chain.State{Map: g, Depth: 1}
	require.NoError(t, s.SetStart(chain.Point{X: 1, Y: 5}))
	_, err := s.AddExit(chain.Point{X: 38, Y: 5})
	require.NoError(t, err)
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": []any{"#", "#", "#"}, "x": 20, "y": 4}))
	assert.Equal(t, chain.Wall, g.At(chain.Point{X: 20, Y: 5}), "the section's own wall stays")
	dist := chain.DistanceMap(g, []chain.Point{*s.Start})
	require.Len(t, s.Exits, 1)
	assert.NotEqual(t, chain.Unreachable, dist[g.Idx(s.Exits[0].Pos())], "the exit is reachable")
	assert.NotEqual(t, chain.Unreachable, dist[g.Idx(chain.Point{X: 30, Y: 5})], "the far side is joined back")

	// Without connect the far side stays cut off.
	g = chain.NewGrid(40, 11)
	g.Fill(chain.R(1, 5, 38, 1), chain.Floor)
	s = &chain.State{Map: g, Depth: 1}
	require.NoError(t, s.SetStart(chain.Point{X: 1, Y: 5}))
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "sectional", "template": []any{"#", "#", "#"}, "x": 20, "y": 4, "connect": false}))
	dist = chain.DistanceMap(g, []chain.Point{*s.Start})
	assert.Equal(t, chain.Unreachable, dist[g.Idx(chain.Point{X: 30, Y: 5})])
}

func TestLevelModeStartExitSpawns(t *testing.T) {
	s := pfFloorState(20, 10)
	s.Spawns = []chain.Spawn{{X: 1, Y: 1, Name: "Rat"}}
	s.Rooms = []chain.Rect{chain.R(1, 1, 3, 3)}
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "level", "template": []any{
		"#######",
		"#@ g >#",
		"#######",
	}}))
	x0, y0 := 0, 0 // the tutorial draws a level from the top-left corner
	require.NotNil(t, s.Start)
	assert.Equal(t, chain.Point{X: x0 + 1, Y: y0 + 1}, *s.Start)
	require.Len(t, s.Exits, 1)
	assert.Equal(t, chain.Point{X: x0 + 5, Y: y0 + 1}, s.Exits[0].Pos())
	assert.Equal(t, chain.DownStairs, s.Map.At(s.Exits[0].Pos()))
	assert.Equal(t, []chain.Spawn{{X: x0 + 3, Y: y0 + 1, Name: "Goblin"}}, s.Spawns)
	assert.Nil(t, s.Rooms)
	assert.Equal(t, 5, s.Map.Count(chain.Tile.Walkable), "only the template's open tiles")
}

func TestPrefabErrors(t *testing.T) {
	s := pfFloorState(10, 10)
	err := buildPrefab(t, s, map[string]any{"mode": "level", "template": []any{strings.Repeat("#", 11)}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "11×1, larger than the 10×10 map")

	err = buildPrefab(t, pfFloorState(10, 10), map[string]any{"mode": "sectional", "name": "no_such"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown prefab "no_such"`)
	assert.Contains(t, err.Error(), "orc_camp")

	_, err = chain.NewStep("prefab", map[string]any{"name": "orc_camp", "template": []any{"#"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not both")

	// A character the tutorial's legend lacks may be the project's: the run tells.
	c, err := chain.DecodeJSON([]byte(`{"steps": [{"builder": "prefab", "params": {"mode": "level", "template": ["#?"]}}]}`), "")
	require.NoError(t, err)
	_, err = chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "steps[0] prefab: template row 1, column 2: unknown character \"?\"")

	s = pfFloorState(40, 40)
	s.Rooms = []chain.Rect{chain.R(1, 1, 30, 30)}
	s.Depth = 9
	err = buildPrefab(t, s, map[string]any{"mode": "room_vaults", "vaults": []any{"checkerboard", "missing"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `vaults[1]: unknown prefab "missing"`)
}

func TestProjectTemplatesTakePrecedence(t *testing.T) {
	c := &chain.Chain{Depth: 1, Width: 40, Height: 30, Steps: []chain.Step{
		{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "orc_camp"}},
	}}
	r, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(t, err)
	assert.Contains(t, pfSpawnNames(r.State), "Orc Leader", "the built-in orc camp")

	r, err = chain.RunConfig(context.Background(), c, chain.Config{Master: 1, Templates: map[string][]string{
		"orc_camp": {"###", "#g#", "###"},
	}})
	require.NoError(t, err)
	assert.Equal(t, []string{"Goblin"}, pfSpawnNames(r.State), "the project's own orc camp")

	c.Steps[0].Params["name"] = "my_vault"
	_, err = chain.RunConfig(context.Background(), c, chain.Config{Master: 1, Templates: map[string][]string{"my_vault": {"#x"}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `project prefab "my_vault": template row 1, column 2`)
}

func pfSpawnNames(s *chain.State) []string {
	var out []string
	for _, sp := range s.Spawns {
		out = append(out, sp.Name)
	}
	return out
}

// TestRoomVaultsScanTheWholeMap runs room vaults on caves (no rooms at all) over
// many seeds: vaults go wherever they fit on plain floor, off the outer two rings,
// never over the start or an exit; every tile they change was plain floor.
func TestRoomVaultsScanTheWholeMap(t *testing.T) {
	c := &chain.Chain{Depth: 5, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "center", "y": "center"}},
		{Builder: "cull_unreachable"},
		{Builder: "distant_exit"},
		{Builder: "prefab"},
	}}
	placed := 0
	for seed := range uint64(30) {
		r, err := chain.Run(context.Background(), c, seed, nil)
		require.NoError(t, err)
		before := r.History.At(r.History.LastOf(3)).Map
		after := r.State.Map
		for i := range after.Tiles {
			if after.Tiles[i] != before.Tiles[i] {
				p := after.Pt(i)
				assert.Equal(t, chain.Floor, before.Tiles[i], "seed %d: %v was not plain floor", seed, p)
				assert.True(t, p.X > 1 && p.Y > 1 && p.X < after.W-3 && p.Y < after.H-3, "seed %d: %v too near the edge", seed, p)
			}
		}
		require.NotNil(t, r.State.Start)
		assert.True(t, after.Walkable(*r.State.Start))
		for _, e := range r.State.Exits {
			assert.Equal(t, chain.DownStairs, after.At(e.Pos()))
		}
		if len(r.State.Spawns) > 0 {
			placed++
		}
	}
	assert.Greater(t, placed, 20, "at depth 5 a vault is always wanted; most caves have room for one")
}

// The built-in vault list is the tutorial's three; project prefabs join by name.
func TestRoomVaultsDefaultList(t *testing.T) {
	spec, _ := chain.Lookup("prefab")
	assert.Equal(t, []string{"totally_not_a_trap", "checkerboard", "silly_smile"}, spec.Resolve(nil).Strings("vaults"))
	c := &chain.Chain{Depth: 5, Width: 40, Height: 30, Steps: []chain.Step{
		{Builder: "prefab", Params: map[string]any{"mode": "level", "template": []string{"#"}}},
		{Builder: "prefab", Params: map[string]any{"vaults": []string{"mine"}}},
	}}
	c.Steps[0].Params["template"] = []string{strings.Repeat("#", 40), "#" + strings.Repeat(" ", 38) + "#"}
	for range 27 {
		c.Steps[0].Params["template"] = append(c.Steps[0].Params["template"].([]string), "#"+strings.Repeat(" ", 38)+"#")
	}
	c.Steps[0].Params["template"] = append(c.Steps[0].Params["template"].([]string), strings.Repeat("#", 40))
	r, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1, Templates: map[string][]string{"mine": {"   ", " g ", "   "}}})
	require.NoError(t, err)
	assert.Equal(t, []string{"Goblin"}, pfSpawnNames(r.State))
}

func TestRoomVaultsChanceAndDepth(t *testing.T) {
	s := pfFloorState(60, 40)
	s.Rooms = []chain.Rect{chain.R(1, 1, 58, 38)}
	s.Depth = 0
	none := 0
	for i := range uint64(60) {
		s2 := pfFloorState(60, 40)
		s2.Depth = 0
		st, _ := chain.NewStep("prefab", map[string]any{"vaults": []any{"totally_not_a_trap"}})
		spec, _ := chain.Lookup("prefab")
		b, _ := spec.New(spec.Resolve(st.Params))
		require.NoError(t, b.Build(context.Background(), s2, rand.New(rand.NewPCG(i, 9))))
		if len(s2.Spawns) == 0 {
			none++
		} else {
			assert.Len(t, s2.Spawns, 9, "one trap vault: 8 traps and a potion")
		}
	}
	// 1d6 + 0 < 4 half the time.
	assert.InDelta(t, 30, none, 15)

	s.Depth = 200 // beyond every built-in vault's depth range
	require.NoError(t, buildPrefab(t, s, map[string]any{}))
	assert.Empty(t, s.Spawns)
}

// FuzzStampTemplate stamps any template that parses onto a small map.
func FuzzStampTemplate(f *testing.F) {
	f.Add("###\n#@#\n###")
	f.Add(" ≈≈☼\n\xff\n")
	f.Add("")
	f.Add("g\r\n  \n>")
	f.Fuzz(func(t *testing.T, text string) {
		rows := strings.Split(text, "\n")
		tm, err := prefab.Parse(rows)
		if err != nil {
			return
		}
		require.Len(t, tm.Cells, tm.W*tm.H)
		require.Equal(t, len(rows), tm.H)
		s := pfFloorState(max(8, tm.W), max(8, tm.H))
		require.NotPanics(t, func() { _ = stamp(s, tm, 0, 0) })
	})
}

// pfBenchState is a simple_map state at 80×50 without a history (snapshots are
// not recorded, so a benchmark loop does not grow one).
func pfBenchState(b *testing.B) *chain.State {
	c := &chain.Chain{Depth: 5, Width: 80, Height: 50, Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"draw": true}}}}
	r, err := chain.Run(context.Background(), c, 3, nil)
	require.NoError(b, err)
	s := r.State
	return &chain.State{Map: s.Map, Rooms: s.Rooms, Corridors: s.Corridors, Depth: s.Depth}
}

func benchPrefab(b *testing.B, params map[string]any) {
	base := pfBenchState(b)
	st, err := chain.NewStep("prefab", params)
	require.NoError(b, err)
	spec, _ := chain.Lookup("prefab")
	bl, err := spec.New(spec.Resolve(st.Params))
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		s := *base
		s.Map = base.Map.Clone()
		s.Spawns = nil
		if err := bl.Build(context.Background(), &s, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrefabLevel80x50(b *testing.B) {
	benchPrefab(b, map[string]any{"mode": "level", "name": "wfc_populated"})
}

func BenchmarkPrefabSectional80x50(b *testing.B) {
	benchPrefab(b, map[string]any{"mode": "sectional", "name": "underground_fort", "x": "right", "y": "top"})
}

func BenchmarkPrefabRoomVaults80x50(b *testing.B) {
	benchPrefab(b, map[string]any{"mode": "room_vaults"})
}

// TestBuiltinLevelIsConnected: the wfc_populated level has a start and an exit,
// and every open tile is reachable from the start.
func TestBuiltinLevelIsConnected(t *testing.T) {
	s := pfFloorState(80, 50)
	require.NoError(t, buildPrefab(t, s, map[string]any{"mode": "level"}))
	require.NotNil(t, s.Start)
	require.Len(t, s.Exits, 1)
	dist := chain.DistanceMap(s.Map, []chain.Point{*s.Start})
	for i, tl := range s.Map.Tiles {
		if tl.Walkable() {
			require.NotEqual(t, chain.Unreachable, dist[i], "tile %v", s.Map.Pt(i))
		}
	}
	assert.NotEmpty(t, s.Spawns)
}

// A cell that keeps the map leaves the tile and what stands on it alone.
func TestStampKeepCell(t *testing.T) {
	l := prefab.Tutorial().With('?', prefab.Cell{Keep: true})
	tm, err := l.Parse([]string{"#?#", "g?>"})
	require.NoError(t, err)
	s := pfFloorState(10, 10)
	s.Map.Set(chain.Point{X: 3, Y: 2}, chain.DeepWater)
	s.Spawns = []chain.Spawn{{X: 3, Y: 3, Name: "Rat"}, {X: 2, Y: 3, Name: "Bat"}}
	require.NoError(t, stamp(s, tm, 2, 2))
	assert.Equal(t, chain.Wall, s.Map.At(chain.Point{X: 2, Y: 2}))
	assert.Equal(t, chain.DeepWater, s.Map.At(chain.Point{X: 3, Y: 2}), "kept")
	assert.Equal(t, chain.Floor, s.Map.At(chain.Point{X: 3, Y: 3}), "kept")
	assert.ElementsMatch(t, []chain.Spawn{{X: 3, Y: 3, Name: "Rat"}, {X: 2, Y: 3, Name: "Goblin"}}, s.Spawns,
		"the rat on a kept cell stays, the bat under the goblin goes")
	require.Len(t, s.Exits, 1)
	assert.Equal(t, chain.Point{X: 4, Y: 3}, s.Exits[0].Pos())
}
