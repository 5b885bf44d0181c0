package chain

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// waveWord is a block of 8×8 tiles at one cost: block column bx, block row
// by, bit 8r+c for the tile at column 8bx+c, row 8by+r.
type waveWord struct {
	bits   uint64
	bx, by int32
}

// waveCell is a block's tiles walkable and not reached yet, and those of the
// front being built (zero between calls), side by side in one cache line.
type waveCell struct{ open, next uint64 }

// waveScratch holds walkCostsUniform's masks and fronts between calls.
type waveScratch struct {
	cells   []waveCell
	touched []waveWord // the blocks of the front being built
	fronts  [4][]waveWord
}

var wavePool = sync.Pool{New: func() any { return new(waveScratch) }}

// The columns and rows of an 8×8 block.
const (
	col0 = 0x0101010101010101
	col7 = col0 << 7
	row0 = 0xff
	row7 = row0 << 56
)

// uniformUnit returns half the cost of an orthogonal step when every walkable
// tile of g costs the same to leave (an orthogonal step 2 units, a diagonal
// one 3), or 0 when they differ.
func uniformUnit(g *Grid) int32 {
	var seen [256]bool
	b := tileBytes(g.Tiles)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		// Eight tiles of wall (0) and floor (1) only, the bulk of a cave.
		if v := binary.LittleEndian.Uint64(b[i:]); v&^lsb8 == 0 {
			seen[Floor] = seen[Floor] || v != 0
			continue
		}
		for _, t := range b[i : i+8] {
			seen[t] = true
		}
	}
	for _, t := range b[i:] {
		seen[t] = true
	}
	c := int32(0)
	for t, ok := range seen {
		if !ok || !walkableT[t] {
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
// cost are found as a whole, in blocks of 8×8 tiles (a thin front crossing a
// block in any direction is several of its bits): those at cost L are the
// open tiles next to the front at L-2 (orthogonally) or diagonal to the front
// at L-3. Those fronts are the few blocks a level reaches, not the whole map.
//
// settle is called once per block of each front, with the block's tiles at
// that cost (bit 8r+c for the tile at column 8bx+c, row 8by+r).
func walkCostsUniform(g *Grid, sources []Point, unit int32, settle func(bx, by int32, b uint64, cost int32)) {
	w, h := g.W, g.H
	bw, bh := (w+7)>>3, (h+7)>>3
	sc := wavePool.Get().(*waveScratch)
	defer wavePool.Put(sc)
	n := bw * bh
	if cap(sc.cells) < n {
		sc.cells = make([]waveCell, n)
	}
	cells := sc.cells[:n]
	// The open tiles, a row mask at a time, byte by byte into the blocks.
	row := make([]uint64, (w+63)>>6)
	for by := range bh {
		for bx := range bw {
			cells[by*bw+bx].open = 0
		}
		for r := 0; r < 8 && by*8+r < h; r++ {
			y := by*8 + r
			walkMask(row, g.Tiles[y*w:(y+1)*w])
			for bx := range bw {
				cells[by*bw+bx].open |= (row[bx>>3] >> (bx & 7 * 8) & 0xff) << (8 * r)
			}
		}
	}
	bw32, lastX, lastY := int32(bw), int32(bw-1), int32(bh-1)
	touched := sc.touched[:cap(sc.touched)]
	fronts := &sc.fronts
	for f := range fronts {
		fronts[f] = fronts[f][:0]
	}
	// add offers the tiles b of block (bx, by) to the front being built:
	// touched[nt] names the block, kept (nt counts it) when it gains its
	// first tiles. No branch on the tiles: which blocks gain tiles is not
	// predictable.
	nt := 0
	add := func(bx, by int32, b uint64) {
		c := &cells[by*bw32+bx]
		b &= c.open
		touched[nt] = waveWord{0, bx, by}
		nt += int(((b | -b) &^ (c.next | -c.next)) >> 63) // b != 0 and next == 0
		c.next |= b
	}
	// room makes room in touched for a front block's adds (at most nine).
	room := func() {
		if nt+9 > len(touched) {
			touched = append(touched[:nt], make([]waveWord, nt+64)...)
			touched = touched[:cap(touched)]
		}
	}
	// settleFront makes the front being built fronts[f], takes it out of
	// open, and settles its tiles at the given cost.
	settleFront := func(f int, cost int32) {
		for t := range touched[:nt] {
			ww := &touched[t]
			c := &cells[ww.by*bw32+ww.bx]
			b := c.next
			c.next = 0
			c.open &^= b
			ww.bits = b
			settle(ww.bx, ww.by, b, cost)
		}
		fronts[f], touched = touched[:nt], fronts[f][:cap(fronts[f])]
		nt = 0
	}
	for _, s := range sources {
		if g.In(s) {
			room()
			add(int32(s.X>>3), int32(s.Y>>3), 1<<(s.Y&7*8+s.X&7))
		}
	}
	settleFront(0, 0)
	for lv := 1; len(fronts[(lv-1)&3])+len(fronts[(lv-2)&3])+len(fronts[(lv-3)&3]) > 0; lv++ {
		if lv >= 2 {
			for _, ww := range fronts[(lv-2)&3] { // orthogonal steps
				x, y, b := ww.bx, ww.by, ww.bits
				room()
				add(x, y, b<<1&^col0|b>>1&^col7|b<<8|b>>8)
				if e := b & col7; e != 0 && x < lastX {
					add(x+1, y, e>>7)
				}
				if e := b & col0; e != 0 && x > 0 {
					add(x-1, y, e<<7)
				}
				if e := b & row7; e != 0 && y < lastY {
					add(x, y+1, e>>56)
				}
				if e := b & row0; e != 0 && y > 0 {
					add(x, y-1, e<<56)
				}
			}
		}
		if lv >= 3 {
			for _, ww := range fronts[(lv-3)&3] { // diagonal steps
				x, y, b := ww.bx, ww.by, ww.bits
				room()
				// The tiles a step sideways reaches, in this block and the
				// blocks either side; then a step up or down from those.
				side := b<<1&^col0 | b>>1&^col7
				east, west := b&col7>>7, b&col0<<7
				if x == lastX {
					east = 0
				}
				if x == 0 {
					west = 0
				}
				add(x, y, side<<8|side>>8)
				if east != 0 {
					add(x+1, y, east<<8|east>>8)
				}
				if west != 0 {
					add(x-1, y, west<<8|west>>8)
				}
				if y < lastY {
					if v := side >> 56; v != 0 {
						add(x, y+1, v)
					}
					if v := east >> 56; v != 0 {
						add(x+1, y+1, v)
					}
					if v := west >> 56; v != 0 {
						add(x-1, y+1, v)
					}
				}
				if y > 0 {
					if v := side << 56; v != 0 {
						add(x, y-1, v)
					}
					if v := east << 56; v != 0 {
						add(x+1, y-1, v)
					}
					if v := west << 56; v != 0 {
						add(x-1, y-1, v)
					}
				}
			}
		}
		settleFront(lv&3, int32(lv)*unit)
	}
	sc.touched = touched
}

// settleTiles turns walkCostsUniform's blocks into WalkCosts' tiles.
func settleTiles(w int, settle func(i int, cost int32)) func(bx, by int32, b uint64, cost int32) {
	return func(bx, by int32, b uint64, cost int32) {
		base := int(by)*8*w + int(bx)*8
		for m := b; m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m)
			settle(base+j>>3*w+j&7, cost)
		}
	}
}

