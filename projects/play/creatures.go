package play

import (
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
)

// chebyshev is the 8-directional distance between p and q.
func chebyshev(p, q Point) int {
	return max(abs(p.X-q.X), abs(p.Y-q.Y))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// neighbours in a fixed order, so choices are deterministic.
var neighbours = [8]Point{{X: 0, Y: -1}, {X: 1, Y: 0}, {X: 0, Y: 1}, {X: -1, Y: 0},
	{X: 1, Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}, {X: -1, Y: -1}}

// free reports whether a creature may step onto p (doors aside).
func (g *Game) free(p Point) bool {
	return g.Map.Walkable(p) && p != g.Player.Pos && g.occ[g.Map.Idx(p)] == 0
}

// creaturesAct lets every creature act once, in id order.
func (g *Game) creaturesAct() {
	if len(g.Creatures) == 0 {
		return
	}
	g.pd.fresh = false // searched when a creature first heads for the player (playerDist)
	ids := append(g.order[:0], g.Creatures...)
	g.order = ids
	for _, c := range ids {
		if c.HP <= 0 || c.gone || !g.Alive() {
			continue
		}
		g.act(c)
	}
}

// creatureSees reports whether c sees p, at Chebyshev distance d within its
// vision range, by symmetric shadowcasting (as Sees). Shadowcasting goes out
// row by row in four quadrants, so whether a tile d rows out is seen depends
// on its quadrants' rows up to d alone: c's field of view is cast only in
// p's quadrants, only d deep, and kept (with each quadrant's depth) while c
// stays put and nothing that blocks sight changes.
func (g *Game) creatureSees(c *Creature, p Point, d int) bool {
	v := c.vision
	n := 2*v + 1
	if !c.fovOK || c.fovPos != c.Pos || c.fovSight != g.sight || len(c.fov) != n*n {
		if cap(c.fov) < n*n {
			c.fov = make([]bool, n*n)
		}
		c.fov = c.fov[:n*n]
		clear(c.fov)
		c.fov[v*n+v] = true // its own tile
		c.fovPos, c.fovSight, c.fovOK = c.Pos, g.sight, true
		c.fovDepth = [4]int8{}
	}
	dx, dy := p.X-c.Pos.X, p.Y-c.Pos.Y
	if q := quadrantsOf(dx, dy); q != 0 {
		for dir := range 4 {
			if q&(1<<dir) == 0 || int(c.fovDepth[dir]) >= d {
				continue
			}
			// cast over the window of tiles within d (the map's part of
			// it): the same tiles as over the whole map, for its cost
			g.ccast.castQuadrant(g.block, g.Map.W, c.Pos, d, castWindow{
				x0: max(c.Pos.X-d, 0), y0: max(c.Pos.Y-d, 0), x1: min(c.Pos.X+d+1, g.Map.W), y1: min(c.Pos.Y+d+1, g.Map.H),
				mark: c.fov, mx: c.Pos.X - v, my: c.Pos.Y - v, stride: n}, dir)
			c.fovDepth[dir] = int8(d)
		}
	}
	dx, dy = dx+v, dy+v
	return dx >= 0 && dx < n && dy >= 0 && dy < n && c.fov[dy*n+dx]
}

// distSearch is this turn's breadth-first search from the player over
// walkable tiles in 8 directions (chain.DistanceMap's distances), run only as
// far as the creatures heading for the player ask (playerDist). The map's
// tiles never change in play and the player stands still while creatures
// act, so it holds for the whole turn.
type distSearch struct {
	dist  []int32  // per tile: its distance, once filed
	mark  []uint32 // per tile: the search's stamp once filed
	queue []int32
	head  int
	stamp uint32
	fresh bool // the search is this turn's
}

// playerDist is the distance of tile i from the player over walkable tiles
// (-1: unreachable), as chain.DistanceMap from the player gives it.
func (g *Game) playerDist(i int) int {
	ds := &g.pd
	w, h := g.Map.W, g.Map.H
	if !ds.fresh {
		ds.fresh = true
		if len(ds.mark) != w*h {
			ds.dist, ds.mark, ds.stamp = make([]int32, w*h), make([]uint32, w*h), 0
		}
		if ds.stamp++; ds.stamp == 0 { // wrapped: old stamps could match again
			clear(ds.mark)
			ds.stamp = 1
		}
		ds.queue, ds.head = ds.queue[:0], 0
		if s := g.Player.Pos; g.Map.In(s) && g.walk[g.Map.Idx(s)] {
			k := g.Map.Idx(s)
			ds.mark[k], ds.dist[k] = ds.stamp, 0
			ds.queue = append(ds.queue, int32(k))
		}
	}
	for ds.mark[i] != ds.stamp {
		if ds.head == len(ds.queue) {
			return -1
		}
		k := int(ds.queue[ds.head])
		ds.head++
		x, y, d := k%w, k/w, ds.dist[k]+1
		for _, o := range neighbours {
			qx, qy := x+o.X, y+o.Y
			if uint(qx) >= uint(w) || uint(qy) >= uint(h) {
				continue
			}
			if j := qy*w + qx; ds.mark[j] != ds.stamp && g.walk[j] {
				ds.mark[j], ds.dist[j] = ds.stamp, d
				ds.queue = append(ds.queue, int32(j))
			}
		}
	}
	return int(ds.dist[i])
}

// target is what a creature reacts to: the player (c == nil) or a creature.
type target struct {
	c    *Creature
	i    int // c's index in Creatures (id order)
	pos  Point
	resp content.Response
	d    int
}

// act is one creature's turn: react to the nearest creature or player it sees
// whose faction it attacks or flees; otherwise follow its own movement.
func (g *Game) act(c *Creature) {
	rng := g.seed(c.ID)
	if c.stuck > 0 {
		c.stuck--
		return
	}
	best := target{d: -1}
	if g.Alive() {
		if d := chebyshev(c.Pos, g.Player.Pos); d <= c.vision && g.visible[g.Map.Idx(c.Pos)] {
			// The player's field of view is symmetric: the creature sees the player.
			if r := g.reaction(c, 0); r != content.Ignore {
				best = target{pos: g.Player.Pos, resp: r, d: d}
			}
		}
	}
	// the nearest creature it sees and does not ignore (the first in id
	// order among the nearest), if nearer than the player: the candidates in
	// order of distance, so its field of view is cast only as deep as needed
	// (looked for in the squares within its reach, not among every creature)
	// (the candidates as keys distance<<32 | index: sorted as numbers)
	cands := g.cands[:0]
	reach := c.vision
	if best.d >= 0 {
		reach = min(reach, best.d-1)
	}
	if reach >= 0 && g.reactsToAny(c) {
		reacts := g.reactsRow(c)
		bw := bucketsOf(g.Map.W)
		x0, x1 := max(c.Pos.X-reach, 0)/bucketSide, min(c.Pos.X+reach, g.Map.W-1)/bucketSide
		y0, y1 := max(c.Pos.Y-reach, 0)/bucketSide, min(c.Pos.Y+reach, g.Map.H-1)/bucketSide
		for by := y0; by <= y1; by++ {
			for bx := x0; bx <= x1; bx++ {
				for _, i := range g.buckets[by*bw+bx] {
					// (its faction and position from compact arrays, not
					// from the creature)
					if !reacts[g.cfac[i]] {
						continue
					}
					d := chebyshev(c.Pos, g.cpos[i])
					if o := g.Creatures[i]; d > reach || o == c || o.HP <= 0 {
						continue
					}
					cands = append(cands, uint64(d)<<32|uint64(i))
				}
			}
		}
	}
	slices.Sort(cands) // nearest first, then in id order
	for _, k := range cands {
		i, d := int(uint32(k)), int(k>>32)
		if o := g.Creatures[i]; g.creatureSees(c, o.Pos, d) {
			best = target{c: o, i: i, pos: o.Pos, resp: g.reaction(c, o.fac), d: d}
			break
		}
	}
	g.cands = cands
	switch {
	case best.d >= 0 && best.resp == content.Attack:
		if best.d == 1 {
			g.melee(c, best.c, rng)
			return
		}
		g.stepToward(c, best)
	case best.d >= 0 && best.resp == content.Flee:
		g.stepAway(c, best)
	default:
		switch c.mob.Movement {
		case content.MoveRandom:
			if i := rng.IntN(9); i < 8 {
				g.stepTo(c, c.Pos.Add(neighbours[i]))
			}
		case content.MoveRandomWaypoint:
			g.wander(c, rng)
		}
		return
	}
	c.waypoint, c.path = nil, nil // after reacting, it picks a new waypoint
}

// WaypointRange is how far (Chebyshev) a random_waypoint creature looks for
// its next waypoint.
const WaypointRange = 12

// pathSearch returns the level's A* for the creatures (gruid's path for unit
// steps over walkable tiles: see chain.Astar), made at its first use (a level
// may have no creature that wanders).
func (g *Game) pathSearch() *chain.Astar {
	if g.astar == nil {
		costs := make([]int32, len(g.walk))
		for i, ok := range g.walk {
			costs[i] = chain.ImpassableCost
			if ok {
				costs[i] = 1
			}
		}
		g.astar = chain.NewAstarCosts(g.Map.W, g.Map.H, costs)
	}
	return g.astar
}

// wander moves c along its path to its waypoint, as the tutorial's
// RandomWaypoint: with no waypoint (or none left), it picks a walkable tile
// within WaypointRange and paths there; a blocked step waits one turn and a
// second blocked step drops the waypoint.
func (g *Game) wander(c *Creature, rng *rand.Rand) {
	if c.waypoint == nil || len(c.path) == 0 {
		c.waypoint, c.path = nil, nil
		for range 4 {
			q := Point{X: c.Pos.X + rng.IntN(2*WaypointRange+1) - WaypointRange, Y: c.Pos.Y + rng.IntN(2*WaypointRange+1) - WaypointRange}
			if q == c.Pos || !g.Map.Walkable(q) || !g.connected(c.Pos, q) {
				continue // (a search for a tile it cannot reach floods its whole region)
			}
			path := g.pathSearch().Path(c.pathBuf[:0], c.Pos, q, 4*WaypointRange-1) // at most 4*WaypointRange tiles
			if len(path) > 1 {
				c.pathBuf = path[:0]
				c.waypoint, c.path = &q, path[1:]
				break
			}
		}
		if c.waypoint == nil {
			return
		}
	}
	if g.stepTo(c, c.path[0]) {
		c.blocked = 0
		if c.Pos == c.path[0] { // else it opened a door and steps next turn
			c.path = c.path[1:]
		}
		return
	}
	if c.blocked++; c.blocked > 1 { // blocked twice: give up the waypoint
		c.blocked, c.waypoint, c.path = 0, nil, nil
	}
}

// connected reports whether walkable tiles p and q lie in one 8-connected
// region, that is whether a creature's path search from p reaches q (the
// tiles never change in play; the regions are labelled once a level).
func (g *Game) connected(p, q Point) bool {
	if g.region == nil {
		g.region, _ = chain.Regions(g.Map)
	}
	return g.region[g.Map.Idx(p)] == g.region[g.Map.Idx(q)]
}

// stepTo moves c onto p if it may (opening a closed door there instead).
func (g *Game) stepTo(c *Creature, p Point) bool {
	if !g.free(p) {
		return false
	}
	if pr := g.closedDoor(p); pr != nil {
		pr.Open, pr.Glyph = true, "/"
		g.propChanged(p)
		return true
	}
	from := c.Pos
	i := g.Map.Idx(from)
	k := g.occ[i]
	c.Pos = p
	if k > 0 && g.Creatures[k-1] == c && g.occ[g.Map.Idx(p)] == 0 {
		g.occ[i], g.occ[g.Map.Idx(p)] = 0, k // just this creature moved
		g.cpos[k-1] = p
		g.moveBucket(k-1, from, p)
	} else {
		g.reindex()
	}
	if c.spinner {
		g.spin(from)
	}
	g.trigger(p, c)
	if c.HP <= 0 {
		g.kill(c, "trap")
	}
	return true
}

// stepToward moves c one step closer to t: down the distance map for the
// player, greedily for a creature.
func (g *Game) stepToward(c *Creature, t target) {
	bestP, bestV := Point{}, -1
	for _, d := range neighbours {
		p := c.Pos.Add(d)
		if !g.free(p) {
			continue
		}
		var v int
		if t.c == nil {
			v = g.playerDist(g.Map.Idx(p))
			if v < 0 {
				continue
			}
			if dc := g.playerDist(g.Map.Idx(c.Pos)); v >= dc && dc >= 0 {
				continue
			}
		} else {
			v = chain.DistSq(p, t.pos)
			if v >= chain.DistSq(c.Pos, t.pos) {
				continue
			}
		}
		if bestV < 0 || v < bestV {
			bestP, bestV = p, v
		}
	}
	if bestV >= 0 {
		g.stepTo(c, bestP)
	}
}

// stepAway moves c one step further from t.
func (g *Game) stepAway(c *Creature, t target) {
	bestP, bestV := Point{}, chain.DistSq(c.Pos, t.pos)
	found := false
	for _, d := range neighbours {
		p := c.Pos.Add(d)
		if !g.free(p) || g.closedDoor(p) != nil {
			continue
		}
		if v := chain.DistSq(p, t.pos); v > bestV {
			bestP, bestV, found = p, v, true
		}
	}
	if found {
		g.stepTo(c, bestP)
	}
}

// melee is c attacking o (the player when o is nil) with one of its attacks.
func (g *Game) melee(c *Creature, o *Creature, rng *rand.Rand) {
	a := c.attacks[rng.IntN(len(c.attacks))]
	ac, name := g.Player.AC, "you"
	if o != nil {
		ac = o.ac
	}
	seen := o == nil || g.visible[g.Map.Idx(c.Pos)]
	if seen && o != nil { // (named only for the log)
		name = "the " + o.Name
	}
	if !hits(rng, a.hit+c.bonus, ac) {
		if seen {
			g.logf("The %s misses %s.", c.Name, name)
		}
		return
	}
	n := max(0, a.dmg.Roll(rng)+c.bonus)
	if seen {
		g.logf("The %s's %s hits %s for %d.", c.Name, a.name, name, n)
	}
	if o == nil {
		g.hurtPlayer(n, jsonfile.Article(c.Name)) // "an Orc Leader"
		return
	}
	o.HP -= n
	if o.HP <= 0 {
		g.kill(o, c.Name)
	}
}

// MaxWebs is how many webs a level holds at most (spiders stop spinning).
const MaxWebs = 100

// spin leaves a web at p (a spider just left it) unless something lies there.
func (g *Game) spin(p Point) {
	if g.web == nil || g.webs >= MaxWebs || g.propOn(p) != nil || len(g.ItemsAt(p)) > 0 || g.Map.At(p) == chain.DownStairs {
		return
	}
	g.place(g.web.Name, p)
	g.webs++
}
