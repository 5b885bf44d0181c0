package builders_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// The chain: the corner rounder cuts the stairs off from the start in
// about one seed in six; every such run warns, naming room_corner_rounder,
// with history or without.
func TestReachWarningNamesTheStepThatCutTheWay(t *testing.T) {
	c := &chain.Chain{Depth: 1, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "simple_map"}, {Builder: "room_drawer"}, {Builder: "straight_line_corridors"},
		{Builder: "room_corner_rounder"}, {Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"},
	}}
	cut := 0
	for seed := uint64(0); seed < 200; seed++ {
		r, err := chain.Run(context.Background(), c, seed, nil)
		require.NoError(t, err)
		s := r.State
		reachable := chain.DistanceMap(s.Map, []chain.Point{*s.Start})[s.Map.Idx(s.Exits[0].Pos())] != chain.Unreachable
		if reachable {
			assert.Empty(t, r.Warnings, "seed %d", seed)
			continue
		}
		cut++
		require.Len(t, r.Warnings, 1, "seed %d", seed)
		w := r.Warnings[0]
		assert.Equal(t, "room_corner_rounder", w.Step.Builder, "seed %d: %s", seed, w)
		assert.Equal(t, "steps[3]", w.Step.Path)
		assert.True(t, w.CutExit, "marked as an exit cut off")
		assert.Equal(t, "steps[3] room_corner_rounder: cuts the exit at "+s.Exits[0].Pos().String()+
			" off from the start at "+s.Start.String(), w.String())
		if cut <= 3 { // without history the run is repeated with it: the same verdict
			again, err := chain.RunConfig(context.Background(), c, chain.Config{Master: seed, NoHistory: true})
			require.NoError(t, err)
			assert.Equal(t, r.Warnings, again.Warnings, "seed %d", seed)
		}
	}
	t.Logf("%d of 200 seeds have the stairs cut off", cut)
	assert.Greater(t, cut, 15)
	assert.Less(t, cut, 50)
}
