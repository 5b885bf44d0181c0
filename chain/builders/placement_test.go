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
					{Builder: "simple_map", Params: map[string]any{"draw": true}}, {Builder: "room_based_starting_position"}, {Builder: "room_based_spawner"},
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

// TestStartAndExitsAvoidTakenTiles: starts and exits placed after spawns (or on
// a one-room map) land on free tiles: never under an entity, on the start or on
// other stairs.
func TestStartAndExitsAvoidTakenTiles(t *testing.T) {
	chains := [][]chain.Step{
		{{Builder: "simple_map", Params: map[string]any{"max_rooms": 3, "draw": true}}, {Builder: "room_based_starting_position"},
			{Builder: "room_based_stairs"}, {Builder: "room_based_stairs"}, {Builder: "area_ending_position", Params: map[string]any{"x": "center"}}},
		{{Builder: "simple_map", Params: map[string]any{"min_size": 3, "max_size": 4, "draw": true}}, {Builder: "room_based_spawner"}, {Builder: "room_based_spawner"},
			{Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"}, {Builder: "distant_exit"}, {Builder: "area_ending_position"}},
		{{Builder: "cellular_automata"}, {Builder: "voronoi_spawning", Params: map[string]any{"frequency": 0.5}},
			{Builder: "area_starting_position"}, {Builder: "area_ending_position"}, {Builder: "cull_unreachable"}},
	}
	for i, steps := range chains {
		c := &chain.Chain{Depth: 9, Width: 50, Height: 30, Steps: steps}
		for seed := uint64(0); seed < 20; seed++ {
			r, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
			require.NoError(t, err, "chain %d seed %d", i, seed)
			checkPlacement(t, r.State, names(steps))
			seen := map[chain.Point]bool{}
			for _, e := range r.State.Exits {
				require.False(t, seen[e.Pos()], "chain %d seed %d: two exits on %v", i, seed, e.Pos())
				require.NotEqual(t, *r.State.Start, e.Pos(), "chain %d seed %d: exit on the start", i, seed)
				seen[e.Pos()] = true
			}
		}
	}
}

// TestRoomDrawerKeepsStairs: drawing rooms after the stairs are down keeps them.
func TestRoomDrawerKeepsStairs(t *testing.T) {
	for _, shape := range []string{"rectangle", "circle"} {
		c := &chain.Chain{Depth: 1, Width: 60, Height: 40, Steps: []chain.Step{
			{Builder: "bsp_interior"}, {Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"},
			{Builder: "room_drawer", Params: map[string]any{"shape": shape}},
		}}
		for seed := uint64(0); seed < 10; seed++ {
			r, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
			require.NoError(t, err)
			checkPlacement(t, r.State, shape)
		}
	}
}
