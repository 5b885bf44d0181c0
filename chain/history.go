package chain

import (
	"bytes"
	"encoding/binary"
	"math/bits"
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

// meta is the non-tile part of a snapshot; consecutive frames share it when unchanged.
type meta struct {
	start     *Point
	exits     []Exit
	rooms     []Rect
	corridors [][]Point
	spawns    []Spawn
}

type frame struct {
	step  int32 // index into History.steps (a step's frames share its reference)
	final bool
	label string
	key   []Tile // a full copy (keyframe), or nil
	delta []byte // changes from the previous frame, when not a keyframe
	meta  *meta
}

// History is a run's snapshot history. Snapshots store only what changed since the
// previous one; a full keyframe is stored whenever the deltas since the last
// keyframe add up to more than one full map, which bounds both memory and the
// cost of random access. History is safe for concurrent readers.
type History struct {
	w, h      int
	frames    []frame
	steps     []StepRef
	cur       []Tile // tiles of the newest frame
	sinceKey  int    // delta bytes since the last keyframe
	buf       []byte // scratch the next delta is encoded into (then copied at its size)
	arena     []byte // the block deltas are packed into (see keep)
	mu        sync.Mutex
	cacheIdx  int
	cacheGrid []Tile
}

// NewHistory returns an empty history for w×h maps.
func NewHistory(w, h int) *History { return &History{w: w, h: h, cacheIdx: -1} }

// Len is the number of snapshots.
func (h *History) Len() int { return len(h.frames) }

// Bytes is the approximate memory held by the history's tile data (keyframes and deltas).
func (h *History) Bytes() int {
	n := 0
	for _, f := range h.frames {
		n += len(f.key) + len(f.delta)
	}
	return n
}

// record appends a snapshot of s.
func (h *History) record(s *State, step StepRef, label string, final bool) {
	if n := len(h.steps); n == 0 || h.steps[n-1] != step {
		h.steps = append(h.steps, step)
	}
	f := frame{step: int32(len(h.steps) - 1), label: label, final: final, meta: h.metaOf(s)}
	tiles := s.Map.Tiles
	if h.cur == nil || len(h.cur) != len(tiles) {
		f.key = slices.Clone(tiles)
		h.cur = slices.Clone(tiles)
		h.sinceKey = 0
	} else {
		// A change scattered over much of the map (noise, an automaton's early
		// iterations, a sub-chain's fresh map) is stored whole: its delta would
		// cost more to encode than a keyframe to copy. A sample of the map's
		// words settles most such changes at once; the encoder gives up on the
		// rest past one run per 32 tiles.
		d, ok := h.buf[:0], !scattered(tileBytes(h.cur), tileBytes(tiles))
		if ok {
			d, ok = encodeDelta(d, h.cur, tiles, len(tiles)/32)
			h.buf = d
		}
		if !ok || h.sinceKey+len(d) > len(tiles) {
			f.key = slices.Clone(tiles)
			h.sinceKey = 0
			copy(h.cur, tiles)
		} else {
			f.delta = h.keep(d)
			h.sinceKey += len(d)
			h.advance(d, tiles)
		}
	}
	h.frames = append(h.frames, f)
}

// advance brings h.cur up to tiles, which differ from it by delta d: a small
// delta is applied (on a big map, copying it at every snapshot would cost more
// than the builder's work), a large one copied over (cheaper than decoding it).
func (h *History) advance(d []byte, tiles []Tile) {
	if len(d)*16 < len(tiles) {
		applyDelta(h.cur, d, nil)
	} else {
		copy(h.cur, tiles)
	}
}

// deltaChunk is the largest block deltas are packed into, so that a run's
// hundreds of small deltas cost a few allocations, not one each. Blocks start
// at 1 KiB and double, so a small run's few deltas take little.
const deltaChunk = 16 << 10

// keep returns a copy of d packed into the history's current delta block.
func (h *History) keep(d []byte) []byte {
	if len(d) > cap(h.arena)-len(h.arena) {
		if len(d) >= deltaChunk/4 {
			return slices.Clone(d)
		}
		h.arena = make([]byte, 0, min(deltaChunk, max(1<<10, 2*cap(h.arena))))
	}
	n := len(h.arena)
	h.arena = append(h.arena, d...)
	return h.arena[n:len(h.arena):len(h.arena)]
}

func (h *History) metaOf(s *State) *meta {
	var prev *meta
	if n := len(h.frames); n > 0 {
		prev = h.frames[n-1].meta
		if prev.same(s) {
			return prev
		}
	}
	m := new(meta)
	if prev != nil && ptrEq(prev.start, s.Start) {
		m.start = prev.start
	} else if s.Start != nil {
		p := *s.Start
		m.start = &p
	}
	m.exits = share(prev, func(m *meta) []Exit { return m.exits }, s.Exits)
	m.rooms = share(prev, func(m *meta) []Rect { return m.rooms }, s.Rooms)
	m.spawns = share(prev, func(m *meta) []Spawn { return m.spawns }, s.Spawns)
	if prev != nil && sameCorridors(prev.corridors, s.Corridors) {
		m.corridors = prev.corridors
	} else if s.Corridors != nil {
		// Corridors equal to the previous frame's share its (immutable) copies, so
		// adding one corridor per snapshot copies one corridor, not all of them.
		var old [][]Point
		if prev != nil {
			old = prev.corridors
		}
		m.corridors = make([][]Point, len(s.Corridors))
		for i, c := range s.Corridors {
			if i < len(old) && slices.Equal(old[i], c) && (old[i] == nil) == (c == nil) {
				m.corridors[i] = old[i]
			} else {
				m.corridors[i] = slices.Clone(c)
			}
		}
	}
	return m
}

// same reports whether m records exactly s's start, exits, rooms, corridors and spawns.
func (m *meta) same(s *State) bool {
	return ptrEq(m.start, s.Start) && equalNil(m.exits, s.Exits) && equalNil(m.rooms, s.Rooms) &&
		equalNil(m.spawns, s.Spawns) && sameCorridors(m.corridors, s.Corridors)
}

func sameCorridors(a, b [][]Point) bool {
	return (a == nil) == (b == nil) && slices.EqualFunc(a, b, equalNil)
}

// equalNil is slices.Equal that also tells nil from empty.
func equalNil[T comparable](a, b []T) bool { return (a == nil) == (b == nil) && slices.Equal(a, b) }

func ptrEq(a, b *Point) bool { return (a == nil && b == nil) || (a != nil && b != nil && *a == *b) }

// share returns prev's copy when it equals cur, else a fresh copy of cur (nil stays nil).
func share[T comparable](prev *meta, get func(*meta) []T, cur []T) []T {
	if prev != nil {
		if p := get(prev); equalNil(p, cur) {
			return p
		}
	}
	if cur == nil {
		return nil
	}
	return slices.Clip(slices.Clone(cur))
}

// scattered reports whether more than a quarter of a sample of a's and b's
// 8-byte words differ: one word in eight, at most 256 words (a big map's
// sample must not cost a pass over it).
func scattered(a, b []byte) bool {
	n, diff := 0, 0
	stride := max(64, len(a)/256&^7)
	for i := 0; i+8 <= len(a); i += stride {
		n++
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			diff++
		}
	}
	return diff*4 > n
}

