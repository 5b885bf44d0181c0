package rooms

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "simple_map",
		Help: "Random non-overlapping rectangular rooms (the tutorial's SimpleMapBuilder): it records the rooms only; " +
			"draw them with room_drawer and join them with a corridor builder. With draw on it also carves them and " +
			"joins them with dog-leg corridors in creation order (the tutorial's first, one-step map).",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.IntParam("max_rooms", "Max rooms", "How many rooms to try to place.", 30, 1, 500),
			kit.IntParam("min_size", "Min room size", "Smallest room side.", 6, 2, 50),
			kit.IntParam("max_size", "Max room size", "Largest room side (the tutorial's range(6, 10) gives 6 to 9).", 9, 2, 50),
			kit.BoolParam("draw", "Draw rooms and corridors", "Also carve the rooms and join them with dog-leg corridors (off: rooms only, as the tutorial's chains use it).", false),
		},
		Makes: chain.FRooms,
		Effects: func(v chain.Values) chain.Effect {
			if v.Bool("draw") {
				return chain.Effect{Makes: chain.FRooms | chain.FCorridors}
			}
			return chain.Effect{Makes: chain.FRooms}
		},
		New: func(v chain.Values) (chain.Builder, error) {
			if lo, hi := v.Int("min_size"), v.Int("max_size"); lo > hi {
				return nil, fmt.Errorf("min_size: %d is greater than max_size %d", lo, hi)
			}
			return simpleMap{v.Int("max_rooms"), v.Int("min_size"), v.Int("max_size"), v.Bool("draw")}, nil
		},
	})
}

type simpleMap struct {
	maxRooms, minSize, maxSize int
	draw                       bool
}

// Build places up to maxRooms rooms as the tutorial does: a w×h room (sides
// rolled in min..max) whose top-left tile is rolled in 1..W-w-1 × 1..H-h-1,
// kept unless it touches an earlier room (at least one wall tile between rooms).
func (b simpleMap) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	lo, hi := min(b.minSize, b.maxSize), max(b.minSize, b.maxSize)
	s.Rooms = []chain.Rect{}
	if b.draw {
		s.Corridors = [][]chain.Point{}
	}
	for i := 0; i < b.maxRooms; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		w, h := kit.Roll(rng, lo, hi), kit.Roll(rng, lo, hi)
		if w > g.W-2 || h > g.H-2 {
			continue
		}
		r := chain.R(kit.Roll(rng, 1, g.W-w-1), kit.Roll(rng, 1, g.H-h-1), w, h)
		ok := true
		for _, o := range s.Rooms {
			if r.Inset(-1).Intersects(o) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if b.draw {
			kit.ApplyRoom(g, r)
			if n := len(s.Rooms); n > 0 {
				a, c := s.Rooms[n-1].Center(), r.Center()
				s.Corridors = append(s.Corridors, kit.Dogleg(g, a, c, rng.IntN(2) == 1))
			}
			s.Rooms = append(s.Rooms, r)
			s.Snapshot("")
			continue
		}
		s.Rooms = append(s.Rooms, r)
	}
	return nil
}
