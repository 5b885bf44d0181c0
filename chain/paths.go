package chain

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"sync"
)

// pathScratch is the padded working array and queue of a breadth-first search,
// reused across calls (sweeps run thousands of searches per second).
type pathScratch struct {
	pad   []int32
	queue []int32
	mask  []uint64 // WalkableAndDeadEnds' row masks
	steps []uint64 // stepsToMasks' masks
}

var scratchPool = sync.Pool{New: func() any { return new(pathScratch) }}

// getScratch returns a scratch whose pad has n cells (contents undefined) and an
// empty queue with room for n entries.
func getScratch(n int) *pathScratch {
	sc := scratchPool.Get().(*pathScratch)
	if cap(sc.pad) < n {
		sc.pad = make([]int32, n)
		sc.queue = make([]int32, 0, n)
	}
	sc.pad = sc.pad[:n]
	sc.queue = sc.queue[:0]
	return sc
}

// Unreachable marks tiles a DistanceMap cannot reach.
const Unreachable = -1

// DistanceMap returns, for every tile of g, the number of 8-directional steps over
// walkable tiles from the nearest source (Unreachable where no path exists): the
// tutorial's Dijkstra map with uniform costs. It is a breadth-first search over
// the tile array (about 10× faster than a generic pathfinder at 512×512; A*
// serves Path, where costs vary).
func DistanceMap(g *Grid, sources []Point) []int { return DistanceMapInto(nil, g, sources) }

// DistanceMapInto is DistanceMap written into dst when it has room for every
// tile (else into a new slice), for callers that run many searches (sweeps).
func DistanceMapInto(dst []int, g *Grid, sources []Point) []int {
	// Search a copy padded with a ring of rock, so no step needs a bounds check.
	w, h := g.W, g.H
	pw := w + 2
	sc := getScratch(pw * (h + 2))
	defer scratchPool.Put(sc)
	dist := sc.pad
	for i := range dist {
		dist[i] = -2 // rock
	}
	for y := 0; y < h; y++ {
		row, prow := g.Tiles[y*w:(y+1)*w], dist[(y+1)*pw+1:(y+1)*pw+1+w]
		for x, t := range row {
			if walkableT[t] {
				prow[x] = Unreachable
			}
		}
	}
	queue := sc.queue
	for _, s := range sources {
		if g.In(s) {
			if j := (s.Y+1)*pw + s.X + 1; dist[j] == Unreachable {
				dist[j] = 0
				queue = append(queue, int32(j))
			}
		}
	}
	offs := [8]int32{int32(-pw), 1, int32(pw), -1, int32(-pw - 1), int32(-pw + 1), int32(pw + 1), int32(pw - 1)}
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		d := dist[i] + 1
		for _, o := range offs {
			if j := i + o; dist[j] == Unreachable {
				dist[j] = d
				queue = append(queue, j)
			}
		}
	}
	out := dst
	if cap(out) < w*h {
		out = make([]int, w*h)
	}
	out = out[:w*h]
	for y := 0; y < h; y++ {
		prow, row := dist[(y+1)*pw+1:(y+1)*pw+1+w], out[y*w:(y+1)*w]
		for x, d := range prow {
			row[x] = max(int(d), Unreachable)
		}
	}
	return out
}

// StepsTo returns the fewest 8-directional steps over walkable tiles from
// `from` to the nearest of targets (0 when from is one), or Unreachable when
// no target can be reached (a target on an unwalkable tile never can): what
// DistanceMap gives at the nearest target, found by breadth-first searches
// from both ends that stop where they meet.
func StepsTo(g *Grid, from Point, targets []Point) int {
	if !g.Walkable(from) {
		return Unreachable
	}
	if slices.Contains(targets, from) {
		return 0
	}
	if g.W <= stepsMaskMaxW {
		if d, ok := stepsToMasks(g, nil, 0, from, targets); ok {
			return d
		}
	}
	return stepsToTiles(g, from, targets)
}

// StepsTo is StepsTo on g, the map rs labelled last (no tile changed since),
// its walkable tiles read from rs.
func (rs *RegionSpans) StepsTo(g *Grid, from Point, targets []Point) int {
	if !rs.valid || rs.w != g.W || rs.h != g.H {
		return StepsTo(g, from, targets)
	}
	if !g.Walkable(from) {
		return Unreachable
	}
	if slices.Contains(targets, from) {
		return 0
	}
	if g.W <= stepsMaskMaxW {
		walkable := 0
		for _, n := range rs.Sizes {
			walkable += n
		}
		if d, ok := stepsToMasks(g, rs.bits, walkable, from, targets); ok {
			return d
		}
	}
	return stepsToTiles(g, from, targets)
}

