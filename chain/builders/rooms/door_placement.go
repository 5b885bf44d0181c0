package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// DoorName is the name of the spawn door_placement adds.
const DoorName = "Door"

func init() {
	chain.Register(chain.Spec{
		Name: "door_placement",
		Help: "Adds \"Door\" spawns. With corridors: at the first tile of every corridor longer than two tiles, when it sits between two walls. " +
			"Without: on one in three floor tiles that sit between two walls with floor on both open sides.",
		Kind:  chain.Meta,
		Makes: chain.FSpawns,
		New:   func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(placeDoors), nil },
	})
}

func placeDoors(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	d := newDoors(s)
	if s.Corridors != nil {
		for _, hall := range s.Corridors {
			if err := ctx.Err(); err != nil {
				return err
			}
			if len(hall) > 2 && d.possible(hall[0]) {
				d.add(hall[0])
			}
		}
		return nil
	}
	g := s.Map
	for y := range g.H {
		if err := ctx.Err(); err != nil {
			return err
		}
		for x := range g.W {
			p := chain.Point{X: x, Y: y}
			if d.possible(p) && kit.Roll(rng, 1, 3) == 1 {
				d.add(p)
			}
		}
	}
	return nil
}

// doors places doors on s, remembering which tiles already hold a spawn (or the start).
type doors struct {
	s     *chain.State
	taken []bool
}

func newDoors(s *chain.State) *doors {
	d := &doors{s: s, taken: make([]bool, len(s.Map.Tiles))}
	for _, sp := range s.Spawns {
		if s.Map.In(sp.Pos()) {
			d.taken[s.Map.Idx(sp.Pos())] = true
		}
	}
	if s.Start != nil && s.Map.In(*s.Start) {
		d.taken[s.Map.Idx(*s.Start)] = true
	}
	return d
}

func (d *doors) add(p chain.Point) {
	d.taken[d.s.Map.Idx(p)] = true
	d.s.AddSpawn(p, DoorName)
}

// possible is the tutorial's door_possible: p is a free floor tile with floor
// on both sides along one axis and walls on both sides across it. Neighbours on
// the map's outermost ring do not count as floor or wall, as in the tutorial.
func (d *doors) possible(p chain.Point) bool {
	g := d.s.Map
	if !g.In(p) || d.taken[g.Idx(p)] || g.At(p) != chain.Floor {
		return false
	}
	is := func(dx, dy int, t chain.Tile) bool {
		q := chain.Point{X: p.X + dx, Y: p.Y + dy}
		return q.X > 0 && q.Y > 0 && q.X < g.W-1 && q.Y < g.H-1 && g.At(q) == t
	}
	eastWest := is(-1, 0, chain.Floor) && is(1, 0, chain.Floor) && is(0, -1, chain.Wall) && is(0, 1, chain.Wall)
	northSouth := is(-1, 0, chain.Wall) && is(1, 0, chain.Wall) && is(0, -1, chain.Floor) && is(0, 1, chain.Floor)
	return eastWest || northSouth
}
