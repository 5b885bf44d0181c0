package play

// caster is the fields of view's symmetric shadowcasting: gruid's
// FOV.SSCVisionMap with diagonals (rl/fov.go) step for step, so it lights
// the very tiles gruid lights; but it reads the tiles that stop sight from
// a slice (no closure per tile), walks each quadrant's rows by index
// arithmetic, and marks what it lights in a window of the caller's instead
// of a map-sized grid it must clear first.
type caster struct {
	rows []sscRow
	// lit lists the tile indexes of the last cast, each once, when list.
	lit  []int32
	list bool
}

// sscRow is a row of a quadrant between two slopes (numerator/denominator),
// as gruid's row, with its first and last columns (lo, hi: gruid's
// row.tiles, rounding included) kept from row to row without a division:
// lo = ⌊L/(2·startDen)⌋ for L = 2·depth·startNum + startDen, L = lo·2·startDen
// + loRem, and hi = ⌈H/(2·endDen)⌉ for H = 2·depth·endNum - endDen, H =
// hi·2·endDen - hiRem (0 <= rems < the divisors).
type sscRow struct {
	depth              int32
	startNum, startDen int32
	endNum, endDen     int32
	lo, loRem          int32
	hi, hiRem          int32
}

// setLo computes lo for the row's depth and start slope (one division; L
// in int: it passes int32 on maps over 23,000 tiles a side).
func (r *sscRow) setLo() {
	l, d := 2*int(r.depth)*int(r.startNum)+int(r.startDen), 2*int(r.startDen)
	q := l / d
	if l%d < 0 {
		q--
	}
	r.lo, r.loRem = int32(q), int32(l-q*d)
}

// setHi computes hi for the row's depth and end slope (one division, as
// setLo).
func (r *sscRow) setHi() {
	h, e := 2*int(r.depth)*int(r.endNum)-int(r.endDen), 2*int(r.endDen)
	q := h / e
	if h%e > 0 {
		q++
	}
	r.hi, r.hiRem = int32(q), int32(q*e-h)
}

// stepLo and stepHi follow the row one row out (depth already one more),
// its slopes kept: L grows by 2·startNum and H by 2·endNum, each at most its
// divisor in size (the slopes lie within [-1, 1]), so one carry at most.
func (r *sscRow) stepLo() {
	d := 2 * r.startDen
	r.loRem += 2 * r.startNum
	if r.loRem >= d {
		r.loRem -= d
		r.lo++
	} else if r.loRem < 0 {
		r.loRem += d
		r.lo--
	}
}

// stepHi: see stepLo.
func (r *sscRow) stepHi() {
	e := 2 * r.endDen
	r.hiRem -= 2 * r.endNum
	if r.hiRem < 0 {
		r.hiRem += e
		r.hi++
	} else if r.hiRem >= e {
		r.hiRem -= e
		r.hi--
	}
}

// castWindow is the tiles a cast covers, [x0, x1)×[y0, y1) (within the map),
// and where it marks them: tile (x, y) at mark[(y-my)*stride+x-mx].
type castWindow struct {
	x0, y0, x1, y1 int
	mark           []bool
	mx, my, stride int
}

// cast lights what src sees within maxDepth rows (Chebyshev) on a map w
// tiles wide whose tiles stop sight where block says, over win's tiles: it
// sets their marks and, when c.list, lists them in c.lit (the tiles already
// marked are not listed again).
func (c *caster) cast(block []bool, w int, src Point, maxDepth int, win castWindow) {
	c.lit = c.lit[:0]
	si := src.Y*w + src.X
	msi := (src.Y-win.my)*win.stride + src.X - win.mx
	mark := win.mark
	if !mark[msi] {
		mark[msi] = true
		if c.list {
			c.lit = append(c.lit, int32(si))
		}
	}
	for dir := range 4 { // north, east, south, west as gruid
		c.castQuadrant(block, w, src, maxDepth, win, dir)
	}
}

// quadrantsOf returns the quadrants (bits 1<<dir) holding the tile dx, dy
// away from a source: one, or two on a diagonal (none for the source).
func quadrantsOf(dx, dy int) uint8 {
	var q uint8
	if dy < 0 && abs(dx) <= -dy {
		q |= 1 << 0
	}
	if dx > 0 && abs(dy) <= dx {
		q |= 1 << 1
	}
	if dy > 0 && abs(dx) <= dy {
		q |= 1 << 2
	}
	if dx < 0 && abs(dy) <= -dx {
		q |= 1 << 3
	}
	return q
}

