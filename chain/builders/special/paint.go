package special

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
	"hewn/chain/jsonfile"
)

func init() {
	chain.Register(chain.Spec{
		Name: "paint",
		Help: "Hand-painted cells, laid on every seed: tiles, spawns, cleared spawns, the start and exits, at positions " +
			"counted from an anchor (the map's top-left corner, the start, the first exit or the map's centre). Each cell " +
			`is an object: "x" and "y" (from the anchor), "w" and "h" (a rectangle, 1 when left out), and what it paints, ` +
			`in this order: "clear": true removes the spawns standing there, "tile" lays a tile (wall, floor, deep_water, ...), ` +
			`"spawn" places an entity on each tile (in place of what stood there), "start": true puts the start there, "exit": true adds an exit (down stairs). ` +
			"Cells apply in order. What falls off the map is skipped, and the map's outer ring stays wall (both with a " +
			"warning); a spawn painted on a tile nobody can stand on is skipped with a warning. Afterwards a start left on an " +
			"unwalkable tile moves to the nearest walkable one, exits painted over are gone and spawns under walls too.",
		Kind: chain.Both,
		Params: []chain.Param{
			kit.EnumParam("anchor", "Anchor", "What x and y count from: map (the top-left corner: absolute positions), start, "+
				"exit (the first exit) or center (the map's centre: width/2, height/2). The anchor is where it stands before "+
				"the step paints.", "map", "map", "start", "exit", "center"),
			{Name: "cells", Label: "Cells", Help: `The painted cells, e.g. { "x": 10, "y": 4, "w": 4, "tile": "wall" }, ` +
				`{ "x": 12, "y": 6, "spawn": "Goblin" }, { "x": 3, "y": 3, "clear": true }, { "x": 20, "y": 9, "start": true }. ` +
				fmt.Sprintf("At most %d cells, x and y within ±%d, w and h 1 to %d.", chain.MaxPaintCells, chain.MaxPaintOffset, chain.MaxSize),
				Type: chain.PaintCells, Default: []chain.PaintCell{}},
		},
		Makes:   chain.FMap,
		Effects: paintEffects,
		New:     newPaint,
	})
}

// paintEffects: an anchor at the start or the exit needs one; cells that
// place spawns, a start or an exit make them.
func paintEffects(v chain.Values) chain.Effect {
	e := chain.Effect{Makes: chain.FMap}
	switch v.String("anchor") {
	case "start":
		e.Needs |= chain.FStart
	case "exit":
		e.Needs |= chain.FExit
	}
	for _, c := range v.PaintCells("cells") {
		if c.Spawn != "" {
			e.Makes |= chain.FSpawns
		}
		if c.Start {
			e.Makes |= chain.FStart
		}
		if c.Exit {
			e.Makes |= chain.FExit
		}
	}
	return e
}

type paintStep struct {
	anchor string
	cells  []chain.PaintCell
	tiles  []chain.Tile // each cell's tile (when it has one)
}

func newPaint(v chain.Values) (chain.Builder, error) {
	p := paintStep{anchor: v.String("anchor"), cells: v.PaintCells("cells")}
	p.tiles = make([]chain.Tile, len(p.cells))
	for i, c := range p.cells {
		if c.Tile != "" {
			t, err := chain.ParseTile(c.Tile)
			if err != nil {
				return nil, fmt.Errorf("cells[%d].tile: %q is not a tile", i, c.Tile)
			}
			p.tiles[i] = t
		}
	}
	return p, nil
}

// origin is where the anchor stands.
func (p paintStep) origin(s *chain.State) (chain.Point, error) {
	switch p.anchor {
	case "start":
		if s.Start == nil {
			return chain.Point{}, s.NeedStart()
		}
		return *s.Start, nil
	case "exit":
		if len(s.Exits) == 0 {
			return chain.Point{}, fmt.Errorf("anchor exit: needs an exit, but none is placed")
		}
		return s.Exits[0].Pos(), nil
	case "center":
		return chain.Point{X: s.Map.W / 2, Y: s.Map.H / 2}, nil
	}
	return chain.Point{}, nil
}

