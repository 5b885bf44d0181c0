package spawn

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "voronoi_spawning",
		Help: "Splits the floor tiles into regions by cellular (Voronoi) noise and rolls the spawn table in each: up to 1d7+depth-4 spawns per region (the tutorial's VoronoiSpawning).",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.FloatParam("frequency", "Frequency", "Noise frequency: regions are about 1/frequency tiles across (the tutorial uses 0.08).", 0.08, 0.01, 1),
			kit.EnumParam("distance", "Distance", "How distance to a region's seed point is measured (the tutorial uses manhattan).", "manhattan", "manhattan", "pythagoras", "chebyshev"),
		},
		Makes: chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			return voronoiSpawning{freq: v.Float("frequency"), dist: v.String("distance")}, nil
		},
	})
}

type voronoiSpawning struct {
	freq float64
	dist string
}

func (b voronoiSpawning) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	n := cellNoise{seed: rng.Uint64(), freq: b.freq, dist: b.dist}
	o := kit.NewOccupancy(s)
	g := s.Map
	// Each plain free floor tile gets its noise cell; regions are numbered in
	// the order their first tile appears (row by row) and hold their tiles in
	// that order. The cells' jittered points are computed once, not per tile,
	// and regions are cut from one flat buffer (a counting sort).
	sc, _ := voronoiPool.Get().(*voronoiScratch)
	if sc == nil {
		sc = new(voronoiScratch)
	}
	defer voronoiPool.Put(sc)
	cells := n.grid(g.W, g.H)
	regionOf := resize(&sc.regionOf, len(cells.px))
	for i := range regionOf {
		regionOf[i] = -1
	}
	// The free plain floor tiles in row order: tiles[k] holds the k-th
	// one's region (high half) and index among the inner tiles. ends[r] counts
	// region r's tiles, then (a prefix sum) where its tiles start in flat,
	// then, once flat is filled, where they end. Flat holds tile indices, not
	// points: at most 12 bytes a tile (tiles, flat) and 8 a cell
	// (regionOf, ends) besides the cells' points (4096 cells a side took
	// 1.3 GB as points and slices).
	tiles := resize(&sc.tiles, (g.W-2)*(g.H-2))[:0]
	ends := resize(&sc.ends, len(cells.px))[:0] // a region per cell at most
	defer func() { sc.ends = ends }()
	w := g.W
	nw := (w + 63) >> 6
	mask := resize(&sc.mask, nw)
	cellAt := resize(&sc.cellAt, w)
	taken := o.TakenBits()
	for y := 1; y < g.H-1; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		cells.row(y)
		// The row's free plain floor, 64 tiles a word, but the border columns
		// (the tutorial's regions hold plain floor only; floor is walkable,
		// so a floor tile is free unless taken: the start, an exit or a spawn).
		chain.TileMask(mask, g.Tiles[y*w:(y+1)*w], chain.Floor)
		mask[0] &^= 1
		mask[(w-1)>>6] &^= 1 << ((w - 1) & 63)
		for k := range mask {
			// The taken bits of the word's 64 tiles (indexes b.. of the map).
			b := y*w + k<<6
			t := taken[b>>6] >> (b & 63)
			if b&63 != 0 && b>>6+1 < len(taken) {
				t |= taken[b>>6+1] << (64 - b&63)
			}
			mask[k] &^= t
		}
		cells.rowCells(mask, cellAt)
		// Tiles come in runs of one cell: a run's region is looked up once
		// and counted at its end.
		base := int32((y - 1) * (w - 2))
		lastC, r, run := int32(-1), int32(0), int32(0)
		for k, m := range mask {
			for ; m != 0; m &= m - 1 {
				x := k<<6 + bits.TrailingZeros64(m)
				if c := cellAt[x]; c != lastC {
					if run > 0 {
						ends[r] += run
					}
					lastC, run = c, 0
					if r = regionOf[c]; r < 0 {
						r = int32(len(ends))
						regionOf[c] = r
						ends = append(ends, 0)
					}
				}
				run++
				tiles = append(tiles, uint64(r)<<32|uint64(base+int32(x-1)))
			}
		}
		if run > 0 {
			ends[r] += run
		}
	}
	var total int32
	for r, k := range ends {
		ends[r] = total
		total += k
	}
	// The tiles in their regions' runs of flat (a counting sort), a run of
	// one region's tiles at a time.
	flat := resize(&sc.flat, int(total))
	for i := 0; i < len(tiles); {
		r := tiles[i] >> 32
		at := ends[r]
		for ; i < len(tiles) && tiles[i]>>32 == r; i++ {
			flat[at] = int32(uint32(tiles[i]))
			at++
		}
		ends[r] = at
	}
	// A region's tiles were all free when scanned, and spawning in one
	// region takes tiles of that region only (regions are disjoint): each
	// region's flat run is its free list as spawnRegion would build it.
	inner := g.W - 2
	// Room for every spawn the regions can take (a region takes at most
	// maxMonsters+3+depth-4 and never more than its tiles).
	most, per := 0, max(maxMonsters+3+s.Depth-4, 0)
	start := int32(0)
	for _, end := range ends {
		most += min(int(end-start), per)
		start = end
	}
	return spawnedOnly(s, reserveSpawns(s, most, func() error {
		start := int32(0)
		for _, end := range ends {
			spawnFlat(s, o, rng, flat[start:end], inner)
			start = end
		}
		return nil
	}))
}

