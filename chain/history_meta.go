package chain

import (
	"bytes"
	"hash/maphash"
	"unsafe"
)

// meta is the non-tile part of a snapshot; consecutive frames share it when unchanged.
type meta struct {
	start     *Point
	exits     []Exit
	rooms     []Rect
	corridors [][]Point
	spawns    []spawnRec
}

// spawnRec is a spawn as the history keeps it: its name by index into
// shelves.names, so that a list of them holds no pointer.
type spawnRec struct {
	X, Y int
	name int32
}

// shelves hold the history's copies of the state's lists. Exits, rooms and
// spawns hold no pointer and are kept in pooled blocks (see spare): History.At
// copies them out.
type shelves struct {
	exits     shelf[Exit]
	rooms     shelf[Rect]
	spawns    shelf[spawnRec]
	corridors shelf[[]Point]
	names     []string     // the spawns' names, each once
	table     []int32      // the names by hash (see findName)
	recent    [32]struct { // recently seen names by where their bytes are
		s string
		i int32 // 1 + index into names
	}
}

// metaChunk is how many metas one block of History.metas holds.
const metaChunk = 32

// metaOf returns the index in h.metas of a copy of s's start and lists: the
// previous frame's when they are unchanged. Each list unchanged since the
// previous frame is shared with it, and a list that grew from it (a corridor
// or spawn added) shares the elements it had.
func (h *History) metaOf(s *State) int32 {
	n := h.nmeta
	l := &h.lists
	var prev meta
	if n > 0 {
		prev = *h.meta(n - 1)
	}
	// How many leading elements of each list prev holds as s does, each
	// compared once (then kept or extended with that).
	ke, kr := commonPrefix(prev.exits, s.Exits), commonPrefix(prev.rooms, s.Rooms)
	ks, kc := spawnPrefix(prev.spawns, s.Spawns, l.names), corridorPrefix(prev.corridors, s.Corridors)
	sameStart := ptrEq(prev.start, s.Start)
	if n > 0 && sameStart && sameK(prev.exits, s.Exits, ke) && sameK(prev.rooms, s.Rooms, kr) &&
		sameK(prev.spawns, s.Spawns, ks) && sameK(prev.corridors, s.Corridors, kc) {
		return int32(n - 1)
	}
	m := meta{start: prev.start}
	if !sameStart {
		m.start = nil
		if s.Start != nil {
			p := *s.Start
			m.start = &p
		}
	}
	m.exits = keepList(&l.exits, h, prev.exits, s.Exits, ke)
	m.rooms = keepList(&l.rooms, h, prev.rooms, s.Rooms, kr)
	m.spawns = l.keepSpawns(h, prev.spawns, s.Spawns, ks)
	m.corridors = l.keepCorridors(prev.corridors, s.Corridors, kc)
	if n == len(h.metas)*metaChunk {
		h.metas = grown(h.metas, 4, new([metaChunk]meta))
	}
	*h.meta(n) = m
	h.nmeta++
	return int32(n)
}

// sameK reports whether a list a, of which k leading elements are as b
// holds them, records all of b (nil as nil).
func sameK[A, B any](a []A, b []B, k int) bool {
	return k == len(a) && k == len(b) && (a == nil) == (b == nil)
}

// keepSpawns is keepList for spawns, kept as spawnRecs.
func (l *shelves) keepSpawns(h *History, prev []spawnRec, cur []Spawn, k int) []spawnRec {
	if cur == nil {
		return nil
	}
	if prev != nil && k == len(prev) && k == len(cur) {
		return prev
	}
	list, from := l.spawns.grow(h, prev, len(cur), k == len(prev))
	for i := from; i < len(cur); i++ {
		list[i] = spawnRec{X: cur[i].X, Y: cur[i].Y, name: l.nameOf(h, cur[i].Name)}
	}
	return list
}

// spawnPrefix returns how many leading spawns a records as b holds them.
func spawnPrefix(a []spawnRec, b []Spawn, names []string) int {
	m := min(len(a), len(b))
	k := 0
	for k < m && a[k].X == b[k].X && a[k].Y == b[k].Y && names[a[k].name] == b[k].Name {
		k++
	}
	return k
}

// nameOf returns the index of name in l.names, adding it the first time.
// Spawns mostly take their names from one table (a content pack's), so the
// same name mostly comes with the same bytes: a small cache by where they
// are settles most calls with no hashing.
func (l *shelves) nameOf(h *History, name string) int32 {
	p := uintptr(unsafe.Pointer(unsafe.StringData(name)))
	c := &l.recent[(p>>3^p>>9)%uintptr(len(l.recent))]
	if c.i > 0 && unsafe.StringData(c.s) == unsafe.StringData(name) && len(c.s) == len(name) {
		return c.i - 1
	}
	i := l.findName(h, name)
	c.s, c.i = name, i+1
	return i
}

// findName is nameOf without the cache: l.table holds the names by hash
// (open addressing), as 1 + their index (0 for a free slot), at most half
// full.
func (l *shelves) findName(h *History, name string) int32 {
	if len(l.table) == 0 {
		l.table = newTable(h, 256)
	}
	mask := uint64(len(l.table) - 1)
	k := maphash.String(nameSeed, name) & mask
	for ; l.table[k] != 0; k = (k + 1) & mask {
		if i := l.table[k] - 1; l.names[i] == name {
			return i
		}
	}
	l.names = grown(l.names, 32, name)
	i := int32(len(l.names) - 1)
	l.table[k] = i + 1
	if 2*len(l.names) > len(l.table) {
		t := newTable(h, 2*len(l.table))
		mask := uint64(len(t) - 1)
		for j, n := range l.names {
			k := maphash.String(nameSeed, n) & mask
			for t[k] != 0 {
				k = (k + 1) & mask
			}
			t[k] = int32(j) + 1
		}
		l.table = t
	}
	return i
}