// Retile tells rs that tile i of g, the map it labelled last, changed to a
// tile as walkable as the one before: the labelling stays g's, and labelling
// g again answers at once. A change of walkability (not Retile's use) makes
// the next Label label anew.
func (rs *RegionSpans) Retile(g *Grid, i int) {
	if !rs.same || i < 0 || i >= len(rs.tiles) || len(rs.tiles) != len(g.Tiles) {
		return
	}
	if walkBit[rs.tiles[i]] != walkBit[g.Tiles[i]] {
		rs.same, rs.valid = false, false
		return
	}
	rs.tiles[i] = byte(g.Tiles[i])
}

// stepsToTiles is StepsTo (from walkable, not a target) searching tile by tile.
func stepsToTiles(g *Grid, from Point, targets []Point) int {
	w, h := g.W, g.H
	pw := w + 2
	sc := getScratch(pw * (h + 2))
	defer scratchPool.Put(sc)
	dist := sc.pad
	for i := range dist[:pw] {
		dist[i] = -2
	}
	for y := range h {
		prow := dist[(y+1)*pw : (y+2)*pw]
		prow[0], prow[pw-1] = -2, -2
		for x, t := range g.Tiles[y*w : (y+1)*w] {
			prow[x+1] = int32(walkBit[t]) - 2 // Unreachable (-1) when walkable, else rock (-2)
		}
	}
	for i := range dist[(h+1)*pw:] {
		dist[(h+1)*pw+i] = -2
	}
	// A search from each side, a whole level at a time, the smaller front
	// first: from's side marks its tiles with their steps d (d ≥ 0), the
	// targets' side with -4-d. The first tile of the other side a level
	// reaches gives the fewest steps: with the sides at depths a and b and no
	// tile shared yet, every path is longer than a+b, and a tile of the other
	// side next to the front closes one of a+b+1 (its depth is b: less would
	// close a shorter one).
	queue := sc.queue[:0]
	for _, t := range targets {
		if g.In(t) {
			if j := (t.Y+1)*pw + t.X + 1; dist[j] == Unreachable {
				dist[j] = -4
				queue = append(queue, int32(j))
			}
		}
	}
	if len(queue) == 0 {
		sc.queue = queue
		return Unreachable
	}
	s := int32((from.Y+1)*pw + from.X + 1)
	dist[s] = 0
	// The two fronts live in the queue: [b0, b1) the targets' side, then
	// [a0, a1) from's; a level's new tiles go to the end, and a front's
	// level is its depth (da, db).
	b0, b1 := 0, len(queue)
	queue = append(queue, s)
	a0, a1 := b1, b1+1
	da, db := int32(0), int32(0)
	p := int32(pw)
	// mark takes in tile j at mark m for its side, or notes in found the
	// steps of a path through it when the other side holds it (other says
	// which marks are the other side's, steps turns one into its steps).
	found := int32(-1)
	markA := func(j, m int32) {
		switch v := dist[j]; {
		case v == Unreachable:
			dist[j] = m
			queue = append(queue, j)
		case v <= -4:
			found = m - 4 - v
		}
	}
	markB := func(j, m int32) {
		switch v := dist[j]; {
		case v == Unreachable:
			dist[j] = m
			queue = append(queue, j)
		case v >= 0:
			found = -4 - m + v
		}
	}
	for a0 < a1 && b0 < b1 {
		start := len(queue)
		if a1-a0 <= b1-b0 {
			m := da + 1
			for k := a0; k < a1 && found < 0; k++ {
				i := queue[k]
				markA(i-p, m)
				markA(i+1, m)
				markA(i+p, m)
				markA(i-1, m)
				markA(i-p-1, m)
				markA(i-p+1, m)
				markA(i+p+1, m)
				markA(i+p-1, m)
			}
			a0, a1, da = start, len(queue), m
		} else {
			m := -4 - (db + 1)
			for k := b0; k < b1 && found < 0; k++ {
				i := queue[k]
				markB(i-p, m)
				markB(i+1, m)
				markB(i+p, m)
				markB(i-1, m)
				markB(i-p-1, m)
				markB(i-p+1, m)
				markB(i+p+1, m)
				markB(i+p-1, m)
			}
			b0, b1, db = start, len(queue), db+1
		}
		if found >= 0 {
			sc.queue = queue
			return int(found)
		}
	}
	sc.queue = queue
	return Unreachable
}