// spawnFlat is spawnRegion over a region whose tiles are all free, given as
// indices into the map's inner tiles (inner of them a row), in row order; it
// reorders free as spawnRegion reorders its free list.
func spawnFlat(s *chain.State, o *kit.Occupancy, rng *rand.Rand, free []int32, inner int) {
	n := min(len(free), regionCount(rng, s.Depth))
	for range n {
		i := rng.IntN(len(free))
		t := int(free[i])
		free[i] = free[len(free)-1]
		free = free[:len(free)-1]
		if name, ok := s.Spawner.Roll(rng, s.Depth, chain.AnySection); ok {
			o.Place(s, chain.Point{X: 1 + t%inner, Y: 1 + t/inner}, name)
		}
	}
}

// cellNoise is a small deterministic cellular (Voronoi) noise like FastNoise's
// Cellular/CellValue: space is cut into unit cells (after scaling by freq), each
// holding one jittered feature point; a position belongs to the cell whose
// feature point is nearest.
// voronoiScratch holds voronoi_spawning's working buffers between runs.
type voronoiScratch struct {
	regionOf, ends, flat, cellAt []int32
	tiles, mask                  []uint64
}

var voronoiPool sync.Pool // of *voronoiScratch

// resize returns *buf with length n (contents undefined), growing it when needed.
func resize[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n)
	}
	*buf = (*buf)[:n]
	return *buf
}

type cellNoise struct {
	seed uint64
	freq float64
	dist string
}

// cell returns the coordinates of the cell whose feature point is nearest (x, y).
func (n cellNoise) cell(x, y float64) [2]int {
	fx, fy := x*n.freq, y*n.freq
	ix, iy := int(math.Floor(fx)), int(math.Floor(fy))
	best, bestD := [2]int{ix, iy}, math.Inf(1)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			cx, cy := ix+dx, iy+dy
			h := mix(n.seed ^ mix(uint64(int64(cx))*0x9E3779B97F4A7C15^uint64(int64(cy))))
			// Jitter in [0.05, 0.95) so feature points keep off the cell edges.
			jx := 0.05 + 0.9*float64(h&0xFFFF)/65536
			jy := 0.05 + 0.9*float64((h>>16)&0xFFFF)/65536
			if d := n.distance(float64(cx)+jx-fx, float64(cy)+jy-fy); d < bestD {
				best, bestD = [2]int{cx, cy}, d
			}
		}
	}
	return best
}

