package chain

import "math"

// Astar is gruid's PathRange.AstarPath step for step, on tile indexes: the
// same neighbour order (rows top to bottom, each left to right), the same
// binary heap with the same ties (rank, then estimate), the same re-opening
// of a node reached more cheaply, the Chebyshev estimate; so it returns the
// very path gruid returns for the same costs. It keeps no pointer in its heap
// (no write barrier) and calls no interface or closure per neighbour: a step
// costs the cost of entering its tile (diagonal or not), read from a per-tile
// cost array, padded with a ring of impassable tiles (no bounds test per
// neighbour), that a fill function may complete lazily during a search.
// Costs and path costs must fit in an int32. An Astar is not safe for
// concurrent use.
type Astar struct {
	w, h, pw int // the map's size; pw = w+2, the padded width
	// costs holds, per padded tile (y+1)·pw + x+1, the cost of entering it:
	// ImpassableCost when it may not be entered (the ring), 0 when not
	// known yet (then fill gives it).
	costs  []int32
	fill   func(i int) int32
	filled []int32 // the padded tiles fill gave this search (forgotten after it)
	nodes  []anode
	heap   []hentry
	stamp  uint32
}

// ImpassableCost is the cost of a tile that may not be entered.
const ImpassableCost = math.MinInt32

// hentry is a node in the heap: its tile and its key, gruid's order (rank
// then estimate) as one number (both biased so that signed order holds).
type hentry struct {
	key uint64
	i   int32
}

// anode is one tile's search state, valid when stamp is the search's (its
// estimate is rank - cost).
type anode struct {
	cost, rank   int32
	parent       int32
	hidx         int32 // index in the heap
	stamp        uint32
	open, closed bool
}

// newAstar returns the search over a w×h map with its padded costs (the
// ring impassable, the rest 0).
func newAstar(w, h int) *Astar {
	pw := w + 2
	a := &Astar{w: w, h: h, pw: pw, costs: make([]int32, pw*(h+2))}
	for x := range pw {
		a.costs[x], a.costs[(h+1)*pw+x] = ImpassableCost, ImpassableCost
	}
	for y := 1; y <= h; y++ {
		a.costs[y*pw], a.costs[y*pw+pw-1] = ImpassableCost, ImpassableCost
	}
	return a
}

// NewAstar returns a search over a w×h map whose tile i (y·w + x) costs
// fill(i) to enter (ImpassableCost: never), asked lazily, once a tile and
// search (a search's costs are forgotten after it: the map may change
// between searches). fill is asked again for a tile when it answers 0.
func NewAstar(w, h int, fill func(i int) int32) *Astar {
	a := newAstar(w, h)
	a.fill = fill
	return a
}

// NewAstarCosts returns a search over a w×h map whose tile i (y·w + x) costs
// costs[i] to enter (ImpassableCost: never), for maps that do not change.
func NewAstarCosts(w, h int, costs []int32) *Astar {
	a := newAstar(w, h)
	for y := range h {
		copy(a.costs[(y+1)*a.pw+1:], costs[y*w:(y+1)*w])
	}
	return a
}

// get returns tile i's node, reset when the search has not met it yet.
func (a *Astar) get(i int) *anode {
	n := &a.nodes[i]
	if n.stamp != a.stamp {
		*n = anode{stamp: a.stamp}
	}
	return n
}

// heapKey orders (rank, est) as gruid's queue does, as one unsigned number.
func heapKey(rank, est int32) uint64 {
	return uint64(uint32(rank)^1<<31)<<32 | uint64(uint32(est)^1<<31)
}

// The heap is gruid's (container/heap's algorithm, the same comparisons),
// its swaps done by moving a hole: the very same arrangement, with one write
// of an entry and of its node's index per level instead of two.

// set puts e at heap position k.
func (a *Astar) set(k int, e hentry) {
	a.heap[k] = e
	a.nodes[e.i].hidx = int32(k)
}

func (a *Astar) push(i int) {
	n := &a.nodes[i]
	a.heap = append(a.heap, hentry{})
	a.up(len(a.heap)-1, hentry{key: heapKey(n.rank, n.rank-n.cost), i: int32(i)})
}

// popMin removes the least entry and returns its tile.
func (a *Astar) popMin() int {
	n := len(a.heap) - 1
	top := a.heap[0].i
	if n > 0 {
		a.down(0, a.heap[n], n)
	}
	a.heap = a.heap[:n]
	a.nodes[top].hidx = -1
	return int(top)
}

