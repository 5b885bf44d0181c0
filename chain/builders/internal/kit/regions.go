package kit

import "hewn/chain"

// LargestRegion marks the tiles of the largest 8-connected region of walkable
// tiles (the first one, in row order, on ties). All false when the map has no
// walkable tile.
func LargestRegion(g *chain.Grid) []bool {
	labels, sizes := chain.Regions(g)
	best := 0
	for k, n := range sizes {
		if n > sizes[best] {
			best = k
		}
	}
	mask := make([]bool, len(labels))
	for i, l := range labels {
		mask[i] = best > 0 && int(l) == best
	}
	return mask
}

// Spans labels g's regions into a pooled chain.RegionSpans (chain.Spans): call
// release when done with it (and keep no reference to it), so sweeps running
// thousands of maps reuse the buffers.
func Spans(g *chain.Grid) (rs *chain.RegionSpans, release func()) { return chain.Spans(g) }

// NearestInLargestRegion is Nearest(g, p, LargestRegion(g)) without a mask or
// a label per tile: on each run of the largest region the tile nearest p is p's
// column clamped to the run, and only the rows no farther than the nearest
// tile found so far are looked at (ties: the first in row order).
func NearestInLargestRegion(g *chain.Grid, p chain.Point) (chain.Point, bool) {
	rs, release := Spans(g)
	defer release()
	best := rs.Largest()
	if best == 0 {
		return chain.Point{}, false
	}
	// Rows from p's outwards, the upper of two as far first: a row farther
	// than the best distance so far holds no nearer tile. Of two as near,
	// the first in row order wins.
	bestP, bestD := chain.Point{}, -1
	for dy := 0; ; dy++ {
		if bestD >= 0 && dy*dy > bestD {
			break
		}
		up, down := p.Y-dy, p.Y+dy
		if up < 0 && down >= g.H {
			break
		}
		for i, y := range [2]int{up, down} {
			if dy == 0 && i == 1 {
				break // one row
			}
			for _, sp := range rs.Row(y) {
				if sp.Region != best {
					continue
				}
				q := chain.Point{X: min(max(p.X, int(sp.X0)), int(sp.X1)-1), Y: y}
				d := chain.DistSq(p, q)
				if bestD < 0 || d < bestD || d == bestD && (q.Y < bestP.Y || q.Y == bestP.Y && q.X < bestP.X) {
					bestP, bestD = q, d
				}
			}
		}
	}
	return bestP, bestD >= 0
}

// Nearest returns the tile with ok[i] set nearest p by Euclidean distance (ties:
// the first in row order), or false when there is none.
func Nearest(g *chain.Grid, p chain.Point, ok []bool) (chain.Point, bool) {
	best, bestD := chain.Point{}, -1
	for i, k := range ok {
		if !k {
			continue
		}
		q := g.Pt(i)
		if d := chain.DistSq(p, q); bestD < 0 || d < bestD {
			best, bestD = q, d
		}
	}
	return best, bestD >= 0
}