// noiseGrid is a cellNoise with the jittered points of every cell a w×h map's
// inner tiles can fall in computed once (cell gives the same answer as
// cellNoise.cell, as a dense cell index). Tiles are looked up a row at a
// time (row, then cellIn): a row's distances along y to the cells' points are
// computed once for the row, not once per tile.
type noiseGrid struct {
	n        cellNoise
	metric   metric // n.dist, looked up once rather than compared per candidate
	cx0, cy0 int    // the first cell column and row
	cw       int    // cells per row
	px, py   []float64
	// The row being looked up: fy and iy are its y scaled and its cell row;
	// base[k] is the dense index of cell column 0 in cell row iy-1+k;
	// ady[k*cw+c] is |py - fy| for the cell of column c in that row.
	fy   float64
	iy   int
	base [3]int
	ady  []float64
	// Under the manhattan metric, the row's candidates per cell column j
	// (tiles with ix = cx0+j): seg[j] counts them, and cand[j*9:] holds
	// them in cellIn's order, as (px, ady, dense index). A cell of the
	// column left of ix is always left of the tile (px < ix ≤ fx): its
	// distance is fx - px + ady, so of that column's three cells the one with
	// the least ady - px is nearer than the others for every tile of the
	// segment; likewise px + ady for the column right of ix. The others are
	// dropped when they are farther by more than margin (far above the
	// rounding of the sums), so the float comparisons pick what the nine
	// would: a dropped cell is strictly farther than a kept one.
	seg    []uint8
	cand   []candidate
	five   [][5]candidate // the candidates of the columns that kept five
	margin float64
}

// candidate is one of a tile's cells as cellManhattan compares it.
type candidate struct {
	px, ady float64
	i       int
}

func (n cellNoise) grid(w, h int) *noiseGrid {
	cx0 := int(math.Floor(1*n.freq)) - 1
	cy0 := int(math.Floor(1*n.freq)) - 1
	cx1 := int(math.Floor(float64(max(w-2, 1))*n.freq)) + 1
	cy1 := int(math.Floor(float64(max(h-2, 1))*n.freq)) + 1
	cw, ch := cx1-cx0+1, cy1-cy0+1
	ng := &noiseGrid{n: n, metric: metricOf(n.dist), cx0: cx0, cy0: cy0, cw: cw, px: make([]float64, cw*ch), py: make([]float64, cw*ch), ady: make([]float64, 3*cw)}
	if ng.metric == manhattan {
		ng.seg = make([]uint8, cw)
		ng.cand = make([]candidate, 9*cw)
		ng.five = make([][5]candidate, cw)
		ng.margin = 1e-9 * (2 + float64(max(w, h))*n.freq)
	}
	for cy := cy0; cy <= cy1; cy++ {
		for cx := cx0; cx <= cx1; cx++ {
			h := mix(n.seed ^ mix(uint64(int64(cx))*0x9E3779B97F4A7C15^uint64(int64(cy))))
			jx := 0.05 + 0.9*float64(h&0xFFFF)/65536
			jy := 0.05 + 0.9*float64((h>>16)&0xFFFF)/65536
			i := (cy-cy0)*cw + cx - cx0
			ng.px[i], ng.py[i] = float64(cx)+jx, float64(cy)+jy
		}
	}
	return ng
}

// cell returns the dense index of the cell of inner tile (x, y).
func (g *noiseGrid) cell(x, y float64) int {
	g.row(int(y))
	return g.cellIn(int(x))
}

// row prepares the lookups of the inner tiles of row y (y ≥ 1).
func (g *noiseGrid) row(y int) {
	g.fy = float64(y) * g.n.freq
	g.iy = int(g.fy) // fy > 0: truncation is the floor
	for k := range g.base {
		g.base[k] = (g.iy-1+k-g.cy0)*g.cw - g.cx0
		start := g.base[k] + g.cx0
		for c, py := range g.py[start : start+g.cw] {
			g.ady[k*g.cw+c] = math.Abs(py - g.fy)
		}
	}
	if g.metric == manhattan {
		g.segments()
	}
}

