package content

import "hewn/chain/jsonfile"

// The typed model of the Rust roguelike tutorial's raws (spawns.json). Field names and
// shapes follow the tutorial's serde structs; Option<T> fields are tagged omitempty,
// required ones carry `jsonschema:"required"`. Every object embeds meta so that fields
// Hewn does not model survive import and export (see codec.go).

// Renderable is how an entity is drawn.
type Renderable struct {
	Glyph string `json:"glyph" jsonschema:"required"`
	FG    string `json:"fg" jsonschema:"required"`
	BG    string `json:"bg" jsonschema:"required"`
	Order int    `json:"order" jsonschema:"required"`
	XSize int    `json:"x_size,omitempty"`
	YSize int    `json:"y_size,omitempty"`
	meta  `json:"-"`
}

// Light is a light source carried by a mob or prop.
type Light struct {
	Range int    `json:"range" jsonschema:"required"`
	Color string `json:"color" jsonschema:"required"`
	meta  `json:"-"`
}

// Consumable is a usable item's effects (e.g. "provides_healing": "8").
type Consumable struct {
	Effects StringMap `json:"effects" jsonschema:"required"`
	Charges int       `json:"charges,omitempty"`
	meta    `json:"-"`
}

// Weapon makes an item wieldable.
type Weapon struct {
	Range       string    `json:"range" jsonschema:"required"`
	Attribute   string    `json:"attribute" jsonschema:"required"`
	BaseDamage  string    `json:"base_damage" jsonschema:"required"`
	HitBonus    int       `json:"hit_bonus" jsonschema:"required"`
	ProcChance  float64   `json:"proc_chance,omitempty"`
	ProcTarget  string    `json:"proc_target,omitempty"`
	ProcEffects StringMap `json:"proc_effects,omitempty"`
	meta        `json:"-"`
}

// Wearable makes an item equippable armour.
type Wearable struct {
	ArmorClass float64 `json:"armor_class" jsonschema:"required"`
	Slot       string  `json:"slot" jsonschema:"required"`
	meta       `json:"-"`
}

// MagicItem marks an item as magical.
type MagicItem struct {
	Class  string `json:"class" jsonschema:"required"`
	Naming string `json:"naming" jsonschema:"required"`
	Cursed bool   `json:"cursed,omitempty"`
	meta   `json:"-"`
}

// MagicTemplate makes the tutorial generate "+N" (and "-1" cursed) variants of an item.
type MagicTemplate struct {
	UnidentifiedName string `json:"unidentified_name" jsonschema:"required"`
	BonusMin         int    `json:"bonus_min" jsonschema:"required"`
	BonusMax         int    `json:"bonus_max" jsonschema:"required"`
	IncludeCursed    bool   `json:"include_cursed" jsonschema:"required"`
	meta             `json:"-"`
}

// Attributes are attribute values (mobs) or bonuses (items).
type Attributes struct {
	Might        int `json:"might,omitempty"`
	Fitness      int `json:"fitness,omitempty"`
	Quickness    int `json:"quickness,omitempty"`
	Intelligence int `json:"intelligence,omitempty"`
	meta         `json:"-"`
}

// Item is an entry of the items section.
type Item struct {
	Name              string         `json:"name" jsonschema:"required"`
	Renderable        *Renderable    `json:"renderable,omitempty"`
	Consumable        *Consumable    `json:"consumable,omitempty"`
	Weapon            *Weapon        `json:"weapon,omitempty"`
	Wearable          *Wearable      `json:"wearable,omitempty"`
	InitiativePenalty float64        `json:"initiative_penalty,omitempty"`
	WeightLbs         float64        `json:"weight_lbs,omitempty"`
	BaseValue         float64        `json:"base_value,omitempty"`
	VendorCategory    string         `json:"vendor_category,omitempty"`
	Magic             *MagicItem     `json:"magic,omitempty"`
	Attributes        *Attributes    `json:"attributes,omitempty"`
	TemplateMagic     *MagicTemplate `json:"template_magic,omitempty"`
	meta              `json:"-"`
}

