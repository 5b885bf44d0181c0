package rooms_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
	"hewn/chain/builders/rooms"
)

// step builds a chain step, failing the test on bad parameters.
func step(t testing.TB, builder string, params map[string]any) chain.Step {
	t.Helper()
	s, err := chain.NewStep(builder, params)
	require.NoError(t, err)
	return s
}

// run runs steps on a w×h map with the given master seed.
func run(t testing.TB, w, h int, seed uint64, steps ...chain.Step) *chain.State {
	t.Helper()
	r, err := chain.Run(context.Background(), &chain.Chain{Width: w, Height: h, Steps: steps}, seed, nil)
	require.NoError(t, err)
	return r.State
}

// build runs one builder directly on s.
func build(t testing.TB, s *chain.State, builder string, params map[string]any, seed uint64) error {
	t.Helper()
	spec, ok := chain.Lookup(builder)
	require.True(t, ok, builder)
	b, err := spec.New(spec.Resolve(params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, chain.NewRand(seed, builder))
}

// dungeon is bsp_dungeon with its rooms drawn as rectangles.
func dungeon(t testing.TB) []chain.Step {
	return []chain.Step{step(t, "bsp_dungeon", nil), step(t, "room_drawer", map[string]any{"shape": "rectangle"})}
}

func TestBspDungeonRoomsApartAndInside(t *testing.T) {
	for seed := range uint64(10) {
		s := run(t, 80, 50, seed, step(t, "bsp_dungeon", nil))
		require.NotEmpty(t, s.Rooms, "seed %d", seed)
		assert.Zero(t, s.Map.Count(chain.Tile.Walkable), "bsp_dungeon alone draws nothing")
		for i, r := range s.Rooms {
			assert.True(t, kit.InnerRect(s.Map).Intersect(r) == r, "room %v off the interior", r)
			assert.GreaterOrEqual(t, min(r.W, r.H), 4)
			assert.LessOrEqual(t, max(r.W, r.H), 20, "the tutorial's rooms are 4 to 20 tiles a side")
			for _, o := range s.Rooms[:i] {
				assert.False(t, r.Inset(-1).Intersects(o), "seed %d: rooms %v and %v touch", seed, r, o)
			}
		}
	}
	s := run(t, 80, 50, 3, step(t, "bsp_dungeon", map[string]any{"draw": true}))
	area := 0
	for _, r := range s.Rooms {
		area += r.W * r.H
		r.Each(func(p chain.Point) { require.Equal(t, chain.Floor, s.Map.At(p)) })
	}
	assert.Equal(t, area, s.Map.Count(chain.Tile.Walkable), "draw carves exactly the rooms")
}

func TestBspInteriorFillsTheMap(t *testing.T) {
	s := run(t, 80, 50, 1, step(t, "bsp_interior", nil))
	require.Greater(t, len(s.Rooms), 4)
	require.Nil(t, s.Corridors, "the tutorial's bsp_interior draws its corridors without recording them")
	for i, r := range s.Rooms {
		assert.True(t, kit.InnerRect(s.Map).Intersect(r) == r)
		for _, o := range s.Rooms[:i] {
			assert.False(t, r.Intersects(o), "rooms %v and %v overlap", r, o)
		}
	}
	// Every room is joined to the next, so the whole map is one region.
	dist := chain.DistanceMap(s.Map, []chain.Point{s.Rooms[0].Center()})
	for _, r := range s.Rooms {
		assert.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(r.Center())], "room %v unreachable", r)
	}
}

// With no corridors recorded, door_placement after bsp_interior scans the whole
// map (the tutorial's fallback): doors land in the one-tile gaps between rooms,
// not only at corridor heads.
func TestDoorsAfterBspInteriorScanTheMap(t *testing.T) {
	doors := 0
	for seed := range uint64(10) {
		s := run(t, 80, 50, seed, step(t, "bsp_interior", nil), step(t, "door_placement", nil))
		require.Nil(t, s.Corridors)
		for _, sp := range s.Spawns {
			p := sp.Pos()
			require.Equal(t, chain.Floor, s.Map.At(p))
			ew := s.Map.At(p.Add(chain.Point{X: -1})) == chain.Floor && s.Map.At(p.Add(chain.Point{X: 1})) == chain.Floor
			ns := s.Map.At(p.Add(chain.Point{Y: -1})) == chain.Floor && s.Map.At(p.Add(chain.Point{Y: 1})) == chain.Floor
			assert.True(t, ew || ns, "seed %d: door %v is not in a gap", seed, p)
		}
		doors += len(s.Spawns)
	}
	assert.Positive(t, doors)
}