// encodeDelta appends to out the changes from old to cur as runs:
// uvarint(skip) uvarint(n) followed by n tile bytes. It gives up, reporting
// false, when the changes take more than maxRuns runs.
func encodeDelta(out []byte, old, cur []Tile, maxRuns int) ([]byte, bool) {
	last, runs := 0, 0
	ob, cb := tileBytes(old), tileBytes(cur)
	for i := firstDiff(ob, cb, 0); i < len(cb); i = firstDiff(ob, cb, i) {
		if runs++; runs > maxRuns {
			return out, false
		}
		j := i + 1
		for j < len(cb) && ob[j] != cb[j] {
			j++
		}
		out = binary.AppendUvarint(out, uint64(i-last))
		out = binary.AppendUvarint(out, uint64(j-i))
		out = append(out, cb[i:j]...)
		last, i = j, j
	}
	return out, true
}

// firstDiff returns the first index at or after i where a and b differ (len(a)
// when none): equal 256-byte blocks are skipped with the vectorised comparison,
// then eight bytes at a time locate the difference.
func firstDiff(a, b []byte, i int) int {
	n := len(a)
	for i+256 <= n && bytes.Equal(a[i:i+256], b[i:i+256]) {
		i += 256
	}
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
		if x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// tileBytes views tiles as bytes without copying (Tile is a uint8).
func tileBytes(t []Tile) []byte {
	if len(t) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), len(t))
}

