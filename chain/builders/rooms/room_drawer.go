package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_drawer",
		Help: "Carves every room as floor: a rectangle filling it, or the largest circle centred in it (random: a circle one time in four, as in the tutorial).",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.EnumParam("shape", "Shape", "random: a circle one room in four, else a rectangle; rectangle or circle: every room.",
				"random", "random", "rectangle", "circle"),
		},
		Needs: chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			return roomDrawer{shape: v.String("shape")}, nil
		},
	})
}

type roomDrawer struct{ shape string }

func (b roomDrawer) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	inner := kit.InnerRect(s.Map)
	p, dirty := pace(len(s.Rooms)), kit.NewDirty(s)
	for i, r := range s.Rooms {
		if err := ctx.Err(); err != nil {
			return err
		}
		circle := b.shape == "circle"
		if b.shape == "random" {
			circle = kit.Roll(rng, 1, 4) == 1
		}
		if circle {
			drawCircle(s.Map, r, inner)
		} else {
			kit.ApplyRoom(s.Map, r.Intersect(inner))
		}
		dirty.AddRect(r.Intersect(inner))
		if p.Due(i + 1) {
			dirty.SnapshotTiles(s, "")
		}
	}
	dirty.End(s)
	return nil
}

// drawCircle carves the tiles of r within min(W, H)/2 of r's exact centre (the
// tutorial's circle, centred so that it is symmetric and stays inside the room),
// leaving the map's border alone.
func drawCircle(g *chain.Grid, r, inner chain.Rect) {
	// Work in half tiles so the centre of an even-sized room is exact.
	cx, cy := 2*r.X+r.W-1, 2*r.Y+r.H-1
	rad := min(r.W, r.H)
	r.Intersect(inner).Each(func(p chain.Point) {
		dx, dy := 2*p.X-cx, 2*p.Y-cy
		if dx*dx+dy*dy <= rad*rad && !g.At(p).Walkable() {
			g.Set(p, chain.Floor)
		}
	})
}