// simple_map records rooms only, as the tutorial's: 6 to 9 tiles a side, inside
// the border, at least one wall apart; draw carves them and joins them.
func TestSimpleMapRecordsRoomsOnly(t *testing.T) {
	sizes := map[int]bool{}
	for seed := range uint64(20) {
		s := run(t, 80, 50, seed, step(t, "simple_map", nil))
		require.NotEmpty(t, s.Rooms)
		assert.Nil(t, s.Corridors, "no corridors")
		assert.Zero(t, s.Map.Count(chain.Tile.Walkable), "simple_map alone draws nothing")
		for i, r := range s.Rooms {
			assert.True(t, kit.InnerRect(s.Map).Intersect(r) == r, "room %v off the interior", r)
			sizes[r.W], sizes[r.H] = true, true
			for _, o := range s.Rooms[:i] {
				assert.False(t, r.Inset(-1).Intersects(o), "seed %d: rooms %v and %v touch", seed, r, o)
			}
		}
	}
	assert.Equal(t, map[int]bool{6: true, 7: true, 8: true, 9: true}, sizes, "the tutorial's range(6, 10)")

	s := run(t, 80, 50, 3, step(t, "simple_map", map[string]any{"draw": true}))
	require.Len(t, s.Corridors, len(s.Rooms)-1)
	dist := chain.DistanceMap(s.Map, []chain.Point{s.Rooms[0].Center()})
	for _, r := range s.Rooms {
		r.Each(func(p chain.Point) { require.Equal(t, chain.Floor, s.Map.At(p)) })
		assert.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(r.Center())], "room %v unreachable", r)
	}
	spec, _ := chain.Lookup("simple_map")
	assert.Equal(t, chain.FRooms|chain.FCorridors, spec.EffectOf(map[string]any{"draw": true}).Makes)
	assert.Equal(t, chain.FRooms, spec.EffectOf(nil).Makes)
}

func TestRoomSorterSorts(t *testing.T) {
	keys := map[string]func(r chain.Rect) int{
		"leftmost":   func(r chain.Rect) int { return r.X },
		"rightmost":  func(r chain.Rect) int { return -r.X2() },
		"topmost":    func(r chain.Rect) int { return r.Y },
		"bottommost": func(r chain.Rect) int { return -r.Y2() },
		"central":    func(r chain.Rect) int { return chain.DistSq(r.Center(), chain.Point{X: 40, Y: 25}) },
	}
	orig := run(t, 80, 50, 5, step(t, "bsp_dungeon", nil)).Rooms
	require.Greater(t, len(orig), 5)
	for name, key := range keys {
		t.Run(name, func(t *testing.T) {
			s := run(t, 80, 50, 5, step(t, "bsp_dungeon", nil), step(t, "room_sorter", map[string]any{"sort": name}))
			assert.ElementsMatch(t, orig, s.Rooms, "the same rooms")
			assert.NotEqual(t, orig, s.Rooms, "in a new order")
			assert.True(t, slices.IsSortedFunc(s.Rooms, func(a, b chain.Rect) int { return key(a) - key(b) }), "%v", s.Rooms)
		})
	}
}

func TestRoomSorterIsStable(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(20, 20), Rooms: []chain.Rect{
		chain.R(5, 1, 2, 2), chain.R(1, 9, 2, 2), chain.R(5, 5, 3, 3), chain.R(1, 1, 2, 2)}}
	require.NoError(t, build(t, s, "room_sorter", map[string]any{"sort": "leftmost"}, 1))
	assert.Equal(t, []chain.Rect{chain.R(1, 9, 2, 2), chain.R(1, 1, 2, 2), chain.R(5, 1, 2, 2), chain.R(5, 5, 3, 3)}, s.Rooms)
}

