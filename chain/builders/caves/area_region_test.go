package caves_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func init() {
	// pocket_map: a 3×3 sealed pocket at the centre and a big cave on the left.
	chain.Register(chain.Spec{Name: "caves_test_pocket_map", Kind: chain.Initial,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(_ context.Context, s *chain.State, _ *rand.Rand) error {
				s.Map.Fill(chain.R(19, 9, 3, 3), chain.Floor)
				s.Map.Fill(chain.R(1, 1, 10, 18), chain.Floor)
				return nil
			}), nil
		}})
}

// A sealed pocket next to the anchor no longer wins: the start goes to the
// largest region, so cull_unreachable keeps the big cave (the tutorial's rule,
// largest_region false, culls the level down to the pocket).
func TestAreaStartPrefersLargestRegion(t *testing.T) {
	run := func(largest bool) *chain.State {
		c := &chain.Chain{Width: 40, Height: 20, Steps: []chain.Step{
			{Builder: "caves_test_pocket_map"},
			{Builder: "area_starting_position", Params: map[string]any{"largest_region": largest}},
			{Builder: "cull_unreachable"},
			{Builder: "area_ending_position", Params: map[string]any{"x": "right"}},
		}}
		res, err := chain.Run(context.Background(), c, 1, nil)
		require.NoError(t, err)
		return res.State
	}
	s := run(true)
	assert.Equal(t, chain.Point{X: 10, Y: 10}, *s.Start)
	assert.Equal(t, 180, s.Map.Count(chain.Tile.Walkable), "the big cave survives the cull")
	assert.True(t, chain.R(1, 1, 10, 18).Contains(s.Exits[0].Pos()), "the exit is in the start's region")

	s = run(false)
	assert.Equal(t, chain.Point{X: 20, Y: 10}, *s.Start, "the anchor itself is floor in the pocket")
	assert.Equal(t, 9, s.Map.Count(chain.Tile.Walkable), "the tutorial's rule keeps only the pocket")
}