// NaturalAttack is a mob's innate attack.
type NaturalAttack struct {
	Name     string `json:"name" jsonschema:"required"`
	HitBonus int    `json:"hit_bonus" jsonschema:"required"`
	Damage   string `json:"damage" jsonschema:"required"`
	meta     `json:"-"`
}

// Natural is a mob's innate armour and attacks.
type Natural struct {
	ArmorClass int             `json:"armor_class,omitempty"`
	Attacks    []NaturalAttack `json:"attacks,omitempty"`
	meta       `json:"-"`
}

// Ability is a spell a mob may cast (abilities) or casts when it dies (on_death).
type Ability struct {
	Spell    string  `json:"spell" jsonschema:"required"`
	Chance   float64 `json:"chance" jsonschema:"required"`
	Range    float64 `json:"range" jsonschema:"required"`
	MinRange float64 `json:"min_range" jsonschema:"required"`
	meta     `json:"-"`
}

// Movement values of a mob.
const (
	MoveStatic         = "static"
	MoveRandom         = "random"
	MoveRandomWaypoint = "random_waypoint"
)

// Mob is an entry of the mobs section.
type Mob struct {
	Name        string      `json:"name" jsonschema:"required"`
	Renderable  *Renderable `json:"renderable,omitempty"`
	BlocksTile  bool        `json:"blocks_tile" jsonschema:"required"`
	VisionRange int         `json:"vision_range" jsonschema:"required"`
	Movement    string      `json:"movement" jsonschema:"required"`
	Quips       []string    `json:"quips,omitempty"`
	Attributes  Attributes  `json:"attributes" jsonschema:"required"`
	Skills      IntMap      `json:"skills,omitempty"`
	Level       int         `json:"level,omitempty"`
	HP          int         `json:"hp,omitempty"`
	Mana        int         `json:"mana,omitempty"`
	Equipped    []string    `json:"equipped,omitempty"`
	Natural     *Natural    `json:"natural,omitempty"`
	LootTable   string      `json:"loot_table,omitempty"`
	Light       *Light      `json:"light,omitempty"`
	Faction     string      `json:"faction,omitempty"`
	Gold        string      `json:"gold,omitempty"`
	Vendor      []string    `json:"vendor,omitempty"`
	Abilities   []Ability   `json:"abilities,omitempty"`
	OnDeath     []Ability   `json:"on_death,omitempty"`
	meta        `json:"-"`
}

// EntryTrigger is what a prop does to whoever steps on it.
type EntryTrigger struct {
	Effects StringMap `json:"effects" jsonschema:"required"`
	meta    `json:"-"`
}

// Prop is an entry of the props section (furniture, doors, traps).
type Prop struct {
	Name             string        `json:"name" jsonschema:"required"`
	Renderable       *Renderable   `json:"renderable,omitempty"`
	Hidden           bool          `json:"hidden,omitempty"`
	BlocksTile       bool          `json:"blocks_tile,omitempty"`
	BlocksVisibility bool          `json:"blocks_visibility,omitempty"`
	DoorOpen         bool          `json:"door_open,omitempty"`
	EntryTrigger     *EntryTrigger `json:"entry_trigger,omitempty"`
	Light            *Light        `json:"light,omitempty"`
	meta             `json:"-"`
}

// SpawnEntry is an entry of the spawn table.
type SpawnEntry struct {
	Name     string `json:"name" jsonschema:"required"`
	Weight   int    `json:"weight" jsonschema:"required"`
	MinDepth int    `json:"min_depth" jsonschema:"required"`
	MaxDepth int    `json:"max_depth" jsonschema:"required"`
	// AddMapDepthToWeight adds the depth to the weight when true. (The tutorial adds
	// it whenever the key is present, even when false; Hewn reads the value.)
	AddMapDepthToWeight bool `json:"add_map_depth_to_weight,omitempty"`
	meta                `json:"-"`
}

// LootDrop is one weighted drop of a loot table.
type LootDrop struct {
	Name   string `json:"name" jsonschema:"required"`
	Weight int    `json:"weight" jsonschema:"required"`
	meta   `json:"-"`
}

