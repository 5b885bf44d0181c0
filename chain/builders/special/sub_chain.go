package special

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "sub_chain",
		Help: "Runs a nested step list on a fresh map of the same size (its own seeds and history group, appended to this one's), " +
			"then merges one region of it into this map. merge replace: the region's tiles, spawns, exits, rooms and corridors " +
			"become the nested map's (the tutorial's CaveTransition, generalised); merge carve: only where the nested map has " +
			"floor and this map has wall does the tile become floor, nothing else changes (the tutorial's DragonsLair). " +
			"With connect, carves the shortest corridor joining the region to the rest when they do not touch.",
		Kind: chain.Meta,
		Params: []chain.Param{
			{Name: "steps", Label: "Steps", Help: "The nested chain; it starts with an initial builder.", Type: chain.Steps, Default: []chain.Step{}},
			kit.RegionParam("region", "Region", "Which part of the map the nested map is merged into (center: the middle half).", "right_half"),
			kit.EnumParam("merge", "Merge", "replace: the region becomes the nested map's (tiles, spawns, exits, rooms, corridors); "+
				"carve: wall becomes floor where the nested map made floor, nothing else changes.",
				"replace", "replace", "carve"),
			kit.BoolParam("connect", "Connect", "Carve a corridor joining the region to the rest of the map when they do not touch.", true),
		},
		Makes: chain.FMap,
		New: func(v chain.Values) (chain.Builder, error) {
			return subChain{steps: v.Steps("steps"), region: v.String("region"), carve: v.String("merge") == "carve", connect: v.Bool("connect")}, nil
		},
	})
}

type subChain struct {
	steps   []chain.Step
	region  string
	carve   bool
	connect bool
}

func (b subChain) Build(ctx context.Context, s *chain.State, _ *rand.Rand) error {
	if len(b.steps) == 0 {
		return errors.New("the sub-chain has no steps")
	}
	sub, err := s.Nested(ctx, b.steps)
	if err != nil {
		return err
	}
	g := s.Map
	r, _ := chain.RegionRect(b.region, g.W, g.H) // an enum: always known
	if b.carve {
		r.Each(func(p chain.Point) {
			if g.At(p) == chain.Wall && sub.Map.At(p) == chain.Floor {
				g.Set(p, chain.Floor)
			}
		})
		s.Snapshot(fmt.Sprintf("carved the %s", b.region))
		b.connectRegion(s, r)
		s.EndWithin(chain.Rect{}) // snapshotted since its last change
		return nil
	}
	// The nested map is the same size: the region's rows are copied whole.
	c := r.Intersect(g.Bounds())
	for y := c.Y; y < c.Y2(); y++ {
		copy(g.Tiles[y*g.W+c.X:y*g.W+c.X2()], sub.Map.Tiles[y*g.W+c.X:y*g.W+c.X2()])
	}

	// Spawns, exits, rooms and corridors: the parent's outside the region, the nested ones inside it.
	in := func(x, y int) bool { return r.Contains(chain.Point{X: x, Y: y}) }
	s.Spawns = mergeSpawns(s.Spawns, sub.Spawns, in)
	exits := make([]chain.Exit, 0, len(s.Exits)+len(sub.Exits))
	for _, e := range s.Exits {
		if !in(e.X, e.Y) {
			exits = append(exits, e)
		}
	}
	for _, e := range sub.Exits {
		if in(e.X, e.Y) {
			exits = append(exits, e)
		}
	}
	if len(exits) == 0 && s.Exits == nil {
		exits = nil
	}
	s.Exits = exits
	if sub.Rooms != nil {
		rooms := append(make([]chain.Rect, 0, len(s.Rooms)+len(sub.Rooms)), s.Rooms...)
		for _, rm := range sub.Rooms {
			if r.Intersect(rm) == rm {
				rooms = append(rooms, rm)
			}
		}
		s.Rooms = rooms
	}
	if sub.Corridors != nil {
		cors := append(make([][]chain.Point, 0, len(s.Corridors)+len(sub.Corridors)), s.Corridors...)
		for _, c := range sub.Corridors {
			if len(c) > 0 && r.Contains(c[0]) && r.Contains(c[len(c)-1]) {
				cors = append(cors, c)
			}
		}
		s.Corridors = cors
	}
	if s.Start != nil && !g.Walkable(*s.Start) {
		if err := s.SetStart(*s.Start); err != nil {
			return err
		}
	} else if s.Start == nil && sub.Start != nil && r.Contains(*sub.Start) {
		p := *sub.Start
		s.Start = &p
	}
	s.Snapshot(fmt.Sprintf("merged the %s", b.region))
	b.connectRegion(s, r)
	s.EndWithin(chain.Rect{}) // snapshotted since its last change
	return nil
}

