package chain

import (
	"bytes"
	"encoding/binary"
	"slices"
	"sync"
	"unsafe"
)

// StepRef names the step that made a snapshot.
type StepRef struct {
	// Path is the step's JSON path, e.g. "steps[3]" or "steps[3].params.steps[0]".
	Path string
	// Key is the step's random-stream key, e.g. "room_drawer#0" or
	// "sub_chain#0/bsp_dungeon#0" (see StepKeys).
	Key string
	// Index is the index of the top-level step the snapshot belongs to.
	Index int
	// Builder is the registered name of the builder that ran.
	Builder string
	// Depth is the sub-chain nesting level (0 for top-level steps).
	Depth int
}

// Snapshot is one immutable frame of a run's history.
type Snapshot struct {
	Index int
	Step  StepRef
	// Label describes an intermediate snapshot ("iteration 3"); empty for a step's final one.
	Label string
	// Final reports whether this is the last snapshot of its step.
	Final bool
	Map   *Grid
	Start *Point
	Exits []Exit
	Rooms []Rect
	// Corridors holds each corridor as its list of tiles.
	Corridors [][]Point
	Spawns    []Spawn
}

// frame flags.
const (
	frameFinal uint8 = 1 << iota // the last snapshot of its step
	frameKey                     // data is a full copy of the map
	frameRows                    // data copies whole rows, changed or not (see deltaRows)
	frameWalls                   // a keyframe stored as a delta from a map of walls (see wallDelta)
)

// frame is one snapshot as stored. Its map is its data: a full copy (a
// keyframe) or the changes from the previous frame's map. A frame may also
// show a bitboard over the map's inside (see State.SnapshotBoard): the map it
// stores is the state's, which the next frame's changes start from. A frame
// holds no pointer (its label and data are indexes), so its blocks cost the
// collector nothing and are pooled.
type frame struct {
	step  int32 // index into History.steps (a step's frames share its reference)
	meta  int32 // index into History.metas (consecutive frames share it when unchanged)
	board int32 // 1 + index into History.boards, or 0 for none
	label int32 // 1 + index into History.labels, or 0 for none
	blk   int32 // the data: History.blocks[blk][off:off+n]
	off   int32
	n     int32
	flags uint8
}

// board is a bitboard a frame shows over its map's inside: one where a bit
// is set, zero where it is clear.
type board struct {
	bits      []uint64
	one, zero Tile
}

// frameChunk is how many frames one block of History.frames holds: frames
// are stored in fixed blocks, never moved as a slice would be when it grows.
const frameChunk = 64

// History is a run's snapshot history. Snapshots store only what changed since the
// previous one; a full keyframe is stored whenever the deltas since the last
// keyframe add up to more than one full map, which bounds both memory and the
// cost of random access. Lists (exits, rooms, corridors, spawns) are stored once
// while unchanged, and a list that grows (a corridor or spawn added) shares the
// elements it had. History is safe for concurrent readers.
type History struct {
	w, h     int
	n        int                  // number of frames
	frames   []*[frameChunk]frame // pooled (see spare)
	steps    []StepRef
	labels   []string
	metas    []*[metaChunk]meta // in blocks like frames
	nmeta    int
	boards   []board
	cur      []Tile   // the map of the newest frame
	sinceKey int      // delta bytes since the last keyframe
	buf      []byte   // scratch the next delta is encoded into (then copied at its size)
	blocks   [][]byte // the blocks frames' data is packed into (see keep)
	arena    []byte   // the newest delta block, to its used length
	arenaBlk int32    // its index in blocks (a large delta or keyframe's own block may follow it)
	words    []uint64 // the block bitboards are packed into
	spares   *spares  // pooled blocks (see spare)
	lists    shelves
	last     *State // the state the newest frame was recorded from

	mu        sync.Mutex
	cacheIdx  int
	cacheGrid []Tile // the map of frame cacheIdx (without its board)
}

