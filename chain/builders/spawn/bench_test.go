package spawn

import (
	"testing"

	"hewn/chain"
)

// benchBuilder runs one builder on the 80x50 test layout per iteration (the
// state is rebuilt outside the timer).
func benchBuilder(b *testing.B, name string, params map[string]any, depth int) {
	spec, ok := chain.Lookup(name)
	if !ok {
		b.Fatalf("unknown builder %s", name)
	}
	bl, err := spec.New(spec.Resolve(params))
	if err != nil {
		b.Fatal(err)
	}
	ctx := b.Context()
	b.ReportAllocs()
	var spawns int
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		s := newState(true, depth)
		s.Master = uint64(i)
		rng := chain.NewRand(uint64(i), name)
		b.StartTimer()
		if err := bl.Build(ctx, s, rng); err != nil {
			b.Fatal(err)
		}
		spawns += len(s.Spawns)
	}
	b.ReportMetric(float64(spawns)/float64(b.N), "spawns/op")
}

func BenchmarkRoomBasedSpawner(b *testing.B) { benchBuilder(b, "room_based_spawner", nil, 5) }
func BenchmarkCorridorSpawner(b *testing.B)  { benchBuilder(b, "corridor_spawner", nil, 5) }
func BenchmarkVoronoiSpawning(b *testing.B)  { benchBuilder(b, "voronoi_spawning", nil, 5) }
func BenchmarkRoomPopulator(b *testing.B)    { benchBuilder(b, "room_populator", nil, 5) }
func BenchmarkGuaranteedSpawn(b *testing.B)  { benchBuilder(b, "guaranteed_spawn", nil, 5) }
func BenchmarkPeriodicSpawn(b *testing.B) {
	benchBuilder(b, "periodic_spawn", map[string]any{"period": 1}, 5) // period 1: places every time
}
func BenchmarkPlaceSpawn(b *testing.B) {
	benchBuilder(b, "place_spawn", map[string]any{"clear_radius": 10}, 5)
}
