package content

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"hewn/chain"
)

// MagicNames returns the names the tutorial generates from an item's template_magic:
// "Name +N" for every bonus N in bonus_min..bonus_max, and "Name -1" when
// include_cursed. Like the tutorial, only weapons and wearables get variants. At most
// 100 bonuses are generated.
func MagicNames(it *Item) []string {
	t := it.TemplateMagic
	if t == nil || (it.Weapon == nil && it.Wearable == nil) {
		return nil
	}
	var out []string
	for b := t.BonusMin; b <= t.BonusMax && len(out) < 100; b++ {
		if b >= 0 {
			out = append(out, it.Name+" +"+strconv.Itoa(b))
		} else {
			out = append(out, it.Name+" "+strconv.Itoa(b))
		}
	}
	if t.IncludeCursed {
		out = append(out, it.Name+" -1")
	}
	return out
}

// index maps every spawnable name to its section and the base item it derives from.
type index struct {
	section map[string]chain.Section
}

func (p *Pack) index() index {
	ix := index{section: make(map[string]chain.Section, len(p.Items)+len(p.Mobs)+len(p.Props))}
	add := func(name string, s chain.Section) {
		if _, dup := ix.section[name]; !dup {
			ix.section[name] = s
		}
	}
	for i := range p.Items {
		add(p.Items[i].Name, chain.Items)
	}
	for i := range p.Mobs {
		add(p.Mobs[i].Name, chain.Mobs)
	}
	for i := range p.Props {
		add(p.Props[i].Name, chain.Props)
	}
	for i := range p.Items {
		for _, n := range MagicNames(&p.Items[i]) {
			add(n, chain.Items)
		}
	}
	return ix
}

// SectionOf returns the section that defines name (items, including template_magic
// variants, mobs or props).
func (p *Pack) SectionOf(name string) (chain.Section, bool) {
	s, ok := p.index().section[name]
	return s, ok
}

// Eligible reports whether the entry can spawn at depth (min_depth <= depth <= max_depth).
func (e *SpawnEntry) Eligible(depth int) bool {
	return e.MinDepth <= depth && depth <= e.MaxDepth
}

// EffectiveWeight is the entry's weight at depth: weight, plus depth when
// add_map_depth_to_weight is true. It is 0 when the entry is not eligible or the
// result is not positive, and at most MaxWeight.
func (e *SpawnEntry) EffectiveWeight(depth int) int {
	if !e.Eligible(depth) {
		return 0
	}
	return effWeight(e.Weight, depth, e.AddMapDepthToWeight)
}

// MaxWeight caps effective weights so that sums of weights cannot overflow.
const MaxWeight = 1 << 40

func clampWeight(w int) int { return min(max(w, -MaxWeight), MaxWeight) }

func effWeight(weight, depth int, addDepth bool) int {
	w := clampWeight(weight)
	if addDepth {
		w += clampWeight(depth)
	}
	return min(max(w, 0), MaxWeight)
}

// Odds is one entry's chance of being rolled.
type Odds struct {
	Name        string        `json:"name"`
	Probability float64       `json:"probability"`
	Section     chain.Section `json:"section"`
	Weight      int           `json:"-"` // effective weight at the depth
}

// Odds returns the spawn odds at depth over the whole spawn table (section any), in
// spawn table order. Entries whose name is not defined in the pack, or whose effective
// weight is 0, cannot spawn and are left out.
//
// Unlike the tutorial this has no off-by-one: the tutorial's RandomTable rolls
// 1..=total, subtracts 1 and walks the entries with `while roll > 0`, so the first
// slot of every entry maps to "None": an entry of weight w spawns with weight w-1
// (weight 1 never spawns). Here an entry of weight w spawns with probability w/total.
// The tutorial also adds the depth whenever add_map_depth_to_weight is present, even
// when false; here false means false.
func (p *Pack) Odds(depth int) []Odds {
	return p.compile(false).Odds(depth, chain.AnySection)
}

// Roller is an immutable snapshot of a pack's spawn table, items and loot tables for
// rolling; it implements chain.Spawner and is safe for concurrent use. Build one per
// chain run with Pack.Roller so the editor can keep changing the pack meanwhile.
type Roller struct {
	spawns []rollEntry
	picks  []pickItem
	loot   []LootTable
	// Cumulative weights per (depth-lo, section) for depths lo..hi, so a roll is a
	// binary search; other depths scan the entries.
	lo, hi int
	tabled bool
	tables [][]cum
}

type cum struct {
	total int // cumulative effective weight up to and including entry
	entry int32
}

type rollEntry struct {
	name               string
	section            chain.Section
	sec                int // sectionIndex(section)
	weight             int
	addDepth           bool
	minDepth, maxDepth int
}

type pickItem struct {
	name          string
	weapon, armor bool
	vendor        string
	ranged        bool // appears in the spawn table
	minD, maxD    []int
}

