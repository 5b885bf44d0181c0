package special

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders/rooms" // simple_map, to prepare maps
)

// roomsState runs simple_map on a w×h map and places the start in the first
// room and one exit in the last, as the start and exit builders would.
func roomsState(t testing.TB, w, h int, seed uint64) *chain.State {
	t.Helper()
	c := &chain.Chain{Depth: 1, Width: w, Height: h, Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"draw": true}}}}
	r, err := chain.Run(context.Background(), c, seed, nil)
	require.NoError(t, err)
	s := r.State
	require.GreaterOrEqual(t, len(s.Rooms), 2)
	require.NoError(t, s.SetStart(s.Rooms[0].Center()))
	_, err = s.AddExit(s.Rooms[len(s.Rooms)-1].Center())
	require.NoError(t, err)
	return s
}

// build configures the registered builder name with params and runs it on s.
func build(t testing.TB, name string, params map[string]any, s *chain.State, seed uint64) error {
	t.Helper()
	spec, ok := chain.Lookup(name)
	require.True(t, ok, name)
	b, err := spec.New(spec.Resolve(params))
	require.NoError(t, err)
	return b.Build(context.Background(), s, rand.New(rand.NewPCG(seed, 7)))
}

func TestCaveDecoratorKeepsWalkability(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := roomsState(t, 80, 50, seed)
		before := s.Map.Clone()
		start, exit := *s.Start, s.Exits[0].Pos()
		distBefore := chain.DistanceMap(before, []chain.Point{start})
		require.NoError(t, build(t, "cave_decorator", nil, s, seed))
		g := s.Map
		counts := map[chain.Tile]int{}
		for i, tile := range g.Tiles {
			counts[tile]++
			old := before.Tiles[i]
			require.Equal(t, old.Walkable(), tile.Walkable(), "seed %d: %v turned %v into %v", seed, g.Pt(i), old, tile)
			switch old {
			case chain.Floor:
				assert.Contains(t, []chain.Tile{chain.Floor, chain.Gravel, chain.ShallowWater}, tile)
			case chain.Wall:
				assert.Contains(t, []chain.Tile{chain.Wall, chain.DeepWater, chain.Stalactite, chain.Stalagmite}, tile)
			default:
				assert.Equal(t, old, tile, "seed %d: only floors and walls change", seed)
			}
		}
		assert.Equal(t, before.At(start), g.At(start), "seed %d: the start keeps its tile", seed)
		assert.Equal(t, chain.DownStairs, g.At(exit))
		assert.Equal(t, distBefore, chain.DistanceMap(g, []chain.Point{start}), "seed %d: reachability unchanged", seed)
		for _, tile := range []chain.Tile{chain.Gravel, chain.ShallowWater, chain.DeepWater} {
			assert.Positive(t, counts[tile], "seed %d: no %v", seed, tile)
		}
	}
}

func TestCaveDecoratorByWallNeighbours(t *testing.T) {
	// A wall with two wall neighbours always becomes deep water; one with three
	// or four stays a wall; one with one becomes a formation when the odds are 1.
	g := chain.NewGrid(9, 9)
	g.Fill(chain.R(1, 1, 7, 7), chain.Floor)
	g.Set(chain.Point{X: 4, Y: 4}, chain.Wall) // lone pillar: no wall neighbour
	g.Set(chain.Point{X: 2, Y: 2}, chain.Wall) // stub off nothing
	g.Set(chain.Point{X: 2, Y: 3}, chain.Wall) // two-tile stub: each has one neighbour
	g.Set(chain.Point{X: 4, Y: 1}, chain.Wall) // a spur off the north wall
	s := &chain.State{Map: g}
	require.NoError(t, build(t, "cave_decorator", map[string]any{"gravel_one_in": 0, "pool_one_in": 0, "formation_one_in": 1}, s, 1))
	for x := range g.W {
		assert.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: 0}), "the border stays solid: off the map counts as wall")
		assert.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: g.H - 1}))
	}
	assert.Equal(t, chain.Stalactite, g.At(chain.Point{X: 4, Y: 1}), "the spur: one wall neighbour")
	assert.Equal(t, chain.Wall, g.At(chain.Point{X: 4, Y: 4}), "lone pillar stays")
	assert.Equal(t, chain.Stalactite, g.At(chain.Point{X: 2, Y: 2}))
	assert.Equal(t, chain.Stalactite, g.At(chain.Point{X: 2, Y: 3}))
	assert.Equal(t, chain.Floor, g.At(chain.Point{X: 5, Y: 5}), "floor odds of 0 change nothing")
	// A wall with exactly two wall neighbours becomes a deep pool.
	g2 := chain.NewGrid(9, 9)
	g2.Fill(chain.R(1, 1, 7, 7), chain.Floor)
	g2.Fill(chain.R(3, 3, 3, 1), chain.Wall) // a three-tile bar: its middle has two neighbours
	g2.Fill(chain.R(7, 6, 1, 2), chain.Wall) // a spur in the corner: (7,7) has walls east and south
	s2 := &chain.State{Map: g2}
	require.NoError(t, build(t, "cave_decorator", map[string]any{"gravel_one_in": 0, "pool_one_in": 0, "formation_one_in": 0}, s2, 1))
	assert.Equal(t, chain.DeepWater, g2.At(chain.Point{X: 4, Y: 3}))
	assert.Equal(t, chain.Wall, g2.At(chain.Point{X: 3, Y: 3}), "bar end, one neighbour, no formations")
	assert.Equal(t, chain.Wall, g2.At(chain.Point{X: 7, Y: 7}), "three wall neighbours stay: the tutorial's off-by-one skipped the last column and row")
	assert.Equal(t, chain.DeepWater, g2.At(chain.Point{X: 7, Y: 6}), "two wall neighbours")
}

func TestCaveDecoratorCancel(t *testing.T) {
	s := roomsState(t, 60, 30, 1)
	spec, _ := chain.Lookup("cave_decorator")
	b, err := spec.New(spec.Resolve(nil))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, b.Build(ctx, s, rand.New(rand.NewPCG(1, 2))), context.Canceled)
}

func BenchmarkCaveDecorator(b *testing.B) {
	s := roomsState(b, 80, 50, 1)
	orig := s.Map.Clone()
	spec, _ := chain.Lookup("cave_decorator")
	bd, err := spec.New(spec.Resolve(nil))
	require.NoError(b, err)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		copy(s.Map.Tiles, orig.Tiles)
		if err := bd.Build(context.Background(), s, rng); err != nil {
			b.Fatal(err)
		}
	}
}
