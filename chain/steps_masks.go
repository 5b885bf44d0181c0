package chain

import "math/bits"

// stepsMaskMaxW is the widest map StepsTo searches on walkable masks (rows of
// at most four words): a level of that search costs a few operations per word
// of the rows its front spans, the tile search a few per tile and neighbour,
// so words win while rows are short.
const stepsMaskMaxW = 256

// stepsToMasks is StepsTo (from walkable and not a target) as two
// breadth-first searches on 64-tile words, from each end a whole level at a
// time, the smaller front first: a level's new tiles are the front grown by
// one tile in the eight directions, walkable and not yet visited. The first
// level whose grown front touches the other side's visited tiles closes the
// shortest path (see stepsToTiles: every tile it touches there has the other
// side's depth). It gives up (false) once the rows it has grown pass a budget
// of a few passes over the map's walkable tiles (a winding maze: many levels
// of few tiles), and the tile search answers.
//
// walk is g's walkable mask and walkable its count when the caller has them
// (nil: computed here).
func stepsToMasks(g *Grid, walk []uint64, walkable int, from Point, targets []Point) (int, bool) {
	w, h := g.W, g.H
	nw := (w + 63) >> 6
	n := nw * h
	sc := getScratch(0)
	defer scratchPool.Put(sc)
	if cap(sc.steps) < 6*n {
		sc.steps = make([]uint64, 6*n)
	}
	buf := sc.steps[:6*n]
	clear(buf[n:])
	var a, b maskFront
	a.vis, a.front, b.vis, b.front = buf[n:2*n], buf[2*n:3*n], buf[3*n:4*n], buf[4*n:5*n]
	spare := buf[5*n:]
	if walk == nil {
		walk = buf[:n]
		for y := range h {
			walkMask(walk[y*nw:(y+1)*nw], g.Tiles[y*w:(y+1)*w])
			for _, m := range walk[y*nw : (y+1)*nw] {
				walkable += bits.OnesCount64(m)
			}
		}
	}
	a.add(from, nw)
	for _, t := range targets {
		if g.In(t) && walk[t.Y*nw+t.X>>6]&(1<<(t.X&63)) != 0 {
			b.add(t, nw)
		}
	}
	if b.size == 0 {
		return Unreachable, true
	}
	// A row of two words grown costs about half a tile searched one by one
	// (80×50 caves: 1,500 rows grown against 1,800 walkable tiles, in half
	// the time).
	budget := 4*walkable/nw + 4*h
	for a.size > 0 && b.size > 0 {
		s, o := &a, &b
		if b.size < a.size {
			s, o = &b, &a
		}
		budget -= s.y1 - s.y0 + 3
		if budget < 0 {
			return 0, false
		}
		var met bool
		if met, spare = s.grow(o.vis, walk, spare, nw, h); met {
			return a.depth + b.depth + 1, true
		}
	}
	return Unreachable, true
}

// maskFront is one side of stepsToMasks: its visited tiles, its front (the
// tiles of the last level, in rows y0..y1), how many tiles the front holds and
// its depth.
type maskFront struct {
	vis, front   []uint64
	y0, y1, size int
	depth        int
}

// add puts p (walkable) in the front at depth 0.
func (f *maskFront) add(p Point, nw int) {
	i, bit := p.Y*nw+p.X>>6, uint64(1)<<(p.X&63)
	if f.vis[i]&bit != 0 {
		return
	}
	if f.size == 0 {
		f.y0, f.y1 = p.Y, p.Y
	}
	f.y0, f.y1 = min(f.y0, p.Y), max(f.y1, p.Y)
	f.vis[i] |= bit
	f.front[i] |= bit
	f.size++
}

// grow makes the next level f's front, in next (all clear), and returns the
// old front's words cleared for the next call; it reports met, without
// finishing the level, when the grown front touches other (the other side's
// visited tiles).
func (f *maskFront) grow(other, walk, next []uint64, nw, h int) (met bool, spare []uint64) {
	fr, vis := f.front, f.vis
	lo, hi := max(f.y0-1, 0), min(f.y1+1, h-1)
	y0, y1, size := h, -1, 0
	if nw == 2 {
		for y := lo; y <= hi; y++ {
			r := y * 2
			c0, c1 := fr[r], fr[r+1]
			if y > 0 {
				c0 |= fr[r-2]
				c1 |= fr[r-1]
			}
			if y+1 < h {
				c0 |= fr[r+2]
				c1 |= fr[r+3]
			}
			d0 := c0 | c0<<1 | c0>>1 | c1<<63
			d1 := c1 | c1<<1 | c1>>1 | c0>>63
			o := other[r : r+2 : r+2]
			if d0&o[0]|d1&o[1] != 0 {
				return true, next
			}
			wk, vs := walk[r:r+2:r+2], vis[r:r+2:r+2]
			n0, n1 := d0&wk[0]&^vs[0], d1&wk[1]&^vs[1]
			next[r], next[r+1] = n0, n1
			vs[0] |= n0
			vs[1] |= n1
			size += bits.OnesCount64(n0) + bits.OnesCount64(n1)
			if n0|n1 != 0 {
				y0, y1 = min(y0, y), y
			}
		}
		clear(fr[f.y0*nw : (f.y1+1)*nw])
		f.front, f.y0, f.y1, f.size = next, y0, y1, size
		f.depth++
		return false, fr
	}
	var v [stepsMaskMaxW / 64]uint64
	for y := lo; y <= hi; y++ {
		r := y * nw
		// The front's column of three rows, then grown sideways by one.
		for k := range nw {
			c := fr[r+k]
			if y > 0 {
				c |= fr[r-nw+k]
			}
			if y+1 < h {
				c |= fr[r+nw+k]
			}
			v[k] = c
		}
		var any uint64
		for k := range nw {
			c := v[k]
			d := c | c<<1 | c>>1
			if k > 0 {
				d |= v[k-1] >> 63
			}
			if k+1 < nw {
				d |= v[k+1] << 63
			}
			if d&other[r+k] != 0 {
				return true, next
			}
			nn := d & walk[r+k] &^ vis[r+k]
			next[r+k] = nn
			vis[r+k] |= nn
			size += bits.OnesCount64(nn)
			any |= nn
		}
		if any != 0 {
			y0, y1 = min(y0, y), y
		}
	}
	clear(fr[f.y0*nw : (f.y1+1)*nw])
	f.front, f.y0, f.y1, f.size = next, y0, y1, size
	f.depth++
	return false, fr
}
