package chain

import (
	"bytes"
	"unsafe"
)

// meta is the non-tile part of a snapshot; consecutive frames share it when unchanged.
type meta struct {
	start     *Point
	exits     []Exit
	rooms     []Rect
	corridors [][]Point
	spawns    []Spawn
}

// shelves hold the history's copies of the state's lists.
type shelves struct {
	exits     shelf[Exit]
	rooms     shelf[Rect]
	spawns    shelf[Spawn]
	corridors shelf[[]Point]
}

// metaChunk is how many metas one block of History.metas holds.
const metaChunk = 32

// metaOf returns the index in h.metas of a copy of s's start and lists: the
// previous frame's when they are unchanged. Each list unchanged since the
// previous frame is shared with it, and a list that grew from it (a corridor
// or spawn added) shares the elements it had.
func (h *History) metaOf(s *State) int32 {
	n := h.nmeta
	var prev meta
	if n > 0 {
		prev = *h.meta(n - 1)
		if prev.same(s) {
			return int32(n - 1)
		}
	}
	m := meta{start: prev.start}
	if !ptrEq(prev.start, s.Start) {
		m.start = nil
		if s.Start != nil {
			p := *s.Start
			m.start = &p
		}
	}
	l := &h.lists
	m.exits = keepList(&l.exits, prev.exits, s.Exits)
	m.rooms = keepList(&l.rooms, prev.rooms, s.Rooms)
	m.spawns = keepList(&l.spawns, prev.spawns, s.Spawns)
	m.corridors = l.keepCorridors(prev.corridors, s.Corridors)
	if n == len(h.metas)*metaChunk {
		h.metas = append(h.metas, new([metaChunk]meta))
	}
	*h.meta(n) = m
	h.nmeta++
	return int32(n)
}

// same reports whether m records exactly s's start, exits, rooms, corridors and spawns.
func (m *meta) same(s *State) bool {
	return ptrEq(m.start, s.Start) && sameList(m.exits, s.Exits) && sameList(m.rooms, s.Rooms) &&
		sameList(m.spawns, s.Spawns) && sameCorridors(m.corridors, s.Corridors)
}

func ptrEq(a, b *Point) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

// sameList is slices.Equal that also tells nil from empty.
func sameList[T comparable](a, b []T) bool {
	return len(a) == len(b) && (a == nil) == (b == nil) && (rawEqual(a, b) || commonPrefix(a, b) == len(a))
}

// sameCorridor reports whether a and b are the same corridor: the same
// points, shared (a corridor's points are never edited once listed, see
// State), so comparing where they are stands for comparing them.
func sameCorridor(a, b []Point) bool {
	return len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b) && (a == nil) == (b == nil)
}

// sameCorridors reports whether a and b list the same corridors (see
// sameCorridor). The history keeps the state's corridors as they are (not
// clipped), so that lists holding the same bytes, compared at once, settle
// most calls.
func sameCorridors(a, b [][]Point) bool {
	return len(a) == len(b) && (a == nil) == (b == nil) && corridorPrefix(a, b) == len(a)
}

// corridorPrefix returns how many leading corridors a and b share.
func corridorPrefix(a, b [][]Point) int {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	// Corridors before k are stored alike (the same points, length and
	// capacity); from k, compare where their points are.
	k := firstDiff(rawBytes(a[:m]), rawBytes(b[:m]), 0) / int(unsafe.Sizeof(a[0]))
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

// rawEqual reports whether a and b hold the same bytes: then they are equal
// (the converse need not hold: padding, or equal strings stored apart).
func rawEqual[T any](a, b []T) bool { return bytes.Equal(rawBytes(a), rawBytes(b)) }

// commonPrefix returns how many leading elements a and b share.
func commonPrefix[T comparable](a, b []T) int {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	k := firstDiff(rawBytes(a[:m]), rawBytes(b[:m]), 0) / int(unsafe.Sizeof(a[0]))
	// Elements before k hold the same bytes; from k, compare them as values.
	for k < m && a[k] == b[k] {
		k++
	}
	return k
}

// keepList returns a read-only copy of cur (nil stays nil): prev, the
// previous frame's copy, when equal; when cur extends prev, one sharing
// prev's elements if it can.
func keepList[T comparable](sh *shelf[T], prev, cur []T) []T {
	if cur == nil {
		return nil
	}
	k := commonPrefix(prev, cur)
	if prev != nil && k == len(prev) && k == len(cur) {
		return prev
	}
	list, from := sh.grow(prev, len(cur), k == len(prev))
	copy(list[from:], cur[from:])
	return list
}

// keepCorridors is keepList for corridors. It copies the list, not the
// corridors: their points are shared with the state (see State), never
// written by the history, and handed out clipped (see History.At).
func (l *shelves) keepCorridors(prev, cur [][]Point) [][]Point {
	if cur == nil {
		return nil
	}
	k := corridorPrefix(prev, cur)
	if prev != nil && k == len(prev) && k == len(cur) {
		return prev
	}
	list, from := l.corridors.grow(prev, len(cur), k == len(prev))
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
// place and from is len(prev); else from is 0.
func (sh *shelf[T]) grow(prev []T, n int, extends bool) (list []T, from int) {
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
		size := max(16, min(2*cap(sh.buf), shelfBlock/int(unsafe.Sizeof(*new(T)))))
		if n > size/2 {
			size = n + n/8
		}
		sh.buf, end = make([]T, 0, size), 0
	}
	sh.buf = sh.buf[:end+n]
	return sh.buf[end : end+n : end+n], 0
}