var _ chain.Spawner = (*Roller)(nil)
var _ chain.Spawner = (*Pack)(nil)

// sectionIndex numbers the sections: 0 any, 1 items, 2 mobs, 3 props, -1 unknown.
func sectionIndex(s chain.Section) int {
	switch s {
	case chain.AnySection, "":
		return 0
	case chain.Items:
		return 1
	case chain.Mobs:
		return 2
	case chain.Props:
		return 3
	}
	return -1
}

// maxTableCells bounds the memory of the precomputed roll tables.
const maxTableCells = 1 << 20

// Roller compiles the pack into a Roller.
func (p *Pack) Roller() *Roller { return p.compile(true) }

// compile builds a Roller; tables=false skips the precomputed roll tables (for a
// single roll on the live pack).
func (p *Pack) compile(tables bool) *Roller {
	ix := p.index()
	r := &Roller{}
	depths := map[string][][2]int{}
	for i := range p.SpawnTable {
		e := &p.SpawnTable[i]
		depths[e.Name] = append(depths[e.Name], [2]int{e.MinDepth, e.MaxDepth})
		s, ok := ix.section[e.Name]
		if !ok {
			continue
		}
		if len(r.spawns) == 0 {
			r.lo, r.hi = e.MinDepth, e.MaxDepth
		}
		r.lo, r.hi = min(r.lo, e.MinDepth), max(r.hi, e.MaxDepth)
		r.spawns = append(r.spawns, rollEntry{name: e.Name, section: s, sec: sectionIndex(s), weight: e.Weight,
			addDepth: e.AddMapDepthToWeight, minDepth: e.MinDepth, maxDepth: e.MaxDepth})
	}
	for i := range p.Items {
		it := &p.Items[i]
		pi := pickItem{name: it.Name, weapon: it.Weapon != nil, armor: it.Wearable != nil, vendor: it.VendorCategory}
		for _, d := range depths[it.Name] {
			pi.ranged = true
			pi.minD = append(pi.minD, d[0])
			pi.maxD = append(pi.maxD, d[1])
		}
		r.picks = append(r.picks, pi)
	}
	r.loot = make([]LootTable, len(p.LootTables))
	for i, t := range p.LootTables {
		r.loot[i] = LootTable{Name: t.Name, Drops: append([]LootDrop(nil), t.Drops...)}
	}
	if tables {
		r.buildTables()
	}
	return r
}

func (r *Roller) buildTables() {
	if len(r.spawns) == 0 || r.lo < -maxTableCells || r.hi > maxTableCells {
		return // no tables: every depth scans
	}
	span := r.hi - r.lo + 1
	if span <= 0 || span*4*len(r.spawns) > maxTableCells {
		// span ≤ 0: every entry has min_depth above max_depth (Validate
		// reports it); none ever rolls, and scanning finds none.
		return
	}
	r.tabled = true
	r.tables = make([][]cum, span*4)
	for d := r.lo; d <= r.hi; d++ {
		for s := range 4 {
			var t []cum
			total := 0
			for i := range r.spawns {
				e := &r.spawns[i]
				if s != 0 && e.sec != s {
					continue
				}
				if w := e.eff(d); w > 0 {
					total += w
					t = append(t, cum{total, int32(i)})
				}
			}
			r.tables[(d-r.lo)*4+s] = t
		}
	}
}

func (e *rollEntry) eff(depth int) int {
	if depth < e.minDepth || depth > e.maxDepth {
		return 0
	}
	return effWeight(e.weight, depth, e.addDepth)
}

func matches(e *rollEntry, sec int) bool { return sec == 0 || e.sec == sec }

// Odds returns the odds of each entry of section at depth, in spawn table order.
func (r *Roller) Odds(depth int, section chain.Section) []Odds {
	out := []Odds{}
	sec := sectionIndex(section)
	if sec < 0 {
		return out
	}
	total := 0
	for i := range r.spawns {
		if matches(&r.spawns[i], sec) {
			total += r.spawns[i].eff(depth)
		}
	}
	for i := range r.spawns {
		e := &r.spawns[i]
		w := e.eff(depth)
		if w == 0 || !matches(e, sec) {
			continue
		}
		out = append(out, Odds{Name: e.name, Section: e.section, Weight: w, Probability: float64(w) / float64(total)})
	}
	return out
}

