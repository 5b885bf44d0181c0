// Package play holds the play-test's game rules: the player, field of view,
// creatures and their factions, combat, traps, doors, picking up and descending.
// A game is a pure function of (project, content pack, master seed, keys): every
// random draw comes from a source seeded from the master seed, the depth, the turn
// and an entity id, so replaying the same keys gives the same state in any process.
// It never imports Fyne; package ui draws it.
package play

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"

	"codeberg.org/anaseto/gruid"
	"codeberg.org/anaseto/gruid/rl"
)

// PlayerFaction is the faction name creatures react to when they see the player.
const PlayerFaction = "Player"

// MaxLog is how many messages a game keeps (older ones are dropped).
const MaxLog = 200

// MaxStuck is the most turns a web (a "slow" trap) holds anyone.
const MaxStuck = 1000

// MaxDepth is the deepest depth a game goes to (a chain's depth limit): a
// session starting deeper is refused, stairs there lead nowhere.
const MaxDepth = 1000

// Point is a map position.
type Point = chain.Point

// Creature is a living mob on the level.
type Creature struct {
	// ID is unique within a game (creatures of deeper levels get new ids).
	ID      int
	Name    string
	Glyph   string
	FG      string
	Pos     Point
	HP      int
	MaxHP   int
	Faction string
	fac     int // Faction's number (factionOf)
	mob     *content.Mob
	attacks []attack
	ac      int
	vision  int
	bonus   int  // might bonus to hit and damage
	stuck   int  // turns still caught in a web
	gone    bool // killed this turn: out of the index, out of Creatures when the turn ends
	spinner bool // leaves webs behind (seed 003's spider)
	// random_waypoint movement: the tile it heads for and the path there.
	waypoint *Point
	path     []Point
	pathBuf  []Point // path's array, reused for the next path
	blocked  int
	// its field of view (a window of 2·vision+1 tiles a side around fovPos),
	// kept while it stays put and nothing that blocks sight changes (sight),
	// cast fovDepth[quadrant] rows deep
	fov      []bool
	fovPos   Point
	fovSight uint64
	fovOK    bool
	fovDepth [4]int8
}

type attack struct {
	name  string
	hit   int
	dmg   content.Dice
	label string
}

// Prop is a piece of furniture, a door or a trap on the level.
type Prop struct {
	Name   string
	Glyph  string
	FG     string
	Pos    Point
	Hidden bool
	// Open is true for an opened door.
	Open bool
	prop *content.Prop
}

// Item is an item lying on the level.
type Item struct {
	Name  string
	Glyph string
	FG    string
	Pos   Point
}

// Player is the player character.
type Player struct {
	Pos       Point
	HP, MaxHP int
	// Inventory lists what the player carries, in the order picked up.
	Inventory []string
	// Weapon is the weapon the player fights with; AC the armour class (10
	// plus the best armour worn in each slot).
	Weapon string
	AC     int
	// Stuck counts the turns the player is still caught (in a web, say): a
	// move spent stuck only struggles.
	Stuck int
	armor map[string]float64 // best armour class per slot
}

