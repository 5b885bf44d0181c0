package spawn

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_based_spawner",
		Help: "Rolls the spawn table in every room but the first (the player starts there): up to 1d7+depth-4 spawns per room, " +
			"on distinct random floor tiles (the tutorial's RoomBasedSpawner and spawn_room).",
		Kind: chain.Meta, Needs: chain.FRooms, Makes: chain.FSpawns,
		Params: []chain.Param{
			kit.BoolParam("skip_first_room", "Skip the first room", "Leave the first room empty, as the tutorial does (the player starts there).", true),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			skip := v.Bool("skip_first_room")
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				return roomBasedSpawner(ctx, s, rng, skip)
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "corridor_spawner",
		Help: "Rolls the spawn table along every corridor: each corridor is a spawn region of up to 1d7+depth-4 spawns (the tutorial's CorridorSpawner).",
		Kind: chain.Meta, Needs: chain.FCorridors, Makes: chain.FSpawns,
		New: func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(corridorSpawner), nil },
	})
}

// roomBasedSpawner fills every room (but the first when skip is set) as the
// tutorial's RoomBasedSpawner does: each room's free plain floor tiles are a spawn region.
func roomBasedSpawner(ctx context.Context, s *chain.State, rng *rand.Rand, skip bool) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	if err := s.NeedRooms(); err != nil {
		return err
	}
	o := kit.NewOccupancy(s)
	// The buffer holds the largest room (spawnRegion keeps its free tiles in
	// place), and s.Spawns the spawns every room can take.
	per := max(maxMonsters+3+s.Depth-4, 0)
	rooms := s.Rooms
	largest := 0
	for _, r := range rooms {
		c := r.Intersect(s.Map.Bounds())
		largest = max(largest, c.W*c.H)
	}
	area := make([]chain.Point, 0, min(largest, 1<<16))
	return spawnedOnly(s, reserveSpawns(s, roomSpawnsMost(s.Map, rooms, per), func() error {
		for i, r := range rooms {
			if err := ctx.Err(); err != nil {
				return err
			}
			if i == 0 && skip {
				continue
			}
			area = spawnRegion(s, o, rng, freeFloor(area[:0], s.Map, o, r), area)
		}
		return nil
	}))
}

// roomSpawnsMost is the most spawns rooms can take, per at most a room
// (never more than its tiles, clipped to the map).
func roomSpawnsMost(g *chain.Grid, rooms []chain.Rect, per int) int {
	most := 0
	for _, r := range rooms {
		c := r.Intersect(g.Bounds())
		most += min(c.W*c.H, per)
	}
	return most
}

// spawnedOnly tells the history, unless err, that the step placed spawns
// and changed no tile (see State.EndWithin), and returns err.
func spawnedOnly(s *chain.State, err error) error {
	if err == nil {
		s.EndWithin(chain.Rect{})
	}
	return err
}

// freeFloor appends to dst the free plain floor tiles of r (clipped to the
// map), row by row.
func freeFloor(dst []chain.Point, g *chain.Grid, o *kit.Occupancy, r chain.Rect) []chain.Point {
	r = r.Intersect(g.Bounds())
	for y := r.Y; y < r.Y2(); y++ {
		row := g.Tiles[y*g.W : (y+1)*g.W]
		for x := r.X; x < r.X2(); x++ {
			if row[x] == chain.Floor && o.FreeAt(y*g.W+x) {
				dst = append(dst, chain.Point{X: x, Y: y})
			}
		}
	}
	return dst
}

// reserveSpawns runs spawn with room in s.Spawns for most more spawns (up
// to a few pages: past that, appending grows it as it fills), grown once;
// a state that had no spawns and gets none keeps a nil list.
func reserveSpawns(s *chain.State, most int, spawn func() error) error {
	none := s.Spawns == nil
	s.Spawns = slices.Grow(s.Spawns, min(most, 1024))
	err := spawn()
	if none && len(s.Spawns) == 0 {
		s.Spawns = nil
	}
	return err
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
	return spawnedOnly(s, nil)
}