// NewHistory returns an empty history for w×h maps.
func NewHistory(w, h int) *History { return &History{w: w, h: h, cacheIdx: -1} }

// Len is the number of snapshots.
func (h *History) Len() int { return h.n }

func (h *History) frame(i int) *frame { return &h.frames[i/frameChunk][i%frameChunk] }

func (h *History) meta(i int) *meta { return &h.metas[i/metaChunk][i%metaChunk] }

// data returns the tile data f stores: a keyframe's tiles or a delta.
func (h *History) data(f *frame) []byte {
	if f.n == 0 {
		return nil
	}
	return h.blocks[f.blk][f.off : f.off+f.n : f.off+f.n]
}

// label returns f's label.
func (h *History) label(f *frame) string {
	if f.label == 0 {
		return ""
	}
	return h.labels[f.label-1]
}

// Bytes is the approximate memory held by the history's tile data (keyframes,
// deltas and bitboards).
func (h *History) Bytes() int {
	n := 0
	for i := range h.n {
		n += int(h.frame(i).n)
	}
	for _, b := range h.boards {
		n += 8 * len(b.bits)
	}
	return n
}

// record appends a snapshot of s.
func (h *History) record(s *State, step StepRef, label string, final bool) {
	var flags uint8
	if final {
		flags = frameFinal
	}
	h.add(s, step, label, flags, 0, nil, false, false)
}

// recordEnd appends the final snapshot of step, which changed no tile of s
// outside changed since its previous snapshot or since it began (see
// State.EndWithin).
func (h *History) recordEnd(s *State, step StepRef, changed Rect) {
	h.add(s, step, "", frameFinal, 0, &changed, false, true)
}

// recordWithin appends a snapshot of s whose step changed no tile outside
// changed since its previous snapshot or since it began (see
// State.SnapshotWithin), and none of its lists either when tilesOnly is set
// (see State.SnapshotTilesWithin). Its step's first snapshot is bounded too
// when the newest frame was recorded from s and the run did not clear the map
// before the step.
func (h *History) recordWithin(s *State, step StepRef, label string, changed Rect, tilesOnly bool) {
	h.add(s, step, label, 0, 0, &changed, tilesOnly, !s.cleared)
}

// recordBoard appends a snapshot of s showing bits over the map's inside (see
// State.SnapshotBoard).
// When unchanged is set, nothing of s changed since the step's previous
// snapshot (see State.SnapshotBoardUnchanged).
func (h *History) recordBoard(s *State, step StepRef, label string, bits []uint64, one, zero Tile, unchanged bool) {
	n := (s.Map.W + 63) / 64 * s.Map.H
	var kept []uint64
	switch {
	case n > wordChunk/2:
		kept = make([]uint64, n)
	case n > cap(h.words)-len(h.words):
		h.words = h.spare().wordBlock()
		fallthrough
	default:
		k := len(h.words)
		h.words = h.words[:k+n]
		kept = h.words[k : k+n : k+n]
	}
	copy(kept, bits[:n])
	h.boards = grown(h.boards, 16, board{bits: kept, one: one, zero: zero})
	var changed *Rect
	if unchanged {
		changed = &Rect{}
	}
	h.add(s, step, label, 0, int32(len(h.boards)), changed, unchanged, false)
}

