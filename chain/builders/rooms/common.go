package rooms

import (
	"context"

	"hewn/chain"
)

// joiner draws one corridor from room a to room b and returns the tiles it dug.
type joiner func(a, b chain.Rect) []chain.Point

// addCorridor records a corridor in s (a non-nil list, as "corridors were made")
// unless it dug nothing, and snapshots it.
func addCorridor(s *chain.State, tiles []chain.Point) {
	if s.Corridors == nil {
		s.Corridors = [][]chain.Point{}
	}
	if len(tiles) == 0 {
		return
	}
	s.Corridors = append(s.Corridors, tiles)
	s.Snapshot("")
}

// joinConsecutive connects every room to the one after it in list order (the
// tutorial's dog-leg and BSP corridors), so sort the rooms first to shape it.
func joinConsecutive(ctx context.Context, s *chain.State, join joiner) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	addCorridor(s, nil)
	for i := 1; i < len(s.Rooms); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		addCorridor(s, join(s.Rooms[i-1], s.Rooms[i]))
	}
	return nil
}

// joinNearest is the tutorial's nearest-corridor rule: each room in turn is joined
// to the nearest room (by centre distance, ties to the earlier room) that has not
// itself been processed yet.
func joinNearest(ctx context.Context, s *chain.State, join joiner) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	addCorridor(s, nil)
	rooms := s.Rooms
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
		addCorridor(s, join(r, rooms[best]))
		done[i] = true
	}
	return nil
}
