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