// Game is a play-test in progress. It is not safe for concurrent use.
type Game struct {
	proj   *projects.Project
	pack   *content.Pack
	roller *content.Roller
	master uint64

	// Depth is the current level's depth; Turn counts the turns played.
	Depth, Turn int
	// Map is the current level's tiles (a copy; doors do not change tiles).
	Map *chain.Grid
	// Seen marks the tiles the player has seen on this level (remembered tiles).
	Seen []bool
	// Player is the player.
	Player Player
	// Creatures are the living creatures of the level, in id order.
	Creatures []*Creature
	// Props are the level's props; Items the items lying on it.
	Props []*Prop
	Items []*Item
	// Log holds the latest messages, oldest first.
	Log []string
	// Keys are the keys played so far.
	Keys []rune
	// Exits are the level's down stairs.
	Exits []Point

	nextID     int
	startDepth int
	cfov       *rl.FOV       // scratch for Sees
	pcast      caster        // the player's field of view (computeFOV)
	ccast      caster        // scratch for creatures' fields of view (creatureSees)
	astar      *chain.Astar  // the creatures' path search (wander; pathSearch)
	web        *content.Prop // the pack's web prop, when it has one (spiders spin it)
	webs       int           // webs spun on this level
	cheats     Cheats
	// CheatLog records every change of the designer toggles with the key
	// count it happened at, so a saved session replays them (see Session).
	CheatLog []CheatChange
	pcg      rand.PCG
	rng      *rand.Rand
	mobs     map[string]*content.Mob
	gone     int // creatures killed this turn, still in Creatures (compact)
	props    map[string]*content.Prop
	items    map[string]*content.Item
	weapon   attack
	occ      []int32 // creature index+1 per tile (0 = none)
	// buckets file the creatures' indexes by squares of bucketSide tiles,
	// so a creature looks for others only in the squares its vision reaches
	buckets  [][]int32
	pd       distSearch  // distances from the player, this turn (playerDist)
	facs     factions    // the factions' numbers and reactions
	bs       botSearch   // the bots' search of the move
	goals    []int       // the bots' goal tiles (scratch)
	hostiles []*Creature // hostile's buffer
	walk     []bool      // per tile: walkable
	unseen   []int8      // per tile: its neighbours never seen (the frontier)
	fronts   int         // the known tiles next to one never seen
	cands    []uint64    // a creature's candidate targets (act)
	cpos     []Point     // per creature index: its position (as reindex files it)
	cfac     []int32     // per creature index: its faction's number
	sight    uint64      // bumped when a prop that may block sight changes
	// the player's field of view was computed at fovPos, sight fovSight
	fovOK    bool
	fovPos   Point
	fovSight uint64
	opaque   []bool  // per tile: the tile (not its props) stops sight
	block    []bool  // per tile: the tile or its prop stops sight (blocksSight)
	region   []int32 // per tile: its walkable region (connected), made on first use
	order    []*Creature
	propAt   []*Prop // per tile: the first prop placed there (nil: none)
	visible  []bool
}

// New starts a game on the project's level of the given depth with master seed
// master. pack is the content pack (nil for the embedded default).
func New(p *projects.Project, pack *content.Pack, master uint64, depth int) (*Game, error) {
	if p == nil || len(p.Levels) == 0 {
		return nil, fmt.Errorf("play: the project has no level")
	}
	if pack == nil {
		pack = content.Default()
	}
	g := newGame(p, pack, master)
	g.startDepth = depth
	if err := g.enter(depth); err != nil {
		return nil, err
	}
	return g, nil
}

// newGame prepares a game without a level.
func newGame(p *projects.Project, pack *content.Pack, master uint64) *Game {
	g := &Game{proj: p, pack: pack, roller: pack.Roller(), master: master,
		mobs: map[string]*content.Mob{}, props: map[string]*content.Prop{}, items: map[string]*content.Item{}}
	g.rng = rand.New(&g.pcg)
	g.pcast.list = true // (computeFOV reads what it lit)
	for i := range pack.Mobs {
		if _, ok := g.mobs[pack.Mobs[i].Name]; !ok {
			g.mobs[pack.Mobs[i].Name] = &pack.Mobs[i]
		}
	}
	for i := range pack.Props {
		pr := &pack.Props[i]
		if _, ok := g.props[pr.Name]; !ok {
			g.props[pr.Name] = pr
		}
		if pr.EntryTrigger != nil && g.web == nil && !pr.BlocksTile {
			if _, slow := pr.EntryTrigger.Effects.Get("slow"); slow {
				g.web = pr
			}
		}
	}
	for i := range pack.Items {
		if _, ok := g.items[pack.Items[i].Name]; !ok {
			g.items[pack.Items[i].Name] = &pack.Items[i]
		}
	}
	g.weapon = attack{name: "fists", hit: 1, dmg: content.Dice{N: 1, S: 4}}
	g.Player.Weapon = "fists"
	if it := g.items["Longsword"]; it != nil {
		g.wield(it) // the tutorial's player starts with a (rusty) longsword
	}
	g.Player.AC = 10
	g.Player.MaxHP = 30 // the tutorial's player_hp_at_level(11, 1)
	g.Player.HP = g.Player.MaxHP
	return g
}

