package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
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
	o := kit.NewOccupancy(s)
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
			fillIfCorner(s.Map, o, p)
		}
		if p.Due(i + 1) {
			s.Snapshot("")
		}
	}
	return nil
}

// fillIfCorner walls p when exactly two of its four neighbours are walls. Only
// free floor is filled: never the start, stairs or a tile holding a spawn.
func fillIfCorner(g *chain.Grid, o *kit.Occupancy, p chain.Point) {
	if g.At(p) != chain.Floor || !o.Free(p) {
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
