package play

import (
	"fmt"
	"slices"
	"strings"

	"hewn/content"
)

// A Bot plays the game with the player's keys and the player's knowledge: the
// tiles seen so far (Game.Seen), the creatures in view and the items and
// stairs on seen tiles; never the rest of the level. So a bot's run is a key
// sequence that replays exactly with `hewn play --keys`.
type Bot interface {
	// Name is the bot's name on the command line.
	Name() string
	// Next returns the next key to press.
	Next(g *Game) rune
}

// BotNames lists the bots NewBot knows.
var BotNames = []string{"explorer", "diver"}

// NewBot returns the bot called name: explorer explores the level, fights
// what attacks it, picks up items, then takes the stairs; diver heads for the
// nearest known down stairs, exploring only until it knows some, and fights
// only what stands in its way.
func NewBot(name string) (Bot, error) {
	switch name {
	case "explorer":
		return &explorer{}, nil
	case "diver":
		return &diver{}, nil
	}
	return nil, fmt.Errorf("play: unknown bot %q (want %s)", name, strings.Join(BotNames, " or "))
}

// keyFor maps a one-tile step to its vi key.
var keyFor = map[Point]rune{}

func init() {
	for r, d := range dirs {
		if r >= 'a' && r <= 'z' {
			keyFor[d] = r
		}
	}
}

// known reports whether the player may plan a step onto p: seen and walkable.
func (g *Game) known(p Point) bool {
	return g.Map.In(p) && g.knownIdx(g.Map.Idx(p))
}

// knownIdx is known for tile index i.
func (g *Game) knownIdx(i int) bool { return g.Seen[i] && g.walk[i] }

// hostile lists the creatures in view that attack the player.
func (g *Game) hostile() []*Creature {
	var out []*Creature
	for _, c := range g.VisibleCreatures() {
		if g.pack.Reaction(c.Faction, PlayerFaction) == content.Attack {
			out = append(out, c)
		}
	}
	return out
}

// stepToward returns the key of the first step of a shortest path over known
// tiles from the player to the nearest tile goal accepts, avoiding creatures
// in view (a creature on the goal itself is fine: stepping into it attacks);
// 0 when no goal is reachable.
func (g *Game) stepTowardGoal(goal func(p Point) bool) rune {
	start := g.Player.Pos
	// visited tiles carry this search's stamp: no clearing between searches
	n := g.Map.W * g.Map.H
	if len(g.bfsMark) != n {
		g.bfsMark, g.bfsPrev, g.bfsStamp = make([]uint32, n), make([]int32, n), 0
	}
	g.bfsStamp++
	if g.bfsStamp == 0 { // wrapped: old stamps could match again
		clear(g.bfsMark)
		g.bfsStamp = 1
	}
	mark, prev, stamp := g.bfsMark, g.bfsPrev, g.bfsStamp
	w, h := g.Map.W, g.Map.H
	s := g.Map.Idx(start)
	mark[s], prev[s] = stamp, int32(s)
	queue := append(g.bfsQueue[:0], s)
	defer func() { g.bfsQueue = queue }()
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		p := g.Map.Pt(i)
		if i != s && goal(p) {
			for int(prev[i]) != s {
				i = int(prev[i])
			}
			q := g.Map.Pt(i)
			return keyFor[Point{X: q.X - start.X, Y: q.Y - start.Y}]
		}
		for _, d := range neighbours {
			q := p.Add(d)
			if uint(q.X) >= uint(w) || uint(q.Y) >= uint(h) {
				continue
			}
			j := q.Y*w + q.X
			if mark[j] == stamp || !g.knownIdx(j) {
				continue
			}
			if g.occ[j] > 0 && !goal(q) { // a creature there
				continue
			}
			mark[j], prev[j] = stamp, int32(i)
			queue = append(queue, j)
		}
	}
	return 0
}

// frontier reports whether p is a known tile next to one never seen.
func (g *Game) frontier(p Point) bool {
	if !g.known(p) {
		return false
	}
	w, h := g.Map.W, g.Map.H
	for _, d := range neighbours {
		q := p.Add(d)
		if uint(q.X) < uint(w) && uint(q.Y) < uint(h) && !g.Seen[q.Y*w+q.X] {
			return true
		}
	}
	return false
}

// knownStairs reports whether p holds down stairs the player has seen.
func (g *Game) knownStairs(p Point) bool {
	return g.known(p) && slices.Contains(g.Exits, p)
}

// fightAdjacent returns the key attacking an adjacent hostile creature, or 0.
func (g *Game) fightAdjacent() rune {
	for _, c := range g.hostile() {
		if chebyshev(c.Pos, g.Player.Pos) == 1 {
			return keyFor[Point{X: c.Pos.X - g.Player.Pos.X, Y: c.Pos.Y - g.Player.Pos.Y}]
		}
	}
	return 0
}

