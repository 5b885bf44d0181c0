package chain

import (
	"runtime"
	"sync"
)

// The blocks a history keeps its frames and tiles in (frames, deltas and
// keyframes, bitboards, the newest map) never leave it: At and Changed copy
// out of them. When a history is no longer reachable, its blocks go back to
// these pools for the next run's history (an editor or a sweep runs many),
// which saves the allocations and the collector's work. (Metas hold
// pointers: a pool of them would cost the collector more than it saves.)
var (
	spareBytes  = sync.Pool{New: func() any { return new([deltaChunk]byte) }}
	spareWords  = sync.Pool{New: func() any { return new([wordChunk]uint64) }}
	spareFrames = sync.Pool{New: func() any { return new([frameChunk]frame) }}
)

// wordChunk is the size (in words) of the blocks bitboards are packed into.
const wordChunk = 512

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

// release returns the blocks to their pools.
func (sp *spares) release() {
	for _, b := range sp.bytes {
		spareBytes.Put(b)
	}
	for _, b := range sp.words {
		spareWords.Put(b)
	}
	for _, b := range sp.frames {
		spareFrames.Put(b)
	}
}

// frameBlock returns a block of frames (not cleared: History.add writes each
// frame whole).
func (sp *spares) frameBlock() *[frameChunk]frame {
	b := spareFrames.Get().(*[frameChunk]frame)
	sp.frames = append(sp.frames, b)
	return b
}

func (sp *spares) byteBlock() []byte {
	b := spareBytes.Get().(*[deltaChunk]byte)
	sp.bytes = grown(sp.bytes, 8, b)
	return b[:0]
}

func (sp *spares) wordBlock() []uint64 {
	b := spareWords.Get().(*[wordChunk]uint64)
	sp.words = append(sp.words, b)
	return b[:0]
}
