package play

// astar is the creatures' path search: gruid's PathRange.AstarPath (as
// chain.PathFinder runs it with a cost of 1 on walkable tiles) step for step: the same
// neighbour order (rows top to bottom, each left to right), the same binary
// heap with the same ties (rank, then estimate), the same re-opening of a
// node reached more cheaply; so it returns the very path gruid returns. It
// works on tile indexes with no pointer in its heap (no write barrier, no
// interface or closure per neighbour), and gives up as soon as the path is
// bound to be longer than a bound (A*'s ranks come out in non-decreasing
// order under the Chebyshev estimate, which is consistent with unit steps:
// once a popped rank passes the bound, so does the path's cost).
type astar struct {
	w, h  int
	walk  []bool // per tile: walkable (the tiles never change in play)
	nodes []anode
	heap  []hentry
	stamp uint32
}

// hentry is a node in the heap: its tile and its key rank<<32 | estimate
// (gruid's order, rank then estimate, as one number).
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

// newAstar returns a search over a w×h map of walkable tiles walk (its
// nodes are made at the first search: a level may have no creature that
// wanders).
func newAstar(w, h int, walk []bool) *astar {
	return &astar{w: w, h: h, walk: walk}
}

// get returns tile i's node, reset when the search has not met it yet.
func (a *astar) get(i int) *anode {
	n := &a.nodes[i]
	if n.stamp != a.stamp {
		*n = anode{stamp: a.stamp}
	}
	return n
}

func (a *astar) less(i, j int) bool { return a.heap[i].key < a.heap[j].key }

func (a *astar) swap(i, j int) {
	h := a.heap
	h[i], h[j] = h[j], h[i]
	a.nodes[h[i].i].hidx = int32(i)
	a.nodes[h[j].i].hidx = int32(j)
}

func (a *astar) push(i int) {
	n := &a.nodes[i]
	n.hidx = int32(len(a.heap))
	a.heap = append(a.heap, hentry{key: uint64(n.rank)<<32 | uint64(n.est), i: int32(i)})
	a.up(len(a.heap) - 1)
}

// pop removes the heap's last element.
func (a *astar) popLast() int {
	k := len(a.heap) - 1
	i := int(a.heap[k].i)
	a.nodes[i].hidx = -1
	a.heap = a.heap[:k]
	return i
}

func (a *astar) popMin() int {
	n := len(a.heap) - 1
	a.swap(0, n)
	a.down(0, n)
	return a.popLast()
}

func (a *astar) remove(i int) {
	n := len(a.heap) - 1
	if n != i {
		a.swap(i, n)
		if !a.down(i, n) {
			a.up(i)
		}
	}
	a.popLast()
}

func (a *astar) up(j int) {
	for {
		i := (j - 1) / 2 // parent
		if i == j || !a.less(j, i) {
			break
		}
		a.swap(i, j)
		j = i
	}
}

func (a *astar) down(i0, n int) bool {
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

// path appends to buf the path from `from` to `to` over walkable tiles with
// unit steps in 8 directions, both ends included, as gruid's A* finds it;
// nil when there is none or when it would hold more than maxLen tiles.
func (a *astar) path(buf []Point, from, to Point, maxLen int) []Point {
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
	s, t := from.Y*w+from.X, to.Y*w+to.X
	fn := a.get(s)
	fn.open = true
	fn.est = int32(chebyshev(from, to))
	a.push(s)
	limit := int32(maxLen - 1) // the most steps
	for len(a.heap) > 0 {
		i := a.popMin()
		n := &a.nodes[i]
		n.open, n.closed = false, true
		if n.rank > limit {
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
		cost := n.cost + 1
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
				if !a.walk[j] {
					continue
				}
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
					nb.est = int32(max(abs(x-to.X), abs(y-to.Y)))
					nb.rank = cost + nb.est
					nb.parent = int32(i)
					a.push(j)
				}
			}
		}
	}
	return nil
}