// WalkableAndDeadEnds counts g's walkable tiles, and those with exactly one
// walkable neighbour of four (off the grid is not walkable), 64 tiles at a
// time on walkable masks.
func WalkableAndDeadEnds(g *Grid) (walk, dead int) {
	w, h := g.W, g.H
	nw := (w + 63) >> 6
	sc := getScratch(0)
	defer scratchPool.Put(sc)
	if cap(sc.mask) < 3*nw {
		sc.mask = make([]uint64, 3*nw)
	}
	// Three row masks in turn: above, this row, below (zero off the grid).
	up, mid, dn := sc.mask[:nw], sc.mask[nw:2*nw], sc.mask[2*nw:3*nw]
	clear(up)
	walkMask(mid, g.Tiles[:w])
	for y := range h {
		if y+1 < h {
			walkMask(dn, g.Tiles[(y+1)*w:(y+2)*w])
		} else {
			clear(dn)
		}
		wk, dd := deadEndsRow(up, mid, dn)
		walk, dead = walk+wk, dead+dd
		up, mid, dn = mid, dn, up
	}
	return walk, dead
}

// WalkableAndDeadEnds is WalkableAndDeadEnds of the map rs labelled last,
// read from its walkable mask.
func (rs *RegionSpans) WalkableAndDeadEnds() (walk, dead int) {
	nw := (rs.w + 63) >> 6
	var zero [4]uint64
	none := zero[:]
	if nw > len(zero) {
		none = make([]uint64, nw)
	}
	none = none[:nw]
	for y := range rs.h {
		up, dn := none, none
		if y > 0 {
			up = rs.bits[(y-1)*nw : y*nw]
		}
		if y+1 < rs.h {
			dn = rs.bits[(y+1)*nw : (y+2)*nw]
		}
		wk, dd := deadEndsRow(up, rs.bits[y*nw:(y+1)*nw], dn)
		walk, dead = walk+wk, dead+dd
	}
	return walk, dead
}

// deadEndsRow counts the walkable tiles of the row whose walkable mask is
// mid, and those of them with exactly one walkable neighbour of four (up and
// dn: the masks of the rows above and below, zero off the grid).
func deadEndsRow(up, mid, dn []uint64) (walk, dead int) {
	nw := len(mid)
	for k, m := range mid {
		// Each tile's left and right neighbours' bits, across words.
		left, right := m<<1, m>>1
		if k > 0 {
			left |= mid[k-1] >> 63
		}
		if k+1 < nw {
			right |= mid[k+1] << 63
		}
		// Exactly one of the four set: their sum's bits (s1 s0) are 01.
		a, b, c, d := left, right, up[k], dn[k]
		s0 := a ^ b ^ c ^ d
		twoOrMore := a&b | a&c | a&d | b&c | b&d | c&d
		walk += bits.OnesCount64(m)
		dead += bits.OnesCount64(m & s0 &^ twoOrMore)
	}
	return walk, dead
}

// Path finds a cheapest path from `from` to `to` with A* (gruid's, step for
// step: see Astar), moving in 8 directions; cost returns the cost of entering a
// tile (at least 1) and whether it may be entered at all. It returns the path
// including both ends, or nil.
func Path(g *Grid, from, to Point, cost func(Point) (int, bool)) []Point {
	return NewPathFinder(g).Path(from, to, cost)
}

// TileCost is a Path cost function from tile path costs (×10, walkable tiles only).
func TileCost(g *Grid) func(Point) (int, bool) {
	return func(p Point) (int, bool) {
		c := tileCost10[g.At(p)]
		return c, c > 0
	}
}

// tileCost10[t] is TileCost's cost of tile type t, 0 when it is not walkable.
var tileCost10 = func() (c [256]int) {
	for t, p := range tileProps {
		if p.Walkable {
			c[t] = max(1, int(math.Round(p.Cost*10)))
		}
	}
	return c
}()

// Regions labels the 8-connected regions of walkable tiles: labels[i] is 0 for
// unwalkable tiles, else the region number (from 1, in row order of their first
// tile), and sizes[k] is the number of tiles of region k (sizes[0] is 0).
func Regions(g *Grid) (labels []int32, sizes []int) { return RegionsInto(nil, g) }