// add appends a frame of s. When changed is not nil, it bounds the tiles
// that changed since the newest frame, if that frame was recorded from s by
// the same step (else the whole map is compared); then tilesOnly reports
// that s's start and lists did not change since either (else they are
// compared). When sinceAny is set, changed bounds the tiles changed since the
// newest frame if that frame was recorded from s by any step (a step's final
// snapshot: see State.EndWithin).
func (h *History) add(s *State, step StepRef, label string, flags uint8, board int32, changed *Rect, tilesOnly, sinceAny bool) {
	n := len(h.steps)
	newStep := n == 0 || !sameStep(&h.steps[n-1], &step)
	if newStep {
		h.steps = grown(h.steps, 16, step)
	}
	if h.n == 0 || h.last != s || (!sinceAny && (newStep || h.frame(h.n-1).step != int32(n-1))) {
		changed, tilesOnly = nil, false
	}
	var m int32
	if tilesOnly && changed != nil {
		m = h.frame(h.n - 1).meta
	} else {
		m = h.metaOf(s)
	}
	if h.n == len(h.frames)*frameChunk {
		h.frames = grown(h.frames, 4, h.spare().frameBlock())
	}
	var l int32
	if label != "" {
		h.labels = grown(h.labels, 32, label)
		l = int32(len(h.labels))
	}
	f := h.frame(h.n)
	*f = frame{step: int32(len(h.steps) - 1), meta: m, board: board, label: l, flags: flags}
	h.storeMap(f, s.Map.Tiles, changed)
	h.n++
	h.last = s
}

// sameStep is a == b, settled by where their strings are when they are
// copies of one StepRef (a step's snapshots), as they mostly are.
func sameStep(a, b *StepRef) bool {
	if a.Index != b.Index || a.Depth != b.Depth || len(a.Path) != len(b.Path) || len(a.Key) != len(b.Key) || len(a.Builder) != len(b.Builder) {
		return false
	}
	if unsafe.StringData(a.Path) == unsafe.StringData(b.Path) && unsafe.StringData(a.Key) == unsafe.StringData(b.Key) &&
		unsafe.StringData(a.Builder) == unsafe.StringData(b.Builder) {
		return true
	}
	return *a == *b
}

// storeMap stores tiles in f: as the changes from the previous frame's map
// (looked for only within changed when it is not nil), or whole when they are
// scattered over the map (noise, an automaton's early iterations, a
// sub-chain's fresh map: the delta would cost more to encode than a keyframe
// to copy) or when the deltas since the last keyframe would add up to more
// than one map.
func (h *History) storeMap(f *frame, tiles []Tile, changed *Rect) {
	if len(h.cur) != len(tiles) {
		h.keyframe(f, tiles)
		h.cur = carve[Tile](h, len(tiles))
		copy(h.cur, tiles)
		return
	}
	var d []byte
	var ok bool
	switch {
	case changed != nil && changed.W*changed.H <= len(tiles)/rowsShare:
		d, ok = h.deltaRows(tiles, *changed), true
		f.flags |= frameRows
	case changed != nil:
		d, ok = h.deltaWithin(tiles, *changed)
	default:
		d, ok = h.delta(tiles) // brings h.cur up to tiles as far as it got
	}
	if !ok || h.sinceKey+len(d) > len(tiles) {
		f.flags &^= frameRows
		h.keyframe(f, tiles)
		copy(h.cur, tiles)
		return
	}
	h.keep(f, d)
	h.sinceKey += len(d)
}

func (h *History) keyframe(f *frame, tiles []Tile) {
	f.flags |= frameKey
	h.sinceKey = 0
	if d, ok := h.wallDelta(tiles); ok {
		f.flags |= frameWalls
		h.keep(f, d)
		return
	}
	h.keep(f, tileBytes(tiles))
}

// zeroByte is a wall's byte.
var zeroByte = []byte{byte(Wall)}

