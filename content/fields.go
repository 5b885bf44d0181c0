package content

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain"
)

// The entity form's fields, described once: the editor renders every
// section's form from EntityGroups (no per-section or per-field form code),
// parses and checks typed values with Set (an error says why a value is
// refused and changes nothing), and shows the keys no descriptor models
// (the ones the raws leave free, Hewn's model does not know) read-only
// (Entity.JSON with ModelledKeys), kept as they are on save. Values are read
// and written through the codec's view of the model (JSON keys), so a
// descriptor names a field by its JSON path and needs no code of its own.

// FieldKind says how the editor shows, parses and checks a field.
type FieldKind int

// The kinds of entity fields.
const (
	// FieldName is the entity's name: changing it is a rename that every
	// reference follows (Set refuses; the editor renames).
	FieldName FieldKind = iota
	// FieldText is free text; Choices, when set, are suggestions.
	FieldText
	// FieldInt is a whole number within Min..Max.
	FieldInt
	// FieldFloat is a number within Min..Max.
	FieldFloat
	// FieldGlyph is one character, previewed in the entity's colours.
	FieldGlyph
	// FieldColour is a "#RRGGBB" colour.
	FieldColour
	// FieldEnum is one of Choices.
	FieldEnum
	// FieldDice is a dice expression ("1d6+2") or a whole number.
	FieldDice
	// FieldBool is "true" or "false".
	FieldBool
	// FieldRef names something of the pack (Ref says what).
	FieldRef
	// FieldFlag is an effect that takes no value (food, identify): its
	// value, usually "", is kept as it is.
	FieldFlag
	// FieldList is rows of Columns: a list of objects (natural attacks), of
	// strings (quips; one column with Key "") or the entries of a JSON
	// object (effects, skills: the columns "key" and "value").
	FieldList
)

// RefKind says what a FieldRef names.
type RefKind int

// The things a FieldRef may name.
const (
	// RefNone names nothing: the field is no reference.
	RefNone RefKind = iota
	// RefFaction is a faction of the faction table.
	RefFaction
	// RefLootTable is a loot table.
	RefLootTable
	// RefSpell is a spell.
	RefSpell
	// RefItem is an item, or a name an item's template_magic derives.
	RefItem
)

// Bounds of the form's numbers.
const (
	// MaxStat bounds hit points, mana, levels, attributes, skills, bonuses,
	// charges, weights and values.
	MaxStat = 1_000_000
	// MaxRange bounds distances in tiles (vision, light, weapon and ability
	// ranges, areas): a field of view of that range costs its square, on
	// every creature's turn.
	MaxRange = 64
)

// EntityField describes one field of the entity form, or one column of a
// list field's rows.
type EntityField struct {
	// Key is the field's JSON path below the entity ("weapon.base_damage"),
	// as Validate's problem paths name it; for a column, its key in the row
	// ("damage"), "" for a string list's column, "key" or "value" for an
	// object's entries.
	Key         string
	Label, Help string
	Kind        FieldKind
	// Sections are the sections whose entities have the field (the group's
	// when empty).
	Sections []chain.Section
	// Min and Max bound a number.
	Min, Max float64
	// Ref is what a FieldRef names.
	Ref RefKind
	// Choices are an enum's values, or a text's suggestions.
	Choices func(p *Pack) []string
	// Fold makes an enum match its choices whatever their case (the
	// tutorial writes "Quickness" beside "might").
	Fold bool
	// Check is a rule beyond the kind's (a weapon's range).
	Check func(v string) error
	// Example is the value a new row or object starts with.
	Example string
	// Blank says what leaving an optional field out means ("11").
	Blank string
	// Columns are a list field's row fields.
	Columns []EntityField
	// ByKey, on an entries list's value column, is the rule of the value
	// under key (nil: free text).
	ByKey func(key string) *EntityField
	// Group is the Key of the group holding the field.
	Group string
}