// RegionsInto is Regions with the labels written into dst when it has room for
// every tile (else into a new slice), for callers that label many maps.
func RegionsInto(dst []int32, g *Grid) (labels []int32, sizes []int) {
	rs := spansPool.Get().(*RegionSpans)
	defer spansPool.Put(rs)
	rs.Label(g)
	labels = dst
	if cap(labels) < len(g.Tiles) {
		labels = make([]int32, len(g.Tiles))
	}
	labels = labels[:len(g.Tiles)]
	clear(labels)
	for _, sp := range rs.Spans {
		row := labels[int(sp.Y)*g.W:]
		for x := sp.X0; x < sp.X1; x++ {
			row[x] = sp.Region
		}
	}
	return labels, append([]int(nil), rs.Sizes...)
}

var spansPool = sync.Pool{New: func() any { return new(RegionSpans) }}

// Spans labels g's regions into a pooled RegionSpans: call release when done
// with it (and keep no reference to it). Callers that label many maps (the
// builders and checks of a seed sweep) share the buffers, and a map labelled
// again unchanged (a start, then a cull, then the run's reachability check)
// is answered from the last labelling.
func Spans(g *Grid) (rs *RegionSpans, release func()) {
	rs = spansPool.Get().(*RegionSpans)
	rs.Label(g)
	return rs, func() { spansPool.Put(rs) }
}

// Span is a horizontal run of walkable tiles: row Y, columns X0 ≤ x < X1, all
// in region Region.
type Span struct {
	Y, X0, X1, Region int32
}

// RegionSpans holds the 8-connected regions of a grid's walkable tiles as
// runs: the same regions, numbered the same way, as Regions gives, found by
// joining the runs of neighbouring rows (union-find over runs, not a search
// over tiles, so a map costs about one pass over its tiles). The zero value is
// ready to use; Label reuses its buffers, so callers that label many maps (the
// builders of a seed sweep) keep one.
type RegionSpans struct {
	// Spans lists the runs in row order (by row, then column).
	Spans []Span
	// Sizes[k] is the number of tiles of region k (Sizes[0] is 0).
	Sizes []int
	rows  []int32 // rows[y] is the index of the first span of row y; rows[h] = len(Spans)
	root  []int32 // union-find parents, then each root's region
	w, h  int
	// bits is the walkable mask of the map last labelled (a row in
	// (w+63)/64 words, bit x%64 of word x/64 for column x), and next the mask
	// being built. Regions depend on walkability only, and a chain labels
	// maps that differ in no walkable tile several times (a start then a
	// cull, stairs or decoration on floor, the run's reachability check, the
	// sweep's metrics): the pooled RegionSpans that comes back then answers
	// at once.
	bits, next []uint64
	valid      bool // bits and the regions describe the same map
	// tiles is a copy of the tiles of the map last labelled, when same says
	// the regions are its: a map whose tiles are all unchanged is answered
	// by comparing bytes, before any mask is built.
	tiles []byte
	same  bool
}

// walkBit[t] is 1 for a walkable tile type, else 0.
var walkBit = func() (b [256]uint64) {
	for t, p := range tileProps { // (walkableT is filled later, by an init function)
		if p.Walkable {
			b[t] = 1
		}
	}
	return b
}()

// unwalkable holds the tile types below numTiles that are not walkable, each
// repeated in the eight bytes of a word (for walkMask), the first repeated
// when there are fewer than four; manyUnwalkable reports more than four (then
// walkMask reads the table tile by tile).
var unwalkable, manyUnwalkable = func() (u [4]uint64, many bool) {
	n := 0
	for t, p := range tileProps {
		if !p.Walkable {
			if n == len(u) {
				return u, true
			}
			u[n] = uint64(t) * lsb8
			n++
		}
	}
	for i := n; i < len(u); i++ {
		u[i] = u[0]
	}
	return u, false
}()

// walkMask reads a word of walls and floor as its own mask.
var _ = [1]int{}[Wall] + [1]int{}[Floor-1]

const (
	lsb8 = 0x0101010101010101 // the low bit of each byte
	msb8 = 0x8080808080808080 // the high bit of each byte
	low7 = 0x7F7F7F7F7F7F7F7F // the low seven bits of each byte
)

// zeroBytes sets the high bit of each byte of v that is zero (and no other bit).
func zeroBytes(v uint64) uint64 { return ^((v&low7 + low7) | v | low7) }

