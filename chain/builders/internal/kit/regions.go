package kit

import "hewn/chain"

// LargestRegion marks the tiles of the largest 8-connected region of walkable
// tiles (the first one found, scanning row by row, on ties). All false when the
// map has no walkable tile.
func LargestRegion(g *chain.Grid) []bool {
	label := make([]int32, len(g.Tiles))
	best, bestSize, next := int32(0), 0, int32(0)
	var queue []int
	for i, t := range g.Tiles {
		if !t.Walkable() || label[i] != 0 {
			continue
		}
		next++
		label[i] = next
		queue = append(queue[:0], i)
		for head := 0; head < len(queue); head++ {
			p := g.Pt(queue[head])
			for _, d := range chain.Neighbours8 {
				q := p.Add(d)
				if g.Walkable(q) && label[g.Idx(q)] == 0 {
					label[g.Idx(q)] = next
					queue = append(queue, g.Idx(q))
				}
			}
		}
		if len(queue) > bestSize {
			best, bestSize = next, len(queue)
		}
	}
	mask := make([]bool, len(g.Tiles))
	for i, l := range label {
		mask[i] = l != 0 && l == best
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
