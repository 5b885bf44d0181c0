package special

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
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

func TestYellowBrickRoadJoinsStartAndExit(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		s := roomsState(t, 80, 50, seed)
		start, exit := *s.Start, s.Exits[0].Pos()
		require.NoError(t, build(t, "yellow_brick_road", nil, s, seed))
		g := s.Map
		assert.Equal(t, chain.DownStairs, g.At(exit), "seed %d: the exit stays", seed)
		assert.Len(t, s.Exits, 1, "seed %d: no exit added", seed)
		assert.Equal(t, chain.Road, g.At(start), "seed %d: the road starts at the start", seed)
		assert.True(t, roadConnects(g, start, exit), "seed %d: no road from %v to %v", seed, start, exit)
		dist := chain.DistanceMap(g, []chain.Point{start})
		assert.NotEqual(t, chain.Unreachable, dist[g.Idx(exit)], "seed %d", seed)
		assert.Positive(t, g.Count(func(t chain.Tile) bool { return t == chain.ShallowWater }), "seed %d: no stream", seed)
	}
}

func TestYellowBrickRoadNearestExitAndDigging(t *testing.T) {
	// Two sealed rooms: the road has to break through the rock between them.
	g := chain.NewGrid(40, 20)
	g.Fill(chain.R(2, 2, 8, 8), chain.Floor)
	g.Fill(chain.R(25, 8, 10, 8), chain.Floor)
	s := &chain.State{Map: g}
	require.NoError(t, s.SetStart(chain.Point{X: 4, Y: 4}))
	far, err := s.AddExit(chain.Point{X: 33, Y: 14})
	require.NoError(t, err)
	near, err := s.AddExit(chain.Point{X: 27, Y: 9})
	require.NoError(t, err)
	require.NoError(t, build(t, "yellow_brick_road", map[string]any{"stream": false}, s, 1))
	assert.True(t, roadConnects(g, *s.Start, near), "the road leads to the nearest exit")
	assert.False(t, roadConnects(g, *s.Start, far), "only to the nearest exit")
	assert.Zero(t, g.Count(func(t chain.Tile) bool { return t == chain.ShallowWater }), "stream off")
	for x := range g.W {
		assert.Equal(t, chain.Wall, g.At(chain.Point{X: x, Y: 0}), "the border stays whole")
	}
}

func TestYellowBrickRoadStreamBridgesTheRoad(t *testing.T) {
	bridged := 0
	for seed := uint64(0); seed < 20; seed++ {
		// An open field: start west, exit east; the stream runs from a right-hand corner to the bottom-left.
		g := chain.NewGrid(60, 30)
		g.Fill(chain.R(1, 1, 58, 28), chain.Floor)
		s := &chain.State{Map: g}
		require.NoError(t, s.SetStart(chain.Point{X: 3, Y: 15}))
		exit, err := s.AddExit(chain.Point{X: 56, Y: 15})
		require.NoError(t, err)
		require.NoError(t, build(t, "yellow_brick_road", nil, s, seed))
		bridged += g.Count(func(t chain.Tile) bool { return t == chain.Bridge })
		assert.True(t, roadConnects(g, *s.Start, exit), "seed %d: bridges keep the road whole", seed)
		assert.Positive(t, g.Count(func(t chain.Tile) bool { return t == chain.ShallowWater }), "seed %d", seed)
	}
	assert.Positive(t, bridged, "the stream crosses the road on bridges")
}

func TestYellowBrickRoadNeeds(t *testing.T) {
	g := chain.NewGrid(20, 20)
	g.Fill(chain.R(1, 1, 18, 18), chain.Floor)
	s := &chain.State{Map: g}
	err := build(t, "yellow_brick_road", nil, s, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "start")
	require.NoError(t, s.SetStart(chain.Point{X: 2, Y: 2}))
	err = build(t, "yellow_brick_road", nil, s, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "exit")

	spec, ok := chain.Lookup("yellow_brick_road")
	require.True(t, ok)
	assert.Equal(t, chain.FStart|chain.FExit, spec.Needs)
	probs := chain.Check(&chain.Chain{Width: 40, Height: 30, Steps: []chain.Step{{Builder: "simple_map"}, {Builder: "yellow_brick_road"}}})
	assert.NotEmpty(t, probs, "Check flags a chain without start and exit")
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