// walkMask sets mrow to the walkable mask of row: bit x%64 of word x/64 is
// set when row[x] is walkable. It looks at eight tiles at a time: a byte is
// unwalkable when it equals an unwalkable type or is numTiles or more.
func walkMask(mrow []uint64, row []Tile) {
	b := tileBytes(row)
	over := uint64(0x80-numTiles) * lsb8 // adding it sets a byte's high bit when the byte is numTiles or more
	for k := range mrow {
		seg := b[k<<6 : min(len(b), k<<6+64)]
		var m uint64
		x := 0
		for ; x+8 <= len(seg) && !manyUnwalkable; x += 8 {
			v := binary.LittleEndian.Uint64(seg[x:])
			wk := v // walls (0) and floor (1) only: the low bits say it
			if v&^lsb8 != 0 {
				un := ((v&low7+over)|v)&msb8 | zeroBytes(v^unwalkable[0]) | zeroBytes(v^unwalkable[1]) |
					zeroBytes(v^unwalkable[2]) | zeroBytes(v^unwalkable[3])
				wk = (^un & msb8) >> 7
			}
			// Gather the low bits of the eight bytes into one byte, tile 0 lowest.
			m |= (wk * 0x0102040810204080 >> 56) << x
		}
		for ; x < len(seg); x++ {
			m |= walkBit[seg[x]] << x
		}
		mrow[k] = m
	}
}

// TileMask sets mrow to the mask of row's tiles of type t: bit x%64 of word
// x/64 is set when row[x] == t (bits past the row clear). It looks at eight
// tiles at a time, as walkMask does.
func TileMask(mrow []uint64, row []Tile, t Tile) {
	b := tileBytes(row)
	tt := uint64(t) * lsb8
	for k := range mrow {
		seg := b[min(len(b), k<<6):min(len(b), k<<6+64)]
		var m uint64
		x := 0
		for ; x+8 <= len(seg); x += 8 {
			eq := zeroBytes(binary.LittleEndian.Uint64(seg[x:])^tt) >> 7
			m |= (eq * 0x0102040810204080 >> 56) << x
		}
		for ; x < len(seg); x++ {
			if Tile(seg[x]) == t {
				m |= 1 << x
			}
		}
		mrow[k] = m
	}
}

// sameTilesMax is the most tiles of a map whose copy RegionSpans keeps, so
// that labelling the very same tiles again is one comparison of bytes; a
// bigger map compares its walkable mask instead (an eighth of the memory: a
// 4096×4096 map's copy would hold 16 MB more for each labelling kept).
const sameTilesMax = 1 << 16

// Label computes the regions of g's walkable tiles, replacing rs's.
func (rs *RegionSpans) Label(g *Grid) {
	tb := tileBytes(g.Tiles)
	if len(tb) > sameTilesMax {
		rs.tiles, rs.same = nil, false
		rs.label(g)
		return
	}
	if rs.same && rs.valid && rs.w == g.W && rs.h == g.H && string(rs.tiles) == string(tb) {
		return // the very same tiles as last time
	}
	rs.label(g)
	rs.tiles = append(rs.tiles[:0], tb...)
	rs.same = true
}

