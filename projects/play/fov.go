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
// as gruid's row.
type sscRow struct {
	depth              int
	startNum, startDen int
	endNum, endDen     int
}

// cols returns the row's first and last columns within [colmin, colmax]
// (gruid's row.tiles, rounding included).
func (r *sscRow) cols(colmin, colmax int) (int, int) {
	lo := r.depth * r.startNum
	div, rem := lo/r.startDen, lo%r.startDen
	lo = div
	switch {
	case rem > 0:
		if 2*rem >= r.startDen {
			lo = div + 1
		}
	case rem < 0:
		if -2*rem > r.startDen {
			lo = div - 1
		}
	}
	hi := r.depth * r.endNum
	div, rem = hi/r.endDen, hi%r.endDen
	hi = div
	switch {
	case rem > 0:
		if 2*rem > r.endDen {
			hi = div + 1
		}
	case rem < 0:
		if -rem*2 >= r.endDen {
			hi = div - 1
		}
	}
	return max(lo, colmin), min(hi, colmax)
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
	rows := append(c.rows[:0], sscRow{depth: 1, startNum: -1, startDen: 1, endNum: 1, endDen: 1})
	for len(rows) > 0 {
		r := rows[len(rows)-1]
		rows = rows[:len(rows)-1]
		lo, hi := r.cols(colmin, colmax)
		if lo > hi {
			continue
		}
		depth := r.depth
		ti, mi := si+depth*dd+lo*dc, msi+depth*md+lo*mc
		// a tile is symmetric (lit when not a wall) when col·startDen >=
		// ds and col·endDen <= de
		ds, de := depth*r.startNum, depth*r.endNum
		pwall := block[ti]
		if (pwall || lo*r.startDen >= ds && lo*r.endDen <= de) && !mark[mi] {
			mark[mi] = true
			if c.list {
				c.lit = append(c.lit, int32(ti))
			}
		}
		for col := lo + 1; col <= hi; col++ {
			ti, mi = ti+dc, mi+mc
			wall := block[ti]
			if (wall || col*r.startDen >= ds && col*r.endDen <= de) && !mark[mi] {
				mark[mi] = true
				if c.list {
					c.lit = append(c.lit, int32(ti))
				}
			}
			if wall == pwall {
				continue
			}
			if pwall { // a wall ends: the row goes on from here
				r.startNum, r.startDen = 2*col-1, 2*depth
				ds = depth * r.startNum
			} else if depth < dmax { // a wall begins: the row so far goes on deeper
				nr := r
				nr.depth++
				nr.endNum, nr.endDen = 2*col-1, 2*depth
				rows = append(rows, nr)
			}
			pwall = wall
		}
		if !pwall && r.depth < dmax {
			r.depth++
			rows = append(rows, r)
		}
	}
	c.rows = rows
}
