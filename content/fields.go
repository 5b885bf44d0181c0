package content

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain"
)

// The entity form's fields, described once: the editor renders every
// section's form from this table (no per-section form code), parses and
// checks typed values with Set (an error says why a value is refused and
// changes nothing), and shows every key the table does not model read-only
// (Entity.JSON with ModelledKeys), kept as it is on save.

// FieldKind says how the editor shows and parses a field.
type FieldKind int

// The kinds of entity fields.
const (
	// FieldName is the entity's name: changing it is a rename that every
	// reference follows (Set is nil; the editor renames).
	FieldName FieldKind = iota
	// FieldText is free text.
	FieldText
	// FieldInt is a whole number.
	FieldInt
	// FieldGlyph is one character, previewed in the entity's colours.
	FieldGlyph
	// FieldColour is a "#RRGGBB" colour.
	FieldColour
	// FieldEnum is one of Choices.
	FieldEnum
	// FieldDice is a dice expression ("1d6+2").
	FieldDice
	// FieldBool is "true" or "false".
	FieldBool
	// FieldFaction names a faction of the pack ("" for none).
	FieldFaction
	// FieldLootTable names a loot table of the pack ("" for none).
	FieldLootTable
	// FieldList is rows of columns (natural attacks, effects): see List.
	FieldList
)

// EntityField describes one field of the entity form.
type EntityField struct {
	// Key is the field's JSON path below the entity ("renderable.fg"), as
	// Validate's problem paths name it.
	Key         string
	Label, Help string
	Kind        FieldKind
	// Sections are the sections whose entities have the field.
	Sections []chain.Section
	// Choices lists the values of enum and reference fields ("" first when
	// the field may be empty).
	Choices func(p *Pack) []string
	// Get returns the value as the form shows it.
	Get func(x Entity) string
	// Set parses v and stores it; an error says why v is refused and leaves
	// the entity unchanged. Nil for FieldName and FieldList.
	Set func(x Entity, v string) error
	// List describes a FieldList's rows.
	List *ListSpec
}

// ListSpec describes the rows of a list field.
type ListSpec struct {
	// Len is the number of rows.
	Len func(x Entity) int
	// Add appends a row with example values.
	Add func(x Entity)
	// Remove deletes row i.
	Remove func(x Entity, i int)
	// Columns are the fields of a row.
	Columns []ListColumn
}

// ListColumn is one field of a list field's rows.
type ListColumn struct {
	// Key is the column's JSON key in a row ("damage").
	Key   string
	Label string
	Kind  FieldKind
	Get   func(x Entity, i int) string
	Set   func(x Entity, i int, v string) error
}

// Applies reports whether entities of section s have the field.
func (f *EntityField) Applies(s chain.Section) bool { return slices.Contains(f.Sections, s) }

var (
	allSections = []chain.Section{chain.Items, chain.Mobs, chain.Props}
	mobsOnly    = []chain.Section{chain.Mobs}
	propsOnly   = []chain.Section{chain.Props}
)

