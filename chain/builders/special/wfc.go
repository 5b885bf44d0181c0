package special

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"hewn/chain"
)

// The tutorial's chunked wave-function collapse, in three parts: patterns cut
// from the current map (wfcPatterns), their edge constraints (wfcConstraints),
// and a solver that fills a grid of chunks with compatible patterns (wfcSolver).

// Directions in the tutorial's order: an exit list per side of a chunk.
const (
	north = iota
	south
	west
	east
)

var opposite = [4]int{north: south, south: north, west: east, east: west}

// wfcPattern is one size×size chunk of tiles and the walkable openings on each side.
type wfcPattern struct {
	tiles []chain.Tile
	// exits holds, per side, a bit per tile along it that is walkable.
	exits [4]uint64
}

func (p *wfcPattern) hasExits() bool { return p.exits != [4]uint64{} }

// wfcPatterns cuts the map into size×size chunks (row by row; the right and
// bottom remainders are ignored, as in the tutorial) and returns each distinct
// chunk once, with its mirror images when flip is set, in order of first
// appearance (the tutorial dedupes through a hash set, which loses the order).
// Stairs read as floor: exits are placed again after the map is remade. It
// stops after limit distinct patterns.
func wfcPatterns(g *chain.Grid, size int, flip bool, limit int) []wfcPattern {
	seen := map[string]bool{}
	var out []wfcPattern
	orients := 1
	if flip {
		orients = 4
	}
	buf := make([]chain.Tile, size*size)
	key := make([]byte, size*size)
	for cy := 0; cy+size <= g.H; cy += size {
		for cx := 0; cx+size <= g.W; cx += size {
			for o := range orients {
				for y := range size {
					for x := range size {
						sx, sy := x, y
						if o&1 != 0 {
							sx = size - 1 - x
						}
						if o&2 != 0 {
							sy = size - 1 - y
						}
						t := g.Tiles[(cy+sy)*g.W+cx+sx]
						if t == chain.DownStairs || t == chain.UpStairs {
							t = chain.Floor
						}
						buf[y*size+x] = t
						key[y*size+x] = byte(t)
					}
				}
				if seen[string(key)] {
					continue
				}
				seen[string(key)] = true
				out = append(out, newPattern(buf, size))
				if len(out) >= limit {
					return out
				}
			}
		}
	}
	return out
}

func newPattern(tiles []chain.Tile, size int) wfcPattern {
	p := wfcPattern{tiles: append([]chain.Tile(nil), tiles...)}
	for i := range size {
		bit := uint64(1) << i
		if tiles[i].Walkable() {
			p.exits[north] |= bit
		}
		if tiles[(size-1)*size+i].Walkable() {
			p.exits[south] |= bit
		}
		if tiles[i*size].Walkable() {
			p.exits[west] |= bit
		}
		if tiles[i*size+size-1].Walkable() {
			p.exits[east] |= bit
		}
	}
	return p
}

// fitsBeside reports whether b may stand on side dir of a (the tutorial's
// compatibility rule): a chunk with no openings at all fits anywhere; a side
// with openings needs at least one facing opening; a closed side needs a closed
// facing side (the tutorial's test for that counts the wrong tiles, so closed
// sides there only ever matched fully open ones).
func fitsBeside(a, b *wfcPattern, dir int) bool {
	if !a.hasExits() || !b.hasExits() {
		return true
	}
	mine, theirs := a.exits[dir], b.exits[opposite[dir]]
	if mine != 0 {
		return mine&theirs != 0
	}
	return theirs == 0
}

// bitset is a set of pattern indices.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// wfcConstraints holds, for each pattern and side, the set of patterns that may
// stand there (the tutorial's compatible_with lists, as bitsets).
type wfcConstraints struct {
	n      int
	compat [4][]bitset
}

func newConstraints(ctx context.Context, ps []wfcPattern) (*wfcConstraints, error) {
	c := &wfcConstraints{n: len(ps)}
	for d := range 4 {
		c.compat[d] = make([]bitset, len(ps))
	}
	words := (len(ps) + 63) / 64
	backing := make([]uint64, 4*len(ps)*words)
	// The rule of fitsBeside, unrolled over flat arrays.
	open := make([]bool, len(ps))
	var edge [4][]uint64
	for d := range 4 {
		edge[d] = make([]uint64, len(ps))
	}
	for j := range ps {
		open[j] = ps[j].hasExits()
		for d := range 4 {
			edge[d][j] = ps[j].exits[d]
		}
	}
	for i := range ps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for d := range 4 {
			set := bitset(backing[:words:words])
			backing = backing[words:]
			mine, theirs := ps[i].exits[d], edge[opposite[d]]
			for j, t := range theirs {
				if !open[i] || !open[j] || (mine != 0 && mine&t != 0) || (mine == 0 && t == 0) {
					set[j/64] |= 1 << (j % 64)
				}
			}
			c.compat[d][i] = set
		}
	}
	return c, nil
}

