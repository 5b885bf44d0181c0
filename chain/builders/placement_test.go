package builders_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// TestRepaintKeepsPlacementsValid: meta builders that repaint tiles never leave
// a spawn inside rock or under the start, and the corner rounder walls no
// corner that holds a spawn (it keeps every spawn).
func TestRepaintKeepsPlacementsValid(t *testing.T) {
	for _, meta := range []string{"cellular_automata", "drunkards_walk", "dla", "room_corner_rounder"} {
		t.Run(meta, func(t *testing.T) {
			for seed := uint64(0); seed < 10; seed++ {
				pre := &chain.Chain{Depth: 5, Width: 60, Height: 40, Steps: []chain.Step{
					{Builder: "simple_map"}, {Builder: "room_based_starting_position"}, {Builder: "room_based_spawner"},
				}}
				r0, err := chain.Run(context.Background(), pre, seed, fakeSpawner{})
				require.NoError(t, err)
				c := &chain.Chain{Depth: 5, Width: 60, Height: 40, Steps: append(pre.Steps, chain.Step{Builder: meta})}
				r, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
				require.NoError(t, err)
				checkPlacement(t, r.State, meta)
				if meta == "room_corner_rounder" {
					assert.Len(t, r.State.Spawns, len(r0.State.Spawns), "seed %d", seed)
				}
			}
		})
	}
}
