package kit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"hewn/chain"
)

// Symmetry is the mirror mode of the tutorial's symmetric paint brush, shared by
// drunkard's walk and DLA.
type Symmetry int

// The symmetry modes, in the order of SymmetryChoices.
const (
	SymNone Symmetry = iota
	SymHorizontal
	SymVertical
	SymBoth
)

// SymmetryChoices are the enum values of a symmetry parameter.
var SymmetryChoices = []string{"none", "horizontal", "vertical", "both"}

// SymmetryParam describes a symmetry enum parameter.
func SymmetryParam(name, def string) chain.Param {
	return EnumParam(name, "Symmetry",
		"Mirror every brush stroke around the map's vertical axis (horizontal), its horizontal axis (vertical), or each of them in turn (both), as the tutorial's paint does.",
		def, SymmetryChoices...)
}

// ParseSymmetry maps a symmetry enum value to its mode (SymNone for anything unknown).
func ParseSymmetry(s string) Symmetry {
	for i, c := range SymmetryChoices {
		if c == s {
			return Symmetry(i)
		}
	}
	return SymNone
}

// Paint carves floor with a square brush of side brush at p and at the points
// mirroring p around the map centre as sym says (the tutorial's paint), and
// returns how many tiles became floor. An even brush covers p-brush/2 up to
// p+brush/2-1 on each axis (p at its bottom-right for size 2), as the
// tutorial's; an odd one is centred on p (the tutorial's covers only
// (brush-1)² tiles there, an integer-halving slip). Only tiles inside the
// border change.
func Paint(g *chain.Grid, sym Symmetry, brush int, p chain.Point) int {
	cx, cy := g.W/2, g.H/2
	dx, dy := abs(cx-p.X), abs(cy-p.Y)
	switch sym {
	case SymHorizontal:
		if p.X == cx {
			return stroke(g, brush, p)
		}
		return stroke(g, brush, chain.Point{X: cx + dx, Y: p.Y}) + stroke(g, brush, chain.Point{X: cx - dx, Y: p.Y})
	case SymVertical:
		if p.Y == cy {
			return stroke(g, brush, p)
		}
		return stroke(g, brush, chain.Point{X: p.X, Y: cy + dy}) + stroke(g, brush, chain.Point{X: p.X, Y: cy - dy})
	case SymBoth:
		// As the tutorial: mirrored across each axis in turn, not diagonally.
		if p.X == cx && p.Y == cy {
			return stroke(g, brush, p)
		}
		return stroke(g, brush, chain.Point{X: cx + dx, Y: p.Y}) + stroke(g, brush, chain.Point{X: cx - dx, Y: p.Y}) +
			stroke(g, brush, chain.Point{X: p.X, Y: cy + dy}) + stroke(g, brush, chain.Point{X: p.X, Y: cy - dy})
	}
	return stroke(g, brush, p)
}

// stroke carves one brush-sized square at p (see Paint).
func stroke(g *chain.Grid, brush int, p chain.Point) int {
	brush = max(1, brush)
	o := brush / 2 // even: p at the bottom-right of the middle; odd: centred
	return stamp(g, chain.Rect{X: p.X - o, Y: p.Y - o, W: brush, H: brush})
}

// stamp carves the tiles of r inside the border and counts those that became floor.
func stamp(g *chain.Grid, r chain.Rect) int {
	r = r.Intersect(chain.Rect{X: 1, Y: 1, W: g.W - 2, H: g.H - 2})
	n := 0
	for y := r.Y; y < r.Y2(); y++ {
		row := g.Tiles[y*g.W : (y+1)*g.W]
		for x := r.X; x < r.X2(); x++ {
			if row[x] != chain.Floor {
				row[x] = chain.Floor
				n++
			}
		}
	}
	return n
}

// RandomInner returns a uniformly random tile inside the map's border.
func RandomInner(rng *rand.Rand, g *chain.Grid) chain.Point {
	return chain.Point{X: Roll(rng, 1, g.W-2), Y: Roll(rng, 1, g.H-2)}
}

// FloorCount counts the floor tiles of g (the tutorial's floor_tile_count).
func FloorCount(g *chain.Grid) int {
	return g.Count(func(t chain.Tile) bool { return t == chain.Floor })
}

// FloorGoal turns a floor_percent parameter into the tutorial's desired number of
// floor tiles, or returns an error when a brush could never reach it (only tiles
// inside the border can be carved), so walkers never loop forever.
func FloorGoal(g *chain.Grid, percent float64) (int, error) {
	goal := int(percent * float64(g.W*g.H))
	most := 0
	for i, t := range g.Tiles {
		if t == chain.Floor || g.Inner(g.Pt(i)) {
			most++
		}
	}
	if goal > most {
		return 0, fmt.Errorf("floor_percent %g asks for %d floor tiles, but at most %d can be carved on this %d×%d map",
			percent, goal, most, g.W, g.H)
	}
	return goal, nil
}