func TestCirclesAreRound(t *testing.T) {
	rects := []chain.Rect{chain.R(2, 2, 9, 9), chain.R(14, 2, 8, 8), chain.R(2, 14, 10, 6), chain.R(14, 14, 1, 1), chain.R(18, 14, 2, 3)}
	s := &chain.State{Map: chain.NewGrid(30, 25), Rooms: rects}
	require.NoError(t, build(t, s, "room_drawer", map[string]any{"shape": "circle"}, 1))
	floor := 0
	for _, r := range rects {
		c := r.Center()
		assert.Equal(t, chain.Floor, s.Map.At(c), "centre of %v", r)
		r.Each(func(p chain.Point) {
			mx := chain.Point{X: r.X + r.X2() - 1 - p.X, Y: p.Y}
			my := chain.Point{X: p.X, Y: r.Y + r.Y2() - 1 - p.Y}
			assert.Equal(t, s.Map.At(p), s.Map.At(mx), "%v: %v mirrors %v across", r, p, mx)
			assert.Equal(t, s.Map.At(p), s.Map.At(my), "%v: %v mirrors %v down", r, p, my)
		})
		if min(r.W, r.H) >= 4 {
			for _, corner := range []chain.Point{{X: r.X, Y: r.Y}, {X: r.X2() - 1, Y: r.Y2() - 1}} {
				assert.Equal(t, chain.Wall, s.Map.At(corner), "corner %v of %v", corner, r)
			}
		}
	}
	// The 9×9 circle: a full middle row and column, 69 tiles in all (within 4.5 of the centre).
	for i := 2; i < 11; i++ {
		assert.Equal(t, chain.Floor, s.Map.At(chain.Point{X: i, Y: 6}))
		assert.Equal(t, chain.Floor, s.Map.At(chain.Point{X: 6, Y: i}))
	}
	chain.R(2, 2, 9, 9).Each(func(p chain.Point) {
		if s.Map.At(p) == chain.Floor {
			floor++
		}
	})
	assert.Equal(t, 69, floor)
	// Nothing outside the rooms.
	for i, tl := range s.Map.Tiles {
		p := s.Map.Pt(i)
		in := slices.ContainsFunc(rects, func(r chain.Rect) bool { return r.Contains(p) })
		assert.True(t, in || tl == chain.Wall, "floor at %v outside every room", p)
	}
}

func TestRoomDrawerShapes(t *testing.T) {
	rects := make([]chain.Rect, 0, 40)
	for i := range 40 {
		rects = append(rects, chain.R(1+(i%8)*9, 1+(i/8)*9, 8, 8))
	}
	s := &chain.State{Map: chain.NewGrid(80, 50), Rooms: rects}
	require.NoError(t, build(t, s, "room_drawer", nil, 7))
	circles := 0
	for _, r := range rects {
		if s.Map.At(chain.Point{X: r.X, Y: r.Y}) == chain.Wall {
			circles++
		}
	}
	assert.Greater(t, circles, 2, "random draws some circles (1 in 4)")
	assert.Less(t, circles, 25, "and mostly rectangles")

	s = &chain.State{Map: chain.NewGrid(80, 50), Rooms: rects}
	require.NoError(t, build(t, s, "room_drawer", map[string]any{"shape": "rectangle"}, 7))
	assert.Equal(t, 40*64, s.Map.Count(chain.Tile.Walkable))
}

// corridorSteps is a drawn dungeon joined by the named corridor builder.
func corridorSteps(t testing.TB, corridor string) []chain.Step {
	return append(dungeon(t), step(t, corridor, nil))
}

func TestCorridorsAreRecordedAndConnect(t *testing.T) {
	for _, name := range []string{"dogleg_corridors", "bsp_corridors", "nearest_corridors", "straight_line_corridors"} {
		t.Run(name, func(t *testing.T) {
			before := run(t, 80, 50, 2, dungeon(t)...)
			s := run(t, 80, 50, 2, corridorSteps(t, name)...)
			require.NotEmpty(t, s.Corridors)
			seen := map[chain.Point]bool{}
			for _, c := range s.Corridors {
				require.NotEmpty(t, c)
				for _, p := range c {
					assert.Equal(t, chain.Floor, s.Map.At(p))
					assert.Equal(t, chain.Wall, before.Map.At(p), "%v was dug by the corridor", p)
					assert.True(t, s.Map.Inner(p))
					assert.False(t, seen[p], "%v recorded twice", p)
					seen[p] = true
				}
			}
			assert.Equal(t, before.Map.Count(chain.Tile.Walkable)+len(seen), s.Map.Count(chain.Tile.Walkable),
				"the corridors record every dug tile")
			dist := chain.DistanceMap(s.Map, []chain.Point{s.Rooms[0].Center()})
			for _, r := range s.Rooms {
				assert.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(r.Center())], "room %v is not connected", r)
			}
		})
	}
}

