package chain

import (
	"math"
	"sync"

	"codeberg.org/anaseto/gruid"
	"codeberg.org/anaseto/gruid/paths"
)

func gp(p Point) gruid.Point        { return gruid.Point{X: p.X, Y: p.Y} }
func cp(p gruid.Point) Point        { return Point{p.X, p.Y} }
func gridRange(g *Grid) gruid.Range { return gruid.NewRange(0, 0, g.W, g.H) }

type walkPather struct {
	nb   paths.Neighbors
	g    *Grid
	keep func(gruid.Point) bool
}

func (w *walkPather) Neighbors(p gruid.Point) []gruid.Point { return w.nb.All(p, w.keep) }

// pathScratch is the padded working array and queue of a breadth-first search,
// reused across calls (sweeps run thousands of searches per second).
type pathScratch struct {
	pad   []int32
	queue []int32
}

var scratchPool = sync.Pool{New: func() any { return new(pathScratch) }}

// getScratch returns a scratch whose pad has n cells (contents undefined) and an
// empty queue with room for n entries.
func getScratch(n int) *pathScratch {
	sc := scratchPool.Get().(*pathScratch)
	if cap(sc.pad) < n {
		sc.pad = make([]int32, n)
		sc.queue = make([]int32, 0, n)
	}
	sc.pad = sc.pad[:n]
	sc.queue = sc.queue[:0]
	return sc
}

// Unreachable marks tiles a DistanceMap cannot reach.
const Unreachable = -1

// DistanceMap returns, for every tile of g, the number of 8-directional steps over
// walkable tiles from the nearest source (Unreachable where no path exists): the
// tutorial's Dijkstra map with uniform costs. It is a breadth-first search over
// the tile array (about 10× faster than a generic pathfinder at 512×512; gruid's
// A* serves Path, where costs vary).
func DistanceMap(g *Grid, sources []Point) []int { return DistanceMapInto(nil, g, sources) }

// DistanceMapInto is DistanceMap written into dst when it has room for every
// tile (else into a new slice), for callers that run many searches (sweeps).
func DistanceMapInto(dst []int, g *Grid, sources []Point) []int {
	// Search a copy padded with a ring of rock, so no step needs a bounds check.
	w, h := g.W, g.H
	pw := w + 2
	sc := getScratch(pw * (h + 2))
	defer scratchPool.Put(sc)
	dist := sc.pad
	for i := range dist {
		dist[i] = -2 // rock
	}
	for y := 0; y < h; y++ {
		row, prow := g.Tiles[y*w:(y+1)*w], dist[(y+1)*pw+1:(y+1)*pw+1+w]
		for x, t := range row {
			if walkableT[t] {
				prow[x] = Unreachable
			}
		}
	}
	queue := sc.queue
	for _, s := range sources {
		if g.In(s) {
			if j := (s.Y+1)*pw + s.X + 1; dist[j] == Unreachable {
				dist[j] = 0
				queue = append(queue, int32(j))
			}
		}
	}
	offs := [8]int32{int32(-pw), 1, int32(pw), -1, int32(-pw - 1), int32(-pw + 1), int32(pw + 1), int32(pw - 1)}
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		d := dist[i] + 1
		for _, o := range offs {
			if j := i + o; dist[j] == Unreachable {
				dist[j] = d
				queue = append(queue, j)
			}
		}
	}
	out := dst
	if cap(out) < w*h {
		out = make([]int, w*h)
	}
	out = out[:w*h]
	for y := 0; y < h; y++ {
		prow, row := dist[(y+1)*pw+1:(y+1)*pw+1+w], out[y*w:(y+1)*w]
		for x, d := range prow {
			row[x] = max(int(d), Unreachable)
		}
	}
	return out
}

type costPather struct {
	walkPather
	cost func(Point) (int, bool)
	// diagonal is the cost of a diagonal step in percent of the entered tile's
	// cost (0 means 100).
	diagonal int
}

func (c *costPather) Cost(_, q gruid.Point) int {
	n, _ := c.cost(cp(q))
	return n
}

func (c *costPather) Estimation(p, q gruid.Point) int {
	return paths.DistanceChebyshev(p, q)
}

// Path finds a cheapest path from `from` to `to` with gruid's A*, moving in 8
// directions; cost returns the cost of entering a tile (at least 1) and whether
// it may be entered at all. It returns the path including both ends, or nil.
func Path(g *Grid, from, to Point, cost func(Point) (int, bool)) []Point {
	cpth := &costPather{cost: cost}
	cpth.g = g
	cpth.keep = func(q gruid.Point) bool {
		if !g.In(cp(q)) {
			return false
		}
		_, ok := cost(cp(q))
		return ok
	}
	pr := paths.NewPathRange(gridRange(g))
	ps := pr.AstarPath(cpth, gp(from), gp(to))
	if ps == nil {
		return nil
	}
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = cp(p)
	}
	return out
}

