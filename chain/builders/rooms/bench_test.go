package rooms_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// benchState is the input meta builder benchmarks work on: an 80×50 BSP dungeon
// with drawn rooms and a start, joined by nearest corridors unless the builder
// being timed makes corridors itself.
func benchState(b *testing.B, name string) *chain.State {
	steps := dungeon(b)
	if spec, _ := chain.Lookup(name); spec.Makes&chain.FCorridors == 0 {
		steps = append(steps, step(b, "nearest_corridors", nil))
	}
	return run(b, 80, 50, 1, append(steps, step(b, "room_based_starting_position", nil))...)
}

// benchBuilder times one builder at 80×50. Each iteration works on a fresh copy
// of the prepared state (the copy, about 4 kB, is included in the figures).
func benchBuilder(b *testing.B, name string, params map[string]any, prepare func(*chain.State)) {
	base := benchState(b, name)
	if prepare != nil {
		prepare(base)
	}
	spec, ok := chain.Lookup(name)
	require.True(b, ok)
	bld, err := spec.New(spec.Resolve(params))
	require.NoError(b, err)
	ctx := context.Background()
	rng := chain.NewRand(1, name)
	b.ReportAllocs()
	for b.Loop() {
		s := &chain.State{Map: base.Map.Clone(), Rooms: slices.Clone(base.Rooms), Corridors: slices.Clip(base.Corridors), Start: base.Start}
		if spec.Kind == chain.Initial {
			s = &chain.State{Map: chain.NewGrid(80, 50)}
		}
		if err := bld.Build(ctx, s, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBspDungeon(b *testing.B)  { benchBuilder(b, "bsp_dungeon", nil, nil) }
func BenchmarkBspInterior(b *testing.B) { benchBuilder(b, "bsp_interior", nil, nil) }
func BenchmarkRoomSorter(b *testing.B) {
	benchBuilder(b, "room_sorter", map[string]any{"sort": "central"}, nil)
}
func BenchmarkRoomDrawer(b *testing.B)      { benchBuilder(b, "room_drawer", nil, nil) }
func BenchmarkDoglegCorridors(b *testing.B) { benchBuilder(b, "dogleg_corridors", nil, nil) }
func BenchmarkBspCorridors(b *testing.B)    { benchBuilder(b, "bsp_corridors", nil, nil) }
func BenchmarkNearestCorridors(b *testing.B) {
	benchBuilder(b, "nearest_corridors", nil, nil)
}
func BenchmarkStraightLineCorridors(b *testing.B) {
	benchBuilder(b, "straight_line_corridors", nil, nil)
}
func BenchmarkRoomExploder(b *testing.B)      { benchBuilder(b, "room_exploder", nil, nil) }
func BenchmarkRoomCornerRounder(b *testing.B) { benchBuilder(b, "room_corner_rounder", nil, nil) }
func BenchmarkRoomBasedStartingPosition(b *testing.B) {
	benchBuilder(b, "room_based_starting_position", nil, nil)
}
func BenchmarkRoomBasedStairs(b *testing.B) { benchBuilder(b, "room_based_stairs", nil, nil) }

// BenchmarkDoorPlacement places doors at corridor heads.
func BenchmarkDoorPlacement(b *testing.B) { benchBuilder(b, "door_placement", nil, nil) }

// BenchmarkDoorPlacementFallback scans every floor tile (no corridors recorded).
func BenchmarkDoorPlacementFallback(b *testing.B) {
	benchBuilder(b, "door_placement", nil, func(s *chain.State) { s.Corridors = nil })
}

// BenchmarkBspChain is the tutorial's BSP chain end to end at 80×50, with history.
func BenchmarkBspChain(b *testing.B) {
	c := &chain.Chain{Width: 80, Height: 50, Steps: append(corridorSteps(b, "nearest_corridors"),
		step(b, "room_sorter", map[string]any{"sort": "leftmost"}), step(b, "door_placement", nil),
		step(b, "room_based_starting_position", nil), step(b, "room_based_stairs", nil))}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := chain.Run(context.Background(), c, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}
