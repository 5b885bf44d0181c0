package caves

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name:  "distant_exit",
		Help:  "Puts down stairs (an exit) on the floor tile farthest from the start by walking cost (a diagonal step costs 1.5, rough ground more), as the tutorial's DistantExit.",
		Kind:  chain.Meta,
		Needs: chain.FStart,
		Makes: chain.FExit,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(distantExit), nil },
	})
	chain.Register(chain.Spec{
		Name:  "cull_unreachable",
		Help:  "Walls over every floor tile that cannot be walked to from the start, as the tutorial's CullUnreachable. Exits cut off are moved to the nearest reachable tile; spawns left inside rock are removed.",
		Kind:  chain.Meta,
		Needs: chain.FStart,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(cullUnreachable), nil },
	})
}

// checkStart reports an error unless a start is placed on a walkable tile.
func checkStart(s *chain.State) error {
	if err := s.NeedStart(); err != nil {
		return err
	}
	if !s.Map.Walkable(*s.Start) {
		return fmt.Errorf("the start %v is not on a walkable tile", *s.Start)
	}
	return nil
}

// distantExit puts the stairs on the free plain-floor tile with the highest
// walking cost from the start (the first in row order on ties), as the
// tutorial's Dijkstra map; with no such tile, on the farthest free walkable one.
func distantExit(_ context.Context, s *chain.State, _ *rand.Rand) error {
	if err := checkStart(s); err != nil {
		return err
	}
	g := s.Map
	free := kit.NewOccupancy(s)
	// The farthest tile is the first in row order among those of the highest
	// cost, on plain floor and on any walkable tile.
	bestFloor, bestAny := chain.FarthestWalk(g, []chain.Point{*s.Start}, free.TakenBits())
	best := bestFloor
	if best < 0 {
		best = bestAny
	}
	if best < 0 {
		return fmt.Errorf("no free walkable tile can be reached from the start %v", *s.Start)
	}
	q, err := s.AddExit(g.Pt(best))
	return endAt(s, q, err)
}

// cullUnreachable walls over the floor the start cannot reach. The tiles a walk
// from the start reaches are those of the start's 8-connected region of walkable
// tiles, so the regions' runs answer it without a search over tiles.
func cullUnreachable(_ context.Context, s *chain.State, _ *rand.Rand) error {
	if err := checkStart(s); err != nil {
		return err
	}
	g := s.Map
	rs, release := kit.Spans(g)
	defer release()
	reach := rs.Region(*s.Start)
	dirty := kit.NewDirty(s)
	walled := true // every tile of the other regions is now unwalkable
	for _, sp := range rs.Spans {
		if sp.Region == reach {
			continue
		}
		dirty.AddRect(chain.Rect{X: int(sp.X0), Y: int(sp.Y), W: int(sp.X1 - sp.X0), H: 1})
		row := g.Tiles[int(sp.Y)*g.W:]
		for x := sp.X0; x < sp.X1; x++ {
			if row[x] == chain.Floor {
				row[x] = chain.Wall
			} else {
				walled = false // another walkable tile stays
			}
		}
	}
	// Exits the cull cut off move to the nearest reachable tile (an exit nobody can
	// reach is no exit); the walled-in stairs become rock.
	free := kit.NewOccupancy(s)
	for k, e := range s.Exits {
		if !g.In(e.Pos()) || rs.Region(e.Pos()) == reach {
			continue
		}
		// The nearest free reachable tile; failing that, the nearest reachable
		// tile holding a spawn (which makes way for the stairs). Candidates in
		// row order: the reachable runs' tiles but the start and stairs.
		best, bestD, bestFree := chain.Point{}, -1, false
		for _, sp := range rs.Spans {
			if sp.Region != reach {
				continue
			}
			for x := int(sp.X0); x < int(sp.X1); x++ {
				q := chain.Point{X: x, Y: int(sp.Y)}
				if q == *s.Start || g.At(q) == chain.DownStairs {
					continue
				}
				isFree := free.Free(q)
				if dd := chain.DistSq(e.Pos(), q); bestD < 0 || (isFree && !bestFree) || (isFree == bestFree && dd < bestD) {
					best, bestD, bestFree = q, dd, isFree
				}
			}
		}
		if bestD < 0 {
			return fmt.Errorf("exit %v cannot be reached from the start %v, and no free reachable tile is left to move it to", e.Pos(), *s.Start)
		}
		g.Set(e.Pos(), chain.Wall)
		q := best
		g.Set(q, e.Tile)
		walled = walled && e.Tile.Walkable()
		dirty.Add(e.Pos())
		dirty.Add(q)
		free.Take(q)
		kit.DropSpawnsAt(s, q)
		s.Exits[k] = chain.Exit{X: q.X, Y: q.Y, Tile: e.Tile}
	}
	// The map's regions are now the start's alone (when only floor was walled
	// and the exits stayed): the run's reachability check answers from them,
	// at once when nothing walkable is left outside the start's region.
	if walled {
		rs.KeepOnlyTiles(g, reach)
	} else {
		rs.KeepOnly(reach)
	}
	kit.DropBuried(s)
	dirty.End(s)
	return nil
}
