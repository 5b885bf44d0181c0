package content

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func problemStrings(ps []Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// basePack is a small valid pack; cases replace one of its entries.
const basePack = `{
 "items": [
  {"name": "Longsword", "renderable": {"glyph": "/", "fg": "#FFFF00", "bg": "#000000", "order": 2},
   "weapon": {"range": "melee", "attribute": "might", "base_damage": "1d8", "hit_bonus": 0},
   "template_magic": {"unidentified_name": "Sword?", "bonus_min": 1, "bonus_max": 2, "include_cursed": true}},
  {"name": "Rations", "consumable": {"effects": {"food": "", "teach_spell": "Zap"}}, "vendor_category": "food"}
 ],
 "mobs": [
  {"name": "Orc", "blocks_tile": true, "vision_range": 8, "movement": "random", "attributes": {},
   "faction": "Orcs", "loot_table": "Orc Loot", "gold": "2d6", "equipped": ["Longsword +2"], "vendor": ["food"],
   "natural": {"attacks": [{"name": "claw", "hit_bonus": 0, "damage": "1d4"}]},
   "abilities": [{"spell": "Zap", "chance": 0.5, "range": 6.0, "min_range": 0.0}]}
 ],
 "props": [ {"name": "Door", "renderable": {"glyph": "+", "fg": "#805A46", "bg": "#000000", "order": 2}} ],
 "spawn_table": [
  {"name": "Orc", "weight": 10, "min_depth": 1, "max_depth": 5},
  {"name": "Longsword -1", "weight": 1, "min_depth": 1, "max_depth": 5},
  {"name": "Rations", "weight": 1, "min_depth": 1, "max_depth": 5},
  {"name": "Door", "weight": 1, "min_depth": 1, "max_depth": 5}
 ],
 "loot_tables": [ {"name": "Orc Loot", "drops": [{"name": "Longsword +1", "weight": 1}]} ],
 "faction_table": [ {"name": "Player", "responses": {"Default": "ignore"}}, {"name": "Orcs", "responses": {"Default": "attack", "Orcs": "ignore"}} ],
 "spells": [ {"name": "Zap", "mana_cost": 2, "effects": {"damage": "5"}} ],
 "weapon_traits": [ {"name": "Keen", "effects": {}} ]
}`

func TestBasePackIsValid(t *testing.T) {
	p, err := Parse([]byte(basePack))
	require.NoError(t, err)
	assert.Empty(t, problemStrings(p.Validate()))
}

func TestValidationRules(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
		warning              bool
	}{
		{"unknown spawn entity", `{"name": "Orc", "weight": 10`, `{"name": "Gobbo", "weight": 10`,
			`spawn_table[0].name: unknown entity "Gobbo"`, false},
		{"magic variant out of range", `"Longsword -1"`, `"Longsword +3"`,
			`spawn_table[1].name: unknown entity "Longsword +3"`, false},
		{"negative weight", `"weight": 10`, `"weight": -3`, `spawn_table[0].weight: -3 is out of range [0, 1000000000]`, false},
		{"non-numeric weight", `"weight": 10`, `"weight": "ten"`, `spawn_table[0].weight: "ten" is not an integer`, false},
		{"fractional weight", `"weight": 10`, `"weight": 2.5`, `spawn_table[0].weight: 2.5 is not an integer`, false},
		{"min above max", `"weight": 10, "min_depth": 1`, `"weight": 10, "min_depth": 7`,
			`spawn_table[0].min_depth: 7 is greater than max_depth 5`, false},
		{"missing required", `{"name": "Orc", "weight": 10, "min_depth": 1, "max_depth": 5}`, `{"name": "Orc", "weight": 10, "min_depth": 1}`,
			`spawn_table[0]: missing "max_depth"`, false},
		{"unknown faction", `"faction": "Orcs"`, `"faction": "Orks"`, `mobs[0].faction: unknown faction "Orks"`, false},
		{"unknown loot table", `"loot_table": "Orc Loot"`, `"loot_table": "Orc Lewt"`, `mobs[0].loot_table: unknown loot table "Orc Lewt"`, false},
		{"unknown drop", `[{"name": "Longsword +1"`, `[{"name": "Gold"`, `loot_tables[0].drops[0].name: unknown item "Gold"`, false},
		{"drop is a mob", `[{"name": "Longsword +1"`, `[{"name": "Orc"`, `loot_tables[0].drops[0].name: unknown item "Orc"`, false},
		{"negative drop weight", `"Longsword +1", "weight": 1`, `"Longsword +1", "weight": -1`, `loot_tables[0].drops[0].weight: -1 is out of range [0, 1000000000]`, false},
		{"unknown equipped", `["Longsword +2"]`, `["Longsword +9"]`, `mobs[0].equipped[0]: unknown item "Longsword +9"`, false},
		{"unknown ability spell", `{"spell": "Zap", "chance": 0.5`, `{"spell": "Zop", "chance": 0.5`, `mobs[0].abilities[0].spell: unknown spell "Zop"`, false},
		{"ability chance", `"chance": 0.5`, `"chance": 5`, `mobs[0].abilities[0].chance: chance 5 is not within 0..1`, false},
		{"unknown taught spell", `"teach_spell": "Zap"`, `"teach_spell": "Zip"`, `items[1].consumable.effects.teach_spell: unknown spell "Zip"`, false},
		{"bad gold dice", `"gold": "2d6"`, `"gold": "2d"`, `mobs[0].gold: bad dice "2d" (want NdS, NdS+K, NdS-K or K)`, false},
		{"bad attack dice", `"damage": "1d4"`, `"damage": "d4"`, `mobs[0].natural.attacks[0].damage: bad dice "d4"`, false},
		{"bad weapon dice", `"base_damage": "1d8"`, `"base_damage": "1x8"`, `items[0].weapon.base_damage: bad dice "1x8"`, false},
		{"bad spell damage", `{"damage": "5"}`, `{"damage": "five"}`, `spells[0].effects.damage: bad dice "five"`, false},
		{"bad fg colour", `"fg": "#FFFF00"`, `"fg": "yellow"`, `items[0].renderable.fg: bad colour "yellow" (want #RRGGBB)`, false},
		{"bad bg colour", `"bg": "#000000", "order": 2}} ]`, `"bg": "#00000G", "order": 2}} ]`, `props[0].renderable.bg: bad colour "#00000G" (want #RRGGBB)`, false},
		{"empty glyph", `"glyph": "+"`, `"glyph": ""`, `props[0].renderable.glyph: empty glyph ""`, false},
		{"long glyph", `"glyph": "+"`, `"glyph": "++"`, `props[0].renderable.glyph: glyph "++" has 2 characters; only the first is drawn`, true},
		{"unknown response", `"Orcs": "ignore"`, `"Orcs": "hug"`, `faction_table[1].responses.Orcs: unknown response "hug" (want attack, ignore or flee)`, false},
		{"unknown default response", `{"Default": "attack"`, `{"Default": "hug"`, `faction_table[1].responses.Default: unknown response "hug" (want attack, ignore or flee)`, false},
		{"response not a string", `"Orcs": "ignore"`, `"Orcs": 3`, `faction_table[1].responses.Orcs: 3 is not a string`, false},
		{"unknown movement", `"movement": "random"`, `"movement": "fly"`, `mobs[0].movement: unknown movement "fly" (want static, random or random_waypoint)`, false},
		{"bad slot", `"weapon": {"range": "melee"`, `"wearable": {"slot": "Tail", "armor_class": 1.0}, "weapon": {"range": "melee"`, `items[0].wearable.slot: unknown slot "Tail" (want Shield, Head, Torso, Legs, Feet or Hands)`, false},
		{"bad range", `"range": "melee"`, `"range": "far"`, `items[0].weapon.range: bad range "far" (want melee or a number of tiles)`, false},
		{"bad attribute", `"attribute": "might"`, `"attribute": "luck"`, `items[0].weapon.attribute: unknown attribute "luck" (want might or quickness)`, false},
		{"bonus range", `"bonus_min": 1`, `"bonus_min": 3`, `items[0].template_magic.bonus_min: 3 is greater than bonus_max 2`, false},
		{"duplicate entity", `{"name": "Door", "renderable"`, `{"name": "Orc", "renderable"`, `props[0].name: duplicate name "Orc" (also mobs[0])`, false},
		{"duplicate spawn", `{"name": "Door", "weight": 1`, `{"name": "Orc", "weight": 1`, `spawn_table[3].name: duplicate name "Orc" (also spawn_table[0])`, false},
		{"duplicate faction", `{"name": "Player", "responses"`, `{"name": "Orcs", "responses"`, `faction_table[1].name: duplicate name "Orcs" (also faction_table[0])`, false},
		{"empty name", `{"name": "Door", "renderable"`, `{"name": " ", "renderable"`, `props[0].name: empty name " "`, false},
		{"negative mana", `"mana_cost": 2`, `"mana_cost": -2`, `spells[0].mana_cost: -2 is out of range [0, 1000000]`, false},
		// bounds (issue 26: every number the game or a builder uses has one)
		{"vision range", `"vision_range": 8`, `"vision_range": 100000`, `mobs[0].vision_range: 100000 is out of range [0, 64]`, false},
		{"huge vision range", `"vision_range": 8`, `"vision_range": 2147483647`, `mobs[0].vision_range: 2147483647 is out of range [0, 64]`, false},
		{"negative vision range", `"vision_range": 8`, `"vision_range": -1`, `mobs[0].vision_range: -1 is out of range [0, 64]`, false},
		{"mob level", `"movement": "random",`, `"movement": "random", "level": 9000000000000000000,`, `mobs[0].level: 9000000000000000000 is out of range [0, 1000]`, false},
		{"mob hp", `"movement": "random",`, `"movement": "random", "hp": 2000000,`, `mobs[0].hp: 2000000 is out of range [0, 1000000]`, false},
		{"mob attribute", `"attributes": {}`, `"attributes": {"might": 5000}`, `mobs[0].attributes.might: 5000 is out of range [-1000, 1000]`, false},
		{"mob skill", `"attributes": {}`, `"attributes": {}, "skills": {"Melee": -1001}`, `mobs[0].skills.Melee: -1001 is out of range [-1000, 1000]`, false},
		{"natural armour", `"natural": {"attacks"`, `"natural": {"armor_class": 1001, "attacks"`, `mobs[0].natural.armor_class: 1001 is out of range [-1000, 1000]`, false},
		{"attack hit bonus", `"name": "claw", "hit_bonus": 0`, `"name": "claw", "hit_bonus": 99999`, `mobs[0].natural.attacks[0].hit_bonus: 99999 is out of range [-1000, 1000]`, false},
		{"mob light", `"attributes": {},`, `"attributes": {}, "light": {"range": 65, "color": "#FFFFFF"},`, `mobs[0].light.range: 65 is out of range [0, 64]`, false},
		{"ability range", `"range": 6.0`, `"range": 1e9`, `mobs[0].abilities[0].range: 1000000000 is out of range [0, 64]`, false},
		{"weapon range", `"range": "melee"`, `"range": "100000"`, `items[0].weapon.range: "100000" is out of range [1, 64]`, false},
		{"weapon hit bonus", `"base_damage": "1d8", "hit_bonus": 0`, `"base_damage": "1d8", "hit_bonus": -5000`, `items[0].weapon.hit_bonus: -5000 is out of range [-1000, 1000]`, false},
		{"magic bonus", `"bonus_max": 2`, `"bonus_max": 1000000`, `items[0].template_magic.bonus_max: 1000000 is out of range [-100, 100]`, false},
		{"spawn depth", `"weight": 10, "min_depth": 1, "max_depth": 5`, `"weight": 10, "min_depth": 1, "max_depth": 5000`, `spawn_table[0].max_depth: 5000 is out of range [0, 1000]`, false},
		{"spawn weight", `"weight": 10`, `"weight": 1000000001`, `spawn_table[0].weight: 1000000001 is out of range [0, 1000000000]`, false},
		{"render order", `"order": 2},
   "weapon"`, `"order": 2000000},
   "weapon"`, `items[0].renderable.order: 2000000 is out of range [0, 1000000]`, false},
		{"item weight", `"vendor_category": "food"`, `"vendor_category": "food", "weight_lbs": -1`, `items[1].weight_lbs: -1 is out of range [0, 1000000]`, false},
		{"healing effect", `{"food": "", "teach_spell": "Zap"}`, `{"food": "", "teach_spell": "Zap", "provides_healing": "lots"}`, `items[1].consumable.effects.provides_healing: bad dice "lots"`, false},
		{"faction without responses", `{"Default": "ignore"}`, `{}`, `faction_table[0].responses: faction "Player" has no responses (it ignores everyone)`, true},
		{"response to unknown faction", `"Orcs": "ignore"`, `"Elves": "ignore"`, `faction_table[1].responses.Elves: no faction named "Elves"`, true},
		{"unknown vendor category", `"vendor": ["food"]`, `"vendor": ["gems"]`, `mobs[0].vendor[0]: no item has vendor_category "gems"`, true},
		{"empty loot table", `"drops": [{"name": "Longsword +1", "weight": 1}]`, `"drops": []`, `loot_tables[0].drops: loot table "Orc Loot" has no drops`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, basePack, tc.old)
			p, err := Parse([]byte(strings.Replace(basePack, tc.old, tc.new, 1)))
			require.NoError(t, err)
			probs := p.Validate()
			var found *Problem
			for i := range probs {
				if strings.HasPrefix(probs[i].String(), tc.want) {
					found = &probs[i]
				}
			}
			if assert.NotNil(t, found, "want %q in %q", tc.want, problemStrings(probs)) {
				assert.Equal(t, tc.warning, found.Warning)
			}
			assert.Equal(t, !tc.warning, HasErrors(probs))
		})
	}
}

