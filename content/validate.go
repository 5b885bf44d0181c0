package content

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain/jsonfile"
)

// Problem is one validation finding: the JSON path of the offending value (e.g.
// "faction_table[1].responses.Default") and a message quoting it; Warning marks
// the suspicious but valid. Its Step is always -1. It is jsonfile's problem, the
// one of every loader; String formats it as "path: message".
type Problem = jsonfile.Problem

// Errors returns the errors among ps (not the warnings) as jsonfile.Problems,
// or nil when there are none, so that jsonfile.WithFile(packFile,
// content.Errors(ps)) prints each as "FILE: json.path: message".
func Errors(ps []Problem) error {
	var out jsonfile.Problems
	for _, p := range ps {
		if !p.Warning {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// HasErrors reports whether any problem is an error (not a warning).
func HasErrors(ps []Problem) bool {
	for _, p := range ps {
		if !p.Warning {
			return true
		}
	}
	return false
}

// Validate checks the pack and returns every problem, errors first (schema type
// problems in document order, then reference and value checks section by section),
// then warnings.
func (p *Pack) Validate() []Problem {
	v := &validator{p: p, ix: p.index()}
	v.run()
	// A value of the wrong type decodes as zero; report the type, not the zero.
	typed := schemaProblems(p.tree())
	seen := make(map[string]bool, len(typed))
	for _, t := range typed {
		seen[t.Path] = true
	}
	for _, n := range numberProblems(p) {
		if !seen[n.Path] {
			seen[n.Path] = true
			typed = append(typed, n)
		}
	}
	out := typed
	for _, e := range v.errs {
		if !seen[e.Path] {
			out = append(out, e)
		}
	}
	return append(out, v.warns...)
}

type validator struct {
	p           *Pack
	ix          index
	errs, warns []Problem
}

func (v *validator) err(path, format string, args ...any) {
	v.errs = append(v.errs, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
}

func (v *validator) warn(path, format string, args ...any) {
	v.warns = append(v.warns, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1, Warning: true})
}

func at(section string, i int) string { return section + "[" + strconv.Itoa(i) + "]" }

func (v *validator) run() {
	p := v.p
	factions := map[string]bool{}
	spells := map[string]bool{}
	loot := map[string]bool{}
	vendorCats := map[string]bool{}
	for _, f := range p.FactionTable {
		factions[f.Name] = true
	}
	for _, s := range p.Spells {
		spells[s.Name] = true
	}
	for _, t := range p.LootTables {
		loot[t.Name] = true
	}
	for _, it := range p.Items {
		if it.VendorCategory != "" {
			vendorCats[it.VendorCategory] = true
		}
	}
	isItem := func(name string) bool {
		s, ok := v.ix.section[name]
		return ok && s == "items"
	}

	// Names: non-empty and unique across items, mobs and props.
	first := map[string]string{}
	entity := func(path, name string) {
		if strings.TrimSpace(name) == "" {
			v.err(path+".name", "empty name %q", name)
			return
		}
		if prev, dup := first[name]; dup {
			v.err(path+".name", "duplicate name %q (also %s)", name, prev)
			return
		}
		first[name] = path
	}
	// An entity in no spawn table or loot table is not a problem: builders place
	// entities by name (the town's folk and furniture, prefab legend spawns,
	// place_spawn, guaranteed_spawn, periodic_spawn), so a pack alone cannot know
	// that nothing places it. `hewn project check` checks the converse: every
	// entity a project's steps place by name is defined.
	for i := range p.Items {
		it := &p.Items[i]
		path := at("items", i)
		entity(path, it.Name)
		v.renderable(path, it.Renderable)
		if it.Consumable != nil {
			v.effects(path+".consumable.effects", it.Consumable.Effects, spells)
		}
		if w := it.Weapon; w != nil {
			v.dice(path+".weapon.base_damage", w.BaseDamage)
			if w.Range != "melee" {
				if n, err := strconv.Atoi(w.Range); err != nil || n < 1 {
					v.err(path+".weapon.range", "bad range %q (want melee or a number of tiles)", w.Range)
				}
			}
			if !strings.EqualFold(w.Attribute, "might") && !strings.EqualFold(w.Attribute, "quickness") {
				v.err(path+".weapon.attribute", "unknown attribute %q (want might or quickness)", w.Attribute)
			}
			v.effects(path+".weapon.proc_effects", w.ProcEffects, spells)
		}
		if w := it.Wearable; w != nil && !oneOf(w.Slot, slots) {
			v.err(path+".wearable.slot", "unknown slot %q (want %s)", w.Slot, orList(slots))
		}
		if t := it.TemplateMagic; t != nil {
			if t.BonusMin > t.BonusMax {
				v.err(path+".template_magic.bonus_min", "%d is greater than bonus_max %d", t.BonusMin, t.BonusMax)
			}
			if it.Weapon == nil && it.Wearable == nil {
				v.warn(path+".template_magic", "%q has neither weapon nor wearable, so no magic variants are generated", it.Name)
			}
		}
	}
	for i := range p.Mobs {
		m := &p.Mobs[i]
		path := at("mobs", i)
		entity(path, m.Name)
		v.renderable(path, m.Renderable)
		if !oneOf(m.Movement, movements) {
			v.err(path+".movement", "unknown movement %q (want %s)", m.Movement, orList(movements))
		}
		if m.Faction != "" && !factions[m.Faction] {
			v.err(path+".faction", "unknown faction %q", m.Faction)
		}
		if m.LootTable != "" && !loot[m.LootTable] {
			v.err(path+".loot_table", "unknown loot table %q", m.LootTable)
		}
		if m.Gold != "" {
			v.dice(path+".gold", m.Gold)
		}
		for j, e := range m.Equipped {
			if !isItem(e) {
				v.err(fmt.Sprintf("%s.equipped[%d]", path, j), "unknown item %q", e)
			}
		}
		for j, c := range m.Vendor {
			if !vendorCats[c] {
				v.warn(fmt.Sprintf("%s.vendor[%d]", path, j), "no item has vendor_category %q", c)
			}
		}
		if m.Natural != nil {
			for j, a := range m.Natural.Attacks {
				v.dice(fmt.Sprintf("%s.natural.attacks[%d].damage", path, j), a.Damage)
			}
		}
		if m.Light != nil {
			v.colour(path+".light.color", m.Light.Color)
		}
		for j, a := range m.Abilities {
			v.ability(fmt.Sprintf("%s.abilities[%d]", path, j), a, spells)
		}
		for j, a := range m.OnDeath {
			v.ability(fmt.Sprintf("%s.on_death[%d]", path, j), a, spells)
		}
	}
	for i := range p.Props {
		pr := &p.Props[i]
		path := at("props", i)
		entity(path, pr.Name)
		v.renderable(path, pr.Renderable)
		if pr.EntryTrigger != nil {
			v.effects(path+".entry_trigger.effects", pr.EntryTrigger.Effects, spells)
		}
		if pr.Light != nil {
			v.colour(path+".light.color", pr.Light.Color)
		}
	}

	for i := range p.SpawnTable {
		e := &p.SpawnTable[i]
		path := at("spawn_table", i)
		if _, ok := v.ix.section[e.Name]; !ok {
			v.err(path+".name", "unknown entity %q", e.Name)
		}
		if e.MinDepth > e.MaxDepth {
			v.err(path+".min_depth", "%d is greater than max_depth %d", e.MinDepth, e.MaxDepth)
		}
	}
	v.unique("spawn_table", len(p.SpawnTable), func(i int) string { return p.SpawnTable[i].Name })

	for i := range p.LootTables {
		t := &p.LootTables[i]
		path := at("loot_tables", i)
		if len(t.Drops) == 0 {
			v.warn(path+".drops", "loot table %q has no drops", t.Name)
		}
		for j, d := range t.Drops {
			dp := fmt.Sprintf("%s.drops[%d]", path, j)
			if !isItem(d.Name) {
				v.err(dp+".name", "unknown item %q", d.Name)
			}
		}
	}
	v.unique("loot_tables", len(p.LootTables), func(i int) string { return p.LootTables[i].Name })

	for i := range p.FactionTable {
		f := &p.FactionTable[i]
		path := at("faction_table", i)
		if len(f.Responses) == 0 {
			v.warn(path+".responses", "faction %q has no responses (it ignores everyone)", f.Name)
		}
		for _, r := range f.Responses {
			rp := path + ".responses." + r.Key
			if _, err := ParseResponse(r.Value); err != nil {
				v.err(rp, "unknown response %q (want attack, ignore or flee)", r.Value)
			}
			if r.Key != "Default" && r.Key != "Player" && !factions[r.Key] {
				v.warn(rp, "no faction named %q", r.Key)
			}
		}
	}
	v.unique("faction_table", len(p.FactionTable), func(i int) string { return p.FactionTable[i].Name })

	for i := range p.Spells {
		s := &p.Spells[i]
		path := at("spells", i)
		v.effects(path+".effects", s.Effects, spells)
	}
	v.unique("spells", len(p.Spells), func(i int) string { return p.Spells[i].Name })
	for i := range p.WeaponTraits {
		v.effects(at("weapon_traits", i)+".effects", p.WeaponTraits[i].Effects, spells)
	}
	v.unique("weapon_traits", len(p.WeaponTraits), func(i int) string { return p.WeaponTraits[i].Name })
	v.bounds()
}

var (
	movements = []string{MoveStatic, MoveRandom, MoveRandomWaypoint}
	slots     = []string{"Shield", "Head", "Torso", "Legs", "Feet", "Hands"}
)

func oneOf(s string, set []string) bool {
	for _, v := range set {
		if s == v {
			return true
		}
	}
	return false
}

func orList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func (v *validator) unique(section string, n int, name func(int) string) {
	first := map[string]int{}
	for i := range n {
		nm := name(i)
		if strings.TrimSpace(nm) == "" {
			v.err(at(section, i)+".name", "empty name %q", nm)
			continue
		}
		if j, dup := first[nm]; dup {
			v.err(at(section, i)+".name", "duplicate name %q (also %s)", nm, at(section, j))
			continue
		}
		first[nm] = i
	}
}

func (v *validator) renderable(path string, r *Renderable) {
	if r == nil {
		return
	}
	path += ".renderable"
	switch n := utf8.RuneCountInString(r.Glyph); {
	case n == 0:
		v.err(path+".glyph", "empty glyph %q", r.Glyph)
	case n > 1:
		v.warn(path+".glyph", "glyph %q has %d characters; only the first is drawn", r.Glyph, n)
	}
	v.colour(path+".fg", r.FG)
	v.colour(path+".bg", r.BG)
}

// ValidColour reports whether s is a "#RRGGBB" colour.
func ValidColour(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for _, c := range s[1:] {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

func (v *validator) colour(path, s string) {
	if !ValidColour(s) {
		v.err(path, "bad colour %q (want #RRGGBB)", s)
	}
}

func (v *validator) dice(path, s string) {
	if _, err := ParseDice(s); err != nil {
		v.err(path, "bad dice %q (want NdS, NdS+K, NdS-K or K)", s)
	}
}

func (v *validator) ability(path string, a Ability, spells map[string]bool) {
	if !spells[a.Spell] {
		v.err(path+".spell", "unknown spell %q", a.Spell)
	}
	if a.Chance < 0 || a.Chance > 1 {
		v.err(path+".chance", "chance %v is not within 0..1", a.Chance)
	}
}

// effects checks the effect keys whose values Hewn understands: damage and
// provides_healing (dice, which the play-test rolls) and teach_spell (a
// spell name).
func (v *validator) effects(path string, m StringMap, spells map[string]bool) {
	for _, e := range m {
		switch e.Key {
		case "damage", "provides_healing":
			v.dice(path+"."+e.Key, e.Value)
		case "teach_spell":
			if !spells[e.Value] {
				v.err(path+".teach_spell", "unknown spell %q", e.Value)
			}
		}
	}
}

// numberProblems reports the modelled fields whose number has the right JSON
// type but does not fit: an integer beyond int64 (a max_depth of
// 9223372036854775808), an integer field's value beyond 2^53
// (99999999999999999999999999), a number beyond float64 (1e400). The codec
// keeps such a value as it is (so it exports unchanged) and leaves the field
// zero; without this the zero would pass for it.
func numberProblems(p *Pack) []Problem {
	var out []Problem
	walkNumbers(reflect.ValueOf(p).Elem(), "", &out)
	return out
}

func walkNumbers(v reflect.Value, path string, out *[]Problem) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			walkNumbers(v.Elem(), path, out)
		}
		return
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Struct {
			for i := range v.Len() {
				walkNumbers(v.Index(i), path+"["+strconv.Itoa(i)+"]", out)
			}
		}
		return
	case reflect.Struct:
	default:
		return
	}
	h, ok := v.Addr().Interface().(hasMeta)
	if !ok {
		return
	}
	ti := infoOf(v.Type())
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	for _, rf := range h.metaPtr().fields {
		idx, modelled := ti.byName[rf.key]
		if !modelled {
			continue
		}
		fv := v.Field(ti.fields[idx].index)
		if rf.bad {
			if isEmpty(fv) {
				if sub, n := unfitNumber(rf.val, ""); n != nil {
					*out = append(*out, Problem{Path: join(rf.key) + sub, Step: -1,
						Msg: fmt.Sprintf("%s is out of range (too large a number)", n.Text)})
				}
			}
			continue
		}
		walkNumbers(fv, join(rf.key), out)
	}
}

// unfitNumber finds the first number in n (n itself, or inside it) that no
// Hewn field can hold, and its path below n ("[2]", ".fire").
func unfitNumber(n *jsonfile.Node, sub string) (string, *jsonfile.Node) {
	switch n.Kind {
	case jsonfile.Number:
		f, err := strconv.ParseFloat(n.Text, 64)
		if err != nil || math.IsInf(f, 0) {
			return sub, n
		}
		if !strings.ContainsAny(n.Text, ".eE") {
			if _, err := strconv.ParseInt(n.Text, 10, 64); err != nil {
				return sub, n
			}
		}
		if f == math.Trunc(f) && math.Abs(f) > 1<<53 {
			return sub, n
		}
	case jsonfile.Array:
		for i, it := range n.Items {
			if s, u := unfitNumber(it, sub+"["+strconv.Itoa(i)+"]"); u != nil {
				return s, u
			}
		}
	case jsonfile.Object:
		for _, f := range n.Fields {
			if s, u := unfitNumber(f.Val, sub+"."+f.Key); u != nil {
				return s, u
			}
		}
	}
	return "", nil
}