// segments fills seg and cand for the row prepared by row.
func (g *noiseGrid) segments() {
	cw := g.cw
	for j := 1; j < cw-1; j++ {
		left := g.keep(j-1, -1)
		right := g.keep(j+1, 1)
		// Both side columns cut to one cell: the five, else cand.
		cand := g.cand[j*9 : j*9+9]
		if bits.OnesCount8(left) == 1 && bits.OnesCount8(right) == 1 {
			cand = g.five[j][:]
		}
		n := 0
		for k := range 3 {
			i := g.base[k] + g.cx0 + j - 1
			a := k*cw + j - 1
			if left&(1<<k) != 0 {
				cand[n] = candidate{g.px[i], g.ady[a], i}
				n++
			}
			cand[n] = candidate{g.px[i+1], g.ady[a+1], i + 1}
			n++
			if right&(1<<k) != 0 {
				cand[n] = candidate{g.px[i+2], g.ady[a+2], i + 2}
				n++
			}
		}
		g.seg[j] = uint8(n)
	}
}

// keep returns which of the three cells of column c (bit k: cell row iy-1+k)
// can be nearest a tile of a segment that column is beside (side -1: the
// column is left of the tiles, 1: right of them).
func (g *noiseGrid) keep(c int, side float64) uint8 {
	cw := g.cw
	ady := g.ady[c : 2*cw+c+1]
	p0, p1, p2 := g.base[0]+g.cx0+c, g.base[1]+g.cx0+c, g.base[2]+g.cx0+c
	v0 := ady[0] + side*g.px[p0]
	v1 := ady[cw] + side*g.px[p1]
	v2 := ady[2*cw] + side*g.px[p2]
	m := g.margin
	switch {
	case v0+m < v1 && v0+m < v2:
		return 1
	case v1+m < v0 && v1+m < v2:
		return 2
	case v2+m < v0 && v2+m < v1:
		return 4
	}
	return 7
}

// rowCells sets cellAt[x] to cellIn(x) for every set bit x of mask (inner
// tiles of the row prepared last). Under manhattan a cell column's five
// candidates are read once for its run of tiles, not once a tile.
func (g *noiseGrid) rowCells(mask []uint64, cellAt []int32) {
	freq := g.n.freq
	cur := -1 // the cell column whose candidates are held
	five := false
	var px0, px1, px2, px3, px4, a0, a1, a2, a3, a4 float64
	var i0, i1, i2, i3, i4 int
	for k, m := range mask {
		for ; m != 0; m &= m - 1 {
			x := k<<6 + bits.TrailingZeros64(m)
			if g.metric != manhattan {
				cellAt[x] = int32(g.cellIn(x))
				continue
			}
			fx := float64(x) * freq
			ix := int(fx) // fx > 0: truncation is the floor
			if ix != cur {
				cur = ix
				j := ix - g.cx0
				if five = g.seg[j] == 5; five {
					c := &g.five[j]
					px0, px1, px2, px3, px4 = c[0].px, c[1].px, c[2].px, c[3].px, c[4].px
					a0, a1, a2, a3, a4 = c[0].ady, c[1].ady, c[2].ady, c[3].ady, c[4].ady
					i0, i1, i2, i3, i4 = c[0].i, c[1].i, c[2].i, c[3].i, c[4].i
				}
			}
			if !five {
				cellAt[x] = int32(g.cellManhattan(fx, ix))
				continue
			}
			cellAt[x] = int32(firstNearest5(
				manhattanBits(px0, a0, fx), manhattanBits(px1, a1, fx), manhattanBits(px2, a2, fx),
				manhattanBits(px3, a3, fx), manhattanBits(px4, a4, fx), i0, i1, i2, i3, i4))
		}
	}
}

// manhattanBits is the bit pattern of a candidate's distance |px - fx| + ady
// (never negative, never NaN: the patterns order as the distances do).
func manhattanBits(px, ady, fx float64) uint64 { return math.Float64bits(math.Abs(px-fx) + ady) }

// firstNearest5 returns the index (i0..i4) of the least of five distances as
// a tree of pairs, the earlier of two kept on a tie (the first nearest).
func firstNearest5(d0, d1, d2, d3, d4 uint64, i0, i1, i2, i3, i4 int) int {
	if d1 < d0 {
		i0, d0 = i1, d1
	}
	if d3 < d2 {
		i2, d2 = i3, d3
	}
	if d2 < d0 {
		i0, d0 = i2, d2
	}
	if d4 < d0 {
		i0 = i4
	}
	return i0
}