// TestValidateBuilderPlacedEntitiesAreFine: an entity in no spawn table or
// loot table (a door the town builder places, a prefab's watch fire) is no
// problem, and the embedded default pack, whose town folk and furniture only
// builders place, has no problem at all.
func TestValidateBuilderPlacedEntitiesAreFine(t *testing.T) {
	p, err := Parse([]byte(strings.Replace(basePack, `,
  {"name": "Door", "weight": 1, "min_depth": 1, "max_depth": 5}`, ``, 1)))
	require.NoError(t, err)
	assert.Empty(t, problemStrings(p.Validate()), "Door is in no spawn table: fine")
	assert.Empty(t, problemStrings(Default().Validate()), "the default pack has no errors and no warnings")
}

func TestValidateOrdersErrorsBeforeWarnings(t *testing.T) {
	p, err := Parse([]byte(strings.Replace(strings.Replace(basePack, `"faction": "Orcs"`, `"faction": "X"`, 1),
		`{"Default": "ignore"}`, `{}`, 1)))
	require.NoError(t, err)
	probs := p.Validate()
	require.Len(t, probs, 2)
	assert.False(t, probs[0].Warning)
	assert.True(t, probs[1].Warning)
}

func TestSchema(t *testing.T) {
	s := string(Schema())
	for _, sec := range []string{"items", "mobs", "props", "spawn_table", "loot_tables", "faction_table", "spells", "weapon_traits", "add_map_depth_to_weight", "template_magic"} {
		assert.Contains(t, s, `"`+sec+`"`)
	}
	assert.Contains(t, s, SchemaID)
	assert.NotContains(t, s, `"additionalProperties": false`, "unknown fields must stay allowed")
	assert.Empty(t, schemaProblems(Default().tree()))
}
