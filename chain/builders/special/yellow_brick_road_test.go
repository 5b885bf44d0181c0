package special

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders/caves" // the forest chain's cave builders
)

// roadConnects reports whether start and exit are joined by road (or bridge,
// or the stairs themselves) tiles, moving in eight directions.
func roadConnects(g *chain.Grid, start, exit chain.Point) bool {
	seen := map[chain.Point]bool{start: true}
	queue := []chain.Point{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == exit {
			return true
		}
		for _, d := range chain.Neighbours8 {
			q := p.Add(d)
			if t := g.At(q); !seen[q] && (t == chain.Road || t == chain.Bridge || q == exit) {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	return false
}

// caveState is a cave with the start at the left and no exit: the tutorial's
// forest chain up to the road (cellular automata, start centre, cull, start left).
func caveState(t testing.TB, seed uint64) *chain.State {
	t.Helper()
	c := &chain.Chain{Depth: 2, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "center", "y": "center"}},
		{Builder: "cull_unreachable"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "left", "y": "center"}},
	}}
	r, err := chain.RunConfig(context.Background(), c, chain.Config{Master: seed, NoHistory: true})
	require.NoError(t, err)
	require.Empty(t, r.State.Exits)
	return r.State
}

// On a cave with no exit the road finds its own: two down stairs (the road's end
// near the middle of the right edge, the other near a right-hand corner), a road
// from the start to the first, and a stream of shallow water from the second.
func TestYellowBrickRoadMakesItsOwnExits(t *testing.T) {
	corners := map[bool]int{}
	for seed := uint64(0); seed < 20; seed++ {
		s := caveState(t, seed)
		start := *s.Start
		before := s.Map.Clone()
		require.NoError(t, build(t, "yellow_brick_road", nil, s, seed))
		g := s.Map
		require.Len(t, s.Exits, 2, "seed %d", seed)
		stairs := 0
		for _, tl := range g.Tiles {
			if tl == chain.DownStairs {
				stairs++
			}
		}
		assert.Equal(t, 2, stairs, "seed %d: two down stairs", seed)
		end, second := s.Exits[0].Pos(), s.Exits[1].Pos()
		assert.Greater(t, end.X, g.W*3/4, "seed %d: the road ends near the right edge (%v)", seed, end)
		assert.Greater(t, second.X, g.W/2, "seed %d: the second stairs are on the right (%v)", seed, second)
		corners[second.Y < g.H/2]++
		assert.Equal(t, chain.Road, g.At(start), "seed %d: the road starts at the start", seed)
		assert.True(t, roadConnects(g, start, end), "seed %d: no road from %v to %v", seed, start, end)
		water := 0
		for i, tl := range g.Tiles {
			if tl == chain.ShallowWater {
				water++
				assert.Equal(t, chain.Floor, before.Tiles[i], "seed %d: the stream runs over floor only", seed)
			}
		}
		assert.Positive(t, water, "seed %d: no stream", seed)
		dist := chain.DistanceMap(g, []chain.Point{start})
		for _, e := range s.Exits {
			assert.NotEqual(t, chain.Unreachable, dist[g.Idx(e.Pos())], "seed %d: exit %v unreachable", seed, e)
		}
	}
	assert.Len(t, corners, 2, "both corners come up: %v", corners)
}

// An exit placed earlier stays; the road never paints over stairs.
func TestYellowBrickRoadKeepsEarlierStairs(t *testing.T) {
	s := roomsState(t, 80, 50, 3)
	exit := s.Exits[0].Pos()
	require.NoError(t, build(t, "yellow_brick_road", nil, s, 3))
	assert.Equal(t, chain.DownStairs, s.Map.At(exit))
	assert.Len(t, s.Exits, 3)
}

func TestYellowBrickRoadDigsWhenCutOff(t *testing.T) {
	// Two sealed caves: the road has to break through the rock between them.
	g := chain.NewGrid(40, 20)
	g.Fill(chain.R(2, 2, 8, 8), chain.Floor)
	g.Fill(chain.R(25, 6, 13, 8), chain.Floor)
	s := &chain.State{Map: g}
	require.NoError(t, s.SetStart(chain.Point{X: 4, Y: 4}))
	require.NoError(t, build(t, "yellow_brick_road", map[string]any{"stream": false}, s, 1))
	require.Len(t, s.Exits, 2)
	assert.Equal(t, chain.Point{X: 38 - 1, Y: 10}, s.Exits[0].Pos(), "the free tile nearest (w-2, h/2)")
	assert.True(t, roadConnects(g, *s.Start, s.Exits[0].Pos()))
	assert.Zero(t, g.Count(func(t chain.Tile) bool { return t == chain.ShallowWater }), "stream off")
	for x := range g.W {
		assert.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: 0}), "the border stays whole")
	}
}

func TestYellowBrickRoadNeeds(t *testing.T) {
	g := chain.NewGrid(20, 20)
	g.Fill(chain.R(1, 1, 18, 18), chain.Floor)
	s := &chain.State{Map: g}
	err := build(t, "yellow_brick_road", nil, s, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "start")

	spec, ok := chain.Lookup("yellow_brick_road")
	require.True(t, ok)
	assert.Equal(t, chain.FStart, spec.Needs)
	assert.Equal(t, chain.FExit, spec.Makes)
	probs := chain.Check(&chain.Chain{Width: 40, Height: 30, Steps: []chain.Step{{Builder: "cellular_automata"}, {Builder: "yellow_brick_road"}}})
	assert.NotEmpty(t, probs, "Check flags a chain without a start")
	probs = chain.Check(&chain.Chain{Width: 40, Height: 30, Steps: []chain.Step{{Builder: "cellular_automata"},
		{Builder: "area_starting_position"}, {Builder: "yellow_brick_road"}, {Builder: "cull_unreachable"}}})
	assert.Empty(t, probs)
}

func BenchmarkYellowBrickRoad(b *testing.B) {
	s := roomsState(b, 80, 50, 1)
	orig := s.Map.Clone()
	spec, _ := chain.Lookup("yellow_brick_road")
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
