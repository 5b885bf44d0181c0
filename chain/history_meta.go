package chain

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// lists is the non-tile part of a snapshot: its start and lists.
type lists struct {
	start     *Point
	exits     []Exit
	rooms     []Rect
	corridors [][]Point
	spawns    []spawnRec
}

// meta is lists as stored (consecutive frames share it when unchanged): each
// list as where its elements are and its length, as the lists a history
// keeps are clipped (their capacity is their length), which halves a run's
// block of metas.
type meta struct {
	start          *Point
	exits          *Exit
	rooms          *Rect
	corridors      *[]Point
	spawns         *spawnRec
	ne, nr, nc, ns int32
}

// pack returns l as stored; its lists must be clipped.
func (l *lists) pack() meta {
	return meta{start: l.start, exits: unsafe.SliceData(l.exits), rooms: unsafe.SliceData(l.rooms),
		corridors: unsafe.SliceData(l.corridors), spawns: unsafe.SliceData(l.spawns),
		ne: int32(len(l.exits)), nr: int32(len(l.rooms)), nc: int32(len(l.corridors)), ns: int32(len(l.spawns))}
}

// unpack returns the lists m stores.
func (m *meta) unpack() lists {
	return lists{start: m.start, exits: listAt(m.exits, m.ne), rooms: listAt(m.rooms, m.nr),
		corridors: listAt(m.corridors, m.nc), spawns: listAt(m.spawns, m.ns)}
}

// listAt is the clipped list of n elements from p (nil when p is).
func listAt[T any](p *T, n int32) []T {
	if p == nil {
		return nil
	}
	return unsafe.Slice(p, n)
}

// spawnRec is a spawn as the history keeps it: its name by index into
// spawnNames.list, so that a list of them holds no pointer.
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
	last      []Spawn // the newest meta's spawns as the state held them (see spawnPrefix)
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
	var prev lists
	if n > 0 {
		prev = h.meta(n - 1).unpack()
	}
	// How many leading elements of each list prev holds as s does, each
	// compared once (then kept or extended with that).
	ke, kr := commonPrefix(prev.exits, s.Exits), commonPrefix(prev.rooms, s.Rooms)
	ks, kc := spawnPrefix(prev.spawns, s.Spawns, l.last), corridorPrefix(prev.corridors, s.Corridors)
	sameStart := ptrEq(prev.start, s.Start)
	if n > 0 && sameStart && sameK(prev.exits, s.Exits, ke) && sameK(prev.rooms, s.Rooms, kr) &&
		sameK(prev.spawns, s.Spawns, ks) && sameK(prev.corridors, s.Corridors, kc) {
		return int32(n - 1)
	}
	m := lists{start: prev.start}
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
	if ks < len(s.Spawns) || len(l.last) != len(s.Spawns) {
		l.keepLast(prev.spawns, s.Spawns, ks)
	}
	m.corridors = l.keepCorridors(prev.corridors, s.Corridors, kc)
	if n == len(h.metas)*metaChunk {
		h.metas = grown(h.metas, 4, new([metaChunk]meta))
	}
	*h.meta(n) = m.pack()
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
		list[i] = spawnRec{X: cur[i].X, Y: cur[i].Y, name: nameOf(cur[i].Name)}
	}
	return list
}

// keepLast makes l.last hold cur, of which k leading spawns are as prev
// records them.
func (l *shelves) keepLast(prev []spawnRec, cur []Spawn, k int) {
	if len(l.last) != len(prev) { // released (see History.done)
		k = 0
	}
	if l.last == nil {
		if p, ok := spareLast.Get().(*[]Spawn); ok {
			l.last = (*p)[:0]
		}
	}
	l.last = append(l.last[:k], cur[k:]...)
}

// spareLast holds spare lists for shelves.last (*[]Spawn, cleared).
var spareLast sync.Pool

// done tells h that its run ended: it lends the lists it keeps only to record
// to the next run. Recording more stays correct, if slower.
func (h *History) done() {
	if l := &h.lists; l.last != nil {
		clear(l.last[:cap(l.last)]) // no name kept alive by the pool
		b := l.last[:0]
		l.last = nil
		spareLast.Put(&b)
	}
}

// spawnPrefix returns how many leading spawns a records as b holds them;
// last holds a's spawns as the state held them (see shelves.last).
func spawnPrefix(a []spawnRec, b, last []Spawn) int {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	// Spawns before k hold the same bytes (their names the same strings);
	// from k, compare them as values.
	k := 0
	if len(last) == len(a) {
		if k = rawPrefix(last[:m], b[:m]); k == m {
			return k
		}
	}
	names := nameList()
	for k < m && a[k].X == b[k].X && a[k].Y == b[k].Y && names[a[k].name] == b[k].Name {
		k++
	}
	return k
}

// spawnNames holds the spawns' names every history records, each once, so
// that a history's spawns hold no pointer and a sweep's runs, which mostly take
// their names from one table (a content pack's), look up each once, not once a
// run. Names are few (a name once seen stays for the process' life). It is safe
// for concurrent runs: list is only appended to, and each longer list
// published whole, so a reader's list never changes.
var spawnNames struct {
	mu     sync.Mutex
	index  map[string]int32         // under mu
	list   atomic.Pointer[[]string] // the names by index
	recent [1024]atomic.Pointer[nameEntry]
}

// nameEntry is a name recently seen, by where its bytes are (see nameOf).
type nameEntry struct {
	s string
	i int32 // its index in spawnNames.list
}

// nameList returns the spawns' names by index (see spawnNames).
func nameList() []string {
	if l := spawnNames.list.Load(); l != nil {
		return *l
	}
	return nil
}

// nameOf returns the index of name in spawnNames.list, adding it the first
// time. The same name mostly comes with the same bytes (a content pack's
// table): a small cache by where they are settles most calls with no hashing
// nor locking.
func nameOf(name string) int32 {
	p := uintptr(unsafe.Pointer(unsafe.StringData(name)))
	c := &spawnNames.recent[(p>>3^p>>9)%uintptr(len(spawnNames.recent))]
	if e := c.Load(); e != nil && unsafe.StringData(e.s) == unsafe.StringData(name) && len(e.s) == len(name) {
		return e.i
	}
	i := findName(name)
	c.Store(&nameEntry{s: name, i: i})
	return i
}

// findName is nameOf without the cache.
func findName(name string) int32 {
	sn := &spawnNames
	sn.mu.Lock()
	defer sn.mu.Unlock()
	if i, ok := sn.index[name]; ok {
		return i
	}
	if sn.index == nil {
		sn.index = make(map[string]int32)
	}
	name = strings.Clone(name) // not the caller's buffer, kept for good
	list := append(nameList(), name)
	i := int32(len(list) - 1)
	sn.index[name] = i
	sn.list.Store(&list)
	return i
}

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
		first := 16
		if h == nil {
			first = 64 // allocated, not carved: one block holds most runs' lists
		}
		c := max(first, min(2*cap(sh.buf), shelfBlock/int(unsafe.Sizeof(*new(T)))))
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