// EntityGroup is a heading of the entity form and the fields under it; when
// Key names an object the raws may leave out (weapon, light), the form can
// add and remove it.
type EntityGroup struct {
	// Key is the JSON key of the object holding the fields ("weapon"), ""
	// when they are the entity's own.
	Key         string
	Label, Help string
	Sections    []chain.Section
	Fields      []EntityField
}

// Applies reports whether entities of section s have the field.
func (f *EntityField) Applies(s chain.Section) bool { return slices.Contains(f.Sections, s) }

// Applies reports whether entities of section s have the group.
func (g *EntityGroup) Applies(s chain.Section) bool { return slices.Contains(g.Sections, s) }

var (
	allSections = []chain.Section{chain.Items, chain.Mobs, chain.Props}
	itemsOnly   = []chain.Section{chain.Items}
	mobsOnly    = []chain.Section{chain.Mobs}
	propsOnly   = []chain.Section{chain.Props}
	lit         = []chain.Section{chain.Mobs, chain.Props}
)

// EntityGroups is the entity form, in form order.
var EntityGroups = []EntityGroup{
	{Label: "Item", Sections: itemsOnly, Fields: []EntityField{
		nameField,
		{Key: "vendor_category", Label: "Sold by", Kind: FieldText, Choices: vendorCategories,
			Help: "The vendor category that sells it (a mob's vendor list names categories).", Blank: "not sold"},
		{Key: "base_value", Label: "Value", Kind: FieldFloat, Min: 0, Max: MaxStat, Blank: "0", Help: "Its price in gold."},
		{Key: "weight_lbs", Label: "Weight", Kind: FieldFloat, Min: 0, Max: MaxStat, Blank: "0", Help: "In pounds."},
		{Key: "initiative_penalty", Label: "Initiative", Kind: FieldFloat, Min: -MaxStat, Max: MaxStat, Blank: "0",
			Help: "Initiative penalty while equipped (heavy armour slows)."},
	}},
	{Label: "Mob", Sections: mobsOnly, Fields: []EntityField{
		nameField,
		{Key: "faction", Label: "Faction", Kind: FieldRef, Ref: RefFaction, Blank: "Mindless",
			Help: "How it reacts to others comes from the faction table (none: the tutorial's Mindless)."},
		{Key: "movement", Label: "Movement", Kind: FieldEnum, Choices: func(*Pack) []string { return slices.Clone(movements) },
			Help: "AI when idle: static stays put, random wanders, random_waypoint walks to random places."},
		{Key: "vision_range", Label: "Vision", Kind: FieldInt, Min: 0, Max: MaxRange, Help: "Tiles it sees."},
		{Key: "blocks_tile", Label: "Blocks tile", Kind: FieldBool, Help: "Nothing else may stand on its tile."},
	}},
	{Label: "Prop", Sections: propsOnly, Fields: []EntityField{
		nameField,
		{Key: "blocks_tile", Label: "Blocks tile", Kind: FieldBool, Help: "Nothing may stand on its tile."},
		{Key: "blocks_visibility", Label: "Blocks sight", Kind: FieldBool, Help: "It hides what is behind it (a closed door)."},
		{Key: "door_open", Label: "Door open", Kind: FieldBool, Help: "A door, open."},
		{Key: "hidden", Label: "Hidden", Kind: FieldBool, Help: "Invisible until found (traps)."},
	}},
	{Key: "renderable", Label: "Look", Sections: allSections, Help: "How it is drawn; without one it is invisible.", Fields: []EntityField{
		{Key: "renderable.glyph", Label: "Glyph", Kind: FieldGlyph, Example: "?", Help: "One character, drawn in the colours below."},
		{Key: "renderable.fg", Label: "Foreground", Kind: FieldColour, Example: "#FFFFFF", Help: "The glyph's colour."},
		{Key: "renderable.bg", Label: "Background", Kind: FieldColour, Example: "#000000", Help: "The tile's colour behind the glyph."},
		{Key: "renderable.order", Label: "Order", Kind: FieldInt, Min: 0, Max: MaxStat, Example: "1",
			Help: "Drawing order: lower draws on top (the tutorial: 1 mobs, 2 items, 3 props)."},
		{Key: "renderable.x_size", Label: "Width", Kind: FieldInt, Min: 1, Max: MaxRange, Blank: "1", Help: "Tiles wide (large creatures)."},
		{Key: "renderable.y_size", Label: "Height", Kind: FieldInt, Min: 1, Max: MaxRange, Blank: "1", Help: "Tiles high."},
	}},
	{Key: "consumable", Label: "Consumable", Sections: itemsOnly, Help: "Used up when used: potions, scrolls, food.", Fields: []EntityField{
		effectsField("consumable.effects", "Effects", "What using it does."),
		{Key: "consumable.charges", Label: "Charges", Kind: FieldInt, Min: 1, Max: MaxStat, Blank: "1", Help: "Uses before it is gone."},
	}},
	{Key: "weapon", Label: "Weapon", Sections: itemsOnly, Help: "Wielded in the melee slot.", Fields: []EntityField{
		{Key: "weapon.range", Label: "Range", Kind: FieldText, Example: "melee", Check: checkWeaponRange,
			Choices: func(*Pack) []string { return []string{"melee"} }, Help: "melee, or the tiles it shoots."},
		{Key: "weapon.attribute", Label: "Attribute", Kind: FieldEnum, Fold: true, Example: "might",
			Choices: func(*Pack) []string { return []string{"might", "quickness"} }, Help: "The attribute that adds to hit and damage."},
		{Key: "weapon.base_damage", Label: "Damage", Kind: FieldDice, Example: "1d4", Help: "Dice, e.g. 1d8+1."},
		{Key: "weapon.hit_bonus", Label: "To hit", Kind: FieldInt, Min: -MaxAttribute, Max: MaxAttribute, Example: "0", Help: "Bonus to hit."},
		{Key: "weapon.proc_chance", Label: "Proc chance", Kind: FieldFloat, Min: 0, Max: 1, Blank: "never",
			Help: "Chance (0 to 1) that a hit also applies the proc effects."},
		{Key: "weapon.proc_target", Label: "Proc target", Kind: FieldEnum, Blank: "the target",
			Choices: func(*Pack) []string { return []string{"", "Self", "Target"} }, Help: "Who the proc effects hit."},
		effectsField("weapon.proc_effects", "Proc effects", "What a proc does."),
	}},
	{Key: "wearable", Label: "Wearable", Sections: itemsOnly, Help: "Armour, worn in a slot.", Fields: []EntityField{
		{Key: "wearable.slot", Label: "Slot", Kind: FieldEnum, Example: "Torso", Choices: func(*Pack) []string { return slices.Clone(slots) }},
		{Key: "wearable.armor_class", Label: "Armour", Kind: FieldFloat, Min: -MaxAttribute, Max: MaxAttribute, Example: "1.0", Help: "Armour class it adds."},
	}},
	{Key: "magic", Label: "Magic", Sections: itemsOnly, Help: "Magical: unidentified until used or identified.", Fields: []EntityField{
		{Key: "magic.class", Label: "Class", Kind: FieldEnum, Example: "common",
			Choices: func(*Pack) []string { return []string{"common", "rare", "legendary"} }},
		{Key: "magic.naming", Label: "Naming", Kind: FieldText, Example: "scroll", Choices: func(*Pack) []string { return []string{"scroll", "potion"} },
			Help: "scroll or potion: a random obfuscated name of that kind; anything else: that name until identified."},
		{Key: "magic.cursed", Label: "Cursed", Kind: FieldBool, Help: "Cannot be removed once equipped."},
	}},
	{Key: "template_magic", Label: "Magic variants", Sections: itemsOnly,
		Help: "The game makes \"+N\" variants (and a cursed \"-1\"), e.g. \"Longsword +1\"; they count as items here.", Fields: []EntityField{
			{Key: "template_magic.unidentified_name", Label: "Unidentified", Kind: FieldText, Example: "Unidentified Item", Help: "Its name until identified."},
			{Key: "template_magic.bonus_min", Label: "Bonus min", Kind: FieldInt, Min: -MaxMagicBonus, Max: MaxMagicBonus, Example: "1"},
			{Key: "template_magic.bonus_max", Label: "Bonus max", Kind: FieldInt, Min: -MaxMagicBonus, Max: MaxMagicBonus, Example: "1"},
			{Key: "template_magic.include_cursed", Label: "Cursed -1", Kind: FieldBool, Help: "Also a cursed \"-1\" variant."},
		}},
	attributesGroup(itemsOnly, "Attribute bonuses", "Added to the wearer's attributes.", -MaxAttribute, "0"),
	{Label: "Stats", Sections: mobsOnly, Fields: []EntityField{
		{Key: "level", Label: "Level", Kind: FieldInt, Min: 1, Max: MaxLevel, Blank: "1"},
		{Key: "hp", Label: "Hit points", Kind: FieldInt, Min: 1, Max: MaxStat, Blank: "from fitness and level"},
		{Key: "mana", Label: "Mana", Kind: FieldInt, Min: 0, Max: MaxStat, Blank: "from intelligence and level"},
		{Key: "gold", Label: "Gold", Kind: FieldDice, Blank: "none", Help: "Dice rolled for the gold it carries."},
	}},
	attributesGroup(mobsOnly, "Attributes", "The tutorial's attributes; each is 11 when left out.", 1, "11"),
	{Label: "Skills", Sections: mobsOnly, Fields: []EntityField{
		{Key: "skills", Label: "Skills", Kind: FieldList, Help: "Skill levels (1 when left out).", Columns: []EntityField{
			{Key: "key", Label: "Skill", Kind: FieldEnum, Choices: func(*Pack) []string { return []string{"Melee", "Defense", "Magic"} }},
			{Key: "value", Label: "Level", Kind: FieldInt, Min: -MaxAttribute, Max: MaxAttribute, Example: "1"},
		}},
	}},
	{Key: "natural", Label: "Natural armour and attacks", Sections: mobsOnly, Help: "What it fights with when it wields nothing.", Fields: []EntityField{
		{Key: "natural.armor_class", Label: "Armour", Kind: FieldInt, Min: -MaxAttribute, Max: MaxAttribute, Blank: "10", Help: "Its natural armour class."},
		{Key: "natural.attacks", Label: "Attacks", Kind: FieldList, Help: "Innate attacks: a name, a bonus to hit and the damage dice (e.g. 1d6+2).",
			Columns: []EntityField{
				{Key: "name", Label: "Attack", Kind: FieldText, Example: "bite", Check: nonEmpty("an attack needs a name")},
				{Key: "hit_bonus", Label: "To hit", Kind: FieldInt, Min: -MaxAttribute, Max: MaxAttribute, Example: "0"},
				{Key: "damage", Label: "Damage", Kind: FieldDice, Example: "1d4"},
			}},
	}},
	{Label: "Equipment and loot", Sections: mobsOnly, Fields: []EntityField{
		{Key: "equipped", Label: "Equipped", Kind: FieldList, Help: "Items it spawns wielding or wearing.", Columns: []EntityField{
			{Label: "Item", Kind: FieldRef, Ref: RefItem},
		}},
		{Key: "loot_table", Label: "Loot table", Kind: FieldRef, Ref: RefLootTable, Blank: "drops nothing", Help: "What it may drop when it dies."},
		{Key: "vendor", Label: "Sells", Kind: FieldList, Help: "The vendor categories it sells (items' \"Sold by\").", Columns: []EntityField{
			{Label: "Category", Kind: FieldText, Choices: vendorCategories, Check: nonEmpty("a vendor category needs a name")},
		}},
	}},
	{Label: "Abilities", Sections: mobsOnly, Fields: []EntityField{
		abilitiesField("abilities", "Abilities", "Spells it may cast at a target within range."),
		abilitiesField("on_death", "On death", "Spells it casts when it dies."),
	}},
	{Label: "Quips", Sections: mobsOnly, Fields: []EntityField{
		{Key: "quips", Label: "Quips", Kind: FieldList, Help: "Lines it may say when it sees the player.", Columns: []EntityField{
			{Label: "Line", Kind: FieldText, Example: "Hello!"},
		}},
	}},
	{Key: "entry_trigger", Label: "Entry trigger", Sections: propsOnly, Help: "What happens to whoever steps on it (traps).", Fields: []EntityField{
		effectsField("entry_trigger.effects", "Effects", "e.g. damage 1d6 (dice), single_activation (once)."),
	}},
	{Key: "light", Label: "Light", Sections: lit, Help: "It gives light around it.", Fields: []EntityField{
		{Key: "light.range", Label: "Range", Kind: FieldInt, Min: 0, Max: MaxRange, Example: "6", Help: "Tiles lit."},
		{Key: "light.color", Label: "Colour", Kind: FieldColour, Example: "#FFFFFF"},
	}},
}

