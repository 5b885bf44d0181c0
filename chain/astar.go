package chain

import "math"

// Astar is gruid's PathRange.AstarPath step for step, on tile indexes: the
// same neighbour order (rows top to bottom, each left to right), the same
// binary heap with the same ties (rank, then estimate), the same re-opening
// of a node reached more cheaply, the Chebyshev estimate; so it returns the
// very path gruid returns for the same costs. It keeps no pointer in its heap
// (no write barrier) and calls no interface or closure per neighbour: a step
// costs the cost of entering its tile (diagonal or not), read from a per-tile
// cost array that a fill function may complete lazily during a search.
// Costs and path costs must fit in an int32. An Astar is not safe for
// concurrent use.
type Astar struct {
	w, h int
	// costs holds, per tile, the cost of entering it: ImpassableCost when it
	// may not be entered, 0 when not known yet (then fill gives it).
	costs []int32
	fill  func(i int) int32
	nodes []anode
	heap  []hentry
	stamp uint32
}

// ImpassableCost marks, in an Astar's costs, a tile that may not be entered.
const ImpassableCost = math.MinInt32

// hentry is a node in the heap: its tile and its key, gruid's order (rank
// then estimate) as one number (both biased so that signed order holds).
type hentry struct {
	key uint64
	i   int32
}

// anode is one tile's search state, valid when stamp is the search's.
type anode struct {
	cost, rank, est int32
	parent          int32
	hidx            int32 // index in the heap
	stamp           uint32
	open, closed    bool
}

// NewAstar returns a search over a w×h map whose tile i costs costs[i] to
// enter (ImpassableCost: never). A cost of 0 means "ask fill", which must
// then be set (SetFill) and is asked at most once a tile and search while it
// answers non-zero; the caller may change costs between searches. The nodes
// are made at the first search.
func NewAstar(w, h int, costs []int32) *Astar {
	return &Astar{w: w, h: h, costs: costs}
}

// SetFill sets the function that gives tile i's cost of entering when costs[i]
// is 0 (the answer is stored in costs[i]).
func (a *Astar) SetFill(fill func(i int) int32) { a.fill = fill }

// Costs returns the search's per-tile costs (the slice given to NewAstar).
func (a *Astar) Costs() []int32 { return a.costs }

// get returns tile i's node, reset when the search has not met it yet.
func (a *Astar) get(i int) *anode {
	n := &a.nodes[i]
	if n.stamp != a.stamp {
		*n = anode{stamp: a.stamp}
	}
	return n
}

func (a *Astar) less(i, j int) bool { return a.heap[i].key < a.heap[j].key }

func (a *Astar) swap(i, j int) {
	h := a.heap
	h[i], h[j] = h[j], h[i]
	a.nodes[h[i].i].hidx = int32(i)
	a.nodes[h[j].i].hidx = int32(j)
}

// heapKey orders (rank, est) as gruid's queue does, as one unsigned number.
func heapKey(rank, est int32) uint64 {
	return uint64(uint32(rank)^1<<31)<<32 | uint64(uint32(est)^1<<31)
}

func (a *Astar) push(i int) {
	n := &a.nodes[i]
	n.hidx = int32(len(a.heap))
	a.heap = append(a.heap, hentry{key: heapKey(n.rank, n.est), i: int32(i)})
	a.up(len(a.heap) - 1)
}

// popLast removes the heap's last element.
func (a *Astar) popLast() int {
	k := len(a.heap) - 1
	i := int(a.heap[k].i)
	a.nodes[i].hidx = -1
	a.heap = a.heap[:k]
	return i
}

func (a *Astar) popMin() int {
	n := len(a.heap) - 1
	a.swap(0, n)
	a.down(0, n)
	return a.popLast()
}

func (a *Astar) remove(i int) {
	n := len(a.heap) - 1
	if n != i {
		a.swap(i, n)
		if !a.down(i, n) {
			a.up(i)
		}
	}
	a.popLast()
}

func (a *Astar) up(j int) {
	for {
		i := (j - 1) / 2 // parent
		if i == j || !a.less(j, i) {
			break
		}
		a.swap(i, j)
		j = i
	}
}

func (a *Astar) down(i0, n int) bool {
	i := i0
	for {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1
		if j2 := j1 + 1; j2 < n && a.less(j2, j1) {
			j = j2
		}
		if !a.less(j, i) {
			break
		}
		a.swap(i, j)
		i = j
	}
	return i > i0
}

// Path appends to buf the path from `from` to `to`, both ends included, as
// gruid's A* finds it (the start tile's own cost is never asked); nil when
// there is none or when its cost passes maxCost. A* pops ranks in
// non-decreasing order when the Chebyshev estimate is consistent, which it is
// when every step costs at least 1: once a popped rank passes maxCost, so does
// the path's cost, and the search stops there (math.MaxInt32: no bound).
func (a *Astar) Path(buf []Point, from, to Point, maxCost int32) []Point {
	w, h := a.w, a.h
	if uint(from.X) >= uint(w) || uint(from.Y) >= uint(h) || uint(to.X) >= uint(w) || uint(to.Y) >= uint(h) {
		return nil
	}
	if len(a.nodes) == 0 {
		a.nodes = make([]anode, w*h)
	}
	if a.stamp++; a.stamp == 0 { // wrapped: old stamps could match again
		clear(a.nodes)
		a.stamp = 1
	}
	a.heap = a.heap[:0]
	costs := a.costs[:w*h]
	s, t := from.Y*w+from.X, to.Y*w+to.X
	fn := a.get(s)
	fn.open = true
	fn.est = int32(max(absInt(from.X-to.X), absInt(from.Y-to.Y)))
	a.push(s)
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
				buf = append(buf, Point{X: j % w, Y: j / w})
				if j == s {
					break
				}
			}
			for l, r := k, len(buf)-1; l < r; l, r = l+1, r-1 {
				buf[l], buf[r] = buf[r], buf[l]
			}
			return buf
		}
		px, py := i%w, i/w
		ncost := n.cost
		for dy := -1; dy <= 1; dy++ {
			y := py + dy
			if uint(y) >= uint(h) {
				continue
			}
			for dx := -1; dx <= 1; dx++ {
				x := px + dx
				if dx == 0 && dy == 0 || uint(x) >= uint(w) {
					continue
				}
				j := y*w + x
				c := costs[j]
				if c == 0 {
					c = a.fill(j)
					costs[j] = c
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
					nb.cost = cost
					nb.open = true
					nb.est = int32(max(absInt(x-to.X), absInt(y-to.Y)))
					nb.rank = cost + nb.est
					nb.parent = int32(i)
					a.push(j)
				}
			}
		}
	}
	return nil
}