// connectRegion joins region r to the rest of the map when connect is on and
// they do not touch, recording the corridor when the state keeps corridors.
func (b subChain) connectRegion(s *chain.State, r chain.Rect) {
	if !b.connect || r == s.Map.Bounds() {
		return
	}
	if cor := connectRegion(s.Map, r); len(cor) > 0 {
		if s.Corridors != nil {
			s.Corridors = append(s.Corridors, cor)
		}
		s.Snapshot("connected the region")
	}
}

// connectRegion carves the shortest orthogonal corridor from the walkable tiles
// inside r to the walkable tiles outside it when no walkable path joins them.
// It returns the tiles it carved (nil when they already touch or one side is empty).
// (A walk joins them when one 8-connected region of walkable tiles has tiles
// both inside and outside r.)
func connectRegion(g *chain.Grid, r chain.Rect) []chain.Point {
	if !needsCorridor(g, r) {
		return nil
	}
	var inside []chain.Point
	for i, t := range g.Tiles {
		if p := g.Pt(i); t.Walkable() && r.Contains(p) {
			inside = append(inside, p)
		}
	}
	// Breadth-first search through any inner tile from the region's floor to the nearest outside floor.
	prev := make([]int32, len(g.Tiles))
	for i := range prev {
		prev[i] = -2
	}
	queue := make([]int, 0, len(inside))
	for _, p := range inside {
		prev[g.Idx(p)] = -1
		queue = append(queue, g.Idx(p))
	}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		cp := g.Pt(cur)
		if g.Tiles[cur].Walkable() && !r.Contains(cp) {
			var path []chain.Point
			for i := cur; prev[i] >= 0; i = int(prev[i]) {
				if p := g.Pt(i); !g.Tiles[i].Walkable() {
					g.Set(p, chain.Floor)
					path = append(path, p)
				}
			}
			return path
		}
		for _, d := range chain.Neighbours4 {
			q := cp.Add(d)
			if !g.Inner(q) || prev[g.Idx(q)] != -2 {
				continue
			}
			prev[g.Idx(q)] = int32(cur)
			queue = append(queue, g.Idx(q))
		}
	}
	return nil
}

// needsCorridor reports whether r and the rest of the map both have walkable
// tiles and no region of walkable tiles has tiles on both sides, i.e. whether
// connectRegion has a corridor to carve. A region with tiles on both sides
// holds two 8-adjacent walkable tiles on either side of r's edge (its tiles
// are joined by steps to such neighbours), so r's edge alone answers, not a
// labelling of the map.
func needsCorridor(g *chain.Grid, r chain.Rect) bool {
	r = r.Intersect(g.Bounds())
	anyIn, anyOut := false, false
	for i, t := range g.Tiles {
		if !t.Walkable() {
			continue
		}
		if r.Contains(g.Pt(i)) {
			anyIn = true
		} else {
			anyOut = true
		}
		if anyIn && anyOut {
			break
		}
	}
	if !anyIn || !anyOut {
		return false
	}
	// r's edge tiles: its first and last rows, then its first and last columns.
	touches := func(p chain.Point) bool {
		if !g.Walkable(p) {
			return false
		}
		for _, d := range chain.Neighbours8 {
			if q := p.Add(d); !r.Contains(q) && g.Walkable(q) {
				return true
			}
		}
		return false
	}
	for x := r.X; x < r.X2(); x++ {
		if touches(chain.Point{X: x, Y: r.Y}) || touches(chain.Point{X: x, Y: r.Y2() - 1}) {
			return false
		}
	}
	for y := r.Y; y < r.Y2(); y++ {
		if touches(chain.Point{X: r.X, Y: y}) || touches(chain.Point{X: r.X2() - 1, Y: y}) {
			return false
		}
	}
	return true
}

// mergeSpawns returns the spawns of parent outside the region (in says what is
// inside) followed by those of nested inside it, in order; none stays none when
// parent had none. The list is built in nested's backing array when it has
// room (the nested state is dropped after the merge; parent's may be shared),
// else in a new one.
func mergeSpawns(parent, nested []chain.Spawn, in func(x, y int) bool) []chain.Spawn {
	kept := nested[:0]
	for _, sp := range nested {
		if in(sp.X, sp.Y) {
			kept = append(kept, sp)
		}
	}
	out := 0
	for _, sp := range parent {
		if !in(sp.X, sp.Y) {
			out++
		}
	}
	var spawns []chain.Spawn
	if nested != nil && out+len(kept) <= cap(nested) {
		spawns = nested[:out+len(kept)]
		copy(spawns[out:], kept) // overlapping: copy moves
	} else {
		spawns = make([]chain.Spawn, out+len(kept))
		copy(spawns[out:], kept)
	}
	i := 0
	for _, sp := range parent {
		if !in(sp.X, sp.Y) {
			spawns[i] = sp
			i++
		}
	}
	if len(spawns) == 0 && parent == nil {
		return nil // as it was: none stays none
	}
	return spawns
}