func (p paintStep) Build(ctx context.Context, s *chain.State, _ *rand.Rand) error {
	o, err := p.origin(s)
	if err != nil {
		return err
	}
	g := s.Map
	inner := g.Bounds().Inset(1)
	sp := newSpawnIndex(s)
	var off, ring, buried int
	for i, c := range p.cells {
		if i%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		r := chain.R(o.X+c.X, o.Y+c.Y, c.W, c.H)
		on := r.Intersect(g.Bounds())
		off += area(r) - area(on)
		if c.Clear {
			on.Each(sp.clear)
		}
		if c.Tile != "" {
			in := r.Intersect(inner)
			ring += area(on) - area(in)
			in.Each(func(q chain.Point) { g.Set(q, p.tiles[i]) })
		}
		if c.Spawn != "" {
			on.Each(func(q chain.Point) {
				if !g.Walkable(q) {
					buried++
					return
				}
				sp.clear(q) // one spawn a tile: the painted one replaces what stood there
				sp.add(q, c.Spawn)
			})
		}
		if on.Empty() {
			continue
		}
		// the start and exits go where painted (the nearest walkable tile when
		// that is rock); a spawn standing there makes way
		switch {
		case c.Start:
			if err := s.SetStart(on.Center()); err != nil {
				return err
			}
			sp.clear(*s.Start)
		case c.Exit:
			q, err := s.AddExit(on.Center())
			if err != nil {
				return err
			}
			sp.clear(q)
		}
	}
	s.Spawns = sp.compact()
	// exits painted over are gone; a start on rock moves; spawns under walls go
	kept := s.Exits[:0:0]
	for _, e := range s.Exits {
		if g.At(e.Pos()) == e.Tile {
			kept = append(kept, e)
		}
	}
	if len(kept) != len(s.Exits) {
		s.Exits = kept
	}
	if s.Start != nil && !g.Walkable(*s.Start) {
		if err := s.SetStart(*s.Start); err != nil {
			return err
		}
	}
	kit.DropBuried(s)
	var notes []string
	if off > 0 {
		notes = append(notes, fmt.Sprintf("%d painted %s off the %d×%d map", off, tilesWord(off), g.W, g.H))
	}
	if ring > 0 {
		notes = append(notes, fmt.Sprintf("%d on its outer ring, which stays wall", ring))
	}
	if len(notes) > 0 {
		s.Warn(strings.Join(notes, " and ") + ": skipped")
	}
	if buried > 0 {
		s.Warn(fmt.Sprintf("%d painted %s on tiles nobody can stand on: skipped", buried, jsonfile.Pick(buried, "spawn", "spawns")))
	}
	return nil
}

func area(r chain.Rect) int {
	if r.Empty() {
		return 0
	}
	return r.W * r.H
}

func tilesWord(n int) string { return jsonfile.Pick(n, "tile falls", "tiles fall") }

// spawnIndex holds a state's spawns while cells clear and add them: clearing
// a rectangle costs its area, not a pass over every spawn.
type spawnIndex struct {
	g      *chain.Grid
	spawns []chain.Spawn
	gone   []bool
	at     map[int][]int // tile index -> indexes into spawns
	any    bool          // something was cleared or added
}

func newSpawnIndex(s *chain.State) *spawnIndex {
	x := &spawnIndex{g: s.Map, spawns: s.Spawns, gone: make([]bool, len(s.Spawns)), at: map[int][]int{}}
	for i, sp := range s.Spawns {
		if s.Map.In(sp.Pos()) {
			j := s.Map.Idx(sp.Pos())
			x.at[j] = append(x.at[j], i)
		}
	}
	return x
}

func (x *spawnIndex) clear(p chain.Point) {
	for _, i := range x.at[x.g.Idx(p)] {
		x.gone[i], x.any = true, true
	}
	delete(x.at, x.g.Idx(p))
}

func (x *spawnIndex) add(p chain.Point, name string) {
	if !x.any { // the first change: copy, the old slice may be a snapshot's
		x.spawns = append(make([]chain.Spawn, 0, len(x.spawns)+1), x.spawns...)
		x.any = true
	}
	j := x.g.Idx(p)
	x.at[j] = append(x.at[j], len(x.spawns))
	x.spawns = append(x.spawns, chain.Spawn{X: p.X, Y: p.Y, Name: name})
	x.gone = append(x.gone, false)
}

// compact returns the spawns left, in order (the same slice when nothing
// changed, else a fresh one).
func (x *spawnIndex) compact() []chain.Spawn {
	if !x.any {
		return x.spawns
	}
	out := make([]chain.Spawn, 0, len(x.spawns))
	for i, sp := range x.spawns {
		if !x.gone[i] {
			out = append(out, sp)
		}
	}
	return out
}