func TestNearestCorridorsJoinNearest(t *testing.T) {
	// Rooms in a row: A at 2, B at 30, C at 12. A joins C (nearest), B joins C (A is
	// done), and C has no room left that is not done.
	rs := []chain.Rect{chain.R(2, 5, 3, 3), chain.R(30, 5, 3, 3), chain.R(12, 5, 3, 3)}
	s := &chain.State{Map: chain.NewGrid(40, 15), Rooms: rs}
	require.NoError(t, build(t, s, "room_drawer", map[string]any{"shape": "rectangle"}, 1))
	require.NoError(t, build(t, s, "nearest_corridors", nil, 1))
	require.Len(t, s.Corridors, 2)
	assert.Equal(t, chain.Point{X: 5, Y: 6}, s.Corridors[0][0], "A to C starts at A's east side")
	assert.Equal(t, chain.Point{X: 11, Y: 6}, s.Corridors[0][len(s.Corridors[0])-1])
	assert.Equal(t, chain.Point{X: 29, Y: 6}, s.Corridors[1][0], "then B to C")
	assert.Equal(t, chain.Point{X: 15, Y: 6}, s.Corridors[1][len(s.Corridors[1])-1])
}

func TestStraightLineIsALine(t *testing.T) {
	for _, c := range []struct{ a, b chain.Point }{{chain.Point{X: 1, Y: 1}, chain.Point{X: 9, Y: 4}}, {chain.Point{X: 9, Y: 1}, chain.Point{X: 2, Y: 8}}, {chain.Point{X: 3, Y: 3}, chain.Point{X: 3, Y: 3}}} {
		l := chain.Line(c.a, c.b)
		assert.Equal(t, c.a, l[0])
		assert.Equal(t, c.b, l[len(l)-1])
		assert.Len(t, l, max(abs(c.b.X-c.a.X), abs(c.b.Y-c.a.Y))+1, "one tile per step of the longer axis")
		for i := 1; i < len(l); i++ {
			d := chain.Point{X: l[i].X - l[i-1].X, Y: l[i].Y - l[i-1].Y}
			assert.True(t, abs(d.X) <= 1 && abs(d.Y) <= 1, "step %v", d)
		}
	}
}

func abs(n int) int { return max(n, -n) }

func TestStartAndStairsInFirstAndLastRoom(t *testing.T) {
	for seed := range uint64(10) {
		s := run(t, 80, 50, seed, append(corridorSteps(t, "nearest_corridors"),
			step(t, "room_sorter", map[string]any{"sort": "central"}),
			step(t, "room_based_starting_position", nil), step(t, "room_based_stairs", nil))...)
		require.NotNil(t, s.Start)
		first, last := s.Rooms[0], s.Rooms[len(s.Rooms)-1]
		assert.Equal(t, first.Center(), *s.Start, "seed %d", seed)
		require.Len(t, s.Exits, 1)
		assert.Equal(t, last.Center(), s.Exits[0].Pos(), "seed %d", seed)
		assert.Equal(t, chain.DownStairs, s.Map.At(last.Center()))
	}
}

func TestStartFallsBackToNearestWalkable(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(20, 20), Rooms: []chain.Rect{chain.R(2, 2, 5, 5)}}
	s.Map.Set(chain.Point{X: 7, Y: 4}, chain.Floor) // the room itself is not drawn
	require.NoError(t, build(t, s, "room_based_starting_position", nil, 1))
	assert.Equal(t, chain.Point{X: 7, Y: 4}, *s.Start)
	err := build(t, s, "room_based_stairs", nil, 1)
	require.ErrorIs(t, err, chain.ErrNoFreeTile, "the only walkable tile is the start: no stairs on it")
	s.Map.Set(chain.Point{X: 8, Y: 4}, chain.Floor)
	require.NoError(t, build(t, s, "room_based_stairs", nil, 1))
	assert.Equal(t, chain.DownStairs, s.Map.At(chain.Point{X: 8, Y: 4}))

	s = &chain.State{Map: chain.NewGrid(20, 20), Rooms: []chain.Rect{chain.R(2, 2, 5, 5)}}
	err = build(t, s, "room_based_stairs", nil, 1)
	require.ErrorIs(t, err, chain.ErrNoWalkable)
	assert.Contains(t, err.Error(), "exit")
}