// WalkBudget bounds the total number of digger steps a walking builder may take
// on g before it gives up with an error: far more than any reachable goal needs.
func WalkBudget(g *chain.Grid) int { return 1000*g.W*g.H + 1_000_000 }

// Walker moves the tutorial's diggers and particles: one random orthogonal step
// at a time, staying inside the map's border. It draws two random bits per step
// (a 64-bit draw serves 32 steps), counts steps against WalkBudget and checks ctx
// now and then, so no walk can run forever.
type Walker struct {
	ctx          context.Context
	rng          *rand.Rand
	g            *chain.Grid
	bits         uint64
	nbits        int
	steps, limit int
	err          error
}

// NewWalker starts walking on g with randomness from rng.
func NewWalker(ctx context.Context, g *chain.Grid, rng *rand.Rand) *Walker {
	return &Walker{ctx: ctx, rng: rng, g: g, limit: WalkBudget(g)}
}

// Stagger moves p one step left, right, up or down at random (it stays put when
// the step would reach the border), as the tutorial's stagger_direction. ok is
// false when the walk must stop; Err says why.
func (w *Walker) Stagger(p chain.Point) (q chain.Point, ok bool) {
	if w.nbits == 0 {
		w.bits, w.nbits = w.rng.Uint64(), 32
	}
	d := w.bits & 3
	w.bits >>= 2
	w.nbits--
	switch d {
	case 0:
		if p.X > 1 {
			p.X--
		}
	case 1:
		if p.X < w.g.W-2 {
			p.X++
		}
	case 2:
		if p.Y > 1 {
			p.Y--
		}
	default:
		if p.Y < w.g.H-2 {
			p.Y++
		}
	}
	return p, w.Step()
}

// Step counts one unit of work (a step, or a particle that moved nowhere) and
// reports whether the walk may go on.
func (w *Walker) Step() bool {
	w.steps++
	if w.steps&4095 == 0 {
		if err := w.ctx.Err(); err != nil {
			w.err = err
			return false
		}
	}
	if w.steps > w.limit {
		w.err = fmt.Errorf("gave up after %d digger steps", w.limit)
		return false
	}
	return true
}

// Err is why Stagger or Step reported false (nil while they have not).
func (w *Walker) Err() error { return w.err }

// IsBlank reports whether g is solid rock, i.e. whether a builder that can be
// initial or meta runs as the initial builder of its chain.
func IsBlank(g *chain.Grid) bool {
	t := g.Tiles
	if chain.Wall == 0 {
		for ; len(t) >= 8; t = t[8:] { // no branch a tile
			if t[0]|t[1]|t[2]|t[3]|t[4]|t[5]|t[6]|t[7] != 0 {
				return false
			}
		}
	}
	for _, tl := range t {
		if tl != chain.Wall {
			return false
		}
	}
	return true
}

// Settle repairs what a meta builder that repaints the whole map may have
// broken: it stamps each exit's tile back, moves the start to the nearest
// walkable tile when its own tile is no longer walkable, and drops the spawns
// left inside rock or under the moved start (see DropBuried).
func Settle(s *chain.State) error {
	for _, e := range s.Exits {
		s.Map.Set(e.Pos(), e.Tile)
	}
	if s.Start != nil && !s.Map.Walkable(*s.Start) {
		if err := s.SetStart(*s.Start); err != nil {
			return err
		}
	}
	DropBuried(s)
	return nil
}

// DropBuried removes the spawns that stand on a tile that is no longer
// walkable, or on the start, keeping the others in order. It replaces s.Spawns
// only when something was dropped, and then with a fresh slice (the old one may
// be shared with a snapshot).
func DropBuried(s *chain.State) {
	buried := func(sp chain.Spawn) bool {
		return !s.Map.Walkable(sp.Pos()) || (s.Start != nil && *s.Start == sp.Pos())
	}
	if !slices.ContainsFunc(s.Spawns, buried) {
		return
	}
	kept := make([]chain.Spawn, 0, len(s.Spawns))
	for _, sp := range s.Spawns {
		if !buried(sp) {
			kept = append(kept, sp)
		}
	}
	s.Spawns = kept
}

// Pacer spaces a builder's progress snapshots so a long job records about n of
// them (every unit of progress when the job is shorter than n units).
type Pacer struct{ next, step int }

// NewPacer paces progress from done to total units into about n snapshots.
func NewPacer(done, total, n int) *Pacer {
	step := max(1, (total-done)/max(1, n))
	return &Pacer{next: done + step, step: step}
}

// Due reports whether a snapshot is due now that progress has reached done.
func (p *Pacer) Due(done int) bool {
	if done < p.next {
		return false
	}
	for p.next <= done {
		p.next += p.step
	}
	return true
}