// EntityFields is the entity form's table of fields, in form order.
var EntityFields = []EntityField{
	{Key: "name", Label: "Name", Kind: FieldName, Sections: allSections,
		Help: "Renaming updates every reference: spawn table, loot tables, equipped items and the levels' place_spawn / guaranteed_spawn / periodic_spawn steps.",
		Get:  Entity.Name},
	renderableField("renderable.glyph", "Glyph", FieldGlyph, "One character, drawn in the colours below.",
		func(r *Renderable) *string { return &r.Glyph }, parseGlyph),
	renderableField("renderable.fg", "Foreground", FieldColour, "The glyph's colour.",
		func(r *Renderable) *string { return &r.FG }, parseColour),
	renderableField("renderable.bg", "Background", FieldColour, "The tile's colour behind the glyph.",
		func(r *Renderable) *string { return &r.BG }, parseColour),
	{Key: "faction", Label: "Faction", Kind: FieldFaction, Sections: mobsOnly,
		Help:    "How it reacts to others comes from the faction table (none: it ignores everyone).",
		Choices: func(p *Pack) []string { return names(p.FactionTable, func(f *Faction) string { return f.Name }) },
		Get:     func(x Entity) string { return x.Mob.Faction },
		Set: func(x Entity, v string) error {
			if v != "" && x.Pack.Faction(v) == nil {
				return fmt.Errorf("content: no faction named %q", v)
			}
			x.Mob.Faction = v
			return nil
		}},
	{Key: "loot_table", Label: "Loot table", Kind: FieldLootTable, Sections: mobsOnly,
		Help:    "What it may drop when it dies.",
		Choices: func(p *Pack) []string { return names(p.LootTables, func(t *LootTable) string { return t.Name }) },
		Get:     func(x Entity) string { return x.Mob.LootTable },
		Set: func(x Entity, v string) error {
			if v != "" && x.Pack.LootTable(v) == nil {
				return fmt.Errorf("content: no loot table named %q", v)
			}
			x.Mob.LootTable = v
			return nil
		}},
	{Key: "movement", Label: "Movement", Kind: FieldEnum, Sections: mobsOnly,
		Help:    "static stays put, random wanders, random_waypoint walks to random places.",
		Choices: func(*Pack) []string { return slices.Clone(movements) },
		Get:     func(x Entity) string { return x.Mob.Movement },
		Set: func(x Entity, v string) error {
			if !oneOf(v, movements) {
				return fmt.Errorf("content: unknown movement %q (want %s)", v, orList(movements))
			}
			x.Mob.Movement = v
			return nil
		}},
	mobInt("vision_range", "Vision range", "Tiles it sees.", func(m *Mob) *int { return &m.VisionRange }),
	mobInt("level", "Level", "Its experience level (0: the game's default).", func(m *Mob) *int { return &m.Level }),
	mobInt("hp", "Hit points", "0: derived from its attributes.", func(m *Mob) *int { return &m.HP }),
	{Key: "natural.attacks", Label: "Natural attacks", Kind: FieldList, Sections: mobsOnly,
		Help: "Innate attacks: a name, a bonus to hit and the damage dice (e.g. 1d6+2).",
		List: &ListSpec{
			Len: func(x Entity) int {
				if x.Mob.Natural == nil {
					return 0
				}
				return len(x.Mob.Natural.Attacks)
			},
			Add: func(x Entity) {
				if x.Mob.Natural == nil {
					x.Mob.Natural = &Natural{}
				}
				x.Mob.Natural.Attacks = append(x.Mob.Natural.Attacks, NaturalAttack{Name: "bite", Damage: "1d4"})
			},
			Remove: func(x Entity, i int) {
				a := &x.Mob.Natural.Attacks
				*a = slices.Delete(*a, i, i+1)
			},
			Columns: []ListColumn{
				{Key: "name", Label: "Attack", Kind: FieldText,
					Get: func(x Entity, i int) string { return x.Mob.Natural.Attacks[i].Name },
					Set: func(x Entity, i int, v string) error {
						if strings.TrimSpace(v) == "" {
							return fmt.Errorf("content: an attack needs a name")
						}
						x.Mob.Natural.Attacks[i].Name = v
						return nil
					}},
				{Key: "hit_bonus", Label: "Hit bonus", Kind: FieldInt,
					Get: func(x Entity, i int) string { return strconv.Itoa(x.Mob.Natural.Attacks[i].HitBonus) },
					Set: func(x Entity, i int, v string) error {
						return setInt(&x.Mob.Natural.Attacks[i].HitBonus, v, -MaxDiceBonus)
					}},
				{Key: "damage", Label: "Damage", Kind: FieldDice,
					Get: func(x Entity, i int) string { return x.Mob.Natural.Attacks[i].Damage },
					Set: func(x Entity, i int, v string) error {
						if _, err := ParseDice(v); err != nil {
							return err
						}
						x.Mob.Natural.Attacks[i].Damage = v
						return nil
					}},
			},
		}},
	{Key: "hidden", Label: "Hidden", Kind: FieldBool, Sections: propsOnly,
		Help: "Invisible until found (traps).",
		Get:  func(x Entity) string { return strconv.FormatBool(x.Prop.Hidden) },
		Set: func(x Entity, v string) error {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("content: %q is not true or false", v)
			}
			x.Prop.Hidden = b
			return nil
		}},
	{Key: "entry_trigger.effects", Label: "Entry trigger", Kind: FieldList, Sections: propsOnly,
		Help: "Effects on whoever steps on it, e.g. damage 6 (dice), single_activation 1.",
		List: &ListSpec{
			Len: func(x Entity) int {
				if x.Prop.EntryTrigger == nil {
					return 0
				}
				return len(x.Prop.EntryTrigger.Effects)
			},
			Add: func(x Entity) {
				if x.Prop.EntryTrigger == nil {
					x.Prop.EntryTrigger = &EntryTrigger{Effects: StringMap{}}
				}
				fx := &x.Prop.EntryTrigger.Effects
				key := "damage"
				for k := 2; ; k++ {
					if _, taken := fx.Get(key); !taken {
						break
					}
					key = "effect_" + strconv.Itoa(k)
				}
				fx.Set(key, "1")
			},
			Remove: func(x Entity, i int) {
				fx := &x.Prop.EntryTrigger.Effects
				*fx = slices.Delete(*fx, i, i+1)
			},
			Columns: []ListColumn{
				{Key: "effect", Label: "Effect", Kind: FieldText,
					Get: func(x Entity, i int) string { return x.Prop.EntryTrigger.Effects[i].Key },
					Set: func(x Entity, i int, v string) error {
						fx := x.Prop.EntryTrigger.Effects
						if strings.TrimSpace(v) == "" {
							return fmt.Errorf("content: an effect needs a name")
						}
						for j := range fx {
							if j != i && fx[j].Key == v {
								return fmt.Errorf("content: the trigger has the effect %q already", v)
							}
						}
						fx[i].Key = v
						return nil
					}},
				{Key: "value", Label: "Value", Kind: FieldText,
					Get: func(x Entity, i int) string { return x.Prop.EntryTrigger.Effects[i].Value },
					Set: func(x Entity, i int, v string) error {
						fx := x.Prop.EntryTrigger.Effects
						if fx[i].Key == "damage" {
							if _, err := ParseDice(v); err != nil {
								return err
							}
						}
						fx[i].Value = v
						return nil
					}},
			},
		}},
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