func TestDoorsSitAtCorridorHeads(t *testing.T) {
	total := 0
	for seed := range uint64(8) {
		s := run(t, 80, 50, seed, append(corridorSteps(t, "nearest_corridors"), step(t, "door_placement", nil))...)
		heads := map[chain.Point]bool{}
		for _, c := range s.Corridors {
			if len(c) > 2 {
				heads[c[0]] = true
			}
		}
		for _, sp := range s.Spawns {
			require.Equal(t, rooms.DoorName, sp.Name)
			assert.True(t, heads[sp.Pos()], "seed %d: door %v is not a corridor head", seed, sp.Pos())
			assertDoorway(t, s.Map, sp.Pos())
			total++
		}
	}
	assert.Greater(t, total, 8, "doors get placed")
}

// assertDoorway checks p is floor between two walls with floor on the open sides.
func assertDoorway(t *testing.T, g *chain.Grid, p chain.Point) {
	t.Helper()
	at := func(dx, dy int) chain.Tile { return g.At(chain.Point{X: p.X + dx, Y: p.Y + dy}) }
	require.Equal(t, chain.Floor, g.At(p))
	ew := at(-1, 0) == chain.Floor && at(1, 0) == chain.Floor && at(0, -1) == chain.Wall && at(0, 1) == chain.Wall
	ns := at(0, -1) == chain.Floor && at(0, 1) == chain.Floor && at(-1, 0) == chain.Wall && at(1, 0) == chain.Wall
	assert.True(t, ew || ns, "door at %v is not in a doorway", p)
}

func TestDoorFallbackWithoutCorridors(t *testing.T) {
	// Two rooms joined by a 1-wide, 10-tile passage; no corridors recorded.
	mk := func() *chain.State {
		g := chain.NewGrid(30, 12)
		g.Fill(chain.R(1, 1, 8, 8), chain.Floor)
		g.Fill(chain.R(19, 1, 8, 8), chain.Floor)
		g.Fill(chain.R(9, 4, 10, 1), chain.Floor)
		return &chain.State{Map: g}
	}
	total := 0
	for seed := range uint64(20) {
		s := mk()
		s.AddSpawn(chain.Point{X: 12, Y: 4}, "Goblin")
		require.NoError(t, build(t, s, "door_placement", nil, seed))
		for _, sp := range s.Spawns[1:] {
			assert.Equal(t, 4, sp.Y, "doors only in the passage")
			assert.NotEqual(t, 12, sp.X, "never on another spawn")
			assertDoorway(t, s.Map, sp.Pos())
			total++
		}
		assert.LessOrEqual(t, len(s.Spawns)-1, 9)
	}
	// 9 free passage tiles at 1 in 3 over 20 seeds: about 60.
	assert.Greater(t, total, 30)
	assert.Less(t, total, 100)

	// With corridors made but none long enough, there is no fallback (as in the tutorial).
	s := mk()
	s.Corridors = [][]chain.Point{}
	require.NoError(t, build(t, s, "door_placement", nil, 1))
	assert.Empty(t, s.Spawns)
}

func TestRoomExploderDigsFromRooms(t *testing.T) {
	base := run(t, 80, 50, 4, dungeon(t)...)
	s := run(t, 80, 50, 4, append(dungeon(t), step(t, "room_exploder", nil))...)
	assert.Greater(t, s.Map.Count(chain.Tile.Walkable), base.Map.Count(chain.Tile.Walkable)+100)
	for i, tl := range base.Map.Tiles {
		if tl == chain.Floor {
			assert.Equal(t, chain.Floor, s.Map.Tiles[i], "the exploder only digs")
		}
	}
	// It never erases stairs placed before it.
	s2 := &chain.State{Map: base.Map.Clone(), Rooms: base.Rooms}
	_, err := s2.AddExit(s2.Rooms[0].Center())
	require.NoError(t, err)
	require.NoError(t, build(t, s2, "room_exploder", nil, 4))
	assert.Equal(t, chain.DownStairs, s2.Map.At(s2.Exits[0].Pos()))
	for x := range s2.Map.W {
		assert.Equal(t, chain.Wall, s2.Map.At(chain.Point{X: x, Y: 0}))
		assert.Equal(t, chain.Wall, s2.Map.At(chain.Point{X: x, Y: s2.Map.H - 1}))
	}
}