var nameField = EntityField{Key: "name", Label: "Name", Kind: FieldName,
	Help: "Renaming updates every reference: spawn table, loot tables, equipped items and the levels' place_spawn / guaranteed_spawn / periodic_spawn steps."}

// EntityFields is every field of EntityGroups, in form order, with its
// Sections and Group filled in.
var EntityFields = flatten(EntityGroups)

func flatten(groups []EntityGroup) []EntityField {
	var out []EntityField
	for gi := range groups {
		g := &groups[gi]
		for fi := range g.Fields {
			f := &g.Fields[fi]
			if f.Sections == nil {
				f.Sections = g.Sections
			}
			f.Group = g.Key
			out = append(out, *f)
		}
	}
	return out
}

func attributesGroup(sections []chain.Section, label, help string, lo float64, blank string) EntityGroup {
	attr := func(key, label string) EntityField {
		return EntityField{Key: "attributes." + key, Label: label, Kind: FieldInt, Min: lo, Max: MaxAttribute, Blank: blank}
	}
	return EntityGroup{Key: "attributes", Label: label, Help: help, Sections: sections, Fields: []EntityField{
		attr("might", "Might"), attr("fitness", "Fitness"), attr("quickness", "Quickness"), attr("intelligence", "Intelligence"),
	}}
}