// explorer explores everything it can reach, fighting what attacks it and
// picking up what it finds, then descends; badly hurt (under half its hit
// points), it makes for stairs it knows.
type explorer struct {
	noPickup Point // where picking up did nothing (not to try again)
	tried    bool
}

func (b *explorer) Name() string { return "explorer" }

func (b *explorer) Next(g *Game) rune {
	pos := g.Player.Pos
	if 2*g.Player.HP < g.Player.MaxHP { // badly hurt: leave by known stairs
		if g.knownStairs(pos) {
			return '>'
		}
		if k := g.stepTowardGoal(g.knownStairs); k != 0 {
			return k
		}
	}
	if k := g.fightAdjacent(); k != 0 {
		return k
	}
	if len(g.ItemsAt(pos)) > 0 && !(b.tried && b.noPickup == pos) {
		b.tried, b.noPickup = true, pos
		return 'g'
	}
	// the known items' tiles (few: the search looks them up per tile)
	var items []Point
	for _, it := range g.Items {
		if it.Pos != b.noPickup && g.known(it.Pos) {
			items = append(items, it.Pos)
		}
	}
	if len(items) > 0 {
		if k := g.stepTowardGoal(func(p Point) bool { return slices.Contains(items, p) }); k != 0 {
			return k
		}
	}
	if hs := g.hostile(); len(hs) > 0 { // go and fight what is after us
		if k := g.stepTowardGoal(func(p Point) bool { return g.CreatureAt(p) == hs[0] }); k != 0 {
			return k
		}
	}
	if k := g.stepTowardGoal(g.frontier); k != 0 {
		return k
	}
	if g.knownStairs(pos) {
		return '>'
	}
	if k := g.stepTowardGoal(g.knownStairs); k != 0 {
		return k
	}
	return '.'
}

// diver makes for the stairs.
type diver struct{}

func (diver) Name() string { return "diver" }

func (diver) Next(g *Game) rune {
	pos := g.Player.Pos
	if g.knownStairs(pos) {
		return '>'
	}
	if k := g.stepTowardGoal(g.knownStairs); k != 0 {
		return k
	}
	if k := g.stepTowardGoal(g.frontier); k != 0 {
		return k
	}
	if k := g.fightAdjacent(); k != 0 { // blocked in: fight
		return k
	}
	return '.'
}

// BotRun is what a bot's play of one level came to.
type BotRun struct {
	Bot   string `json:"bot"`
	Depth int    `json:"depth"`
	// Reached: the bot took the stairs down; Survived: it is alive.
	Reached  bool `json:"reached_exit"`
	Survived bool `json:"survived"`
	Turns    int  `json:"turns"`
	// Damage is the hit points lost; Items the items picked up.
	Damage int            `json:"damage_taken"`
	Items  int            `json:"items_picked_up"`
	Kills  map[string]int `json:"kills,omitempty"`
	// Killer names what killed the player ("" when alive).
	Killer string `json:"killed_by,omitempty"`
	// Keys are the keys pressed, as `hewn play --keys` takes them.
	Keys string `json:"keys"`
}

// PlayBot lets b play g's current level until it descends, dies or has
// played maxTurns turns.
func PlayBot(g *Game, b Bot, maxTurns int) BotRun {
	run := BotRun{Bot: b.Name(), Depth: g.Depth}
	start := len(g.Keys)
	items := len(g.Player.Inventory)
	idle := 0
	for g.Alive() && g.Depth == run.Depth && g.Turn < maxTurns && idle < 50 {
		k := b.Next(g)
		var target *Creature
		if d, ok := dirs[k]; ok {
			target = g.CreatureAt(g.Player.Pos.Add(d))
		}
		hp, turn := g.Player.HP, g.Turn
		if err := g.Key(k); err != nil {
			break
		}
		if g.Player.HP < hp {
			run.Damage += hp - g.Player.HP
		}
		if target != nil && !slices.Contains(g.Creatures, target) && g.Depth == run.Depth {
			if run.Kills == nil {
				run.Kills = map[string]int{}
			}
			run.Kills[target.Name]++
		}
		if g.Turn == turn {
			idle++ // a key that did nothing; a bot stuck that way gives up
		} else {
			idle = 0
		}
	}
	run.Reached = g.Depth > run.Depth
	run.Survived = g.Alive()
	run.Turns = g.Turn
	run.Items = len(g.Player.Inventory) - items
	run.Keys = string(g.Keys[start:])
	if !run.Survived {
		run.Killer = killer(g.Log)
	}
	return run
}

// killer reads what killed the player from the log ("You die (killed by X).").
func killer(log []string) string {
	for i := len(log) - 1; i >= 0; i-- {
		if _, after, ok := strings.Cut(log[i], "(killed by "); ok {
			return strings.TrimSuffix(after, ").")
		}
	}
	return "unknown"
}
