package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "bsp_interior",
		Help: "Binary space partition of the whole interior: splits it in halves, at random across or along, until the pieces are small, " +
			"makes every piece a room (one wall apart) and joins consecutive rooms with corridors between random tiles of each. " +
			"As in the tutorial the corridors are drawn but not recorded (door_placement then scans the whole map).",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.IntParam("min_room_size", "Min room size", "A piece is split again while its half along the split stays larger than this (the tutorial's 8).", 8, 4, 64),
		},
		Makes: chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			return bspInterior{minSize: v.Int("min_room_size")}, nil
		},
	})
}

type bspInterior struct{ minSize int }

func (b bspInterior) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	inner := kit.InnerRect(g)
	rects := b.split([]chain.Rect{inner}, inner, rng)
	s.Rooms = make([]chain.Rect, 0, len(rects))
	p := pace(len(rects))
	for i, r := range rects {
		if err := ctx.Err(); err != nil {
			return err
		}
		if r = r.Intersect(inner); r.Empty() {
			continue
		}
		s.Rooms = append(s.Rooms, r)
		kit.ApplyRoom(g, r)
		if p.Due(i + 1) {
			s.Snapshot("")
		}
	}
	// The tutorial's corridors: consecutive rooms joined between a random tile of
	// each, horizontal gap first, drawn but not recorded as corridors.
	p = pace(len(s.Rooms) - 1)
	for i := 1; i < len(s.Rooms); i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		kit.DrawCorridor(g, randomTile(rng, s.Rooms[i-1]), randomTile(rng, s.Rooms[i]))
		if p.Due(i) {
			s.Snapshot("")
		}
	}
	return nil
}

// split is the tutorial's add_subrects: it replaces the last rectangle of rects
// (r) by its two halves, across or along at random with a wall between them,
// and recurses into each half while the half is larger than minSize.
func (b bspInterior) split(rects []chain.Rect, r chain.Rect, rng *rand.Rand) []chain.Rect {
	rects = rects[:len(rects)-1]
	hw, hh := r.W/2, r.H/2
	var first, second chain.Rect
	var half int
	if kit.Roll(rng, 1, 4) <= 2 {
		first, second, half = chain.R(r.X, r.Y, hw-1, r.H), chain.R(r.X+hw, r.Y, hw, r.H), hw
	} else {
		first, second, half = chain.R(r.X, r.Y, r.W, hh-1), chain.R(r.X, r.Y+hh, r.W, hh), hh
	}
	for _, h := range []chain.Rect{first, second} {
		rects = append(rects, h)
		if half > b.minSize {
			rects = b.split(rects, h, rng)
		}
	}
	return rects
}