func abilitiesField(key, label, help string) EntityField {
	return EntityField{Key: key, Label: label, Kind: FieldList, Help: help, Columns: []EntityField{
		{Key: "spell", Label: "Spell", Kind: FieldRef, Ref: RefSpell},
		{Key: "chance", Label: "Chance", Kind: FieldFloat, Min: 0, Max: 1, Example: "0.5"},
		{Key: "range", Label: "Range", Kind: FieldFloat, Min: 0, Max: MaxRange, Example: "6.0"},
		{Key: "min_range", Label: "Min range", Kind: FieldFloat, Min: 0, Max: MaxRange, Example: "0.0"},
	}}
}

func effectsField(key, label, help string) EntityField {
	return EntityField{Key: key, Label: label, Kind: FieldList, Help: help, Columns: []EntityField{
		{Key: "key", Label: "Effect", Kind: FieldText, Check: nonEmpty("an effect needs a name"),
			Choices: func(*Pack) []string { return EffectNames() }},
		{Key: "value", Label: "Value", Kind: FieldText, ByKey: EffectRule},
	}}
}

// Effects are the effects the tutorial's raws know (consumables, weapon
// procs, entry triggers, spells), each the rule of its value.
var Effects = []EntityField{
	{Key: "provides_healing", Kind: FieldInt, Min: 0, Max: MaxStat, Example: "8", Help: "Hit points restored."},
	{Key: "provides_mana", Kind: FieldInt, Min: 0, Max: MaxStat, Example: "4", Help: "Mana restored."},
	{Key: "damage", Kind: FieldDice, Example: "1d6", Help: "Damage dealt (dice or a number)."},
	{Key: "ranged", Kind: FieldInt, Min: 1, Max: MaxRange, Example: "6", Help: "Aimed at a tile this far away."},
	{Key: "area_of_effect", Kind: FieldInt, Min: 1, Max: MaxRange, Example: "3", Help: "Radius it hits."},
	{Key: "confusion", Kind: FieldInt, Min: 1, Max: MaxStat, Example: "4", Help: "Turns confused."},
	{Key: "damage_over_time", Kind: FieldInt, Min: 1, Max: MaxStat, Example: "2", Help: "Damage each turn."},
	{Key: "slow", Kind: FieldFloat, Min: -MaxStat, Max: MaxStat, Example: "2.0", Help: "Initiative penalty (negative: haste)."},
	{Key: "teach_spell", Kind: FieldRef, Ref: RefSpell, Help: "The spell it teaches."},
	{Key: "particle", Kind: FieldText, Example: "*;#FFFF00;200.0", Check: checkParticle, Help: "A burst: glyph;#RRGGBB;milliseconds."},
	{Key: "particle_line", Kind: FieldText, Example: "*;#FFFF00;200.0", Check: checkParticle, Help: "A trail: glyph;#RRGGBB;milliseconds."},
	{Key: "food", Kind: FieldFlag, Help: "Feeds."},
	{Key: "magic_mapping", Kind: FieldFlag, Help: "Reveals the map."},
	{Key: "town_portal", Kind: FieldFlag, Help: "Returns to town."},
	{Key: "remove_curse", Kind: FieldFlag, Help: "Removes a curse."},
	{Key: "identify", Kind: FieldFlag, Help: "Identifies an item."},
	{Key: "single_activation", Kind: FieldFlag, Example: "1", Help: "Works once, then is gone."},
	{Key: "target_self", Kind: FieldFlag, Help: "Always targets the user."},
}