// cellIn returns the dense index of the cell of inner tile (x, y) of the row
// prepared last: of the nine cells around the tile's, the one whose point is
// nearest (the first in row order on ties), as cellNoise.cell finds it.
func (g *noiseGrid) cellIn(x int) int {
	fx := float64(x) * g.n.freq
	ix := int(fx) // fx > 0: truncation is the floor
	if g.metric == manhattan {
		return g.cellManhattan(fx, ix)
	}
	best, bestD := g.base[1]+ix, math.Inf(1)
	// The metric's distance of (|px - fx|, |py - fy|), as metric.distance
	// computes it, for the three cells of each of the three rows (unrolled).
	for k, b := range g.base {
		i := b + ix - 1
		a := k*g.cw + ix - 1 - g.cx0
		px, ady := g.px[i:i+3], g.ady[a:a+3]
		var d0, d1, d2 float64
		switch g.metric {
		case pythagoras:
			dx0, dx1, dx2 := math.Abs(px[0]-fx), math.Abs(px[1]-fx), math.Abs(px[2]-fx)
			d0, d1, d2 = dx0*dx0+ady[0]*ady[0], dx1*dx1+ady[1]*ady[1], dx2*dx2+ady[2]*ady[2]
		case chebyshev:
			d0, d1, d2 = max(math.Abs(px[0]-fx), ady[0]), max(math.Abs(px[1]-fx), ady[1]), max(math.Abs(px[2]-fx), ady[2])
		default:
			d0, d1, d2 = math.Abs(px[0]-fx)+ady[0], math.Abs(px[1]-fx)+ady[1], math.Abs(px[2]-fx)+ady[2]
		}
		if d0 < bestD {
			best, bestD = i, d0
		}
		if d1 < bestD {
			best, bestD = i+1, d1
		}
		if d2 < bestD {
			best, bestD = i+2, d2
		}
	}
	return best
}

// cellManhattan is cellIn under the manhattan metric, over the candidates
// the row kept for the tile's cell column, without a branch on the distances: they are sums of absolute values, never negative and never
// NaN, so their bit patterns order as they do, and the nearest is an integer
// minimum (conditional moves, where comparing floats jumps unpredictably).
func (g *noiseGrid) cellManhattan(fx float64, ix int) int {
	j := ix - g.cx0
	if g.seg[j] == 5 {
		// The usual case (both side columns cut to one cell), unrolled.
		c := &g.five[j]
		return firstNearest5(
			manhattanBits(c[0].px, c[0].ady, fx), manhattanBits(c[1].px, c[1].ady, fx), manhattanBits(c[2].px, c[2].ady, fx),
			manhattanBits(c[3].px, c[3].ady, fx), manhattanBits(c[4].px, c[4].ady, fx), c[0].i, c[1].i, c[2].i, c[3].i, c[4].i)
	}
	cand := g.cand[j*9 : j*9+int(g.seg[j])]
	best, bestD := g.base[1]+ix, uint64(math.Float64bits(math.Inf(1)))
	for _, c := range cand {
		d := math.Float64bits(math.Abs(c.px-fx) + c.ady)
		if d < bestD {
			best = c.i
		}
		bestD = min(bestD, d)
	}
	return best
}

func (n cellNoise) distance(dx, dy float64) float64 { return metricOf(n.dist).distance(dx, dy) }

// metric is a distance parameter's value as a number.
type metric uint8

const (
	manhattan metric = iota
	pythagoras
	chebyshev
)

func metricOf(name string) metric {
	switch name {
	case "pythagoras":
		return pythagoras
	case "chebyshev":
		return chebyshev
	}
	return manhattan
}

// distance orders points by the metric (pythagoras gives the squared distance).
func (m metric) distance(dx, dy float64) float64 {
	dx, dy = math.Abs(dx), math.Abs(dy)
	switch m {
	case pythagoras:
		return dx*dx + dy*dy
	case chebyshev:
		return max(dx, dy)
	}
	return dx + dy
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}