// LootTable is an entry of the loot_tables section.
type LootTable struct {
	Name  string     `json:"name" jsonschema:"required"`
	Drops []LootDrop `json:"drops" jsonschema:"required"`
	meta  `json:"-"`
}

// Faction is an entry of the faction_table: how its members react to other factions.
type Faction struct {
	Name      string    `json:"name" jsonschema:"required"`
	Responses StringMap `json:"responses" jsonschema:"required"`
	meta      `json:"-"`
}

// Spell is an entry of the spells section.
type Spell struct {
	Name     string    `json:"name" jsonschema:"required"`
	ManaCost int       `json:"mana_cost" jsonschema:"required"`
	Effects  StringMap `json:"effects" jsonschema:"required"`
	meta     `json:"-"`
}

// WeaponTrait is an entry of the weapon_traits section.
type WeaponTrait struct {
	Name    string    `json:"name" jsonschema:"required"`
	Effects StringMap `json:"effects" jsonschema:"required"`
	meta    `json:"-"`
}

// StringPair is one key of a StringMap.
type StringPair struct {
	Key, Value string
}

// StringMap is a JSON object of strings (effects, responses) that keeps its key order.
type StringMap []StringPair

// Get returns the value of key.
func (m StringMap) Get(key string) (string, bool) {
	for _, p := range m {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// Set sets key to value, appending the key when it is new.
func (m *StringMap) Set(key, value string) {
	for i := range *m {
		if (*m)[i].Key == key {
			(*m)[i].Value = value
			return
		}
	}
	*m = append(*m, StringPair{key, value})
}

// Delete removes key and reports whether it was there.
func (m *StringMap) Delete(key string) bool {
	for i := range *m {
		if (*m)[i].Key == key {
			*m = append((*m)[:i:i], (*m)[i+1:]...)
			return true
		}
	}
	return false
}

func (m *StringMap) decodeNode(n *jsonfile.Node) bool {
	if n.Kind != jsonfile.Object {
		return false
	}
	out := make(StringMap, 0, len(n.Fields))
	for _, f := range n.Fields {
		if f.Val.Kind != jsonfile.String {
			return false
		}
		out = append(out, StringPair{f.Key, f.Val.Text})
	}
	*m = out
	return true
}

func (m *StringMap) encodeNode() *jsonfile.Node {
	out := &jsonfile.Node{Kind: jsonfile.Object, Fields: make([]jsonfile.Field, len(*m))}
	for i, p := range *m {
		out.Fields[i] = jsonfile.Field{Key: p.Key, Val: jsonfile.NewString(p.Value)}
	}
	return out
}

// IntPair is one key of an IntMap.
type IntPair struct {
	Key   string
	Value int
}

// IntMap is a JSON object of integers (skills) that keeps its key order.
type IntMap []IntPair

// Get returns the value of key.
func (m IntMap) Get(key string) (int, bool) {
	for _, p := range m {
		if p.Key == key {
			return p.Value, true
		}
	}
	return 0, false
}

// Set sets key to value, appending the key when it is new.
func (m *IntMap) Set(key string, value int) {
	for i := range *m {
		if (*m)[i].Key == key {
			(*m)[i].Value = value
			return
		}
	}
	*m = append(*m, IntPair{key, value})
}

func (m *IntMap) decodeNode(n *jsonfile.Node) bool {
	if n.Kind != jsonfile.Object {
		return false
	}
	out := make(IntMap, 0, len(n.Fields))
	for _, f := range n.Fields {
		v, ok := intOf(f.Val)
		if !ok {
			return false
		}
		out = append(out, IntPair{f.Key, v})
	}
	*m = out
	return true
}

func (m *IntMap) encodeNode() *jsonfile.Node {
	out := &jsonfile.Node{Kind: jsonfile.Object, Fields: make([]jsonfile.Field, len(*m))}
	for i, p := range *m {
		out.Fields[i] = jsonfile.Field{Key: p.Key, Val: jsonfile.NewInt(p.Value)}
	}
	return out
}
