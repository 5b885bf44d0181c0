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

// startDistances returns the walking distance of every tile from the start, in
// a pooled buffer: call release when done with it.
func startDistances(s *chain.State) (dist []int, release func(), err error) {
	if err := s.NeedStart(); err != nil {
		return nil, nil, err
	}
	if !s.Map.Walkable(*s.Start) {
		return nil, nil, fmt.Errorf("the start %v is not on a walkable tile", *s.Start)
	}
	dist, release = kit.Distances(s.Map, []chain.Point{*s.Start})
	return dist, release, nil
}

// distantExit puts the stairs on the free plain-floor tile with the highest
// walking cost from the start (the first in row order on ties), as the
// tutorial's Dijkstra map; with no such tile, on the farthest free walkable one.
func distantExit(_ context.Context, s *chain.State, _ *rand.Rand) error {
	_, release, err := startDistances(s)
	if err != nil {
		return err
	}
	release()
	g := s.Map
	dist := chain.WalkCostMap(g, []chain.Point{*s.Start})
	free := kit.NewOccupancy(s)
	best, bestD := -1, 0
	for _, floorOnly := range []bool{true, false} {
		for i, d := range dist {
			if d > bestD && (!floorOnly || g.Tiles[i] == chain.Floor) && free.Free(g.Pt(i)) {
				best, bestD = i, d
			}
		}
		if best >= 0 {
			break
		}
	}
	if best < 0 {
		return fmt.Errorf("no free walkable tile can be reached from the start %v", *s.Start)
	}
	_, err = s.AddExit(g.Pt(best))
	return err
}

func cullUnreachable(_ context.Context, s *chain.State, _ *rand.Rand) error {
	dist, release, err := startDistances(s)
	if err != nil {
		return err
	}
	defer release()
	g := s.Map
	for i, t := range g.Tiles {
		if t == chain.Floor && dist[i] == chain.Unreachable {
			g.Tiles[i] = chain.Wall
		}
	}
	// Exits the cull cut off move to the nearest reachable tile (an exit nobody can
	// reach is no exit); the walled-in stairs become rock.
	free := kit.NewOccupancy(s)
	for k, e := range s.Exits {
		if !g.In(e.Pos()) || dist[g.Idx(e.Pos())] != chain.Unreachable {
			continue
		}
		// The nearest free reachable tile; failing that, the nearest reachable
		// tile holding a spawn (which makes way for the stairs).
		best, bestD, bestFree := -1, -1, false
		for i, d := range dist {
			q := g.Pt(i)
			if d <= 0 || g.Tiles[i] == chain.DownStairs {
				continue // unreachable, the start, or stairs
			}
			isFree := free.Free(q)
			if dd := chain.DistSq(e.Pos(), q); bestD < 0 || (isFree && !bestFree) || (isFree == bestFree && dd < bestD) {
				best, bestD, bestFree = i, dd, isFree
			}
		}
		if best < 0 {
			return fmt.Errorf("exit %v cannot be reached from the start %v, and no free reachable tile is left to move it to", e.Pos(), *s.Start)
		}
		g.Set(e.Pos(), chain.Wall)
		q := g.Pt(best)
		g.Set(q, e.Tile)
		free.Take(q)
		kit.DropSpawnsAt(s, q)
		s.Exits[k] = chain.Exit{X: q.X, Y: q.Y, Tile: e.Tile}
	}
	kit.DropBuried(s)
	return nil
}
