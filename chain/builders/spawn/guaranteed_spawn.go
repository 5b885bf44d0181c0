package spawn

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "guaranteed_spawn",
		Help: "Places one named entity on a random free tile of a room (RuggRogue's guaranteed ration). any_room works without rooms too (any walkable tile).",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.EntityParam("name", "Name", "The entity to place (a content pack name).", "Rations"),
			kit.EnumParam("where", "Where", "Which room: a random one, the first or the last.", "any_room", "any_room", "first_room", "last_room"),
		},
		Makes: chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			if v.String("name") == "" {
				return nil, errEmptyName
			}
			return guaranteedSpawn{name: v.String("name"), where: v.String("where")}, nil
		},
	})
}

type guaranteedSpawn struct{ name, where string }

func (b guaranteedSpawn) Build(_ context.Context, s *chain.State, rng *rand.Rand) error {
	o := kit.NewOccupancy(s)
	var p chain.Point
	var ok bool
	if b.where == "any_room" {
		p, ok = randomRoomTile(o, rng, s.Rooms)
	} else {
		if err := s.NeedRooms(); err != nil {
			return err
		}
		r := s.Rooms[0]
		if b.where == "last_room" {
			r = s.Rooms[len(s.Rooms)-1]
		}
		// A full room sends the spawn to the free tile nearest its centre.
		if p, _, ok = randomIn(o, rng, r, nil); !ok {
			p, ok = o.NearestFree(r.Center())
		}
	}
	if !ok {
		return noFree(b.name)
	}
	o.Place(s, p, b.name)
	return nil
}