// FieldFor returns the index in EntityFields of the field a problem path
// below an entity names ("natural.attacks[0].damage" is natural.attacks), or
// -1 when the form does not model it.
func FieldFor(sub string) int {
	for i := range EntityFields {
		k := EntityFields[i].Key
		if sub == k || strings.HasPrefix(sub, k+".") || strings.HasPrefix(sub, k+"[") {
			return i
		}
	}
	return -1
}

// renderableField is a field of the entity's renderable; setting it on an
// entity without one gives it a renderable (a white '?' on black).
func renderableField(key, label string, kind FieldKind, help string, at func(*Renderable) *string, parse func(string) error) EntityField {
	return EntityField{Key: key, Label: label, Kind: kind, Help: help, Sections: allSections,
		Get: func(x Entity) string {
			if r := x.Renderable(); r != nil {
				return *at(r)
			}
			return ""
		},
		Set: func(x Entity, v string) error {
			if err := parse(v); err != nil {
				return err
			}
			r := x.renderable()
			if *r == nil {
				*r = &Renderable{Glyph: "?", FG: "#FFFFFF", BG: "#000000", Order: 1}
			}
			*at(*r) = v
			return nil
		}}
}

// mobInt is a mob's whole-number field, at least 0.
func mobInt(key, label, help string, at func(*Mob) *int) EntityField {
	return EntityField{Key: key, Label: label, Kind: FieldInt, Help: help, Sections: mobsOnly,
		Get: func(x Entity) string { return strconv.Itoa(*at(x.Mob)) },
		Set: func(x Entity, v string) error { return setInt(at(x.Mob), v, 0) }}
}

// setInt parses v as a whole number of at least lo into *dst.
func setInt(dst *int, v string, lo int) error {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case err != nil:
		return fmt.Errorf("content: %q is not a whole number", v)
	case n < lo:
		return fmt.Errorf("content: %d is less than %d", n, lo)
	case n > MaxDiceBonus:
		return fmt.Errorf("content: %d is more than %d", n, MaxDiceBonus)
	}
	*dst = n
	return nil
}

func parseGlyph(v string) error {
	if n := utf8.RuneCountInString(v); n != 1 {
		return fmt.Errorf("content: a glyph is one character, not %d (%q)", n, v)
	}
	return nil
}

func parseColour(v string) error {
	if !ValidColour(v) {
		return fmt.Errorf("content: %q is not a colour (want #RRGGBB)", v)
	}
	return nil
}

// names is "" (none) followed by the name of every element of s.
func names[T any](s []T, name func(*T) string) []string {
	out := []string{""}
	for i := range s {
		out = append(out, name(&s[i]))
	}
	return out
}
