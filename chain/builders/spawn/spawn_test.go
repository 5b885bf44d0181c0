package spawn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// fake is a deterministic Spawner: mobs are "Goblin"/"Orc", items "Rations"/
// "Health Potion", any section draws from both; empty makes every roll fail.
type fake struct{ empty bool }

func (f fake) Roll(rng *rand.Rand, _ int, sec chain.Section) (string, bool) {
	if f.empty {
		return "", false
	}
	var list []string
	switch sec {
	case chain.Mobs:
		list = []string{"Goblin", "Orc"}
	case chain.Items:
		list = []string{"Rations", "Health Potion"}
	default:
		list = []string{"Goblin", "Orc", "Rations", "Health Potion"}
	}
	return list[rng.IntN(len(list))], true
}

func (f fake) Pick(_ *rand.Rand, depth int, cat string) (string, bool) {
	if f.empty {
		return "", false
	}
	return fmt.Sprintf("%s@%d", cat, depth), true
}

var isMob = map[string]bool{"Goblin": true, "Orc": true}

// testRooms is a fixed layout on an 80x50 map: six rooms in two rows, joined
// in order by dog-leg corridors.
var testRooms = []chain.Rect{
	chain.R(2, 2, 10, 8), chain.R(30, 3, 12, 7), chain.R(60, 2, 15, 9),
	chain.R(4, 30, 9, 10), chain.R(32, 28, 14, 12), chain.R(62, 34, 12, 10),
}

// newState builds a state with testRooms (when rooms), corridors and a start in
// the first room.
func newState(rooms bool, depth int) *chain.State {
	g := chain.NewGrid(80, 50)
	s := &chain.State{Map: g, Depth: depth, Master: 42, Seed: 7, Spawner: fake{}}
	s.Corridors = [][]chain.Point{}
	for i, r := range testRooms {
		kit.ApplyRoom(g, r)
		if i > 0 {
			s.Corridors = append(s.Corridors, kit.Dogleg(g, testRooms[i-1].Center(), r.Center(), i%2 == 0))
		}
	}
	if rooms {
		s.Rooms = append([]chain.Rect{}, testRooms...)
	}
	st := testRooms[0].Center()
	s.Start = &st
	return s
}