// levelFor returns the chain, config and acceptance rules generating depth:
// the project's level of that depth, else (when descending past the project's
// levels) the deepest level's chain and rules run at that depth with a derived
// seed.
func (g *Game) levelFor(depth int) (*chain.Chain, chain.Config, *projects.Accept, error) {
	if i := g.proj.LevelByDepth(depth); i >= 0 {
		c := g.proj.Levels[i].Chain
		if c == nil {
			return nil, chain.Config{}, nil, fmt.Errorf("play: level %d has no chain", depth)
		}
		return c, g.proj.Config(i, g.master, g.roller), g.proj.Levels[i].Accept, nil
	}
	deepest := -1
	for i, l := range g.proj.Levels {
		if l.Chain != nil && l.Depth < depth && (deepest < 0 || l.Depth > g.proj.Levels[deepest].Depth) {
			deepest = i
		}
	}
	if deepest < 0 {
		return nil, chain.Config{}, nil, fmt.Errorf("play: the project has no level of depth %d", depth)
	}
	c := g.proj.Levels[deepest].Chain.Clone()
	c.Depth = depth
	return c, g.proj.BaseConfig(g.master, g.roller), g.proj.Levels[deepest].Accept, nil
}

// enter generates and enters the level of the given depth, through the
// facade's route (projects.RunAccepted: the level's acceptance rules).
func (g *Game) enter(depth int) error {
	if depth < 0 || depth > MaxDepth {
		return fmt.Errorf("play: depth %d is out of range [0, %d]", depth, MaxDepth)
	}
	c, cfg, acc, err := g.levelFor(depth)
	if err != nil {
		return err
	}
	cfg.NoHistory = true
	res, err := projects.RunAccepted(context.Background(), c, cfg, acc)
	if err != nil {
		return fmt.Errorf("play: generating depth %d: %w", depth, err)
	}
	return g.load(res.State, depth)
}

// load enters the generated level s as depth: the player at its start, its
// spawns placed as creatures, props and items.
func (g *Game) load(s *chain.State, depth int) error {
	g.Depth = depth
	g.Map = s.Map.Clone()
	n := g.Map.W * g.Map.H
	g.Seen = make([]bool, n)
	g.visible = make([]bool, n)
	g.fovOK = false
	g.occ = make([]int32, n)
	g.region = nil
	g.walk, g.opaque = make([]bool, n), make([]bool, n) // the tiles never change in play
	for i, t := range g.Map.Tiles {
		g.walk[i], g.opaque[i] = t.Walkable(), t.Opaque()
	}
	g.block = slices.Clone(g.opaque) // props come next (place)
	g.pcast.lit = g.pcast.lit[:0]
	g.bs = botSearch{queue: g.bs.queue} // nothing known yet
	g.countUnseen()
	g.Creatures, g.Props, g.Items, g.Exits = nil, nil, nil, nil
	g.gone = 0
	g.propAt = make([]*Prop, n)
	rg := gruid.NewRange(0, 0, g.Map.W, g.Map.H)
	g.cfov = rl.NewFOV(rg)
	g.buckets = make([][]int32, bucketsOf(g.Map.W)*bucketsOf(g.Map.H))
	g.astar = nil // made at the first search (pathSearch)
	g.webs = 0
	g.Player.Stuck = 0
	for _, e := range s.Exits {
		g.Exits = append(g.Exits, e.Pos())
	}
	if s.Start != nil {
		g.Player.Pos = *s.Start
	} else if q, err := s.NearestWalkable(Point{X: g.Map.W / 2, Y: g.Map.H / 2}); err == nil {
		g.Player.Pos = q
	} else {
		return fmt.Errorf("play: depth %d has no walkable tile for the player", depth)
	}
	for _, sp := range s.Spawns {
		g.place(sp.Name, sp.Pos())
	}
	g.reindex()
	g.levelFactions()
	g.computeFOV()
	g.logf("You enter depth %d.", depth)
	return nil
}

