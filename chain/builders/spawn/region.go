package spawn

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// maxMonsters is the tutorial's MAX_MONSTERS: a region receives up to
// 1d(maxMonsters+3) + depth - 4 spawns.
const maxMonsters = 4

// regionCount rolls how many spawns a region receives at depth (the tutorial's
// roll_dice(1, MAX_MONSTERS + 3) + (depth - 1) - 3); zero or less means none.
func regionCount(rng *rand.Rand, depth int) int {
	return kit.Dice(rng, 1, maxMonsters+3) + depth - 4
}

// spawnRegion is the tutorial's spawn_region: it keeps the free tiles of area,
// rolls how many spawns the region gets (never more than its free tiles), then
// for each draws a distinct tile and a spawn table entry of any section. buf is
// scratch space, returned for reuse; it may be area itself (the free tiles are
// kept in place, in order). Unlike the tutorial it never places on the
// start, an exit or a tile that already holds a spawn.
func spawnRegion(s *chain.State, o *kit.Occupancy, rng *rand.Rand, area, buf []chain.Point) []chain.Point {
	free := buf[:0]
	for _, p := range area {
		if o.Free(p) {
			free = append(free, p)
		}
	}
	n := min(len(free), regionCount(rng, s.Depth))
	for range n {
		i := rng.IntN(len(free))
		p := free[i]
		free[i] = free[len(free)-1]
		free = free[:len(free)-1]
		if name, ok := s.Spawner.Roll(rng, s.Depth, chain.AnySection); ok {
			o.Place(s, p, name)
		}
	}
	return free
}

// randomIn returns a random free tile of r, or false when r has none. buf is
// scratch space.
func randomIn(o *kit.Occupancy, rng *rand.Rand, r chain.Rect, buf []chain.Point) (chain.Point, []chain.Point, bool) {
	buf = o.FreeIn(buf[:0], r)
	if len(buf) == 0 {
		return chain.Point{}, buf, false
	}
	return buf[rng.IntN(len(buf))], buf, true
}

// randomRoomTile is RuggRogue's pick_random_pos_in_room over a random room: it
// tries the rooms in a random order and returns a random free tile of the first
// one that has any. With no rooms (or none with a free tile) it falls back to a
// random free tile of the whole map; false means the map has no free tile.
func randomRoomTile(o *kit.Occupancy, rng *rand.Rand, rooms []chain.Rect) (chain.Point, bool) {
	var buf []chain.Point
	if len(rooms) > 0 {
		for _, i := range rng.Perm(len(rooms)) {
			var p chain.Point
			var ok bool
			if p, buf, ok = randomIn(o, rng, rooms[i], buf); ok {
				return p, true
			}
		}
	}
	return o.RandomFree(rng)
}

// noFree reports that name could not be placed because no tile is free.
func noFree(name string) error {
	return fmt.Errorf("cannot place %q: no free walkable tile (every walkable tile is the start, an exit or holds a spawn)", name)
}

// errEmptyName reports a spawn builder configured without an entity name.
var errEmptyName = errors.New("name: the entity name is empty")
