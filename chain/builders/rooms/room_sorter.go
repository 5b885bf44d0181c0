package rooms

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_sorter",
		Help: "Reorders the rooms (it draws nothing): corridor builders join rooms in list order, and the start and stairs use the first and last room.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.EnumParam("sort", "Sort by", "leftmost: by left edge; rightmost: by right edge, rightmost first; topmost: by top edge; "+
				"bottommost: by bottom edge, lowest first; central: by distance of the room's centre from the map's centre.",
				"leftmost", "leftmost", "rightmost", "topmost", "bottommost", "central"),
		},
		Needs: chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			key, ok := roomSorts[v.String("sort")]
			if !ok {
				return nil, fmt.Errorf("sort: %q is not one of leftmost, rightmost, topmost, bottommost, central", v.String("sort"))
			}
			return roomSorter{key}, nil
		},
	})
}

// roomSorts maps each sort to the key rooms are ordered by, ascending.
var roomSorts = map[string]func(r chain.Rect, mapCentre chain.Point) int{
	"leftmost":   func(r chain.Rect, _ chain.Point) int { return r.X },
	"rightmost":  func(r chain.Rect, _ chain.Point) int { return -r.X2() },
	"topmost":    func(r chain.Rect, _ chain.Point) int { return r.Y },
	"bottommost": func(r chain.Rect, _ chain.Point) int { return -r.Y2() },
	"central":    func(r chain.Rect, c chain.Point) int { return chain.DistSq(r.Center(), c) },
}

type roomSorter struct {
	key func(r chain.Rect, mapCentre chain.Point) int
}

// Build sorts the rooms stably, as the tutorial's sort_by does, so equal keys keep their order.
func (b roomSorter) Build(_ context.Context, s *chain.State, _ *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	c := chain.Point{X: s.Map.W / 2, Y: s.Map.H / 2}
	s.Rooms = slices.Clone(s.Rooms)
	slices.SortStableFunc(s.Rooms, func(a, b2 chain.Rect) int { return cmp.Compare(b.key(a, c), b.key(b2, c)) })
	s.EndWithin(chain.Rect{}) // the rooms' order changed, no tile
	return nil
}