// EffectNames are the names of Effects.
func EffectNames() []string {
	out := make([]string, len(Effects))
	for i := range Effects {
		out[i] = Effects[i].Key
	}
	return out
}

// EffectRule is the rule of the effect key's value (nil for an effect the
// tutorial does not know: free text).
func EffectRule(key string) *EntityField {
	for i := range Effects {
		if Effects[i].Key == key {
			return &Effects[i]
		}
	}
	return nil
}

// ModelledKeys are the JSON paths of the form's fields for entities of
// section s (Entity.JSON leaves them out).
func ModelledKeys(s chain.Section) []string {
	var out []string
	for i := range EntityFields {
		if EntityFields[i].Applies(s) {
			out = append(out, EntityFields[i].Key)
		}
	}
	return out
}

// FieldFor returns the index in EntityFields of the field of section s's
// entities that a problem path below an entity names
// ("natural.attacks[0].damage" is natural.attacks), or -1 when the form does
// not model it.
func FieldFor(s chain.Section, sub string) int {
	for i := range EntityFields {
		k := EntityFields[i].Key
		if EntityFields[i].Applies(s) && (sub == k || strings.HasPrefix(sub, k+".") || strings.HasPrefix(sub, k+"[")) {
			return i
		}
	}
	return -1
}

// GroupOf returns the group of section s's form whose object is key ("" for
// none).
func GroupOf(s chain.Section, key string) *EntityGroup {
	for i := range EntityGroups {
		if g := &EntityGroups[i]; g.Key == key && g.Applies(s) {
			return g
		}
	}
	return nil
}