// wfcSolver fills a cw×ch grid of chunks. Like the tutorial, it starts at a
// random chunk, then always fills the open chunk with the most filled
// neighbours (ties: the lowest index), choosing uniformly among the patterns
// every filled neighbour allows. It fails when a chunk has no such pattern.
type wfcSolver struct {
	c      *wfcConstraints
	cw, ch int
	chunks []int32 // pattern per chunk, -1 when open
	count  []uint8 // filled neighbours per chunk
	queues [5]cellHeap
	opts   bitset
}

func newSolver(c *wfcConstraints, cw, ch int) *wfcSolver {
	return &wfcSolver{c: c, cw: cw, ch: ch, chunks: make([]int32, cw*ch), count: make([]uint8, cw*ch), opts: newBitset(c.n)}
}

// reset opens every chunk for a new attempt.
func (s *wfcSolver) reset() {
	for i := range s.chunks {
		s.chunks[i] = -1
		s.count[i] = 0
	}
	for i := range s.queues {
		s.queues[i] = s.queues[i][:0]
	}
}

// next returns the open chunk to fill next, or -1 when none is queued.
func (s *wfcSolver) next() int {
	for k := 4; k >= 1; k-- {
		q := &s.queues[k]
		for len(*q) > 0 {
			i := q.pop()
			if s.chunks[i] < 0 && int(s.count[i]) == k {
				return i
			}
		}
	}
	return -1
}

// options gathers the patterns allowed at chunk i into s.opts and returns how many.
func (s *wfcSolver) options(i int) int {
	for w := range s.opts {
		s.opts[w] = ^uint64(0)
	}
	if r := s.c.n % 64; r != 0 {
		s.opts[len(s.opts)-1] = 1<<r - 1
	}
	x, y := i%s.cw, i/s.cw
	and := func(j, dir int) {
		if p := s.chunks[j]; p >= 0 {
			for w, v := range s.c.compat[dir][p] {
				s.opts[w] &= v
			}
		}
	}
	if x > 0 {
		and(i-1, east)
	}
	if x < s.cw-1 {
		and(i+1, west)
	}
	if y > 0 {
		and(i-s.cw, south)
	}
	if y < s.ch-1 {
		and(i+s.cw, north)
	}
	n := 0
	for _, v := range s.opts {
		n += bits.OnesCount64(v)
	}
	return n
}

// nth returns the index of the k-th (0-based) pattern in s.opts.
func (s *wfcSolver) nth(k int) int {
	for w, v := range s.opts {
		c := bits.OnesCount64(v)
		if k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			v &= v - 1
		}
		return w*64 + bits.TrailingZeros64(v)
	}
	return -1
}

// place fills chunk i with pattern p and queues its open neighbours.
func (s *wfcSolver) place(i, p int) {
	s.chunks[i] = int32(p)
	x, y := i%s.cw, i/s.cw
	bump := func(j int) {
		if s.chunks[j] < 0 {
			s.count[j]++
			s.queues[s.count[j]].push(j)
		}
	}
	if x > 0 {
		bump(i - 1)
	}
	if x < s.cw-1 {
		bump(i + 1)
	}
	if y > 0 {
		bump(i - s.cw)
	}
	if y < s.ch-1 {
		bump(i + s.cw)
	}
}

// solve runs one attempt, calling progress after each chunk is filled (with the
// chunk and its pattern). It reports whether every chunk was filled.
func (s *wfcSolver) solve(ctx context.Context, rng *rand.Rand, progress func(i, p, done int)) (bool, error) {
	s.reset()
	total := s.cw * s.ch
	cell := rng.IntN(total)
	for done := 1; ; done++ {
		if done%64 == 0 {
			if err := ctx.Err(); err != nil {
				return false, err
			}
		}
		n := s.options(cell)
		if n == 0 {
			return false, nil
		}
		p := s.nth(rng.IntN(n))
		s.place(cell, p)
		progress(cell, p, done)
		if done == total {
			return true, nil
		}
		if cell = s.next(); cell < 0 {
			return false, nil // unreachable: the chunk grid is connected
		}
	}
}

// cellHeap is a min-heap of chunk indices.
type cellHeap []int

func (h *cellHeap) push(x int) {
	*h = append(*h, x)
	q := *h
	for i := len(q) - 1; i > 0; {
		p := (i - 1) / 2
		if q[p] <= q[i] {
			break
		}
		q[p], q[i] = q[i], q[p]
		i = p
	}
}

func (h *cellHeap) pop() int {
	q := *h
	top := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q = q[:last]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < len(q) && q[l] < q[m] {
			m = l
		}
		if r := l + 1; r < len(q) && q[r] < q[m] {
			m = r
		}
		if m == i {
			break
		}
		q[i], q[m] = q[m], q[i]
		i = m
	}
	*h = q
	return top
}
