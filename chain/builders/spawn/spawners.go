package spawn

import (
	"context"
	"errors"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_based_spawner",
		Help: "Rolls the spawn table in every room: up to 1d7+depth-4 spawns per room, on distinct random floor tiles (the tutorial's spawn_room).",
		Kind: chain.Meta, Needs: chain.FRooms, Makes: chain.FSpawns,
		New: func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(roomBasedSpawner), nil },
	})
	chain.Register(chain.Spec{
		Name: "corridor_spawner",
		Help: "Rolls the spawn table along every corridor: each corridor is a spawn region of up to 1d7+depth-4 spawns (the tutorial's CorridorSpawner).",
		Kind: chain.Meta, Needs: chain.FCorridors, Makes: chain.FSpawns,
		New: func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(corridorSpawner), nil },
	})
}

// roomBasedSpawner fills every room as the tutorial's RoomBasedSpawner does.
func roomBasedSpawner(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	if err := s.NeedRooms(); err != nil {
		return err
	}
	o := kit.NewOccupancy(s)
	var area, buf []chain.Point
	for _, r := range s.Rooms {
		if err := ctx.Err(); err != nil {
			return err
		}
		area = o.FreeIn(area[:0], r)
		buf = spawnRegion(s, o, rng, area, buf)
	}
	return nil
}

// corridorSpawner treats every corridor as a spawn region.
func corridorSpawner(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	if s.Corridors == nil {
		return errors.New("needs corridors, but no earlier step made any")
	}
	o := kit.NewOccupancy(s)
	var buf []chain.Point
	for _, c := range s.Corridors {
		if err := ctx.Err(); err != nil {
			return err
		}
		buf = spawnRegion(s, o, rng, c, buf)
	}
	return nil
}
