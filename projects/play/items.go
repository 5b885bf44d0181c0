package play

import (
	"slices"
	"strconv"
	"strings"

	"hewn/content"
)

// use drinks (q) or eats (e) the first fitting item the player carries: q a
// potion or other drink (a consumable with provides_healing or
// provides_mana), e food (a consumable with food). It reports whether the
// turn was used.
func (g *Game) use(r rune) bool {
	verb, want := "drink", []string{"provides_healing", "provides_mana"}
	if r == 'e' {
		verb, want = "eat", []string{"food"}
	}
	for i, name := range g.Player.Inventory {
		it := g.items[name]
		if it == nil || it.Consumable == nil {
			continue
		}
		eff := it.Consumable.Effects
		if !slices.ContainsFunc(want, func(k string) bool { _, ok := eff.Get(k); return ok }) {
			continue
		}
		g.Player.Inventory = slices.Delete(g.Player.Inventory, i, i+1)
		msg := "You " + verb + " the " + name + "."
		if s, ok := eff.Get("provides_healing"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				d, _ := content.ParseDice(s)
				n = d.Roll(g.seed(1 << 28))
			}
			before := g.Player.HP
			g.Player.HP = min(g.Player.MaxHP, g.Player.HP+content.ClampInt(n, 0, content.MaxHP))
			msg += " You heal " + strconv.Itoa(g.Player.HP-before) + " hit points."
		} else if r == 'e' {
			msg += " You are no longer hungry."
		}
		g.logf("%s", msg)
		return true
	}
	if r == 'e' {
		g.logf("You have nothing to eat.")
	} else {
		g.logf("You have nothing to drink.")
	}
	return false
}

// equip wields a weapon or wears armour just picked up when it is better than
// what the player has: a weapon whose mean damage plus hit bonus is higher, an
// armour with a higher armour class in its slot.
func (g *Game) equip(name string) {
	it := g.items[name]
	if it == nil {
		return
	}
	if it.Weapon != nil && (it.Weapon.Range == "" || it.Weapon.Range == "melee") {
		d, err := content.ParseDice(it.Weapon.BaseDamage)
		if err == nil && d.Mean()+float64(it.Weapon.HitBonus) > g.weapon.dmg.Mean()+float64(g.weapon.hit) {
			g.wield(it)
			g.logf("You wield the %s.", name)
		}
	}
	if w := it.Wearable; w != nil {
		if g.Player.armor == nil {
			g.Player.armor = map[string]float64{}
		}
		if ac := min(w.ArmorClass, content.MaxAttribute); ac > g.Player.armor[w.Slot] { // NaN is never greater
			g.Player.armor[w.Slot] = ac
			ac := 0.0
			for _, slot := range sortedKeys(g.Player.armor) {
				ac += g.Player.armor[slot]
			}
			g.Player.AC = 10 + int(ac)
			g.logf("You put on the %s.", name)
		}
	}
}

// wield makes it (a weapon) the player's.
func (g *Game) wield(it *content.Item) {
	if it.Weapon == nil {
		return
	}
	d, err := content.ParseDice(it.Weapon.BaseDamage)
	if err != nil {
		return
	}
	// +1: the tutorial's player starts with melee skill 1.
	g.weapon = attack{name: strings.ToLower(it.Name), hit: 1 + clampAttr(it.Weapon.HitBonus), dmg: d}
	g.Player.Weapon = it.Name
}

func sortedKeys(m map[string]float64) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