// label is Label without the comparison of tiles.
func (rs *RegionSpans) label(g *Grid) {
	w, h := g.W, g.H
	nw := (w + 63) >> 6
	// The walkable mask, 64 tiles a word.
	if cap(rs.next) < nw*h {
		rs.next = make([]uint64, nw*h)
	}
	mask := rs.next[:nw*h]
	for y := range h {
		walkMask(mask[y*nw:(y+1)*nw], g.Tiles[y*w:(y+1)*w])
	}
	if rs.valid && rs.w == w && rs.h == h && slices.Equal(rs.bits, mask) {
		return // the same walkable tiles as last time: the same regions
	}
	rs.bits, rs.next = mask, rs.bits
	rs.valid = false
	rs.w, rs.h = w, h
	// Count the runs first (a run starts at a set bit whose left neighbour is
	// clear) and size the buffers once: growing them by appending copied
	// hundreds of megabytes on a 4096×4096 cave (a pooled RegionSpans is
	// often a fresh one, as the pool empties at each garbage collection).
	n := 0
	for y := range h {
		var carry uint64 // the last bit of the previous word
		for _, m := range mask[y*nw : (y+1)*nw] {
			n += bits.OnesCount64(m &^ (m<<1 | carry))
			carry = m >> 63
		}
	}
	if cap(rs.Spans) < n {
		rs.Spans = make([]Span, 0, n)
	}
	if cap(rs.root) < n {
		rs.root = make([]int32, 0, n)
	}
	if cap(rs.rows) < h+1 {
		rs.rows = make([]int32, 0, h+1)
	}
	spans, rows := rs.Spans[:0], rs.rows[:0]
	for y := range h {
		rows = append(rows, int32(len(spans)))
		mrow := mask[y*nw : (y+1)*nw]
		// A run starts at a set bit whose left neighbour is clear and ends
		// at one whose right neighbour is (bits past the row are clear): a
		// word's starts are appended, then its ends close the runs open in
		// turn (the n-th end of a row is its n-th run's).
		open := len(spans)
		for k, m := range mrow {
			var in, out uint64 // the bits carried in from either side
			if k > 0 {
				in = mrow[k-1] >> 63
			}
			if k+1 < nw {
				out = mrow[k+1] << 63
			}
			for st := m &^ (m<<1 | in); st != 0; st &= st - 1 {
				spans = append(spans, Span{Y: int32(y), X0: int32(k<<6 + bits.TrailingZeros64(st))})
			}
			for en := m &^ (m>>1 | out); en != 0; en &= en - 1 {
				spans[open].X1 = int32(k<<6 + bits.TrailingZeros64(en) + 1)
				open++
			}
		}
	}
	rows = append(rows, int32(len(spans)))
	rs.Spans, rs.rows = spans, rows

	root := rs.root[:0]
	for i := range spans {
		root = append(root, int32(i))
	}
	find := func(i int32) int32 {
		for root[i] != i {
			root[i] = root[root[i]]
			i = root[i]
		}
		return i
	}
	// Join each run to the runs of the row above that touch it, diagonally
	// included: [a.X0, a.X1) and [b.X0, b.X1) touch when a.X0 ≤ b.X1 and b.X0 ≤ a.X1.
	for y := 1; y < h; y++ {
		a, aEnd := rows[y-1], rows[y]
		for b := rows[y]; b < rows[y+1]; b++ {
			for a < aEnd && spans[a].X1 < spans[b].X0 {
				a++
			}
			for k := a; k < aEnd && spans[k].X0 <= spans[b].X1; k++ {
				if ra, rb := find(k), find(b); ra != rb {
					root[max(ra, rb)] = min(ra, rb) // the earlier run stays the root
				}
			}
		}
	}
	// Number the regions in row order of their first run (whose first tile is
	// the region's first tile in row order). Parents precede their runs, so in
	// order each run's parent already points at its final root.
	sizes := append(rs.Sizes[:0], 0)
	for i := range spans {
		if r := root[i]; r == int32(i) {
			spans[i].Region = int32(len(sizes))
			sizes = append(sizes, 0)
		} else {
			r = root[r]
			root[i] = r
			spans[i].Region = spans[r].Region
		}
		sizes[spans[i].Region] += int(spans[i].X1 - spans[i].X0)
	}
	rs.root, rs.Sizes = root, sizes
	rs.valid = true
}

// KeepOnlyTiles is KeepOnly(r) for g, the map rs labelled last, after a cull
// that left every tile outside region r's runs unwalkable and every tile of
// them walkable (the caller knows it: checking it would cost what labelling
// does): rs is then the labelling of g's very tiles, and labelling g again
// answers at once (as after Label).
func (rs *RegionSpans) KeepOnlyTiles(g *Grid, r int32) {
	kept := rs.valid && rs.w == g.W && rs.h == g.H && len(g.Tiles) <= sameTilesMax && r != 0
	rs.KeepOnly(r)
	if kept {
		rs.tiles = append(rs.tiles[:0], tileBytes(g.Tiles)...)
		rs.same = true
	}
}

// KeepOnly makes rs the labelling of its map with every tile outside region
// r made unwalkable (as cull_unreachable does): r's runs, as region 1. A
// later Label of that map answers from it at once; of any other map, it
// labels anew.
func (rs *RegionSpans) KeepOnly(r int32) {
	if !rs.valid {
		return
	}
	rs.same = false // the regions are no longer those of the tiles copied
	nw := (rs.w + 63) >> 6
	spans, rows, size := rs.Spans[:0], rs.rows[:0], 0
	y := int32(0) // the next row whose first span is to be set
	for _, sp := range rs.Spans {
		for ; y <= sp.Y; y++ {
			rows = append(rows, int32(len(spans)))
		}
		if sp.Region != r || r == 0 {
			clearBits(rs.bits[int(sp.Y)*nw:], int(sp.X0), int(sp.X1))
			continue
		}
		sp.Region = 1
		spans = append(spans, sp)
		size += int(sp.X1 - sp.X0)
	}
	for ; y <= int32(rs.h); y++ {
		rows = append(rows, int32(len(spans)))
	}
	rs.Spans, rs.rows = spans, rows
	rs.Sizes = append(rs.Sizes[:0], 0)
	if len(spans) > 0 {
		rs.Sizes = append(rs.Sizes, size)
	}
}