// applyDelta applies d to tiles in place and calls changed (if not nil) for each index it wrote.
func applyDelta(tiles []Tile, d []byte, changed func(int)) {
	pos := 0
	for len(d) > 0 {
		skip, n1 := binary.Uvarint(d)
		run, n2 := binary.Uvarint(d[n1:])
		d = d[n1+n2:]
		pos += int(skip)
		for k := 0; k < int(run); k++ {
			tiles[pos+k] = Tile(d[k])
			if changed != nil {
				changed(pos + k)
			}
		}
		d = d[run:]
		pos += int(run)
	}
}

// tilesAt reconstructs the tiles of frame i. The caller holds h.mu.
func (h *History) tilesAt(i int) []Tile {
	if h.cacheIdx == i {
		return h.cacheGrid
	}
	k := i
	for h.frames[k].key == nil {
		k--
	}
	var buf []Tile
	start := k
	if h.cacheIdx >= k && h.cacheIdx < i {
		buf, start = h.cacheGrid, h.cacheIdx
	} else {
		buf = slices.Clone(h.frames[k].key)
	}
	for j := start + 1; j <= i; j++ {
		if h.frames[j].key != nil {
			buf = slices.Clone(h.frames[j].key)
			continue
		}
		applyDelta(buf, h.frames[j].delta, nil)
	}
	h.cacheIdx, h.cacheGrid = i, buf
	return buf
}

// At returns snapshot i (0 ≤ i < Len). The returned map is the caller's to keep;
// the exits, rooms, corridors and spawns are shared with the history (consecutive
// snapshots share them when unchanged) and must be treated as read-only.
func (h *History) At(i int) Snapshot {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.frames[i]
	s := Snapshot{Index: i, Step: h.steps[f.step], Label: f.label, Final: f.final,
		Map: &Grid{W: h.w, H: h.h, Tiles: slices.Clone(h.tilesAt(i))}}
	m := f.meta
	if m.start != nil {
		p := *m.start
		s.Start = &p
	}
	s.Exits, s.Rooms, s.Corridors, s.Spawns = m.exits, m.rooms, m.corridors, m.spawns
	return s
}

// Changed returns the indexes of the tiles that differ between snapshot i-1 and
// snapshot i (every tile that differs from a wall for i = 0), in increasing order.
func (h *History) Changed(i int) []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []int
	f := h.frames[i]
	if f.key == nil {
		applyDelta(make([]Tile, h.w*h.h), f.delta, func(j int) { out = append(out, j) })
		return out
	}
	cur := slices.Clone(h.tilesAt(i))
	var prev []Tile
	if i > 0 {
		prev = h.tilesAt(i - 1)
	} else {
		prev = make([]Tile, len(cur))
	}
	for j := range cur {
		if cur[j] != prev[j] {
			out = append(out, j)
		}
	}
	return out
}

// StepOf returns the step reference of snapshot i without rebuilding its map.
func (h *History) StepOf(i int) (StepRef, string) {
	return h.steps[h.frames[i].step], h.frames[i].label
}

// LastOf returns the index of the last snapshot made by the top-level step with
// index step, or -1 when that step made none (it was disabled).
func (h *History) LastOf(step int) int {
	for i := len(h.frames) - 1; i >= 0; i-- {
		if h.steps[h.frames[i].step].Index == step {
			return i
		}
	}
	return -1
}