// newTable returns an empty name table of n slots.
func newTable(h *History, n int) []int32 {
	t := carve[int32](h, n)
	clear(t)
	return t
}

// nameSeed seeds the name tables' hash (which names share a slot changes
// nothing a history records).
var nameSeed = maphash.MakeSeed()

func ptrEq(a, b *Point) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

// sameCorridor reports whether a and b are the same corridor: the same
// points, shared (a corridor's points are never edited once listed, see
// State), so comparing where they are stands for comparing them.
func sameCorridor(a, b []Point) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b) && (a == nil) == (b == nil)
}

// corridorPrefix returns how many leading corridors a and b share (see
// sameCorridor). The history keeps the state's corridors as they are (not
// clipped), so that lists holding the same bytes, compared at once, settle
// most calls.
func corridorPrefix(a, b [][]Point) int {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	// Corridors before k are stored alike (the same points, length and
	// capacity); from k, compare where their points are.
	k := rawPrefix(a[:m], b[:m])
	for k < m && sameCorridor(a[k], b[k]) {
		k++
	}
	return k
}

// rawBytes views a list's elements as their bytes.
func rawBytes[T any](a []T) []byte {
	if len(a) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)*int(unsafe.Sizeof(a[0])))
}

// rawPrefix returns how many leading elements of a and b (of one length)
// hold the same bytes: most lists compared are equal, settled by one
// vectorised comparison.
func rawPrefix[T any](a, b []T) int {
	if rawEqual(a, b) {
		return len(a)
	}
	return firstDiff(rawBytes(a), rawBytes(b), 0) / int(unsafe.Sizeof(a[0]))
}

// rawEqual reports whether a and b hold the same bytes: then they are equal
// (the converse need not hold: padding, or equal strings stored apart).
func rawEqual[T any](a, b []T) bool { return bytes.Equal(rawBytes(a), rawBytes(b)) }

// commonPrefix returns how many leading elements a and b share.
func commonPrefix[T comparable](a, b []T) int {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	k := rawPrefix(a[:m], b[:m])
	// Elements before k hold the same bytes; from k, compare them as values.
	for k < m && a[k] == b[k] {
		k++
	}
	return k
}

// keepList returns a read-only copy of cur (nil stays nil), of which k
// leading elements are as prev, the previous frame's copy, holds them: prev
// when equal; when cur extends prev, one sharing prev's elements if it can.
func keepList[T comparable](sh *shelf[T], h *History, prev, cur []T, k int) []T {
	if cur == nil {
		return nil
	}
	if prev != nil && k == len(prev) && k == len(cur) {
		return prev
	}
	list, from := sh.grow(h, prev, len(cur), k == len(prev))
	copy(list[from:], cur[from:])
	return list
}

// keepCorridors is keepList for corridors. It copies the list, not the
// corridors: their points are shared with the state (see State), never
// written by the history, and handed out clipped (see History.At).
func (l *shelves) keepCorridors(prev, cur [][]Point, k int) [][]Point {
	if cur == nil {
		return nil
	}
	if prev != nil && k == len(prev) && k == len(cur) {
		return prev
	}
	list, from := l.corridors.grow(nil, prev, len(cur), k == len(prev))
	copy(list[from:], cur[from:])
	return list
}

// shelf is append-only storage the history copies lists into, in blocks, so
// that a run's many small lists cost a few allocations. What it hands out is
// never written again.
type shelf[T any] struct{ buf []T }

// shelfBlock is the size in bytes a shelf's blocks grow to by doubling (from
// 16 elements); a list longer than half a block gets a block of its own, with
// room for an eighth more (a list that long may grow).
const shelfBlock = 4 << 10

// grow returns room for a list of n elements (not nil, clipped to n) and the
// index from which the caller fills it. When extends is set, prev is the list
// last handed out and the new one repeats its elements: if prev ends where the
// shelf's block does and the block has room, the new list extends prev in
// place and from is len(prev); else from is 0. When h is not nil (T holds no
// pointer), blocks are carved from h's pooled blocks (see carve).
func (sh *shelf[T]) grow(h *History, prev []T, n int, extends bool) (list []T, from int) {
	end := len(sh.buf)
	if extends && len(prev) > 0 && len(prev) <= end && n-len(prev) <= cap(sh.buf)-end &&
		unsafe.SliceData(prev) == &sh.buf[end-len(prev)] {
		sh.buf = sh.buf[:end+n-len(prev)]
		return sh.buf[end-len(prev) : len(sh.buf) : len(sh.buf)], len(prev)
	}
	if n == 0 {
		return []T{}, 0
	}
	if n > cap(sh.buf)-end {
		c := max(16, min(2*cap(sh.buf), shelfBlock/int(unsafe.Sizeof(*new(T)))))
		if n > c/2 {
			c = n + n/8
		}
		if h != nil {
			sh.buf = carve[T](h, c)[:0]
		} else {
			sh.buf = make([]T, 0, c)
		}
		end = 0
	}
	sh.buf = sh.buf[:end+n]
	return sh.buf[end : end+n : end+n], 0
}
