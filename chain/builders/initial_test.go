package builders_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// TestInitialBuilderStartsAfresh: an initial-only builder placed after other
// steps starts a new level, so the earlier start, stairs and spawns cannot end
// up on tiles its map walls over; and Check knows they are gone.
func TestInitialBuilderStartsAfresh(t *testing.T) {
	before := []chain.Step{
		{Builder: "simple_map", Params: map[string]any{"draw": true}}, {Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"},
		{Builder: "place_spawn", Params: map[string]any{"name": "Goblin"}},
	}
	for _, spec := range chain.Specs() {
		if spec.Kind != chain.Initial {
			continue
		}
		t.Run(spec.Name, func(t *testing.T) {
			steps := append(append([]chain.Step{}, before...), chain.Step{Builder: spec.Name})
			c := &chain.Chain{Depth: 1, Width: 80, Height: 50, Steps: steps}
			for seed := uint64(0); seed < 5; seed++ {
				r, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
				require.NoError(t, err)
				checkPlacement(t, r.State, spec.Name)
				if spec.Makes&chain.FStart == 0 {
					assert.Nil(t, r.State.Start, "the earlier start survives %s", spec.Name)
				}
			}
			// A step that needs a start after the initial builder is flagged
			// unless the initial builder makes one itself.
			c.Steps = append(c.Steps, chain.Step{Builder: "cull_unreachable"})
			probs := chain.Check(c)
			if spec.Makes&chain.FStart != 0 {
				assert.Empty(t, probs)
			} else {
				require.Len(t, probs, 1)
				assert.Equal(t, "steps[5]", probs[0].Path)
			}
		})
	}
}
