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

// hostile lists the creatures in view that attack the player, in id order
// (in a buffer the next call reuses).
func (g *Game) hostile() []*Creature {
	out := g.hostiles[:0]
	for _, c := range g.Creatures {
		if g.Visible(c.Pos) && g.reaction(c, 0) == content.Attack {
			out = append(out, c)
		}
	}
	g.hostiles = out
	return out
}

// countUnseen counts every tile's neighbours never seen (unseen), from Seen.
func (g *Game) countUnseen() {
	w, h := g.Map.W, g.Map.H
	if len(g.unseen) != w*h {
		g.unseen = make([]int8, w*h)
	}
	for y := range h { // every neighbour on the map, then less the seen ones
		ny := int8(min(y+1, h-1) - max(y-1, 0) + 1)
		for x := range w {
			g.unseen[y*w+x] = ny*int8(min(x+1, w-1)-max(x-1, 0)+1) - 1
		}
	}
	for i, seen := range g.Seen {
		if seen {
			g.seenAround(i)
		}
	}
	g.fronts = 0
	for i := range g.unseen {
		if g.knownIdx(i) && g.unseen[i] > 0 {
			g.fronts++
		}
	}
}

// seenAround notes in its neighbours' counts that tile i is seen (and in
// fronts the known ones that leave the frontier).
func (g *Game) seenAround(i int) {
	w, h := g.Map.W, g.Map.H
	x, y := i%w, i/w
	for _, d := range neighbours {
		if qx, qy := x+d.X, y+d.Y; uint(qx) < uint(w) && uint(qy) < uint(h) {
			j := qy*w + qx
			if g.unseen[j]--; g.unseen[j] == 0 && g.knownIdx(j) {
				g.fronts--
			}
		}
	}
}

// see marks tile i seen, keeping what depends on Seen up to date.
func (g *Game) see(i int) {
	if g.Seen[i] {
		return
	}
	g.Seen[i] = true
	g.seenAround(i)
	if g.walk[i] {
		g.noteKnown(i)
		if g.unseen[i] > 0 {
			g.fronts++
		}
	}
}

// knownStairs reports whether p holds down stairs the player has seen.
func (g *Game) knownStairs(p Point) bool {
	return g.known(p) && slices.Contains(g.Exits, p)
}

// stepTowardStairs is stepTowardTiles to the down stairs the player has seen.
func (g *Game) stepTowardStairs() rune {
	goals := g.goals[:0]
	for _, e := range g.Exits {
		if g.known(e) {
			goals = append(goals, g.Map.Idx(e))
		}
	}
	g.goals = goals
	return g.stepTowardTiles(goals)
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
	g.newSearch()
	pos := g.Player.Pos
	if 2*g.Player.HP < g.Player.MaxHP { // badly hurt: leave by known stairs
		if g.knownStairs(pos) {
			return '>'
		}
		if k := g.stepTowardStairs(); k != 0 {
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
	// the known items' tiles
	goals := g.goals[:0]
	for _, it := range g.Items {
		if it.Pos != b.noPickup && g.known(it.Pos) {
			goals = append(goals, g.Map.Idx(it.Pos))
		}
	}
	g.goals = goals
	if k := g.stepTowardTiles(goals); k != 0 {
		return k
	}
	if hs := g.hostile(); len(hs) > 0 { // go and fight what is after us
		if c := hs[0]; g.CreatureAt(c.Pos) == c {
			if k := g.stepTowardTiles(append(g.goals[:0], g.Map.Idx(c.Pos))); k != 0 {
				return k
			}
		}
	}
	if k := g.stepTowardFrontier(); k != 0 {
		return k
	}
	if g.knownStairs(pos) {
		return '>'
	}
	if k := g.stepTowardStairs(); k != 0 {
		return k
	}
	return '.'
}

// diver makes for the stairs.
type diver struct{}

func (diver) Name() string { return "diver" }

func (diver) Next(g *Game) rune {
	g.newSearch()
	pos := g.Player.Pos
	if g.knownStairs(pos) {
		return '>'
	}
	if k := g.stepTowardStairs(); k != 0 {
		return k
	}
	if k := g.stepTowardFrontier(); k != 0 {
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