// Roll draws a spawn table entry of section eligible at depth, weighted by effective
// weight (one rng draw). ok is false when nothing is eligible.
func (r *Roller) Roll(rng *rand.Rand, depth int, section chain.Section) (string, bool) {
	sec := sectionIndex(section)
	if sec < 0 {
		return "", false
	}
	if r.tabled && depth >= r.lo && depth <= r.hi {
		t := r.tables[(depth-r.lo)*4+sec]
		if len(t) == 0 {
			return "", false
		}
		n := rng.IntN(t[len(t)-1].total)
		lo, hi := 0, len(t)-1
		for lo < hi { // first cumulative total > n
			mid := int(uint(lo+hi) >> 1)
			if t[mid].total > n {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return r.spawns[t[lo].entry].name, true
	}
	total := 0
	for i := range r.spawns {
		if matches(&r.spawns[i], sec) {
			total += r.spawns[i].eff(depth)
		}
	}
	if total <= 0 {
		return "", false
	}
	n := rng.IntN(total)
	for i := range r.spawns {
		e := &r.spawns[i]
		if !matches(e, sec) {
			continue
		}
		n -= e.eff(depth)
		if n < 0 {
			return e.name, true
		}
	}
	return "", false
}

func (pi *pickItem) is(category string) bool {
	switch category {
	case "weapon":
		if pi.weapon {
			return true
		}
	case "armor":
		if pi.armor {
			return true
		}
	}
	return pi.vendor == category
}

func (pi *pickItem) eligible(depth int) bool {
	if !pi.ranged {
		return true
	}
	for i := range pi.minD {
		if pi.minD[i] <= depth && depth <= pi.maxD[i] {
			return true
		}
	}
	return false
}

// Pick draws uniformly among the items of category eligible at depth: "weapon" means
// items with a weapon (or vendor_category "weapon"), "armor" items with a wearable
// (or vendor_category "armor"), anything else a vendor_category. An item in the spawn
// table is eligible within its entries' depth ranges, any other item at every depth.
func (r *Roller) Pick(rng *rand.Rand, depth int, category string) (string, bool) {
	n := 0
	for i := range r.picks {
		if r.picks[i].is(category) && r.picks[i].eligible(depth) {
			n++
		}
	}
	if n == 0 {
		return "", false
	}
	k := rng.IntN(n)
	for i := range r.picks {
		if r.picks[i].is(category) && r.picks[i].eligible(depth) {
			if k == 0 {
				return r.picks[i].name, true
			}
			k--
		}
	}
	return "", false
}

// RollLoot draws a drop of the named loot table, weighted; ok is false when the table
// is unknown or has no positive weights.
func (r *Roller) RollLoot(rng *rand.Rand, table string) (string, bool) {
	for i := range r.loot {
		if r.loot[i].Name == table {
			return rollDrops(rng, r.loot[i].Drops)
		}
	}
	return "", false
}

func rollDrops(rng *rand.Rand, drops []LootDrop) (string, bool) {
	total := 0
	for _, d := range drops {
		total += min(max(d.Weight, 0), MaxWeight)
	}
	if total == 0 {
		return "", false
	}
	n := rng.IntN(total)
	for _, d := range drops {
		n -= min(max(d.Weight, 0), MaxWeight)
		if n < 0 {
			return d.Name, true
		}
	}
	return "", false
}

// Roll implements chain.Spawner on the live pack. It compiles the pack on every call;
// for many rolls (a chain run) use Roller.
func (p *Pack) Roll(rng *rand.Rand, depth int, section chain.Section) (string, bool) {
	return p.compile(false).Roll(rng, depth, section)
}

// Pick implements chain.Spawner on the live pack (see Roller.Pick).
func (p *Pack) Pick(rng *rand.Rand, depth int, category string) (string, bool) {
	return p.compile(false).Pick(rng, depth, category)
}

// RollLoot draws a drop of the named loot table (see Roller.RollLoot).
func (p *Pack) RollLoot(rng *rand.Rand, table string) (string, bool) {
	if t := p.LootTable(table); t != nil {
		return rollDrops(rng, t.Drops)
	}
	return "", false
}

// Response is how a faction reacts to another.
type Response string

// The faction responses.
const (
	Attack Response = "attack"
	Ignore Response = "ignore"
	Flee   Response = "flee"
)

// Responses lists the valid responses.
var Responses = []Response{Attack, Ignore, Flee}

// ParseResponse checks a response value.
func ParseResponse(s string) (Response, error) {
	for _, r := range Responses {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("content: unknown response %q (want attack, ignore or flee)", s)
}

// Reaction is how members of this faction react to members of theirs: the response
// for theirs, else the "Default" response, else ignore. Invalid values count as ignore.
func (f *Faction) Reaction(theirs string) Response {
	v, ok := f.Responses.Get(theirs)
	if !ok {
		v, ok = f.Responses.Get("Default")
	}
	if !ok {
		return Ignore
	}
	if r, err := ParseResponse(v); err == nil {
		return r
	}
	return Ignore
}

// Reaction looks up how faction mine reacts to faction theirs (ignore when mine is
// not in the faction table).
func (p *Pack) Reaction(mine, theirs string) Response {
	if f := p.Faction(mine); f != nil {
		return f.Reaction(theirs)
	}
	return Ignore
}