// clearBits clears bits x0 ≤ x < x1 of mrow (bit x%64 of word x/64), a word
// at a time.
func clearBits(mrow []uint64, x0, x1 int) {
	for x0 < x1 {
		k, lo := x0>>6, x0&63
		hi := min(x1-k<<6, 64)
		mrow[k] &^= ^uint64(0) >> (64 - (hi - lo)) << lo
		x0 = k<<6 + hi
	}
}

// Row returns the runs of row y, by column (none off the grid).
func (rs *RegionSpans) Row(y int) []Span {
	if y < 0 || y >= rs.h || len(rs.rows) <= y+1 {
		return nil
	}
	return rs.Spans[rs.rows[y]:rs.rows[y+1]]
}

// Region returns the region of tile p (0 when it is unwalkable or off the grid).
func (rs *RegionSpans) Region(p Point) int32 {
	if p.X < 0 || p.Y < 0 || p.X >= rs.w || p.Y >= rs.h {
		return 0
	}
	x := int32(p.X)
	for _, sp := range rs.Spans[rs.rows[p.Y]:rs.rows[p.Y+1]] {
		if x < sp.X0 {
			return 0
		}
		if x < sp.X1 {
			return sp.Region
		}
	}
	return 0
}

// Largest returns the largest region (the lowest-numbered on ties), or 0 when
// the grid has no walkable tile.
func (rs *RegionSpans) Largest() int32 {
	best := 0
	for k, n := range rs.Sizes {
		if n > rs.Sizes[best] {
			best = k
		}
	}
	return int32(best)
}

// WalkCostMap returns, for every tile of g, the cost of the cheapest walk from
// the nearest source over walkable tiles (Unreachable where none exists), as
// the tutorial's Dijkstra maps measure it: a step costs the cost of the tile it
// leaves, times 1.5 when diagonal. Costs are in twentieths of a floor step (an
// orthogonal step from floor costs 20, a diagonal one 30), so they stay exact integers.
func WalkCostMap(g *Grid, sources []Point) []int {
	d := WalkCostMapInto(nil, g, sources)
	out := make([]int, len(d))
	for i, v := range d {
		out[i] = int(v)
	}
	return out
}

// WalkCostMapInto is WalkCostMap with 32-bit costs (a 4096×4096 map's fit:
// at most 90 per step), written into dst when it has room for every tile (else
// into a new slice), for callers that keep a buffer.
func WalkCostMapInto(dst []int32, g *Grid, sources []Point) []int32 {
	dist := resize32(dst, len(g.Tiles))
	for i := range dist {
		dist[i] = Unreachable
	}
	WalkCosts(g, sources, func(i int, cost int32) { dist[i] = cost })
	return dist
}

// stepCost[t] is the cost (in twentieths of a floor step) of an orthogonal
// step leaving a tile of type t; a diagonal one costs half as much again.
var stepCost = func() (c [256]int32) {
	for t := range numTiles {
		c[t] = 2 * max(1, int32(math.Round(t.Cost()*10)))
	}
	return c
}()

// diagCost[t] is the cost of a diagonal step leaving a tile of type t.
var diagCost = func() (c [256]int32) {
	for t := range c {
		c[t] = stepCost[t] * 3 / 2
	}
	return c
}()

// costRing is the number of buckets of WalkCosts' queue: a power of two
// above the dearest step (a diagonal step off a web, 90).
const costRing = 128

// costScratch holds WalkCosts' bucket queue and tile states between calls.
type costScratch struct {
	ring  [costRing][]int32
	state []uint8
}

var costPool = sync.Pool{New: func() any { return new(costScratch) }}