func nonEmpty(why string) func(string) error {
	return func(v string) error {
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("content: %s", why)
		}
		return nil
	}
}

func checkWeaponRange(v string) error {
	if v == "melee" {
		return nil
	}
	if n, err := strconv.Atoi(v); err != nil || n < 1 || n > MaxRange {
		return fmt.Errorf("content: %q is not melee or a range of 1..%d tiles", v, MaxRange)
	}
	return nil
}

// checkParticle checks a particle effect's "glyph;#RRGGBB;milliseconds".
func checkParticle(v string) error {
	parts := strings.Split(v, ";")
	bad := func(why string) error {
		return fmt.Errorf("content: bad particle %q: %s (want glyph;#RRGGBB;milliseconds)", v, why)
	}
	switch {
	case len(parts) != 3:
		return bad("three parts separated by ;")
	case utf8.RuneCountInString(parts[0]) != 1:
		return bad("the glyph is one character")
	case !ValidColour(parts[1]):
		return bad("not a colour")
	}
	ms, err := strconv.ParseFloat(parts[2], 64)
	if err != nil || ms < 0 || ms > MaxStat {
		return bad("not a duration")
	}
	return nil
}

// vendorCategories are the vendor categories the pack's items name, in
// order.
func vendorCategories(p *Pack) []string {
	var out []string
	for i := range p.Items {
		if c := p.Items[i].VendorCategory; c != "" && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// Options are the values a select of the field offers in p: an enum's
// choices, what a reference may name ("" first when the field may be left
// out), a text's suggestions.
func (f *EntityField) Options(p *Pack, optional bool) []string {
	var out []string
	if f.Kind == FieldRef {
		if optional {
			out = append(out, "")
		}
		switch f.Ref {
		case RefFaction:
			for i := range p.FactionTable {
				out = append(out, p.FactionTable[i].Name)
			}
		case RefLootTable:
			for i := range p.LootTables {
				out = append(out, p.LootTables[i].Name)
			}
		case RefSpell:
			for i := range p.Spells {
				out = append(out, p.Spells[i].Name)
			}
		case RefItem:
			for i := range p.Items {
				out = append(out, p.Items[i].Name)
				out = append(out, MagicNames(&p.Items[i])...)
			}
		}
		return out
	}
	if f.Choices != nil {
		out = f.Choices(p)
	}
	return out
}

// accept checks v against the field's rule in p: its kind, bounds, choices
// and Check. Empty values are the caller's (see Set).
func (f *EntityField) accept(p *Pack, v string) error {
	switch f.Kind {
	case FieldName:
		return fmt.Errorf("content: a name changes by renaming")
	case FieldInt:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("content: %q is not a whole number", v)
		}
		if err := f.bounds(float64(n), v); err != nil {
			return err
		}
	case FieldFloat:
		n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return fmt.Errorf("content: %q is not a number", v)
		}
		if err := f.bounds(n, v); err != nil {
			return err
		}
	case FieldGlyph:
		if n := utf8.RuneCountInString(v); n != 1 {
			return fmt.Errorf("content: a glyph is one character, not %d (%q)", n, v)
		}
	case FieldColour:
		if !ValidColour(v) {
			return fmt.Errorf("content: %q is not a colour (want #RRGGBB)", v)
		}
	case FieldDice:
		if _, err := ParseDice(v); err != nil {
			return err
		}
	case FieldBool:
		if v != "true" && v != "false" {
			return fmt.Errorf("content: %q is not true or false", v)
		}
	case FieldEnum:
		opts := f.Options(p, false)
		for _, o := range opts {
			if o == v || (f.Fold && strings.EqualFold(o, v)) {
				return nil
			}
		}
		return fmt.Errorf("content: %q is not one of %s", v, orList(slices.DeleteFunc(opts, func(s string) bool { return s == "" })))
	case FieldRef:
		if !slices.Contains(f.Options(p, false), v) {
			return fmt.Errorf("content: no %s named %q", refNoun[f.Ref], v)
		}
	}
	if f.Check != nil {
		return f.Check(v)
	}
	return nil
}

var refNoun = map[RefKind]string{RefFaction: "faction", RefLootTable: "loot table", RefSpell: "spell", RefItem: "item", RefNone: "thing"}

func (f *EntityField) bounds(n float64, v string) error {
	if n < f.Min || n > f.Max {
		return fmt.Errorf("content: %s is not within %s..%s", strings.TrimSpace(v), numText(f.Min), numText(f.Max))
	}
	return nil
}

func numText(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