// build runs the named builder with params on s.
func build(t testing.TB, name string, params map[string]any, s *chain.State, seed uint64) error {
	t.Helper()
	spec, ok := chain.Lookup(name)
	require.True(t, ok, name)
	b, err := spec.New(spec.Resolve(params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, chain.NewRand(seed, name))
}

// checkSpawns asserts the placement rules: walkable, not the start, not an
// exit, never two on one tile.
func checkSpawns(t *testing.T, s *chain.State) {
	t.Helper()
	seen := map[chain.Point]bool{}
	for _, sp := range s.Spawns {
		p := sp.Pos()
		require.True(t, s.Map.Walkable(p), "spawn %+v on a non-walkable tile", sp)
		require.NotEqual(t, *s.Start, p, "spawn %+v on the start", sp)
		for _, e := range s.Exits {
			require.NotEqual(t, e.Pos(), p, "spawn %+v on an exit", sp)
		}
		require.False(t, seen[p], "two spawns on %v", p)
		seen[p] = true
	}
}

func countIn(s *chain.State, r chain.Rect, pred func(chain.Spawn) bool) int {
	n := 0
	for _, sp := range s.Spawns {
		if r.Contains(sp.Pos()) && (pred == nil || pred(sp)) {
			n++
		}
	}
	return n
}

func TestNoSpawner(t *testing.T) {
	for _, name := range []string{"room_based_spawner", "corridor_spawner", "voronoi_spawning", "room_populator", "periodic_spawn"} {
		t.Run(name, func(t *testing.T) {
			s := newState(true, 1)
			s.Spawner = nil
			for seed := range uint64(20) { // periodic_spawn must fail on every depth, chosen or not
				s.Depth = int(seed) + 1
				require.ErrorIs(t, build(t, name, nil, s, seed), chain.ErrNoSpawner)
			}
			assert.Empty(t, s.Spawns)
		})
	}
	// A fixed name needs no content pack.
	s := newState(true, 1)
	s.Spawner = nil
	require.NoError(t, build(t, "guaranteed_spawn", nil, s, 1))
	require.NoError(t, build(t, "place_spawn", nil, s, 1))
	require.NoError(t, build(t, "periodic_spawn", map[string]any{"name": "Rations", "period": 1}, s, 1))
	assert.Len(t, s.Spawns, 3)
}

func TestNoSpawnerThroughRun(t *testing.T) {
	c := &chain.Chain{Depth: 1, Width: 80, Height: 50, Steps: []chain.Step{{Builder: testMap}, {Builder: "room_based_spawner"}}}
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.ErrorIs(t, err, chain.ErrNoSpawner)
	assert.Contains(t, err.Error(), "steps[1] room_based_spawner: needs a content pack")
}

func TestRoomBasedSpawner(t *testing.T) {
	total := 0
	for _, depth := range []int{1, 4, 9} {
		for seed := range uint64(60) {
			s := newState(true, depth)
			require.NoError(t, build(t, "room_based_spawner", nil, s, seed))
			checkSpawns(t, s)
			for _, r := range testRooms {
				assert.LessOrEqual(t, countIn(s, r, nil), max(0, 7+depth-4), "depth %d seed %d room %v", depth, seed, r)
			}
			for _, sp := range s.Spawns {
				inRoom := false
				for _, r := range testRooms {
					inRoom = inRoom || r.Contains(sp.Pos())
				}
				require.True(t, inRoom, "spawn %+v outside every room", sp)
			}
			total += len(s.Spawns)
		}
	}
	// Mean per room is about (1d7+depth-4)+ : never zero over 180 runs of 6 rooms.
	assert.Greater(t, total, 180*6)

	s := newState(false, 1)
	s.Rooms = nil
	require.Error(t, build(t, "room_based_spawner", nil, s, 1))
}

// As the tutorial's RoomBasedSpawner: the first room (where the player starts)
// stays empty, and only plain floor receives spawns.
func TestRoomBasedSpawnerSkipsTheFirstRoom(t *testing.T) {
	first := 0
	for seed := range uint64(40) {
		s := newState(true, 9)
		pool := testRooms[2]
		pool.W = 4
		pool.Each(func(p chain.Point) { s.Map.Set(p, chain.ShallowWater) })
		require.NoError(t, build(t, "room_based_spawner", nil, s, seed))
		assert.Zero(t, countIn(s, testRooms[0], nil), "seed %d: room 0 is left empty", seed)
		assert.Zero(t, countIn(s, pool, nil), "seed %d: nothing on the water", seed)
		assert.Positive(t, countIn(s, testRooms[1], nil), "seed %d: depth 9 always gives room 1 spawns", seed)

		s = newState(true, 9)
		require.NoError(t, build(t, "room_based_spawner", map[string]any{"skip_first_room": false}, s, seed))
		first += countIn(s, testRooms[0], nil)
	}
	assert.Positive(t, first, "skip_first_room off fills room 0 too")
}

func TestRoomBasedSpawnerKeepsExistingSpawns(t *testing.T) {
	s := newState(true, 20) // 1d7+16 spawns per room: rooms fill up
	r := testRooms[1]
	exit, err := s.AddExit(r.Center())
	require.NoError(t, err)
	s.AddSpawn(chain.Point{X: r.X, Y: r.Y}, "Old")
	require.NoError(t, build(t, "room_based_spawner", nil, s, 3))
	checkSpawns(t, s)
	assert.Equal(t, "Old", s.Spawns[0].Name)
	assert.GreaterOrEqual(t, countIn(s, r, nil), 1+17, "the old spawn and at least 1d7+16 new ones")
	assert.Zero(t, countIn(s, chain.R(exit.X, exit.Y, 1, 1), nil), "nothing on the stairs")
}

func TestRoomBasedSpawnerEmptyTable(t *testing.T) {
	s := newState(true, 9)
	s.Spawner = fake{empty: true}
	require.NoError(t, build(t, "room_based_spawner", nil, s, 1))
	assert.Empty(t, s.Spawns)
}

func TestCorridorSpawner(t *testing.T) {
	onCorridor := map[chain.Point]bool{}
	for _, c := range newState(true, 1).Corridors {
		for _, p := range c {
			onCorridor[p] = true
		}
	}
	total := 0
	for seed := range uint64(50) {
		s := newState(true, 3)
		require.NoError(t, build(t, "corridor_spawner", nil, s, seed))
		checkSpawns(t, s)
		for _, sp := range s.Spawns {
			require.True(t, onCorridor[sp.Pos()], "spawn %+v off the corridors", sp)
		}
		assert.LessOrEqual(t, len(s.Spawns), len(s.Corridors)*(7+3-4))
		total += len(s.Spawns)
	}
	assert.Positive(t, total)

	s := newState(true, 1)
	s.Corridors = nil
	err := build(t, "corridor_spawner", nil, s, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "needs corridors")
}

func TestCellNoiseRegions(t *testing.T) {
	for _, d := range []string{"manhattan", "pythagoras", "chebyshev"} {
		n := cellNoise{seed: 99, freq: 0.08, dist: d}
		cells := map[[2]int]int{}
		for y := range 50 {
			for x := range 80 {
				cells[n.cell(float64(x), float64(y))]++
			}
		}
		// 80x50 at 0.08 spans about 6.4x4 cells, plus the edges' neighbours.
		assert.GreaterOrEqual(t, len(cells), 15, d)
		assert.LessOrEqual(t, len(cells), 60, d)
		assert.Equal(t, n.cell(17, 23), n.cell(17, 23))
	}
	a, b := cellNoise{seed: 1, freq: 0.08}, cellNoise{seed: 2, freq: 0.08}
	differ := 0
	for x := range 80 {
		if a.cell(float64(x), 10) != b.cell(float64(x), 10) {
			differ++
		}
	}
	assert.Positive(t, differ, "the seed moves the feature points")
}

func TestVoronoiSpawning(t *testing.T) {
	for seed := range uint64(40) {
		s := newState(false, 5)
		require.NoError(t, build(t, "voronoi_spawning", nil, s, seed))
		checkSpawns(t, s)
		assert.NotEmpty(t, s.Spawns, "seed %d", seed)
		// Every region gets at most 1d7+depth-4 = 8; the map spans at most 60 regions.
		assert.LessOrEqual(t, len(s.Spawns), 60*8)
	}
	a, b := newState(false, 5), newState(false, 5)
	require.NoError(t, build(t, "voronoi_spawning", map[string]any{"distance": "chebyshev", "frequency": 0.2}, a, 5))
	require.NoError(t, build(t, "voronoi_spawning", map[string]any{"distance": "chebyshev", "frequency": 0.2}, b, 5))
	assert.Equal(t, a.Spawns, b.Spawns, "deterministic")
}

func TestRoomPopulator(t *testing.T) {
	for _, depth := range []int{1, 3, 7} {
		most := map[int]int{1: 1, 3: 2, 7: 3}[depth]
		rooms, items, mobs := 0, 0, 0
		for seed := range uint64(200) {
			s := newState(true, depth)
			require.NoError(t, build(t, "room_populator", nil, s, seed))
			checkSpawns(t, s)
			assert.Zero(t, countIn(s, testRooms[0], nil), "first room skipped")
			for _, r := range testRooms[1:] {
				m := countIn(s, r, func(sp chain.Spawn) bool { return isMob[sp.Name] })
				i := countIn(s, r, func(sp chain.Spawn) bool { return !isMob[sp.Name] })
				assert.LessOrEqual(t, m, most, "depth %d seed %d", depth, seed)
				assert.LessOrEqual(t, i, 1)
				rooms++
				if m > 0 {
					mobs++
				}
				items += i
			}
		}
		// 1000 rooms: items by 1 in 4, monsters by 1 in 2 (binomial sd about 14-16).
		assert.InDelta(t, 0.25, float64(items)/float64(rooms), 0.06, "depth %d", depth)
		assert.InDelta(t, 0.5, float64(mobs)/float64(rooms), 0.06, "depth %d", depth)
	}
}

func TestRoomPopulatorBands(t *testing.T) {
	spec, _ := chain.Lookup("room_populator")
	b, err := spec.New(spec.Resolve(nil))
	require.NoError(t, err)
	rp := b.(roomPopulator)
	for depth, want := range map[int]int{0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 100: 3} {
		assert.Equal(t, want, rp.maxAt(depth), "depth %d", depth)
	}
	_, err = spec.New(spec.Resolve(map[string]any{"band_starts": []int{1, 3}}))
	require.EqualError(t, err, "band_starts: [1,3] has 2 entries, but max_monsters [1,2,3] has 3 (want one start depth per band)")
	_, err = spec.New(spec.Resolve(map[string]any{"band_starts": []int{1, 5, 5}}))
	require.EqualError(t, err, "band_starts[2]: 5 does not come after 5 (band starts must ascend)")
	_, err = spec.New(spec.Resolve(map[string]any{"band_starts": []int{}, "max_monsters": []int{}}))
	require.Error(t, err)

	s := newState(true, 2)
	require.NoError(t, build(t, "room_populator", map[string]any{"item_chance": 0.0, "monster_chance": 1.0, "max_monsters": []int{0, 4}, "band_starts": []int{1, 2}}, s, 1))
	for _, r := range testRooms[1:] {
		n := countIn(s, r, nil)
		assert.True(t, n >= 1 && n <= 4, "room %v has %d", r, n)
	}
	s = newState(true, 1)
	require.NoError(t, build(t, "room_populator", map[string]any{"item_chance": 0.0, "monster_chance": 1.0, "max_monsters": []int{0, 4}, "band_starts": []int{1, 2}}, s, 1))
	assert.Empty(t, s.Spawns, "a cap of 0 places no monsters")
}

func TestGuaranteedSpawn(t *testing.T) {
	for seed := range uint64(30) {
		for where, room := range map[string]*chain.Rect{"first_room": &testRooms[0], "last_room": &testRooms[5], "any_room": nil} {
			s := newState(true, 1)
			require.NoError(t, build(t, "guaranteed_spawn", map[string]any{"where": where}, s, seed))
			checkSpawns(t, s)
			require.Len(t, s.Spawns, 1)
			assert.Equal(t, "Rations", s.Spawns[0].Name)
			if room != nil {
				assert.True(t, room.Contains(s.Spawns[0].Pos()), "%s: %v", where, s.Spawns[0])
			} else {
				inRoom := false
				for _, r := range testRooms {
					inRoom = inRoom || r.Contains(s.Spawns[0].Pos())
				}
				assert.True(t, inRoom)
			}
		}
	}
	// Without rooms: any_room falls back to any walkable tile; the others fail.
	s := newState(false, 1)
	require.NoError(t, build(t, "guaranteed_spawn", map[string]any{"name": "Amulet"}, s, 1))
	checkSpawns(t, s)
	assert.Equal(t, "Amulet", s.Spawns[0].Name)
	require.ErrorContains(t, build(t, "guaranteed_spawn", map[string]any{"where": "last_room"}, newState(false, 1), 1), "needs rooms")

	spec, _ := chain.Lookup("guaranteed_spawn")
	_, err := spec.New(spec.Resolve(map[string]any{"name": ""}))
	require.EqualError(t, err, "name: the entity name is empty")
}

func TestGuaranteedSpawnFullRoom(t *testing.T) {
	s := newState(true, 1)
	s.Rooms = []chain.Rect{chain.R(30, 3, 12, 7)}
	o := kit.NewOccupancy(s)
	for _, p := range o.FreeIn(nil, s.Rooms[0]) {
		s.AddSpawn(p, "Filler")
	}
	require.NoError(t, build(t, "guaranteed_spawn", map[string]any{"where": "first_room"}, s, 1))
	checkSpawns(t, s)
	last := s.Spawns[len(s.Spawns)-1]
	assert.Equal(t, "Rations", last.Name)
	assert.False(t, s.Rooms[0].Contains(last.Pos()))

	tiny := &chain.State{Map: chain.NewGrid(8, 8)}
	tiny.Map.Set(chain.Point{X: 3, Y: 3}, chain.Floor)
	tiny.Start = &chain.Point{X: 3, Y: 3}
	require.ErrorContains(t, build(t, "guaranteed_spawn", nil, tiny, 1), `cannot place "Rations": no free walkable tile`)
}

func TestPeriodicSpawnFixedMaster(t *testing.T) {
	const master = 4
	key := "category=weapon"
	var placed, computed []int
	for depth := 1; depth <= 8; depth++ {
		s := newState(true, depth)
		s.Master = master
		s.Seed = chain.LevelSeed(master, depth)
		require.NoError(t, build(t, "periodic_spawn", nil, s, s.Seed))
		checkSpawns(t, s)
		require.LessOrEqual(t, len(s.Spawns), 1)
		if len(s.Spawns) == 1 {
			placed = append(placed, depth)
			assert.Equal(t, fmt.Sprintf("weapon@%d", depth), s.Spawns[0].Name)
		}
		if periodicHit(master, key, 4, depth) {
			computed = append(computed, depth)
		}
	}
	require.Len(t, placed, 2, "depths 1..8 with period 4 place exactly twice for this master seed")
	assert.Equal(t, computed, placed)
	assert.Greater(t, placed[1]-placed[0], 1, "never adjacent")
}

func TestPeriodicSchedule(t *testing.T) {
	for _, period := range []int{2, 3, 4, 7} {
		for master := range uint64(300) {
			var hits []int
			for depth := 1; depth <= 60; depth++ {
				if periodicHit(master, "category=armor", period, depth) {
					hits = append(hits, depth)
				}
			}
			for i := 1; i < len(hits); i++ {
				gap := hits[i] - hits[i-1]
				// One per group, never in adjacent depths, never two groups skipped.
				require.True(t, gap >= 2 && gap <= 2*period-2, "period %d master %d hits %v", period, master, hits)
			}
			// Every window of 2*period-1 depths holds at least one hit, so 60 depths hold many.
			require.GreaterOrEqual(t, len(hits), 60/period-1)
			require.LessOrEqual(t, len(hits), (60+2*period-2)/period, "at most one per group touched")
		}
	}
	for depth := -3; depth < 10; depth++ {
		assert.True(t, periodicHit(1, "x", 1, depth), "period 1 hits every depth")
	}
	// Different keys give independent schedules.
	same := 0
	for master := range uint64(100) {
		a, b := periodicHit(master, "category=weapon", 4, 3), periodicHit(master, "category=armor", 4, 3)
		if a == b {
			same++
		}
	}
	assert.Less(t, same, 100)
}

func TestPeriodicSpawnByName(t *testing.T) {
	n := 0
	for depth := 1; depth <= 12; depth++ {
		s := newState(false, depth)
		s.Spawner = nil
		s.Master = 77
		require.NoError(t, build(t, "periodic_spawn", map[string]any{"name": "Magic Mapping Scroll", "period": 3}, s, uint64(depth)))
		checkSpawns(t, s)
		n += len(s.Spawns)
	}
	assert.GreaterOrEqual(t, n, 3)
	assert.LessOrEqual(t, n, 5)

	spec, _ := chain.Lookup("periodic_spawn")
	_, err := spec.New(spec.Resolve(map[string]any{"category": ""}))
	require.ErrorContains(t, err, "set one of them")
}

func TestPlaceSpawn(t *testing.T) {
	s := newState(true, 1)
	// Surround the landing spot: at distance 2, 3 and 10 from it.
	c := testRooms[4].Center() // (39, 34), floor
	s.AddSpawn(c.Add(chain.Point{X: 2}), "Near")
	s.AddSpawn(c.Add(chain.Point{Y: 3}), "Edge")
	s.AddSpawn(c.Add(chain.Point{X: -5, Y: 5}), "Far") // distance ~7.07
	require.NoError(t, build(t, "place_spawn", map[string]any{"name": "Black Dragon", "x": c.X, "y": c.Y, "clear_radius": 3}, s, 1))
	checkSpawns(t, s)
	names := []string{}
	for _, sp := range s.Spawns {
		names = append(names, sp.Name)
	}
	assert.Equal(t, []string{"Edge", "Far", "Black Dragon"}, names, "distance 3 is not below the radius 3")
	assert.Equal(t, c, s.Spawns[2].Pos())

	// A wall anchor lands on the nearest walkable tile; centre of the map here is wall.
	s = newState(true, 1)
	require.NoError(t, build(t, "place_spawn", nil, s, 1))
	p := s.Spawns[0].Pos()
	require.True(t, s.Map.Walkable(p))
	want, err := s.NearestWalkable(chain.Point{X: 40, Y: 25})
	require.NoError(t, err)
	assert.Equal(t, want, p)

	// Never on the start; without a radius an occupied tile moves it aside.
	s = newState(true, 1)
	st := *s.Start
	require.NoError(t, build(t, "place_spawn", map[string]any{"x": st.X, "y": st.Y}, s, 1))
	require.NoError(t, build(t, "place_spawn", map[string]any{"name": "Second", "x": st.X, "y": st.Y}, s, 1))
	checkSpawns(t, s)
	assert.Equal(t, 1, chain.DistSq(st, s.Spawns[0].Pos()))
	assert.LessOrEqual(t, chain.DistSq(st, s.Spawns[1].Pos()), 2)

	// Named positions: left/top resolve to 1 (a wall here), so the nearest floor.
	s = newState(true, 1)
	require.NoError(t, build(t, "place_spawn", map[string]any{"x": "left", "y": "top"}, s, 1))
	assert.Equal(t, chain.Point{X: 2, Y: 2}, s.Spawns[0].Pos())
}

func TestPlaceSpawnNoFloor(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(8, 8)}
	require.ErrorContains(t, build(t, "place_spawn", nil, s, 1), `cannot place "Black Dragon"`)
}