func TestRoomCornerRounder(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(20, 20), Rooms: []chain.Rect{chain.R(2, 2, 5, 4), chain.R(10, 10, 4, 4)}}
	require.NoError(t, build(t, s, "room_drawer", map[string]any{"shape": "rectangle"}, 1))
	start := chain.Point{X: 10, Y: 10}
	s.Start = &start
	require.NoError(t, build(t, s, "room_corner_rounder", nil, 1))
	for _, p := range []chain.Point{{X: 2, Y: 2}, {X: 6, Y: 2}, {X: 2, Y: 5}, {X: 6, Y: 5}, {X: 13, Y: 10}, {X: 10, Y: 13}, {X: 13, Y: 13}} {
		assert.Equal(t, chain.Wall, s.Map.At(p), "corner %v", p)
	}
	assert.Equal(t, chain.Floor, s.Map.At(start), "the start is never walled in")
	assert.Equal(t, 5*4-4+4*4-3, s.Map.Count(chain.Tile.Walkable))
}

func TestErrorsWithoutRooms(t *testing.T) {
	needy := []string{"room_sorter", "room_drawer", "dogleg_corridors", "bsp_corridors", "nearest_corridors",
		"straight_line_corridors", "room_exploder", "room_corner_rounder", "room_based_starting_position", "room_based_stairs"}
	for _, name := range needy {
		spec, ok := chain.Lookup(name)
		require.True(t, ok)
		assert.Equal(t, chain.FRooms, spec.Needs&chain.FRooms, "%s declares it needs rooms", name)
		for _, rs := range [][]chain.Rect{nil, {}} {
			s := &chain.State{Map: chain.NewGrid(20, 20), Rooms: rs}
			s.Map.Fill(chain.R(1, 1, 18, 18), chain.Floor)
			err := build(t, s, name, nil, 1)
			require.Error(t, err, name)
			assert.Contains(t, err.Error(), "needs rooms", name)
		}
	}
	// Through a run: bsp_dungeon finds no room on a tiny map, and the next step says so.
	c := &chain.Chain{Width: 10, Height: 10, Steps: []chain.Step{step(t, "bsp_dungeon", nil), step(t, "room_drawer", nil)}}
	assert.Empty(t, chain.Check(c), "the chain itself is well formed")
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Equal(t, "chain: steps[1] room_drawer: needs rooms, but there are none", err.Error())
	// door_placement needs nothing.
	s := &chain.State{Map: chain.NewGrid(20, 20)}
	assert.NoError(t, build(t, s, "door_placement", nil, 1))
}

func TestBuildersStopWhenCancelled(t *testing.T) {
	base := run(t, 80, 50, 1, corridorSteps(t, "nearest_corridors")...)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, spec := range chain.Specs() {
		if !slices.Contains(roomBuilders, spec.Name) || spec.Name == "room_sorter" ||
			spec.Name == "room_based_starting_position" || spec.Name == "room_based_stairs" {
			continue
		}
		s := &chain.State{Map: base.Map.Clone(), Rooms: slices.Clone(base.Rooms)}
		b, err := spec.New(spec.Resolve(nil))
		require.NoError(t, err)
		assert.ErrorIs(t, b.Build(ctx, s, rand.New(rand.NewPCG(1, 2))), context.Canceled, spec.Name)
	}
}

// roomBuilders are the builders of this package besides simple_map.
var roomBuilders = []string{"bsp_dungeon", "bsp_interior", "room_sorter", "room_drawer", "dogleg_corridors",
	"bsp_corridors", "nearest_corridors", "straight_line_corridors", "room_exploder", "room_corner_rounder",
	"room_based_starting_position", "room_based_stairs", "door_placement"}

func TestSpecsDeclareTheirEffects(t *testing.T) {
	makes := map[string]chain.Features{
		"bsp_dungeon": chain.FRooms, "bsp_interior": chain.FRooms, "simple_map": chain.FRooms,
		"dogleg_corridors": chain.FCorridors, "bsp_corridors": chain.FCorridors, "nearest_corridors": chain.FCorridors,
		"straight_line_corridors": chain.FCorridors, "room_based_starting_position": chain.FStart,
		"room_based_stairs": chain.FExit, "door_placement": chain.FSpawns,
	}
	for _, name := range roomBuilders {
		spec, ok := chain.Lookup(name)
		require.True(t, ok, name)
		assert.Equal(t, makes[name], spec.Makes, name)
		assert.NotEmpty(t, spec.Help, name)
		for _, p := range spec.Params {
			assert.NotEmpty(t, p.Help, "%s.%s", name, p.Name)
		}
	}
}