// FarthestWalk returns the tiles a walk from sources (WalkCosts' search)
// reaches farthest: of the tiles reached at a positive cost whose bit in
// taken (bit i%64 of word i/64 for tile i) is clear, the first in row order
// among those of the highest cost (any), and likewise among the Floor tiles
// only (floor); -1 when there is none. When every walkable tile costs the
// same to leave, it looks at each front's blocks of 8×8 tiles, not at their
// tiles one by one: a block's first tile in row order is its lowest bit.
func FarthestWalk(g *Grid, sources []Point, taken []uint64) (floor, any int) {
	floor, any = -1, -1
	var floorD, anyD int32
	// offer is a tile i at cost d, free: the rule of the tile by tile search.
	offer := func(i int, d int32, isFloor bool) {
		if d > anyD || d == anyD && i < any {
			any, anyD = i, d
		}
		if isFloor && (d > floorD || d == floorD && i < floor) {
			floor, floorD = i, d
		}
	}
	w := g.W
	u := uniformUnit(g)
	if u == 0 {
		WalkCosts(g, sources, func(i int, d int32) {
			if d > 0 && taken[i>>6]&(1<<(i&63)) == 0 {
				offer(i, d, g.Tiles[i] == Floor)
			}
		})
		return floor, any
	}
	// The blocks holding a taken tile (a start, exits, spawns: a few).
	bw := (w + 7) >> 3
	nb := bw * ((g.H + 7) >> 3)
	sc := getScratch(0)
	defer scratchPool.Put(sc)
	if cap(sc.mask) < (nb+63)>>6 {
		sc.mask = make([]uint64, (nb+63)>>6)
	}
	hit := sc.mask[:(nb+63)>>6]
	clear(hit)
	for k, m := range taken {
		for ; m != 0; m &= m - 1 {
			i := k<<6 + bits.TrailingZeros64(m)
			blk := i/w>>3*bw + i%w>>3
			hit[blk>>6] |= 1 << (blk & 63)
		}
	}
	walkCostsUniform(g, sources, u, func(bx, by int32, b uint64, d int32) {
		if d == 0 {
			return
		}
		base := int(by)*8*w + int(bx)*8
		if blk := int(by)*bw + int(bx); hit[blk>>6]&(1<<(blk&63)) != 0 {
			for m := b; m != 0; m &= m - 1 {
				j := bits.TrailingZeros64(m)
				if i := base + j>>3*w + j&7; taken[i>>6]&(1<<(i&63)) != 0 {
					b &^= 1 << j
				}
			}
		}
		if b == 0 {
			return
		}
		// Costs come in order, so a block at the cost of the best so far
		// wins only with a lower first tile; the map is read only then.
		j := bits.TrailingZeros64(b)
		i := base + j>>3*w + j&7
		if d > anyD || i < any {
			any, anyD = i, d
		}
		if d == floorD && i >= floor {
			return
		}
		for m := b; m != 0; m &= m - 1 { // the block's first Floor tile
			j := bits.TrailingZeros64(m)
			if i := base + j>>3*w + j&7; g.Tiles[i] == Floor {
				if d > floorD || i < floor {
					floor, floorD = i, d
				}
				return
			}
		}
	})
	return floor, any
}
