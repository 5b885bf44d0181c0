package chain

import (
	"runtime"
	"sync"
)

// The blocks a history keeps its frames and tiles in (frames, deltas and
// keyframes, bitboards, the newest map) never leave it: At and Changed copy
// out of them. When a history is no longer reachable, its blocks go back to
// these free lists for the next run's history (an editor or a sweep runs many),
// which saves the allocations (zeroed, often on fresh pages) and the
// collector's work. Unlike a sync.Pool, a free list is not emptied by each
// collection: the blocks come back only when a collection finds their history
// unreachable, so a pool would drop many before the next history asks. (Metas
// hold pointers: a pool of them would cost the collector more than it saves.)
var (
	spareBytes  = freeList[[deltaChunk]byte]{max: 128}  // 2 MiB
	spareWords  = freeList[[wordChunk]uint64]{max: 64}  // 1 MiB
	spareFrames = freeList[[frameChunk]frame]{max: 128} // 256 KiB
)

// freeList holds up to max spare blocks, the last one put back handed out first.
type freeList[T any] struct {
	mu   sync.Mutex
	free []*T
	max  int
}

// get returns a spare block (not cleared), or a new one when there is none.
func (l *freeList[T]) get() *T {
	l.mu.Lock()
	if n := len(l.free); n > 0 {
		b := l.free[n-1]
		l.free = l.free[:n-1]
		l.mu.Unlock()
		return b
	}
	l.mu.Unlock()
	return new(T)
}

// put gives back blocks, keeping at most l.max.
func (l *freeList[T]) put(bs []*T) {
	l.mu.Lock()
	l.free = append(l.free, bs[:min(len(bs), max(0, l.max-len(l.free)))]...)
	l.mu.Unlock()
}

// wordChunk is the size (in words) of the blocks bitboards are packed into.
const wordChunk = 2048

// spares lists the pooled blocks a history took.
type spares struct {
	bytes  []*[deltaChunk]byte
	words  []*[wordChunk]uint64
	frames []*[frameChunk]frame
}

// spare returns h's list of pooled blocks, making it (and arranging for the
// blocks' return when h is unreachable) the first time.
func (h *History) spare() *spares {
	if h.spares == nil {
		h.spares = new(spares)
		runtime.AddCleanup(h, (*spares).release, h.spares)
	}
	return h.spares
}

// release returns the blocks to their free lists.
func (sp *spares) release() {
	spareBytes.put(sp.bytes)
	spareWords.put(sp.words)
	spareFrames.put(sp.frames)
}

// frameBlock returns a block of frames (not cleared: History.add writes each
// frame whole).
func (sp *spares) frameBlock() *[frameChunk]frame {
	b := spareFrames.get()
	sp.frames = grown(sp.frames, 4, b)
	return b
}

func (sp *spares) byteBlock() []byte {
	b := spareBytes.get()
	sp.bytes = grown(sp.bytes, 8, b)
	return b[:0]
}

func (sp *spares) wordBlock() []uint64 {
	b := spareWords.get()
	sp.words = grown(sp.words, 8, b)
	return b[:0]
}
