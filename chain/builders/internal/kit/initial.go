package kit

import "hewn/chain"

// everything is every feature a step can leave in the state.
const everything = chain.FMap | chain.FRooms | chain.FCorridors | chain.FStart | chain.FExit | chain.FSpawns

// Initial marks spec as an initial-only builder for Check: a step of it drops
// whatever earlier steps made (see Fresh) before it makes its own features.
// Register initial builders as chain.Register(kit.Initial(chain.Spec{...})).
func Initial(spec chain.Spec) chain.Spec {
	needs, makes := spec.Needs, spec.Makes|chain.FMap
	spec.Effects = func(chain.Values) chain.Effect {
		return chain.Effect{Needs: needs, Drops: everything, Makes: makes}
	}
	return spec
}

// Fresh starts a new level on s for an initial builder: the map becomes solid
// rock and the start, exits, rooms, corridors and spawns of earlier steps are
// dropped. An initial builder placed after other steps would otherwise leave a
// start, stairs or spawns on tiles its new map has walled over.
func Fresh(s *chain.State) {
	s.Map.Fill(s.Map.Bounds(), chain.Wall)
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = nil, nil, nil, nil, nil
}