// place puts the named pack entry at p (unknown names are skipped).
func (g *Game) place(name string, p Point) {
	if m := g.mobs[name]; m != nil {
		g.nextID++
		// every number within content's bounds, whatever the pack says (an
		// editor's pack may hold errors): a vision range is a field of view
		// of its square, a level a loop
		vision := content.ClampInt(m.VisionRange, 0, min(content.MaxVisionRange, max(g.Map.W, g.Map.H)))
		c := &Creature{ID: g.nextID, Name: name, Pos: p, Faction: m.Faction, fac: g.factionOf(m.Faction), mob: m, vision: vision}
		if m.Renderable != nil {
			c.Glyph, c.FG = m.Renderable.Glyph, m.Renderable.FG
		}
		c.MaxHP = mobHP(m)
		c.HP = c.MaxHP
		c.bonus = attrBonus(attr(m.Attributes.Might))
		c.spinner = g.web != nil && strings.Contains(strings.ToLower(name), "spider")
		c.ac = 10
		if m.Natural != nil {
			if m.Natural.ArmorClass > 0 {
				c.ac = content.ClampInt(m.Natural.ArmorClass, 0, content.MaxAttribute)
			}
			for _, a := range m.Natural.Attacks {
				if d, err := content.ParseDice(a.Damage); err == nil {
					c.attacks = append(c.attacks, attack{name: a.Name, hit: clampAttr(a.HitBonus), dmg: d})
				}
			}
		}
		if len(c.attacks) == 0 {
			c.attacks = []attack{{name: "hit", dmg: content.Dice{N: 1, S: 2}}}
		}
		g.Creatures = append(g.Creatures, c)
		g.placed(c)
		return
	}
	if pr := g.props[name]; pr != nil {
		q := &Prop{Name: name, Pos: p, Hidden: pr.Hidden, prop: pr}
		if pr.Renderable != nil {
			q.Glyph, q.FG = pr.Renderable.Glyph, pr.Renderable.FG
		}
		g.Props = append(g.Props, q)
		if g.Map.In(p) && g.propAt[g.Map.Idx(p)] == nil {
			g.propAt[g.Map.Idx(p)] = q
			g.propChanged(p)
		}
		return
	}
	if it := g.items[name]; it != nil {
		q := &Item{Name: name, Pos: p}
		if it.Renderable != nil {
			q.Glyph, q.FG = it.Renderable.Glyph, it.Renderable.FG
		}
		g.Items = append(g.Items, q)
		return
	}
	if sec, ok := g.pack.SectionOf(name); ok && sec == chain.Items { // template_magic variants
		g.Items = append(g.Items, &Item{Name: name, Glyph: "?", FG: "#FFFFFF", Pos: p})
	}
}

// attr is an attribute value (within content's bounds), the tutorial's 11
// when the pack leaves it out.
func attr(v int) int {
	if v == 0 {
		return 11
	}
	return clampAttr(v)
}

// clampAttr bounds an attribute, a bonus or an armour class as content's
// validator does.
func clampAttr(v int) int { return content.ClampInt(v, -content.MaxAttribute, content.MaxAttribute) }

// attrBonus is the tutorial's attribute bonus.
func attrBonus(v int) int { return (v - 10) / 2 }

// mobHP is the pack's hp, else the tutorial's npc_hp(fitness, level).
func mobHP(m *content.Mob) int {
	if m.HP > 0 {
		return min(m.HP, content.MaxHP)
	}
	lvl := content.ClampInt(m.Level, 1, content.MaxLevel)
	total := 1
	for range lvl {
		total += max(1, 8+attrBonus(attr(m.Attributes.Fitness)))
	}
	return total
}

// Alive reports whether the player lives.
func (g *Game) Alive() bool { return g.Player.HP > 0 }

// Visible reports whether the player sees p this turn.
func (g *Game) Visible(p Point) bool {
	return g.Map.In(p) && g.visible[g.Map.Idx(p)]
}

// Remembered reports whether the player has seen p on this level.
func (g *Game) Remembered(p Point) bool {
	return g.Map.In(p) && g.Seen[g.Map.Idx(p)]
}

// propOn returns the prop at p, hidden or not (nil when none).
func (g *Game) propOn(p Point) *Prop {
	if !g.Map.In(p) {
		return nil
	}
	return g.propAt[g.Map.Idx(p)]
}

// PropAt returns the prop at p that is not hidden (nil when none).
func (g *Game) PropAt(p Point) *Prop {
	if pr := g.propOn(p); pr != nil && !pr.Hidden {
		return pr
	}
	return nil
}

// ItemsAt lists the items lying at p.
func (g *Game) ItemsAt(p Point) []*Item {
	var out []*Item
	for _, it := range g.Items {
		if it.Pos == p {
			out = append(out, it)
		}
	}
	return out
}