// WalkCosts runs WalkCostMap's search from sources and calls settle(i, cost)
// once for every tile i the walk reaches, with its cost, in order of cost
// (ties in no particular order). It holds one byte per tile, not the costs
// (callers that want only the farthest tile need no 4-byte map: 16 MB at
// 4096×4096, not 67).
func WalkCosts(g *Grid, sources []Point, settle func(i int, cost int32)) {
	if u := uniformUnit(g); u > 0 {
		walkCostsUniform(g, sources, u, settleTiles(g.W, settle))
		return
	}
	if solidBorder(g) {
		walkCostsSolid(g, sources, settle)
		return
	}
	// A walkable tile on the border: search a copy inside a ring of rock.
	w, h := g.W, g.H
	pw := w + 2
	pg := NewGrid(pw, h+2)
	for y := range h {
		copy(pg.Tiles[(y+1)*pw+1:], g.Tiles[y*w:(y+1)*w])
	}
	var ps []Point
	for _, s := range sources {
		if g.In(s) {
			ps = append(ps, Point{s.X + 1, s.Y + 1})
		}
	}
	walkCostsSolid(pg, ps, func(i int, cost int32) { settle((i/pw-1)*w+i%pw-1, cost) })
}

// resize32 returns buf with length n (contents undefined), reallocated when it
// is too small.
func resize32(buf []int32, n int) []int32 {
	if cap(buf) < n {
		return make([]int32, n)
	}
	return buf[:n]
}

// solidBorder reports whether no tile of g's outer ring is walkable, so every
// neighbour of a walkable tile lies on the grid.
func solidBorder(g *Grid) bool {
	w, h := g.W, g.H
	for _, t := range g.Tiles[:w] {
		if walkableT[t] {
			return false
		}
	}
	for _, t := range g.Tiles[(h-1)*w:] {
		if walkableT[t] {
			return false
		}
	}
	for y := 1; y < h-1; y++ {
		if walkableT[g.Tiles[y*w]] || walkableT[g.Tiles[y*w+w-1]] {
			return false
		}
	}
	return true
}

// The states of a tile in walkCostsSolid: a tile waiting in the queue holds
// its tentative cost modulo costRing (0..127), which with the cost being
// settled, d, gives the tentative cost back: it lies in [d, d+90].
const (
	stOpen = costRing     // walkable, not reached yet
	stDone = costRing + 1 // settled
	stRock = costRing + 2 // not walkable
)

// walkCostsSolid is WalkCosts on a grid whose border holds no walkable tile,
// so the search needs no bounds checks of its own.
func walkCostsSolid(g *Grid, sources []Point, settle func(i int, cost int32)) {
	sc := costPool.Get().(*costScratch)
	defer costPool.Put(sc)
	if cap(sc.state) < len(g.Tiles) {
		sc.state = make([]uint8, len(g.Tiles))
	}
	st := sc.state[:len(g.Tiles)]
	for i, t := range g.Tiles {
		if walkableT[t] {
			st[i] = stOpen
		} else {
			st[i] = stRock
		}
	}
	// Dial's algorithm: the costs are small positive integers, so a ring of
	// buckets indexed by cost (modulo more than the dearest step) is the
	// priority queue; every tile queued at cost d leaves before any at d+1.
	// The costs it finds are those of any Dijkstra search (they are unique).
	ring := &sc.ring
	for b := range ring {
		ring[b] = ring[b][:0]
	}
	queued := 0
	for _, s := range sources {
		if g.In(s) {
			if i := g.Idx(s); st[i] == stOpen {
				st[i] = 0
				ring[0] = append(ring[0], int32(i))
				queued++
			}
		}
	}
	w := int32(g.W)
	tiles := g.Tiles
	var d int32
	// relax offers tile j the cost nd (unrolled below: a loop over the eight
	// offsets cost more than the relaxations themselves).
	relax := func(j, nd int32) {
		s := st[j]
		if s >= stDone || s != stOpen && nd >= d+int32((s-uint8(d))&(costRing-1)) {
			return // settled, rock, or queued at no more than nd
		}
		k := nd & (costRing - 1)
		st[j] = uint8(k)
		ring[k] = append(ring[k], j)
		queued++
	}
	for ; queued > 0; d++ {
		b := d & (costRing - 1)
		bucket := ring[b]
		for _, i := range bucket {
			if st[i] != uint8(b) { // settled already: queued again at a lower cost
				continue
			}
			st[i] = stDone
			settle(int(i), d)
			t := tiles[i]
			nd := d + stepCost[t]
			relax(i-w, nd)
			relax(i+1, nd)
			relax(i+w, nd)
			relax(i-1, nd)
			nd = d + diagCost[t]
			relax(i-w-1, nd)
			relax(i-w+1, nd)
			relax(i+w+1, nd)
			relax(i+w-1, nd)
		}
		queued -= len(bucket)
		ring[b] = bucket[:0]
	}
}