// wallDelta encodes tiles as the changes from a map of walls (Wall is 0)
// into h.buf when that takes a few runs (a fresh map, a few rooms dug in
// rock): a keyframe's copy writes the whole map to memory nothing else
// touched of late. It reports false when a sample of the map finds more than
// one word in sixteen not all walls, or past one run per 64 tiles.
func (h *History) wallDelta(tiles []Tile) ([]byte, bool) {
	t := tileBytes(tiles)
	n, busy := 0, 0
	stride := max(64, len(t)/256&^7)
	for i := 0; i+8 <= len(t); i += stride {
		n++
		if binary.LittleEndian.Uint64(t[i:]) != 0 {
			busy++
		}
	}
	if busy*16 > n {
		return nil, false
	}
	if busy == 0 && bytes.Count(t, zeroByte) == len(t) { // all walls (vectorised)
		return h.buf[:0], true
	}
	out, last, runs, maxRuns := h.buf[:0], 0, 0, len(t)/64
	for i := firstNonzero(t, 0); i < len(t); i = firstNonzero(t, last) {
		if runs++; runs > maxRuns {
			h.buf = out
			return nil, false
		}
		j := firstZero(t, i+1)
		out = appendUvarint(appendUvarint(out, i-last), j-i)
		out = append(out, t[i:j]...)
		last = j
	}
	h.buf = out
	return out, true
}

// quickRuns is how many runs a delta may take before the sample of
// scattered decides whether it is worth encoding whole: most deltas (a room,
// a corridor, a digger's walk) take fewer, and skip the sample.
const quickRuns = 8

// delta encodes the changes from h.cur to tiles into h.buf, copying them into
// h.cur as it goes (a keyframe copies the rest). It reports false
// when they are scattered over the map: a sample of the map's words settles
// most such changes at once; the encoder gives up on the rest past one run per
// 32 tiles.
func (h *History) delta(tiles []Tile) ([]byte, bool) {
	old, cur := tileBytes(h.cur), tileBytes(tiles)
	e := deltaEncoder{out: h.buf[:0]}
	maxRuns := len(tiles) / 32
	ok := e.encode(old, cur, min(quickRuns, maxRuns))
	if !ok && !scattered(old, cur, maxRuns) {
		ok = e.encode(old, cur, maxRuns)
	}
	h.buf = e.out
	return e.out, ok
}

// deltaWithin is delta for changes known to lie within r: it compares
// only r's rows, from its left column to its right one.
func (h *History) deltaWithin(tiles []Tile, r Rect) ([]byte, bool) {
	r = r.Intersect(Rect{0, 0, h.w, h.h})
	old, cur := tileBytes(h.cur), tileBytes(tiles)
	e := deltaEncoder{out: h.buf[:0]}
	ok := true
	for y := r.Y; y < r.Y2() && ok; y++ {
		start, end := y*h.w+r.X, y*h.w+r.X2()
		switch {
		case end-start <= 64:
			ok = e.encodeSpan(old, cur, start, end, len(tiles)/32)
		case !bytes.Equal(old[start:end], cur[start:end]):
			e.i = start
			ok = e.encode(old[:end], cur[:end], len(tiles)/32)
		}
	}
	h.buf = e.out
	return e.out, ok
}

// rowsShare: a changed rectangle of at most a rowsShare-th of the map is
// stored whole (see deltaRows).
const rowsShare = 4

// narrowRow is the widest row deltaRows copies tile by tile.
const narrowRow = 8

// deltaRows is deltaWithin for a small rectangle r: it stores r's rows whole,
// one run each, changed tiles or not, which costs less than comparing them
// (Changed leaves out the tiles such a frame did not change). The map's
// bounds clip r.
func (h *History) deltaRows(tiles []Tile, r Rect) []byte {
	r = r.Intersect(Rect{0, 0, h.w, h.h})
	if r.Empty() {
		return nil
	}
	old, cur := tileBytes(h.cur), tileBytes(tiles)
	// Straight into the delta block when it has room for the most it takes
	// (see keep), else into h.buf.
	var out []byte
	if most := r.H * (r.W + 2*binary.MaxVarintLen32); most <= deltaChunk/4 {
		if most > cap(h.arena)-len(h.arena) {
			h.newArena()
		}
		out = h.arena[len(h.arena) : len(h.arena)+most]
	} else {
		h.buf = slices.Grow(h.buf[:0], most)
		out = h.buf[:most]
	}
	k, last, w := 0, 0, r.W
	for i := r.Y*h.w + r.X; i < r.Y2()*h.w; i += h.w {
		j := i + w
		if i-last < 0x80 && w < 0x80 {
			out[k], out[k+1] = byte(i-last), byte(w)
			k += 2
		} else {
			k += binary.PutUvarint(out[k:], uint64(i-last))
			k += binary.PutUvarint(out[k:], uint64(w))
		}
		if w <= narrowRow {
			// Most rows are a few tiles (a room dug cell by cell): a loop
			// costs less than two calls to copy.
			src, dst, o := cur[i:j], old[i:j], out[k:k+w]
			for x, t := range src {
				dst[x], o[x] = t, t
			}
			k += w
		} else {
			k += copy(out[k:], cur[i:j])
			copy(old[i:j], cur[i:j])
		}
		last = j
	}
	return out[:k:k]
}