// CreatureAt returns the creature at p (nil when none).
func (g *Game) CreatureAt(p Point) *Creature {
	if !g.Map.In(p) {
		return nil
	}
	if i := g.occ[g.Map.Idx(p)]; i > 0 {
		return g.Creatures[i-1]
	}
	return nil
}

// VisibleCreatures lists the creatures the player sees, in id order.
func (g *Game) VisibleCreatures() []*Creature {
	var out []*Creature
	for _, c := range g.Creatures {
		if g.Visible(c.Pos) {
			out = append(out, c)
		}
	}
	return out
}

func (g *Game) logf(format string, args ...any) {
	g.Log = append(g.Log, fmt.Sprintf(format, args...))
	if len(g.Log) > MaxLog {
		g.Log = append(g.Log[:0], g.Log[len(g.Log)-MaxLog:]...)
	}
}

// reindex rebuilds the creature occupancy grid and buckets (of the
// creatures not killed this turn).
func (g *Game) reindex() {
	clear(g.occ)
	for i := range g.buckets {
		g.buckets[i] = g.buckets[i][:0]
	}
	g.cpos = slices.Grow(g.cpos[:0], len(g.Creatures))[:len(g.Creatures)]
	g.cfac = slices.Grow(g.cfac[:0], len(g.Creatures))[:len(g.Creatures)]
	for i, c := range g.Creatures {
		if c.gone {
			continue
		}
		g.cpos[i], g.cfac[i] = c.Pos, int32(c.fac)
		g.occ[g.Map.Idx(c.Pos)] = int32(i + 1)
		b := g.bucket(c.Pos)
		g.buckets[b] = append(g.buckets[b], int32(i))
	}
}

// bucketSide is the side of the squares creatures are filed by.
const bucketSide = 16

// bucketsOf is how many squares cover n tiles.
func bucketsOf(n int) int { return (n + bucketSide - 1) / bucketSide }

// bucket is the index of the square holding p.
func (g *Game) bucket(p Point) int {
	return p.Y/bucketSide*bucketsOf(g.Map.W) + p.X/bucketSide
}

// moveBucket files creature i, moved from a to b, in b's square.
func (g *Game) moveBucket(i int32, a, b Point) {
	ba, bb := g.bucket(a), g.bucket(b)
	if ba == bb {
		return
	}
	if k := slices.Index(g.buckets[ba], i); k >= 0 {
		g.buckets[ba] = slices.Delete(g.buckets[ba], k, k+1)
	}
	g.buckets[bb] = append(g.buckets[bb], i)
}

// blocksSight reports whether p stops sight: an opaque tile or a closed door or
// other vision-blocking prop.
func (g *Game) blocksSight(p Point) bool {
	return !g.Map.In(p) || g.block[g.Map.Idx(p)]
}

// propChanged notes that the props at p changed (one placed, opened or
// removed): whether the tile stops sight is worked out again, and when that
// changed, sight is bumped (the fields of view kept are stale).
func (g *Game) propChanged(p Point) {
	if !g.Map.In(p) {
		return
	}
	i := g.Map.Idx(p)
	pr := g.propAt[i]
	b := g.opaque[i] || pr != nil && pr.prop.BlocksVisibility && !pr.Open
	if b != g.block[i] {
		g.block[i] = b
		g.sight++
	}
}

// passable is the FOV's light-passing test (gruid points).
func (g *Game) passable(q gruid.Point) bool {
	return !g.blocksSight(Point{X: q.X, Y: q.Y})
}

// computeFOV recomputes what the player sees (symmetric shadowcasting) and
// remembers it.
func (g *Game) computeFOV() {
	if g.fovOK && g.fovPos == g.Player.Pos && g.fovSight == g.sight {
		return // the player has not moved and nothing that blocks sight changed
	}
	g.fovOK, g.fovPos, g.fovSight = true, g.Player.Pos, g.sight
	for _, i := range g.pcast.lit { // what the last cast lit
		g.visible[i] = false
	}
	w, h := g.Map.W, g.Map.H
	g.pcast.cast(g.block, w, g.Player.Pos, max(w, h), castWindow{x1: w, y1: h, mark: g.visible, stride: w})
	for _, i := range g.pcast.lit {
		g.see(int(i))
	}
}

