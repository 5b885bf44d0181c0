package content

import (
	"fmt"
	"math"
	"strconv"
)

// Bounds of the numbers a pack holds (with MaxStat and MaxRange, which the
// entity form's fields share). Validate refuses a value outside its
// bound naming the field ("mobs[3].vision_range: 100000 is out of range [0,
// 64]"), and the play-test clamps to the same bounds whatever pack it is
// given (an editor pack with unsaved errors, a Go caller's), so no number of
// a pack makes the game or a builder allocate or loop without limit.
const (
	// MaxVisionRange is the farthest a mob sees (tiles, Chebyshev): the
	// tutorial's mobs see 4-16 tiles; a creature's field of view costs the
	// square of its range.
	MaxVisionRange = MaxRange
	// MaxLevel is the highest mob level (the tutorial's hit points grow with
	// it, one roll a level).
	MaxLevel = 1000
	// MaxHP is the most hit points or mana a mob has.
	MaxHP = MaxStat
	// MaxAttribute bounds attribute values and bonuses, skills, hit bonuses
	// and armour classes in absolute value (the tutorial's are 1-20).
	MaxAttribute = 1000
	// MaxEntryWeight is the largest weight of a spawn-table entry or a loot drop.
	MaxEntryWeight = 1_000_000_000
	// MaxEntryDepth is the deepest depth a spawn-table entry names (a
	// chain's depth limit).
	MaxEntryDepth = 1000
	// MaxMagicBonus bounds template_magic's bonus_min and bonus_max in
	// absolute value (each bonus is a generated item name).
	MaxMagicBonus = 100
)

// ClampInt returns v within [lo, hi].
func ClampInt(v, lo, hi int) int { return min(max(v, lo), hi) }

// bounds checks every modelled number of the pack against its bound.
func (v *validator) bounds() {
	p := v.p
	for i := range p.Items {
		it := &p.Items[i]
		path := at("items", i)
		v.renderBounds(path, it.Renderable)
		if c := it.Consumable; c != nil {
			v.intIn(path+".consumable.charges", c.Charges, 0, MaxStat)
		}
		if w := it.Weapon; w != nil {
			v.intIn(path+".weapon.hit_bonus", w.HitBonus, -MaxAttribute, MaxAttribute)
			v.floatIn(path+".weapon.proc_chance", w.ProcChance, 0, 1)
			if w.Range != "melee" {
				if n, err := strconv.Atoi(w.Range); err == nil && n > MaxRange {
					v.err(path+".weapon.range", "%q is out of range [1, %d]", w.Range, MaxRange)
				}
			}
		}
		if w := it.Wearable; w != nil {
			v.floatIn(path+".wearable.armor_class", w.ArmorClass, -MaxAttribute, MaxAttribute)
		}
		v.floatIn(path+".initiative_penalty", it.InitiativePenalty, -MaxStat, MaxStat)
		v.floatIn(path+".weight_lbs", it.WeightLbs, 0, MaxStat)
		v.floatIn(path+".base_value", it.BaseValue, 0, MaxStat)
		if a := it.Attributes; a != nil {
			v.attributes(path+".attributes", *a)
		}
		if t := it.TemplateMagic; t != nil {
			v.intIn(path+".template_magic.bonus_min", t.BonusMin, -MaxMagicBonus, MaxMagicBonus)
			v.intIn(path+".template_magic.bonus_max", t.BonusMax, -MaxMagicBonus, MaxMagicBonus)
		}
	}
	for i := range p.Mobs {
		m := &p.Mobs[i]
		path := at("mobs", i)
		v.renderBounds(path, m.Renderable)
		v.intIn(path+".vision_range", m.VisionRange, 0, MaxVisionRange)
		v.attributes(path+".attributes", m.Attributes)
		for _, s := range m.Skills {
			v.intIn(path+".skills."+s.Key, s.Value, -MaxAttribute, MaxAttribute)
		}
		v.intIn(path+".level", m.Level, 0, MaxLevel)
		v.intIn(path+".hp", m.HP, 0, MaxHP)
		v.intIn(path+".mana", m.Mana, 0, MaxHP)
		if n := m.Natural; n != nil {
			v.intIn(path+".natural.armor_class", n.ArmorClass, -MaxAttribute, MaxAttribute)
			for j, a := range n.Attacks {
				v.intIn(fmt.Sprintf("%s.natural.attacks[%d].hit_bonus", path, j), a.HitBonus, -MaxAttribute, MaxAttribute)
			}
		}
		if l := m.Light; l != nil {
			v.intIn(path+".light.range", l.Range, 0, MaxRange)
		}
		for j, a := range m.Abilities {
			v.abilityBounds(fmt.Sprintf("%s.abilities[%d]", path, j), a)
		}
		for j, a := range m.OnDeath {
			v.abilityBounds(fmt.Sprintf("%s.on_death[%d]", path, j), a)
		}
	}
	for i := range p.Props {
		pr := &p.Props[i]
		path := at("props", i)
		v.renderBounds(path, pr.Renderable)
		if l := pr.Light; l != nil {
			v.intIn(path+".light.range", l.Range, 0, MaxRange)
		}
	}
	for i := range p.SpawnTable {
		e := &p.SpawnTable[i]
		path := at("spawn_table", i)
		v.intIn(path+".weight", e.Weight, 0, MaxEntryWeight)
		v.intIn(path+".min_depth", e.MinDepth, 0, MaxEntryDepth)
		v.intIn(path+".max_depth", e.MaxDepth, 0, MaxEntryDepth)
	}
	for i := range p.LootTables {
		for j, d := range p.LootTables[i].Drops {
			v.intIn(fmt.Sprintf("%s.drops[%d].weight", at("loot_tables", i), j), d.Weight, 0, MaxEntryWeight)
		}
	}
	for i := range p.Spells {
		v.intIn(at("spells", i)+".mana_cost", p.Spells[i].ManaCost, 0, MaxStat)
	}
}

func (v *validator) renderBounds(path string, r *Renderable) {
	if r == nil {
		return
	}
	path += ".renderable"
	v.intIn(path+".order", r.Order, 0, MaxStat)
	v.intIn(path+".x_size", r.XSize, 0, MaxRange)
	v.intIn(path+".y_size", r.YSize, 0, MaxRange)
}

func (v *validator) attributes(path string, a Attributes) {
	v.intIn(path+".might", a.Might, -MaxAttribute, MaxAttribute)
	v.intIn(path+".fitness", a.Fitness, -MaxAttribute, MaxAttribute)
	v.intIn(path+".quickness", a.Quickness, -MaxAttribute, MaxAttribute)
	v.intIn(path+".intelligence", a.Intelligence, -MaxAttribute, MaxAttribute)
}

func (v *validator) abilityBounds(path string, a Ability) {
	v.floatIn(path+".range", a.Range, 0, MaxRange)
	v.floatIn(path+".min_range", a.MinRange, 0, MaxRange)
}

// intIn refuses n outside [lo, hi], naming the field.
func (v *validator) intIn(path string, n, lo, hi int) {
	if n < lo || n > hi {
		v.err(path, "%d is out of range [%d, %d]", n, lo, hi)
	}
}

// floatIn refuses f outside [lo, hi] (or not a number), naming the field.
func (v *validator) floatIn(path string, f, lo, hi float64) {
	if math.IsNaN(f) || f < lo || f > hi {
		v.err(path, "%s is out of range [%s, %s]", fmtFloat(f), fmtFloat(lo), fmtFloat(hi))
	}
}

// fmtFloat writes f as JSON would: whole numbers below 1e21 in full.
func fmtFloat(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
