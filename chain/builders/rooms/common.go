package rooms

import (
	"context"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// maxSnapshots bounds the progress snapshots of one step: the tutorial takes one
// per room or corridor, which on a big map with thousands of rooms would cost a
// scan of the whole map each. Below this many items every item is snapshotted.
const maxSnapshots = 100

// pace returns a pacer spreading about maxSnapshots snapshots over n items.
func pace(n int) *kit.Pacer { return kit.NewPacer(0, n, maxSnapshots) }

// joiner draws one corridor from room a to room b and returns the tiles it dug.
type joiner func(a, b chain.Rect) []chain.Point

// addCorridor records a corridor in s unless it dug nothing, and snapshots it
// when the pacer says so (item is the number of rooms handled so far; dirty
// bounds what the corridors dug since the previous snapshot).
func addCorridor(s *chain.State, tiles []chain.Point, p *kit.Pacer, dirty *kit.Dirty, item int) {
	if len(tiles) == 0 {
		return
	}
	s.Corridors = append(s.Corridors, tiles)
	dirty.AddPoints(tiles)
	if p.Due(item) {
		dirty.Snapshot(s, "")
	}
}

// startCorridors marks that corridors were made (a non-nil list), keeping those
// recorded by earlier steps, with room for n more (grown once).
func startCorridors(s *chain.State, n int) {
	s.Corridors = slices.Grow(s.Corridors, max(n, 0))
	if s.Corridors == nil {
		s.Corridors = [][]chain.Point{}
	}
}

// joinConsecutive connects every room to the one after it in list order (the
// tutorial's dog-leg and BSP corridors), so sort the rooms first to shape it.
func joinConsecutive(ctx context.Context, s *chain.State, join joiner) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	startCorridors(s, len(s.Rooms)-1)
	p, dirty := pace(len(s.Rooms)-1), kit.NewDirty(s)
	for i := 1; i < len(s.Rooms); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		addCorridor(s, join(s.Rooms[i-1], s.Rooms[i]), p, &dirty, i)
	}
	dirty.End(s)
	return nil
}

// joinNearest is the tutorial's nearest-corridor rule: each room in turn is joined
// to the nearest room (by centre distance, ties to the earlier room) that has not
// itself been processed yet.
func joinNearest(ctx context.Context, s *chain.State, join joiner) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	startCorridors(s, len(s.Rooms))
	rooms := s.Rooms
	p, dirty := pace(len(rooms)), kit.NewDirty(s)
	done := make([]bool, len(rooms))
	for i, r := range rooms {
		if err := ctx.Err(); err != nil {
			return err
		}
		c := r.Center()
		best, bestD := -1, 0
		for j, o := range rooms {
			if j == i || done[j] {
				continue
			}
			if d := chain.DistSq(c, o.Center()); best < 0 || d < bestD {
				best, bestD = j, d
			}
		}
		if best < 0 {
			continue
		}
		addCorridor(s, join(r, rooms[best]), p, &dirty, i+1)
		done[i] = true
	}
	dirty.End(s)
	return nil
}