// deltaChunk is the size of the blocks deltas and small keyframes are packed
// into, so that a run's hundreds of small deltas cost a few blocks, not an
// allocation each (blocks are pooled: see spare).
const deltaChunk = 16 << 10

// keep stores a copy of d as f's data, packed into the history's current
// delta block (a large one gets a block of its own), or d itself when it was
// encoded at the block's free end (see deltaRows).
func (h *History) keep(f *frame, d []byte) {
	f.n = int32(len(d))
	free := cap(h.arena) - len(h.arena)
	if len(d) > 0 && len(d) <= free && unsafe.SliceData(d) == unsafe.SliceData(h.arena[len(h.arena):]) {
		// d was encoded in place, at the block's free end.
		f.blk, f.off = h.arenaBlk, int32(len(h.arena))
		h.arena = h.arena[:len(h.arena)+len(d)]
		return
	}
	if len(d) > free {
		if len(d) > deltaChunk/4 {
			h.blocks = grown(h.blocks, 8, slices.Clone(d))
			f.blk, f.off = int32(len(h.blocks)-1), 0
			return
		}
		h.newArena()
	}
	f.blk, f.off = h.arenaBlk, int32(len(h.arena))
	h.arena = append(h.arena, d...)
}

// grown is append(list, v), which makes room for first values when list has none.
func grown[T any](list []T, first int, v T) []T {
	if list == nil {
		list = make([]T, 0, first)
	}
	return append(list, v)
}

// newArena starts a new delta block.
func (h *History) newArena() {
	h.arena = h.spare().byteBlock()
	h.arenaBlk = int32(len(h.blocks))
	h.blocks = grown(h.blocks, 8, h.arena[:cap(h.arena)])
}

// carve returns room for n values of a type that holds no pointer, 8-byte
// aligned, from the history's current delta block (many values get an
// allocation of their own): the newest map, the lists of exits, rooms and
// spawns. What it returns is not cleared.
func carve[T any](h *History, n int) []T {
	size := int(unsafe.Sizeof(*new(T)))
	b := n * size
	if b > deltaChunk/2 {
		return make([]T, n)
	}
	pad := -len(h.arena) & 7
	if b+pad > cap(h.arena)-len(h.arena) {
		h.newArena()
		pad = 0
	}
	k := len(h.arena) + pad
	h.arena = h.arena[:k+b]
	if n == 0 {
		return []T{}
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&h.arena[k])), n)
}

// tilesAt reconstructs the map of frame i (without its board). The caller
// holds h.mu.
func (h *History) tilesAt(i int) []Tile {
	if h.cacheIdx == i {
		return h.cacheGrid
	}
	k := i
	for h.frame(k).flags&frameKey == 0 {
		k--
	}
	var buf []Tile
	start := k
	if h.cacheIdx >= k && h.cacheIdx < i {
		buf, start = h.cacheGrid, h.cacheIdx
	} else {
		buf = h.keyTiles(h.frame(k))
	}
	for j := start + 1; j <= i; j++ {
		if f := h.frame(j); f.flags&frameKey != 0 {
			buf = h.keyTiles(f)
		} else {
			applyDelta(buf, h.data(f))
		}
	}
	h.cacheIdx, h.cacheGrid = i, buf
	return buf
}