// castQuadrant is cast's work in one quadrant (dir: 0 north, 1 east, 2
// south, 3 west), the source aside: a quadrant's tiles lie within as many
// columns either side as rows out, so a tile's light comes from the
// quadrants holding it (quadrantsOf) alone.
func (c *caster) castQuadrant(block []bool, w int, src Point, maxDepth int, win castWindow, dir int) {
	si := src.Y*w + src.X
	msi := (src.Y-win.my)*win.stride + src.X - win.mx
	mark := win.mark
	// a tile (depth, col) of the quadrant is tile si + depth·dd + col·dc,
	// marked at msi + depth·md + col·mc
	var colmin, colmax, dmax, dd, dc, md, mc int
	switch dir {
	case 0:
		colmin, colmax, dmax = win.x0-src.X, win.x1-src.X-1, src.Y-win.y0
		dd, dc, md, mc = -w, 1, -win.stride, 1
	case 1:
		colmin, colmax, dmax = win.y0-src.Y, win.y1-src.Y-1, win.x1-src.X-1
		dd, dc, md, mc = 1, w, 1, win.stride
	case 2:
		colmin, colmax, dmax = win.x0-src.X, win.x1-src.X-1, win.y1-src.Y-1
		dd, dc, md, mc = w, 1, win.stride, 1
	default:
		colmin, colmax, dmax = win.y0-src.Y, win.y1-src.Y-1, src.X-win.x0
		dd, dc, md, mc = -1, w, -1, win.stride
	}
	dmax = min(dmax, maxDepth)
	if dmax <= 0 {
		return
	}
	first := sscRow{depth: 1, startNum: -1, startDen: 1, endNum: 1, endDen: 1}
	first.setLo()
	first.setHi()
	rows := append(c.rows[:0], first)
	for len(rows) > 0 {
		r := rows[len(rows)-1]
		rows = rows[:len(rows)-1]
		// the row, then the row it goes on into one deeper, and so on
		// (pushed, it would be what the stack gives back next)
		for {
			lo, hi := max(int(r.lo), colmin), min(int(r.hi), colmax)
			if lo > hi {
				break
			}
			depth := int(r.depth)
			startNum, startDen, endNum, endDen := int(r.startNum), int(r.startDen), int(r.endNum), int(r.endDen)
			ti, mi := si+depth*dd+lo*dc, msi+depth*md+lo*mc
			// a tile is symmetric (lit when not a wall) when col·startDen >=
			// ds and col·endDen <= de
			ds, de := depth*startNum, depth*endNum
			pwall := block[ti]
			if (pwall || lo*startDen >= ds && lo*endDen <= de) && !mark[mi] {
				mark[mi] = true
				if c.list {
					c.lit = append(c.lit, int32(ti))
				}
			}
			newStart := false
			for col := lo + 1; col <= hi; col++ {
				ti, mi = ti+dc, mi+mc
				wall := block[ti]
				if (wall || col*startDen >= ds && col*endDen <= de) && !mark[mi] {
					mark[mi] = true
					if c.list {
						c.lit = append(c.lit, int32(ti))
					}
				}
				if wall == pwall {
					continue
				}
				if pwall { // a wall ends: the row goes on from here
					startNum, startDen = 2*col-1, 2*depth
					ds = depth * startNum
					newStart = true
				} else if depth < dmax { // a wall begins: the row so far goes on deeper
					nr := r
					nr.depth++
					nr.startNum, nr.startDen = int32(startNum), int32(startDen)
					nr.endNum, nr.endDen = int32(2*col-1), int32(2*depth)
					nr.setLo()
					nr.setHi()
					rows = append(rows, nr)
				}
				pwall = wall
			}
			if !pwall && depth < dmax {
				r.depth++
				if newStart { // (a new start slope: lo anew)
					r.startNum, r.startDen = int32(startNum), int32(startDen)
					r.setLo()
				} else {
					r.stepLo()
				}
				r.stepHi()
				continue
			}
			break
		}
	}
	c.rows = rows
}