// TileCost is a Path cost function from tile path costs (×10, walkable tiles only).
func TileCost(g *Grid) func(Point) (int, bool) {
	return func(p Point) (int, bool) {
		t := g.At(p)
		if !t.Walkable() {
			return 0, false
		}
		return max(1, int(math.Round(t.Cost()*10))), true
	}
}

// Regions labels the 8-connected regions of walkable tiles: labels[i] is 0 for
// unwalkable tiles, else the region number (from 1, in row order of their first
// tile), and sizes[k] is the number of tiles of region k (sizes[0] is 0).
func Regions(g *Grid) (labels []int32, sizes []int) { return RegionsInto(nil, g) }

// RegionsInto is Regions with the labels written into dst when it has room for
// every tile (else into a new slice), for callers that label many maps.
func RegionsInto(dst []int32, g *Grid) (labels []int32, sizes []int) {
	rs := spansPool.Get().(*RegionSpans)
	defer spansPool.Put(rs)
	rs.Label(g)
	labels = dst
	if cap(labels) < len(g.Tiles) {
		labels = make([]int32, len(g.Tiles))
	}
	labels = labels[:len(g.Tiles)]
	clear(labels)
	for _, sp := range rs.Spans {
		row := labels[int(sp.Y)*g.W:]
		for x := sp.X0; x < sp.X1; x++ {
			row[x] = sp.Region
		}
	}
	return labels, append([]int(nil), rs.Sizes...)
}

var spansPool = sync.Pool{New: func() any { return new(RegionSpans) }}

// Span is a horizontal run of walkable tiles: row Y, columns X0 ≤ x < X1, all
// in region Region.
type Span struct {
	Y, X0, X1, Region int32
}

// RegionSpans holds the 8-connected regions of a grid's walkable tiles as
// runs: the same regions, numbered the same way, as Regions gives, found by
// joining the runs of neighbouring rows (union-find over runs, not a search
// over tiles, so a map costs about one pass over its tiles). The zero value is
// ready to use; Label reuses its buffers, so callers that label many maps (the
// builders of a seed sweep) keep one.
type RegionSpans struct {
	// Spans lists the runs in row order (by row, then column).
	Spans []Span
	// Sizes[k] is the number of tiles of region k (Sizes[0] is 0).
	Sizes []int
	rows  []int32 // rows[y] is the index of the first span of row y; rows[h] = len(Spans)
	root  []int32 // union-find parents, then each root's region
	w, h  int
	// of is a copy of the tiles last labelled (maps up to labelMemo tiles):
	// a chain labels one map several times (a start, a cull, an exit), and the
	// pooled RegionSpans that comes back then answers at once.
	of []Tile
}

// labelMemo is the largest map (in tiles) whose tiles a RegionSpans keeps to
// answer the next Label of the same tiles at once.
const labelMemo = 1 << 20

// Label computes the regions of g's walkable tiles, replacing rs's.
func (rs *RegionSpans) Label(g *Grid) {
	w, h := g.W, g.H
	if len(rs.of) > 0 && rs.w == w && rs.h == h && string(tileBytes(rs.of)) == string(tileBytes(g.Tiles)) {
		return // the same tiles as last time: the same regions
	}
	rs.of = rs.of[:0]
	rs.w, rs.h = w, h
	// Count the runs first and size the buffers once: growing them by appending
	// copied hundreds of megabytes on a 4096×4096 cave (a pooled RegionSpans is
	// often a fresh one, as the pool empties at each garbage collection).
	n := 0
	for y := 0; y < h; y++ {
		prev := false
		for _, t := range g.Tiles[y*w : (y+1)*w] {
			wk := walkableT[t]
			if wk && !prev {
				n++
			}
			prev = wk
		}
	}
	if cap(rs.Spans) < n {
		rs.Spans = make([]Span, 0, n)
	}
	if cap(rs.root) < n {
		rs.root = make([]int32, 0, n)
	}
	if cap(rs.rows) < h+1 {
		rs.rows = make([]int32, 0, h+1)
	}
	spans, rows := rs.Spans[:0], rs.rows[:0]
	for y := 0; y < h; y++ {
		rows = append(rows, int32(len(spans)))
		row := g.Tiles[y*w : (y+1)*w]
		for x := 0; x < w; {
			for x < w && !walkableT[row[x]] {
				x++
			}
			if x == w {
				break
			}
			x0 := x
			for x < w && walkableT[row[x]] {
				x++
			}
			spans = append(spans, Span{Y: int32(y), X0: int32(x0), X1: int32(x)})
		}
	}
	rows = append(rows, int32(len(spans)))
	rs.Spans, rs.rows = spans, rows

	root := rs.root[:0]
	for i := range spans {
		root = append(root, int32(i))
	}
	find := func(i int32) int32 {
		for root[i] != i {
			root[i] = root[root[i]]
			i = root[i]
		}
		return i
	}
	// Join each run to the runs of the row above that touch it, diagonally
	// included: [a.X0, a.X1) and [b.X0, b.X1) touch when a.X0 ≤ b.X1 and b.X0 ≤ a.X1.
	for y := 1; y < h; y++ {
		a, aEnd := rows[y-1], rows[y]
		for b := rows[y]; b < rows[y+1]; b++ {
			for a < aEnd && spans[a].X1 < spans[b].X0 {
				a++
			}
			for k := a; k < aEnd && spans[k].X0 <= spans[b].X1; k++ {
				if ra, rb := find(k), find(b); ra != rb {
					root[max(ra, rb)] = min(ra, rb) // the earlier run stays the root
				}
			}
		}
	}
	// Number the regions in row order of their first run (whose first tile is
	// the region's first tile in row order). Parents precede their runs, so in
	// order each run's parent already points at its final root.
	sizes := append(rs.Sizes[:0], 0)
	for i := range spans {
		if r := root[i]; r == int32(i) {
			spans[i].Region = int32(len(sizes))
			sizes = append(sizes, 0)
		} else {
			r = root[r]
			root[i] = r
			spans[i].Region = spans[r].Region
		}
		sizes[spans[i].Region] += int(spans[i].X1 - spans[i].X0)
	}
	rs.root, rs.Sizes = root, sizes
	if len(g.Tiles) <= labelMemo {
		rs.of = append(rs.of, g.Tiles...)
	}
}

