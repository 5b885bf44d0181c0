package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "simple_map",
		Help: "Random non-overlapping rectangular rooms, joined by dog-leg corridors in creation order (the tutorial's first map).",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.IntParam("max_rooms", "Max rooms", "How many rooms to try to place.", 30, 1, 500),
			kit.IntParam("min_size", "Min room size", "Smallest room side.", 6, 2, 50),
			kit.IntParam("max_size", "Max room size", "Largest room side.", 10, 2, 50),
		},
		Makes: chain.FRooms | chain.FCorridors,
		New: func(v chain.Values) (chain.Builder, error) {
			return simpleMap{v.Int("max_rooms"), v.Int("min_size"), v.Int("max_size")}, nil
		},
	})
}

type simpleMap struct{ maxRooms, minSize, maxSize int }

func (b simpleMap) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	lo, hi := min(b.minSize, b.maxSize), max(b.minSize, b.maxSize)
	s.Rooms = []chain.Rect{}
	s.Corridors = [][]chain.Point{}
	for i := 0; i < b.maxRooms; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		w, h := kit.Roll(rng, lo, hi), kit.Roll(rng, lo, hi)
		if w > g.W-2 || h > g.H-2 {
			continue
		}
		r := chain.R(kit.Roll(rng, 1, g.W-w-1)-1, kit.Roll(rng, 1, g.H-h-1)-1, w, h)
		if r.X < 1 || r.Y < 1 {
			continue
		}
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
		kit.ApplyRoom(g, r)
		if n := len(s.Rooms); n > 0 {
			a, c := s.Rooms[n-1].Center(), r.Center()
			s.Corridors = append(s.Corridors, kit.Dogleg(g, a, c, rng.IntN(2) == 1))
		}
		s.Rooms = append(s.Rooms, r)
		s.Snapshot("")
	}
	return nil
}
