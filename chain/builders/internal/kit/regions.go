package kit

import (
	"sync"

	"hewn/chain"
)

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

var labelPool sync.Pool // of *[]int32

// NearestInLargestRegion is Nearest(g, p, LargestRegion(g)) without building the
// mask: the region labels go into a pooled buffer.
func NearestInLargestRegion(g *chain.Grid, p chain.Point) (chain.Point, bool) {
	buf, _ := labelPool.Get().(*[]int32)
	if buf == nil {
		buf = new([]int32)
	}
	defer labelPool.Put(buf)
	labels, sizes := chain.RegionsInto(*buf, g)
	*buf = labels
	best := 0
	for k, n := range sizes {
		if n > sizes[best] {
			best = k
		}
	}
	if best == 0 {
		return chain.Point{}, false
	}
	bestP, bestD := chain.Point{}, -1
	for i, l := range labels {
		if int(l) != best {
			continue
		}
		q := g.Pt(i)
		if d := chain.DistSq(p, q); bestD < 0 || d < bestD {
			bestP, bestD = q, d
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