// Sees reports whether a viewer at from sees to within rng tiles (Chebyshev),
// with symmetric shadowcasting: Sees(a, b, r) == Sees(b, a, r) on floor tiles.
func (g *Game) Sees(from, to Point, rng int) bool {
	if !g.Map.In(from) || !g.Map.In(to) || chebyshev(from, to) > rng {
		return false
	}
	g.cfov.SSCVisionMap(gruid.Point{X: from.X, Y: from.Y}, rng, g.passable, true)
	return g.cfov.Visible(gruid.Point{X: to.X, Y: to.Y})
}

// seed reseeds the game's source for (depth, turn, entity id): each draw stream is
// a pure function of those and the master seed.
func (g *Game) seed(id int) *rand.Rand {
	g.pcg.Seed(g.master, uint64(g.Depth)<<48^uint64(g.Turn)<<20^uint64(id)*0x9E3779B97F4A7C15)
	return g.rng
}

// KeyError reports a key the game does not know.
type KeyError struct{ Key rune }

func (e *KeyError) Error() string {
	return fmt.Sprintf("play: unknown key %q (want %s)", e.Key, KeyHelp)
}

// KeyHelp describes the keys the game knows.
const KeyHelp = "hjklyubn or 1-9 to move, . to wait, > to descend, g to pick up, q to drink, e to eat"

var dirs = map[rune]Point{
	'h': {X: -1}, 'l': {X: 1}, 'k': {Y: -1}, 'j': {Y: 1},
	'y': {X: -1, Y: -1}, 'u': {X: 1, Y: -1}, 'b': {X: -1, Y: 1}, 'n': {X: 1, Y: 1},
	'4': {X: -1}, '6': {X: 1}, '8': {Y: -1}, '2': {Y: 1},
	'7': {X: -1, Y: -1}, '9': {X: 1, Y: -1}, '1': {X: -1, Y: 1}, '3': {X: 1, Y: 1},
}

// ValidKey reports whether r is a key the game knows.
func ValidKey(r rune) bool {
	_, ok := dirs[r]
	return ok || r == '.' || r == '5' || r == '>' || r == 'g' || r == 'q' || r == 'e'
}

// CheckKeys returns a *KeyError for the first key of keys the game does not know.
func CheckKeys(keys string) error {
	for _, r := range keys {
		if !ValidKey(r) {
			return &KeyError{Key: r}
		}
	}
	return nil
}

// KeysString plays every key of keys in order, stopping at the first error.
func (g *Game) KeysString(keys string) error {
	for _, r := range keys {
		if err := g.Key(r); err != nil {
			return err
		}
	}
	return nil
}

// Key plays one key. An unknown key returns a *KeyError and changes nothing. Once
// the player is dead keys are recorded but do nothing.
func (g *Game) Key(r rune) error {
	if !ValidKey(r) {
		return &KeyError{Key: r}
	}
	g.Keys = append(g.Keys, r)
	if !g.Alive() {
		return nil
	}
	defer g.compact() // the creatures killed in this turn
	acted := true
	switch {
	case r == '.' || r == '5':
	case r == 'g':
		acted = g.pickUp()
	case r == 'q' || r == 'e':
		acted = g.use(r)
	case r == '>':
		if !g.onStairs() {
			g.logf("There are no stairs down here.")
			return nil
		}
		g.Turn++
		hp := g.Player.HP
		if err := g.enter(g.Depth + 1); err != nil {
			g.logf("The stairs lead nowhere: %v", err)
			return nil
		}
		g.Player.HP = hp
		return nil
	case g.Player.Stuck > 0:
		g.Player.Stuck--
		g.logf("You struggle to break free.")
	default:
		acted = g.move(dirs[r])
	}
	if !acted {
		return nil
	}
	g.Turn++
	g.computeFOV() // creatures see the player where the player now stands
	g.creaturesAct()
	g.computeFOV()
	return nil
}

func (g *Game) onStairs() bool {
	if g.Map.At(g.Player.Pos) == chain.DownStairs {
		return true
	}
	for _, e := range g.Exits {
		if e == g.Player.Pos {
			return true
		}
	}
	return false
}

func (g *Game) pickUp() bool {
	for i, it := range g.Items {
		if it.Pos == g.Player.Pos {
			g.Items = append(g.Items[:i], g.Items[i+1:]...)
			g.Player.Inventory = append(g.Player.Inventory, it.Name)
			g.logf("You pick up the %s.", it.Name)
			g.equip(it.Name)
			return true
		}
	}
	g.logf("There is nothing here to pick up.")
	return false
}

