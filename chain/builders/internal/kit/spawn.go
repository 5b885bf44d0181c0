package kit

import (
	"math/bits"
	"math/rand/v2"

	"hewn/chain"
)

// Occupancy tracks which tiles of a state may still receive a spawn. A tile is
// free when it is walkable, is not the start, is not an exit, and holds no spawn
// yet. Every builder that places entities uses it, so spawns never land on walls,
// on the start or on the stairs, and never two on one tile.
type Occupancy struct {
	g     *chain.Grid
	taken []uint64 // bit i set: tile i may not receive a spawn
}

// NewOccupancy marks the start, the exits and the existing spawns of s as taken.
func NewOccupancy(s *chain.State) *Occupancy {
	o := &Occupancy{g: s.Map, taken: make([]uint64, (len(s.Map.Tiles)+63)/64)}
	if s.Start != nil {
		o.Take(*s.Start)
	}
	for _, e := range s.Exits {
		o.Take(e.Pos())
	}
	for _, sp := range s.Spawns {
		o.Take(sp.Pos())
	}
	return o
}

// TakenBits is the taken tiles as a bitset (bit i%64 of word i/64 for tile i),
// for chain.FarthestWalk: a walkable tile is free when its bit is clear.
func (o *Occupancy) TakenBits() []uint64 { return o.taken }

// Free reports whether p may receive a spawn.
func (o *Occupancy) Free(p chain.Point) bool {
	return o.g.In(p) && o.freeIdx(o.g.Idx(p))
}

// FreeAt reports whether the tile of index i (inside the map) may receive a spawn.
func (o *Occupancy) FreeAt(i int) bool { return o.freeIdx(i) }

// freeIdx reports whether tile index i (inside the map) may receive a spawn.
func (o *Occupancy) freeIdx(i int) bool {
	return o.g.Tiles[i].Walkable() && o.taken[i>>6]&(1<<(uint(i)&63)) == 0
}

// Take marks p as taken (outside the map it does nothing).
func (o *Occupancy) Take(p chain.Point) {
	if o.g.In(p) {
		i := o.g.Idx(p)
		o.taken[i>>6] |= 1 << (uint(i) & 63)
	}
}

// Place adds the named spawn at p to s and marks p as taken. The caller has
// checked that p is free.
func (o *Occupancy) Place(s *chain.State, p chain.Point, name string) {
	s.AddSpawn(p, name)
	o.Take(p)
}

// FreeIn appends to dst the free tiles of r (clipped to the map), row by row.
func (o *Occupancy) FreeIn(dst []chain.Point, r chain.Rect) []chain.Point {
	r = r.Intersect(o.g.Bounds())
	for y := r.Y; y < r.Y2(); y++ {
		for x := r.X; x < r.X2(); x++ {
			if p := (chain.Point{X: x, Y: y}); o.Free(p) {
				dst = append(dst, p)
			}
		}
	}
	return dst
}

// CountFree returns how many tiles of the map are free.
func (o *Occupancy) CountFree() int {
	n := 0
	for i := range o.g.Tiles {
		if o.freeIdx(i) {
			n++
		}
	}
	return n
}

// RandomFree returns a uniformly chosen free tile of the whole map without
// allocating, or false when there is none.
func (o *Occupancy) RandomFree(rng *rand.Rand) (chain.Point, bool) {
	n := o.CountFree()
	if n == 0 {
		return chain.Point{}, false
	}
	k := rng.IntN(n)
	for i := range o.g.Tiles {
		if o.freeIdx(i) {
			if k == 0 {
				return o.g.Pt(i), true
			}
			k--
		}
	}
	return chain.Point{}, false // unreachable: k < n
}

// NearestFree returns the free tile nearest p by Euclidean distance (ties broken
// by row, then column, as chain.State.NearestWalkable does), or false when no
// tile is free.
func (o *Occupancy) NearestFree(p chain.Point) (chain.Point, bool) {
	if o.Free(p) {
		return p, true
	}
	best, bestD := chain.Point{}, -1
	for i := range o.g.Tiles {
		if !o.freeIdx(i) {
			continue
		}
		q := o.g.Pt(i)
		if d := chain.DistSq(p, q); bestD < 0 || d < bestD {
			best, bestD = q, d
		}
	}
	return best, bestD >= 0
}

// Taken returns how many tiles are marked taken (for tests and statistics).
func (o *Occupancy) Taken() int {
	n := 0
	for _, w := range o.taken {
		n += bits.OnesCount64(w)
	}
	return n
}