func TestOccupancy(t *testing.T) {
	s := newState(true, 1)
	e, err := s.AddExit(testRooms[5].Center())
	require.NoError(t, err)
	s.AddSpawn(chain.Point{X: 3, Y: 3}, "x")
	o := kit.NewOccupancy(s)
	assert.Equal(t, 3, o.Taken())
	assert.False(t, o.Free(*s.Start))
	assert.False(t, o.Free(e))
	assert.False(t, o.Free(chain.Point{X: 3, Y: 3}))
	assert.False(t, o.Free(chain.Point{X: 0, Y: 0}))
	assert.False(t, o.Free(chain.Point{X: -1, Y: 900}))
	assert.True(t, o.Free(chain.Point{X: 4, Y: 3}))
	walk := s.Map.Count(chain.Tile.Walkable)
	assert.Equal(t, walk-3, o.CountFree())
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100 {
		p, ok := o.RandomFree(rng)
		require.True(t, ok)
		require.True(t, o.Free(p))
	}
}

// testMap is a tiny initial builder for run-level tests: testRooms and corridors.
const testMap = "spawn_test_map"

func init() {
	chain.Register(chain.Spec{
		Name: testMap, Kind: chain.Initial, Makes: chain.FRooms | chain.FCorridors | chain.FStart,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(_ context.Context, s *chain.State, _ *rand.Rand) error {
				t := newState(true, s.Depth)
				s.Map, s.Rooms, s.Corridors, s.Start = t.Map, t.Rooms, t.Corridors, t.Start
				return nil
			}), nil
		},
	})
}

// TestVoronoiSpawningMemory: at the largest frequency (a region per tile)
// voronoi_spawning's working memory stays near 32 bytes a tile (issue 26: it
// was about 80, 1.3 GB on a 4096×4096 map).
func TestVoronoiSpawningMemory(t *testing.T) {
	const side = 512
	g := chain.NewGrid(side, side)
	kit.ApplyRoom(g, chain.R(1, 1, side-2, side-2))
	s := &chain.State{Map: g, Depth: 2, Spawner: fake{empty: true}}
	voronoiPool = sync.Pool{} // count the scratch buffers too
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	require.NoError(t, build(t, "voronoi_spawning", map[string]any{"frequency": 1.0}, s, 1))
	runtime.ReadMemStats(&after)
	perTile := float64(after.TotalAlloc-before.TotalAlloc) / (side * side)
	assert.Less(t, perTile, 40.0, "bytes allocated a tile")
}