// walkable reports whether the tile at p can be stood on.
func (g *Game) walkable(p Point) bool { return g.Map.Walkable(p) }

// closedDoor returns the closed door at p, if any.
func (g *Game) closedDoor(p Point) *Prop {
	if pr := g.propOn(p); pr != nil && pr.prop.BlocksTile && !pr.Open {
		return pr
	}
	return nil
}

// move moves the player by d, attacking or opening what is there. It reports
// whether the turn was used.
func (g *Game) move(d Point) bool {
	to := g.Player.Pos.Add(d)
	if !g.walkable(to) {
		if g.cheats.WalkThroughWalls && g.Map.In(to) && g.CreatureAt(to) == nil {
			g.Player.Pos = to
			return true
		}
		return false
	}
	if c := g.CreatureAt(to); c != nil {
		if r := g.reaction(c, 0); r == content.Attack || r == content.Flee {
			g.playerAttacks(c)
		} else {
			c.Pos, g.Player.Pos = g.Player.Pos, to
			g.reindex()
			g.logf("You swap places with the %s.", c.Name)
		}
		return true
	}
	if pr := g.closedDoor(to); pr != nil {
		if pr.prop.DoorOpen || pr.Name == "Door" || g.cheats.WalkThroughWalls {
			pr.Open = true
			g.propChanged(to)
			pr.Glyph = "/"
			g.logf("You open the %s.", strings.ToLower(pr.Name))
			return true
		}
		return false
	}
	g.Player.Pos = to
	g.trigger(to, nil)
	return true
}

// trigger fires a trap at p on the player (c == nil) or on creature c.
func (g *Game) trigger(p Point, c *Creature) {
	pr := g.propOn(p)
	if pr == nil || pr.prop.EntryTrigger == nil {
		return
	}
	if pr.prop.BlocksTile && !pr.Open {
		return
	}
	eff := pr.prop.EntryTrigger.Effects
	if _, web := eff.Get("slow"); web && c != nil && c.spinner {
		return // a spider walks its own webs
	}
	id := 0
	if c != nil {
		id = c.ID
	}
	rng := g.seed(1<<30 + id)
	who := "You"
	if c != nil {
		who = "The " + c.Name
	}
	pr.Hidden = false
	if s, ok := eff.Get("slow"); ok {
		n, _ := content.ParseDice(s)
		turns := content.ClampInt(n.Roll(rng), 1, MaxStuck)
		g.logf("%s %s caught in the %s.", who, map[bool]string{true: "are", false: "is"}[c == nil], strings.ToLower(pr.Name))
		if c == nil {
			g.Player.Stuck = turns
		} else {
			c.stuck = turns
		}
	} else if s, ok := eff.Get("damage"); ok {
		if d, err := content.ParseDice(s); err == nil {
			n := max(0, d.Roll(rng))
			g.logf("%s trigger the %s: %d damage.", who, pr.Name, n)
			if c == nil {
				g.hurtPlayer(n, pr.Name)
			} else {
				c.HP -= n
			}
		}
	} else {
		g.logf("%s trigger the %s.", who, pr.Name)
	}
	if _, once := eff.Get("single_activation"); once {
		g.removeProp(pr)
	}
}

func (g *Game) removeProp(pr *Prop) {
	for i, q := range g.Props {
		if q == pr {
			g.Props = append(g.Props[:i], g.Props[i+1:]...)
			break
		}
	}
	if !g.Map.In(pr.Pos) {
		return
	}
	i := g.Map.Idx(pr.Pos)
	g.propAt[i] = nil
	for _, q := range g.Props {
		if q.Pos == pr.Pos {
			g.propAt[i] = q
			break
		}
	}
	g.propChanged(pr.Pos)
}

func (g *Game) hurtPlayer(n int, by string) {
	if g.cheats.Invulnerable {
		return
	}
	g.Player.HP -= n
	if g.Player.HP <= 0 {
		g.Player.HP = 0
		g.logf("You die (killed by %s).", by)
	}
}

// hits rolls the tutorial's d20 to-hit: a natural 1 misses, a 20 hits, else the
// roll plus bonus must beat the armour class.
func hits(rng *rand.Rand, bonus, ac int) bool {
	n := 1 + rng.IntN(20)
	return n != 1 && (n == 20 || n+bonus > ac)
}

