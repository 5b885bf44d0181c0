package chain

import (
	"math/bits"
	"sync"
)

// waveWord is 64 tiles of a row at one cost: row y, tiles 64k..64k+63.
type waveWord struct {
	bits uint64
	y, k int32
}

// waveCell is 64 tiles of a row: those walkable and not reached yet, and
// those of the front being built (zero between calls), side by side so one
// cache line holds both.
type waveCell struct{ open, next uint64 }

// waveScratch holds walkCostsUniform's masks and fronts between calls.
type waveScratch struct {
	words   []waveCell
	touched []waveWord // the words of the front being built
	fronts  [4][]waveWord
}

var wavePool = sync.Pool{New: func() any { return new(waveScratch) }}

// uniformUnit returns half the cost of an orthogonal step when every walkable
// tile of g costs the same to leave (an orthogonal step 2 units, a diagonal
// one 3), or 0 when they differ.
func uniformUnit(g *Grid) int32 {
	c := int32(0)
	var seen [256]bool
	for _, t := range g.Tiles {
		if seen[t] {
			continue
		}
		seen[t] = true
		if !walkableT[t] {
			continue
		}
		if c == 0 {
			c = stepCost[t]
		} else if stepCost[t] != c {
			return 0
		}
	}
	if c%2 != 0 { // diagCost is exactly 3/2 of stepCost for even costs
		return 0
	}
	return c / 2
}

// walkCostsUniform is WalkCosts when every walkable tile costs the same to
// leave: an orthogonal step is 2 units, a diagonal one 3. The tiles of each
// cost are found as a whole, 64 a word: those at cost L are the open tiles
// next to the front at L-2 (orthogonally) or diagonal to the front at L-3.
// Those fronts are the few words a level reaches, not the whole map.
func walkCostsUniform(g *Grid, sources []Point, unit int32, settle func(i int, cost int32)) {
	w, h := g.W, g.H
	nw := (w + 63) >> 6
	sc := wavePool.Get().(*waveScratch)
	defer wavePool.Put(sc)
	// The cells in blocks of four rows: a word's cells in rows y-1, y and y+1
	// mostly share a cache line. cell(y, k) is the index of row y's word k.
	n := (h + 3) >> 2 * nw << 2
	if cap(sc.words) < n {
		sc.words = make([]waveCell, n)
	}
	cells := sc.words[:n]
	nw32 := int32(nw)
	cell := func(y, k int32) int32 { return (y>>2*nw32+k)<<2 | y&3 }
	row := make([]uint64, nw)
	for y := range h {
		walkMask(row, g.Tiles[y*w:(y+1)*w])
		for k, m := range row {
			cells[cell(int32(y), int32(k))].open = m
		}
	}
	touched := sc.touched[:cap(sc.touched)]
	fronts := &sc.fronts
	for f := range fronts {
		fronts[f] = fronts[f][:0]
	}
	lastK, lastY := nw32-1, int32(h-1)
	// add offers the tiles b of row y's word k to the front being built:
	// touched[nt] names the word, kept (nt counts it) when it gains its first
	// tiles. No branch on the tiles: which words gain tiles is not predictable.
	nt := 0
	add := func(y, k int32, b uint64) {
		c := &cells[cell(y, k)]
		b &= c.open
		touched[nt] = waveWord{0, y, k}
		nt += int(((b | -b) &^ (c.next | -c.next)) >> 63) // b != 0 and next == 0
		c.next |= b
	}
	// room makes room in touched for a front word's adds (at most six).
	room := func() {
		if nt+6 > len(touched) {
			touched = append(touched[:nt], make([]waveWord, nt+64)...)
			touched = touched[:cap(touched)]
		}
	}
	// settleFront makes the front being built fronts[f], takes it out of
	// open, and settles its tiles at the given cost.
	settleFront := func(f int, cost int32) {
		for t := range touched[:nt] {
			ww := &touched[t]
			c := &cells[cell(ww.y, ww.k)]
			b := c.next
			c.next = 0
			c.open &^= b
			ww.bits = b
			base := int(ww.y)*w + int(ww.k)<<6
			for m := b; m != 0; m &= m - 1 {
				settle(base+bits.TrailingZeros64(m), cost)
			}
		}
		fronts[f], touched = touched[:nt], fronts[f][:cap(fronts[f])]
		nt = 0
	}
	for _, s := range sources {
		if g.In(s) {
			room()
			add(int32(s.Y), int32(s.X>>6), 1<<(s.X&63))
		}
	}
	settleFront(0, 0)
	for lv := 1; len(fronts[(lv-1)&3])+len(fronts[(lv-2)&3])+len(fronts[(lv-3)&3]) > 0; lv++ {
		if lv >= 2 {
			for _, ww := range fronts[(lv-2)&3] { // orthogonal steps
				y, k, b := ww.y, ww.k, ww.bits
				room()
				add(y, k, b<<1|b>>1)
				if b&1 != 0 && k > 0 {
					add(y, k-1, 1<<63)
				}
				if b>>63 != 0 && k < lastK {
					add(y, k+1, 1)
				}
				if y > 0 {
					add(y-1, k, b)
				}
				if y < lastY {
					add(y+1, k, b)
				}
			}
		}
		if lv >= 3 {
			for _, ww := range fronts[(lv-3)&3] { // diagonal steps
				y, k, b := ww.y, ww.k, ww.bits
				room()
				side := b<<1 | b>>1
				for r := y - 1; r <= y+1; r += 2 {
					if r < 0 || r > lastY {
						continue
					}
					add(r, k, side)
					if b&1 != 0 && k > 0 {
						add(r, k-1, 1<<63)
					}
					if b>>63 != 0 && k < lastK {
						add(r, k+1, 1)
					}
				}
			}
		}
		settleFront(lv&3, int32(lv)*unit)
	}
	sc.touched = touched
}
