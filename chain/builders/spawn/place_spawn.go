package spawn

import (
	"context"
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "place_spawn",
		Help: "Places a named entity at a position (like the tutorial's dragon in its lair), on the free walkable tile nearest it, and first removes the other spawns closer than clear_radius.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.EntityParam("name", "Name", "The entity to place (a content pack name).", "Black Dragon"),
			kit.XParam("x", "Column: left, center, right, or a number.", "center", true),
			kit.YParam("y", "Row: top, center, bottom, or a number.", "center", true),
			kit.IntParam("clear_radius", "Clear radius", "Spawns at a Euclidean distance below this from the placed entity are removed (0 removes none).", 0, 0, chain.MaxSize*2),
		},
		Makes: chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			if v.String("name") == "" {
				return nil, errEmptyName
			}
			return placeSpawn{v: v, name: v.String("name"), radius: v.Int("clear_radius")}, nil
		},
	})
}

type placeSpawn struct {
	v      chain.Values
	name   string
	radius int
}

func (b placeSpawn) Build(_ context.Context, s *chain.State, _ *rand.Rand) error {
	g := s.Map
	anchor := chain.Point{X: kit.ResolvePos(b.v, "x", g.W), Y: kit.ResolvePos(b.v, "y", g.H)}
	// Where the entity lands, ignoring spawns (they may be cleared): the nearest
	// walkable tile that is neither the start nor an exit.
	bare := kit.NewOccupancy(&chain.State{Map: g, Start: s.Start, Exits: s.Exits})
	p, ok := bare.NearestFree(anchor)
	if !ok {
		return noFree(b.name)
	}
	if b.radius > 0 {
		r2 := b.radius * b.radius
		// A fresh slice: the old one may be shared with a restored snapshot.
		s.Spawns = slices.DeleteFunc(slices.Clone(s.Spawns), func(sp chain.Spawn) bool {
			return chain.DistSq(sp.Pos(), p) < r2
		})
	}
	o := kit.NewOccupancy(s)
	// p itself when cleared; else (no radius) the free tile nearest the anchor.
	if p, ok = o.NearestFree(anchor); !ok {
		return noFree(b.name)
	}
	o.Place(s, p, b.name)
	return nil
}