func (g *Game) playerAttacks(c *Creature) {
	rng := g.seed(0)
	a := g.weapon
	if !hits(rng, a.hit, c.ac) {
		g.logf("You miss the %s.", c.Name)
		return
	}
	n := max(0, a.dmg.Roll(rng))
	c.HP -= n
	g.logf("You hit the %s with your %s for %d.", c.Name, a.name, n)
	if c.HP <= 0 {
		g.kill(c, "You")
	}
}

// kill removes a dead creature (the caller reindexes) and drops its loot.
func (g *Game) kill(c *Creature, by string) {
	if g.Visible(c.Pos) || by == "You" {
		g.logf("The %s dies.", c.Name)
	}
	if c.mob.LootTable != "" {
		if name, ok := g.roller.RollLoot(g.seed(1<<29+c.ID), c.mob.LootTable); ok {
			g.place(name, c.Pos)
		}
	}
	i := int(g.occ[g.Map.Idx(c.Pos)]) - 1
	if i < 0 || g.Creatures[i] != c {
		i = slices.Index(g.Creatures, c)
	}
	if i >= 0 && !c.gone {
		g.remove(i)
	}
}

// remove takes creature i out of the index (the occupancy grid and the
// squares, as reindex would make them without it) at once, and out of
// Creatures when the turn ends (compact): the indexes of the others stay put
// meanwhile, so a death costs the creatures of its square, not the map's
// tiles or every creature (a level may hold a million creatures).
func (g *Game) remove(i int) {
	c := g.Creatures[i]
	c.gone = true
	g.gone++
	b := g.bucket(c.Pos)
	if k := slices.Index(g.buckets[b], int32(i)); k >= 0 {
		g.buckets[b] = slices.Delete(g.buckets[b], k, k+1)
	}
	if k := g.Map.Idx(c.Pos); g.occ[k] == int32(i+1) { // its tile: the last other creature there
		g.occ[k] = 0
		for _, j := range g.buckets[b] {
			if g.Creatures[j].Pos == c.Pos && g.occ[k] < j+1 {
				g.occ[k] = j + 1
			}
		}
	}
}

// compact drops the creatures killed this turn from Creatures and indexes
// the rest.
func (g *Game) compact() {
	if g.gone == 0 {
		return
	}
	g.Creatures = slices.DeleteFunc(g.Creatures, func(c *Creature) bool { return c.gone })
	g.gone = 0
	g.reindex()
}

// MarshalJSON writes the play state of DESIGN.md.
func (g *Game) MarshalJSON() ([]byte, error) {
	return json.Marshal(g.State())
}

// State is the play state as JSON writes it.
type State struct {
	// Format is StateFormat.
	Format    string          `json:"format"`
	Player    PlayerState     `json:"player"`
	Depth     int             `json:"depth"`
	Turn      int             `json:"turn"`
	Alive     bool            `json:"alive"`
	Log       []string        `json:"log"`
	Creatures []CreatureState `json:"creatures"`
	Inventory []string        `json:"inventory"`
	Keys      string          `json:"keys"`
}

// PlayerState is the player's part of State.
type PlayerState struct {
	X  int `json:"x"`
	Y  int `json:"y"`
	HP int `json:"hp"`
}

// CreatureState is a creature's part of State.
type CreatureState struct {
	Name string `json:"name"`
	X    int    `json:"x"`
	Y    int    `json:"y"`
	HP   int    `json:"hp"`
}

// State returns the game's state.
func (g *Game) State() State {
	s := State{Format: StateFormat,
		Player: PlayerState{g.Player.Pos.X, g.Player.Pos.Y, g.Player.HP},
		Depth:  g.Depth, Turn: g.Turn, Alive: g.Alive(),
		Log: append([]string{}, g.Log...), Creatures: []CreatureState{},
		Inventory: append([]string{}, g.Player.Inventory...), Keys: string(g.Keys),
	}
	for _, c := range g.Creatures {
		s.Creatures = append(s.Creatures, CreatureState{c.Name, c.Pos.X, c.Pos.Y, c.HP})
	}
	return s
}

func gp(p Point) gruid.Point { return gruid.Point{X: p.X, Y: p.Y} }
