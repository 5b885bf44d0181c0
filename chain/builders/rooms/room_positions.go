package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name:  "room_based_starting_position",
		Help:  "Puts the start at the centre of the first room (or the walkable tile nearest it).",
		Kind:  chain.Meta,
		Needs: chain.FRooms,
		Makes: chain.FStart,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(roomStart), nil },
	})
	chain.Register(chain.Spec{
		Name:  "room_based_stairs",
		Help:  "Puts down stairs at the centre of the last room (or the walkable tile nearest it).",
		Kind:  chain.Meta,
		Needs: chain.FRooms,
		Makes: chain.FExit,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(roomStairs), nil },
	})
}

func roomStart(_ context.Context, s *chain.State, _ *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	return kit.SetStart(s, s.Rooms[0].Center())
}

func roomStairs(_ context.Context, s *chain.State, _ *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	_, err := kit.AddExit(s, s.Rooms[len(s.Rooms)-1].Center())
	return err
}