// Region returns the region of tile p (0 when it is unwalkable or off the grid).
func (rs *RegionSpans) Region(p Point) int32 {
	if p.X < 0 || p.Y < 0 || p.X >= rs.w || p.Y >= rs.h {
		return 0
	}
	x := int32(p.X)
	for _, sp := range rs.Spans[rs.rows[p.Y]:rs.rows[p.Y+1]] {
		if x < sp.X0 {
			return 0
		}
		if x < sp.X1 {
			return sp.Region
		}
	}
	return 0
}

// Largest returns the largest region (the lowest-numbered on ties), or 0 when
// the grid has no walkable tile.
func (rs *RegionSpans) Largest() int32 {
	best := 0
	for k, n := range rs.Sizes {
		if n > rs.Sizes[best] {
			best = k
		}
	}
	return int32(best)
}

// WalkCostMap returns, for every tile of g, the cost of the cheapest walk from
// the nearest source over walkable tiles (Unreachable where none exists), as
// the tutorial's Dijkstra maps measure it: a step costs the cost of the tile it
// leaves, times 1.5 when diagonal. Costs are in twentieths of a floor step (an
// orthogonal step from floor costs 20, a diagonal one 30), so they stay exact integers.
func WalkCostMap(g *Grid, sources []Point) []int {
	n := len(g.Tiles)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = Unreachable
	}
	step := make([]int, numTiles)
	most := 0
	for t := range step {
		step[t] = 2 * max(1, int(math.Round(Tile(t).Cost()*10)))
		most = max(most, step[t]*3/2)
	}
	// Dial's algorithm: the costs are small positive integers, so a ring of
	// buckets indexed by cost (modulo one more than the dearest step) is the
	// priority queue; every tile queued at cost d leaves before any at d+1.
	// The costs it finds are those of any Dijkstra search (they are unique).
	ring := make([][]int32, most+1)
	queued := 0
	for _, s := range sources {
		if g.In(s) && g.Walkable(s) {
			if i := g.Idx(s); dist[i] != 0 {
				dist[i] = 0
				ring[0] = append(ring[0], int32(i))
				queued++
			}
		}
	}
	w, h := g.W, g.H
	for d := 0; queued > 0; d++ {
		b := d % len(ring)
		bucket := ring[b]
		for _, i32 := range bucket {
			i := int(i32)
			if dist[i] != d { // queued again later at a lower cost
				continue
			}
			x, y := i%w, i/w
			c := step[g.Tiles[i]]
			for k, dd := range Neighbours8 {
				qx, qy := x+dd.X, y+dd.Y
				if qx < 0 || qy < 0 || qx >= w || qy >= h {
					continue
				}
				j := qy*w + qx
				if !walkableT[g.Tiles[j]] {
					continue
				}
				nd := d + c
				if k >= 4 {
					nd = d + c*3/2
				}
				if dist[j] == Unreachable || nd < dist[j] {
					dist[j] = nd
					nb := nd % len(ring)
					ring[nb] = append(ring[nb], int32(j))
					queued++
				}
			}
		}
		queued -= len(bucket)
		ring[b] = bucket[:0]
	}
	return dist
}
