package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
)

func init() {
	chain.Register(chain.Spec{
		Name:  "room_corner_rounder",
		Help:  "Fills each room's corner tiles with wall where exactly two of their four neighbours are walls, rounding the rooms off.",
		Kind:  chain.Meta,
		Needs: chain.FRooms,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(roundCorners), nil },
	})
}

func roundCorners(ctx context.Context, s *chain.State, _ *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	p := pace(len(s.Rooms))
	for i, r := range s.Rooms {
		if err := ctx.Err(); err != nil {
			return err
		}
		if r.Empty() {
			continue
		}
		x2, y2 := r.X2()-1, r.Y2()-1
		for _, p := range [4]chain.Point{{X: r.X, Y: r.Y}, {X: x2, Y: r.Y}, {X: r.X, Y: y2}, {X: x2, Y: y2}} {
			fillIfCorner(s, p)
		}
		if p.Due(i + 1) {
			s.Snapshot("")
		}
	}
	return nil
}

// fillIfCorner walls p when exactly two of its four neighbours are walls. Only
// floor is filled, never the start or stairs.
func fillIfCorner(s *chain.State, p chain.Point) {
	g := s.Map
	if g.At(p) != chain.Floor || (s.Start != nil && *s.Start == p) {
		return
	}
	walls := 0
	for _, d := range chain.Neighbours4 {
		if q := p.Add(d); g.In(q) && g.At(q) == chain.Wall {
			walls++
		}
	}
	if walls == 2 {
		g.Set(p, chain.Wall)
	}
}
