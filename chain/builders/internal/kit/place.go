package kit

import "hewn/chain"

// AddExit puts down stairs on the free tile nearest p (walkable, not the start,
// not an exit, holding no spawn; see Occupancy) and records the exit, so stairs
// never land under the start, on other stairs or under an entity. When no tile
// is free it falls back to chain.State.AddExit (the walkable tile nearest p)
// and drops the spawns standing there.
func AddExit(s *chain.State, p chain.Point) (chain.Point, error) {
	if q, ok := NewOccupancy(s).NearestFree(p); ok {
		p = q
	}
	q, err := s.AddExit(p)
	if err == nil {
		DropSpawnsAt(s, q)
	}
	return q, err
}

// SetStart moves the start to the free tile nearest p (see AddExit; the old
// start does not count as taken). When no tile is free it falls back to
// chain.State.SetStart and drops the spawns standing on the start.
func SetStart(s *chain.State, p chain.Point) error {
	o := NewOccupancy(&chain.State{Map: s.Map, Exits: s.Exits, Spawns: s.Spawns})
	if q, ok := o.NearestFree(p); ok {
		p = q
	}
	if err := s.SetStart(p); err != nil {
		return err
	}
	DropSpawnsAt(s, *s.Start)
	return nil
}

// DropSpawnsAt removes the spawns standing on p, with a fresh slice (as DropBuried).
func DropSpawnsAt(s *chain.State, p chain.Point) {
	for _, sp := range s.Spawns {
		if sp.Pos() == p {
			kept := make([]chain.Spawn, 0, len(s.Spawns))
			for _, sp := range s.Spawns {
				if sp.Pos() != p {
					kept = append(kept, sp)
				}
			}
			s.Spawns = kept
			return
		}
	}
}
