package play

// botSearch is a bot's breadth-first search from the player over known
// tiles, shared by every question the bot asks in one move (Next): the way
// to the nearest item, to a hostile creature, to the frontier, to the
// stairs. Each question used to run a search of its own that stopped at
// its first goal; this one is run once, lazily, only as far as the
// questions need, and answers each exactly as its own search did.
//
// Why the answers are the same: such a search stepped onto a creature's tile
// only when that tile was a goal, and then stopped there, so creatures' tiles
// are leaves and every other tile is reached in the same order, from the
// same parent, whatever the goal. The shared search files the creatures'
// known tiles too (as leaves, never expanded), and a question's answer is the
// goal tile filed first (the start excepted): the tile the search of its own
// would have taken out of its queue first.
//
// It works on a copy of the map padded with a ring of unknown tiles (no
// bounds test per neighbour): padded index (y+1)·(w+2) + x+1.
type botSearch struct {
	// per padded tile: the search's stamp once filed; unknown (above any
	// stamp) while the tile is not known (noteKnown), so one test skips both
	mark  []uint32
	want  []uint32 // per padded tile: the question's stamp when it is a goal
	prev  []int32  // per padded tile: the tile it was reached from
	order []int32  // per padded tile: its place in queue
	queue []sTile
	head  int    // the next tile of queue to expand
	stamp uint32 // this search's
	ask   uint32 // this question's
	found bool   // a goal of the question was filed
	fresh bool   // the search is the current move's
	front int32  // the first frontier tile filed (padded), -1 none yet
	pw    int    // the padded width
	// the neighbours' offsets, padded and not, in neighbours' order
	poff, uoff [8]int32
}

// sTile is a filed tile: its padded index and its index on the map.
type sTile struct{ p, u int32 }

// unknown marks the tiles a search may not step on.
const unknown = ^uint32(0)

// newSearch drops the last move's search (a bot calls it as it starts a move).
func (g *Game) newSearch() { g.bs.fresh = false }

// padded is map tile i's padded index.
func (bs *botSearch) padded(i, w int) int { return i + bs.pw + 1 + 2*(i/w) }

// noteKnown notes that tile i just became known (seen and walkable).
func (g *Game) noteKnown(i int) {
	if len(g.bs.mark) > 0 {
		g.bs.mark[g.bs.padded(i, g.Map.W)] = 0
	}
}

// search returns the move's search, started from the player when new.
func (g *Game) search() *botSearch {
	bs := &g.bs
	if bs.fresh {
		return bs
	}
	bs.fresh = true
	w, h := g.Map.W, g.Map.H
	pw := w + 2
	if n := pw * (h + 2); len(bs.mark) != n { // (a new level's: load drops the last)
		bs.mark, bs.want = make([]uint32, n), make([]uint32, n)
		bs.prev, bs.order = make([]int32, n), make([]int32, n)
		bs.stamp, bs.ask, bs.pw = 0, 0, pw
		for k, d := range neighbours {
			bs.poff[k], bs.uoff[k] = int32(d.Y*pw+d.X), int32(d.Y*w+d.X)
		}
		for i := range bs.mark {
			bs.mark[i] = unknown
		}
		for i := range w * h {
			if g.knownIdx(i) {
				bs.mark[bs.padded(i, w)] = 0
			}
		}
	}
	if bs.stamp++; bs.stamp == unknown { // wrapped: old stamps could match again
		for i, m := range bs.mark {
			if m != unknown {
				bs.mark[i] = 0
			}
		}
		bs.stamp = 1
	}
	u := g.Map.Idx(g.Player.Pos)
	s := bs.padded(u, w)
	if bs.mark[s] != unknown { // (an unknown start, a cheat's, stays unknown)
		bs.mark[s] = bs.stamp
	}
	bs.prev[s], bs.order[s] = int32(s), 0
	bs.queue = append(bs.queue[:0], sTile{int32(s), int32(u)})
	bs.head, bs.front = 0, -1
	return bs
}

// expand expands the next tile of the queue: files its known neighbours not
// filed yet (a creature's tile is filed, not expanded, the start aside). It
// reports false when the queue is done.
func (g *Game) expand(bs *botSearch) bool {
	if bs.head >= len(bs.queue) {
		return false
	}
	t := bs.queue[bs.head]
	bs.head++
	if bs.head > 1 && g.occ[t.u] > 0 {
		return true
	}
	for k, o := range bs.poff {
		j := t.p + o
		if bs.mark[j] >= bs.stamp { // filed, or not known
			continue
		}
		u := t.u + bs.uoff[k]
		bs.mark[j], bs.prev[j], bs.order[j] = bs.stamp, t.p, int32(len(bs.queue))
		bs.queue = append(bs.queue, sTile{j, u})
		if bs.want[j] == bs.ask {
			bs.found = true
		}
		if bs.front < 0 && g.unseen[u] > 0 { // (filed: known)
			bs.front = j
		}
	}
	return true
}

// firstStep returns the key of the first step toward filed (padded) tile i.
func (g *Game) firstStep(bs *botSearch, i int) rune {
	s := int(bs.queue[0].p)
	for int(bs.prev[i]) != s {
		i = int(bs.prev[i])
	}
	return keyFor[Point{X: i%bs.pw - s%bs.pw, Y: i/bs.pw - s/bs.pw}]
}

// stepTowardTiles returns the key of the first step of a shortest path over
// known tiles to the nearest of the tiles goals (indexes, overwritten with
// padded ones), avoiding creatures in view (a creature on a goal is fine:
// stepping into it attacks); 0 when no goal is reachable.
func (g *Game) stepTowardTiles(goals []int) rune {
	if len(goals) == 0 {
		return 0
	}
	bs := g.search()
	w := g.Map.W
	for k, t := range goals {
		goals[k] = bs.padded(t, w)
	}
	if best := bs.nearest(goals); best >= 0 {
		return g.firstStep(bs, best)
	}
	if bs.ask++; bs.ask == 0 {
		clear(bs.want)
		bs.ask = 1
	}
	for _, t := range goals {
		bs.want[t] = bs.ask
	}
	bs.found = false
	for !bs.found && g.expand(bs) {
	}
	if best := bs.nearest(goals); best >= 0 {
		return g.firstStep(bs, best)
	}
	return 0
}

// nearest returns the goal (padded) filed first (the start aside), -1 when
// none is.
func (bs *botSearch) nearest(goals []int) int {
	best, s := -1, int(bs.queue[0].p)
	for _, t := range goals {
		if t != s && bs.mark[t] == bs.stamp && (best < 0 || bs.order[t] < bs.order[best]) { // (filed)
			best = t
		}
	}
	return best
}

// stepTowardFrontier is stepTowardTiles to the frontier: the known tiles
// next to one never seen (unseen); the search notes the first it files.
func (g *Game) stepTowardFrontier() rune {
	if g.fronts == 0 { // (no frontier at all: no search)
		return 0
	}
	bs := g.search()
	for bs.front < 0 && g.expand(bs) {
	}
	if bs.front < 0 {
		return 0
	}
	return g.firstStep(bs, int(bs.front))
}