// keyTiles returns a copy of keyframe f's tiles.
func (h *History) keyTiles(f *frame) []Tile {
	t := make([]Tile, h.w*h.h)
	if f.flags&frameWalls != 0 {
		applyDelta(t, h.data(f))
	} else {
		copy(tileBytes(t), h.data(f))
	}
	return t
}

// shown returns a copy of what snapshot i shows: its map, and its board over
// the inside. The caller holds h.mu.
func (h *History) shown(i int) []Tile {
	t := slices.Clone(h.tilesAt(i))
	if b := h.frame(i).board; b > 0 {
		h.boards[b-1].paint(t, h.w, h.h)
	}
	return t
}

// paint draws b over the inside of the w×h tiles t.
func (b *board) paint(t []Tile, w, h int) {
	nw := (w + 63) / 64
	for y := 1; y < h-1; y++ {
		row, bits := t[y*w:(y+1)*w], b.bits[y*nw:(y+1)*nw]
		for x := 1; x < w-1; x++ {
			if bits[x>>6]>>(x&63)&1 != 0 {
				row[x] = b.one
			} else {
				row[x] = b.zero
			}
		}
	}
}

// At returns snapshot i (0 ≤ i < Len). The returned map and lists are the
// caller's to keep; each corridor's points are shared with the history (and
// the run's state) and must be treated as read-only.
func (h *History) At(i int) Snapshot {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.frame(i)
	s := Snapshot{Index: i, Step: h.steps[f.step], Label: h.label(f), Final: f.flags&frameFinal != 0,
		Map: &Grid{W: h.w, H: h.h, Tiles: h.shown(i)}}
	m := h.meta(int(f.meta)).unpack()
	if m.start != nil {
		p := *m.start
		s.Start = &p
	}
	s.Exits, s.Rooms = slices.Clone(m.exits), slices.Clone(m.rooms) // out of pooled blocks
	if m.spawns != nil {
		s.Spawns = make([]Spawn, len(m.spawns))
		names := nameList()
		for k, r := range m.spawns {
			s.Spawns[k] = Spawn{X: r.X, Y: r.Y, Name: names[r.name]}
		}
	}
	if m.corridors != nil {
		// Clipped, so that appending to one cannot write into the state's.
		s.Corridors = make([][]Point, len(m.corridors))
		for k, c := range m.corridors {
			s.Corridors[k] = slices.Clip(c)
		}
	}
	return s
}

// Changed returns the indexes of the tiles that differ between snapshot i-1 and
// snapshot i (every tile that differs from a wall for i = 0), in increasing order.
func (h *History) Changed(i int) []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.frame(i)
	if i > 0 && f.flags&frameKey == 0 && f.board == 0 && h.frame(i-1).board == 0 {
		if f.flags&frameRows != 0 {
			return deltaIndexes(h.data(f), h.tilesAt(i-1))
		}
		return deltaIndexes(h.data(f), nil)
	}
	cur := h.shown(i)
	var prev []Tile
	if i > 0 {
		prev = h.shown(i - 1)
	} else {
		prev = make([]Tile, len(cur))
	}
	var out []int
	for j := range cur {
		if cur[j] != prev[j] {
			out = append(out, j)
		}
	}
	return out
}

// StepOf returns the step reference of snapshot i without rebuilding its map.
func (h *History) StepOf(i int) (StepRef, string) {
	f := h.frame(i)
	return h.steps[f.step], h.label(f)
}

// LastOf returns the index of the last snapshot made by the top-level step with
// index step, or -1 when that step made none (it was disabled).
func (h *History) LastOf(step int) int {
	for i := h.n - 1; i >= 0; i-- {
		if h.steps[h.frame(i).step].Index == step {
			return i
		}
	}
	return -1
}