// remove removes the entry at heap position k.
func (a *Astar) remove(k int) {
	n := len(a.heap) - 1
	gone := a.heap[k].i
	if n != k {
		if !a.down(k, a.heap[n], n) {
			a.up(k, a.heap[n])
		}
	}
	a.heap = a.heap[:n]
	a.nodes[gone].hidx = -1
}

// up moves e, meant for position j, towards the root.
func (a *Astar) up(j int, e hentry) {
	for {
		i := (j - 1) / 2 // parent
		if i == j || e.key >= a.heap[i].key {
			break
		}
		a.set(j, a.heap[i])
		j = i
	}
	a.set(j, e)
}

// down moves e, meant for position i0, away from the root within the first
// n entries; it reports whether e moved.
func (a *Astar) down(i0 int, e hentry, n int) bool {
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1
		if j2 := j1 + 1; j2 < n && a.heap[j2].key < a.heap[j1].key {
			j = j2
		}
		if a.heap[j].key >= e.key {
			break
		}
		a.set(i, a.heap[j])
		i = j
	}
	a.set(i, e)
	return i > i0
}

// Path appends to buf the path from `from` to `to`, both ends included, as
// gruid's A* finds it (the start tile's own cost is never asked); nil when
// there is none or when its cost passes maxCost. A* pops ranks in
// non-decreasing order when the Chebyshev estimate is consistent, which it is
// when every step costs at least 1: once a popped rank passes maxCost, so does
// the path's cost, and the search stops there (math.MaxInt32: no bound).
func (a *Astar) Path(buf []Point, from, to Point, maxCost int32) []Point {
	buf = a.path(buf, from, to, maxCost)
	for _, i := range a.filled {
		a.costs[i] = 0
	}
	a.filled = a.filled[:0]
	return buf
}

// neighbour offsets in gruid's order: rows top to bottom, each left to right
var astarDX, astarDY = [8]int{-1, 0, 1, -1, 1, -1, 0, 1}, [8]int{-1, -1, -1, 0, 0, 1, 1, 1}

func (a *Astar) path(buf []Point, from, to Point, maxCost int32) []Point {
	w, h, pw := a.w, a.h, a.pw
	if uint(from.X) >= uint(w) || uint(from.Y) >= uint(h) || uint(to.X) >= uint(w) || uint(to.Y) >= uint(h) {
		return nil
	}
	if len(a.nodes) == 0 {
		a.nodes = make([]anode, len(a.costs))
	}
	if a.stamp++; a.stamp == 0 { // wrapped: old stamps could match again
		clear(a.nodes)
		a.stamp = 1
	}
	var offs [8]int
	for k := range offs {
		offs[k] = astarDY[k]*pw + astarDX[k]
	}
	a.heap = a.heap[:0]
	costs := a.costs
	tx, ty := to.X+1, to.Y+1
	s, t := (from.Y+1)*pw+from.X+1, ty*pw+tx
	fn := a.get(s)
	fn.open = true
	a.push(s) // (rank 0, as gruid's: it is popped first whatever its key)
	for len(a.heap) > 0 {
		i := a.popMin()
		n := &a.nodes[i]
		n.open, n.closed = false, true
		if n.rank > maxCost {
			return nil // every path left costs at least this rank
		}
		if i == t {
			k := len(buf)
			for j := i; ; j = int(a.nodes[j].parent) {
				buf = append(buf, Point{X: j%pw - 1, Y: j/pw - 1})
				if j == s {
					break
				}
			}
			for l, r := k, len(buf)-1; l < r; l, r = l+1, r-1 {
				buf[l], buf[r] = buf[r], buf[l]
			}
			return buf
		}
		px, py := i%pw, i/pw
		ncost := n.cost
		for k, o := range offs {
			j := i + o
			c := costs[j]
			if c == 0 && a.fill != nil {
				x, y := px+astarDX[k]-1, py+astarDY[k]-1
				c = a.fill(y*w + x)
				costs[j] = c
				a.filled = append(a.filled, int32(j))
			}
			if c == ImpassableCost {
				continue
			}
			cost := ncost + c
			nb := a.get(j)
			if cost < nb.cost {
				if nb.open {
					a.remove(int(nb.hidx))
				}
				nb.open, nb.closed = false, false
			}
			if !nb.open && !nb.closed {
				est := int32(max(absInt(px+astarDX[k]-tx), absInt(py+astarDY[k]-ty)))
				nb.cost = cost
				nb.open = true
				nb.rank = cost + est
				nb.parent = int32(i)
				a.push(j)
			}
		}
	}
	return nil
}
