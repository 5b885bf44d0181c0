package content

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

// packSources returns the round-trip corpus: every testdata pack plus the default.
func packSources(t testing.TB) map[string][]byte {
	out := map[string][]byte{"default": DefaultJSON()}
	files, err := filepath.Glob("testdata/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		out[f] = b
	}
	return out
}

// generic decodes JSON keeping number texts, for value comparisons.
func generic(t testing.TB, b []byte) any {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	require.NoError(t, d.Decode(&v))
	return v
}

// keyOrder lists every object's keys in document order.
func keyOrder(n *jsonfile.Node, out *[]string) {
	switch n.Kind {
	case jsonfile.Object:
		for _, f := range n.Fields {
			*out = append(*out, f.Key)
			keyOrder(f.Val, out)
		}
		*out = append(*out, "}")
	case jsonfile.Array:
		for _, it := range n.Items {
			keyOrder(it, out)
		}
	}
}

func export(t testing.TB, p *Pack) []byte {
	var b bytes.Buffer
	require.NoError(t, p.Export(&b))
	return b.Bytes()
}

func TestRoundTripIsLossless(t *testing.T) {
	for name, src := range packSources(t) {
		t.Run(name, func(t *testing.T) {
			p, err := Parse(src)
			require.NoError(t, err)
			out := export(t, p)
			assert.Equal(t, generic(t, src), generic(t, out), "values must survive import+export")

			in, err := jsonfile.Parse(src)
			require.NoError(t, err)
			back, err := jsonfile.Parse(out)
			require.NoError(t, err)
			var ka, kb []string
			keyOrder(in, &ka)
			keyOrder(back, &kb)
			assert.Equal(t, ka, kb, "keys keep their input order")

			p2, err := Parse(out)
			require.NoError(t, err)
			assert.Equal(t, string(out), string(export(t, p2)), "export is a fixed point")
		})
	}
}

func TestRoundTripKeepsTextAndPresence(t *testing.T) {
	src, err := os.ReadFile("testdata/full.json")
	require.NoError(t, err)
	p, err := Parse(src)
	require.NoError(t, err)
	out := string(export(t, p))
	for _, want := range []string{
		`"base_value": 15.00`, `"weight_lbs": 1e1`, `"base_value": -0.0`, `"initiative_penalty": 1,`,
		`"cursed": false`, `"charges": 0`, `"quips": []`, `"on_death": []`, `"level": 0`,
		`"add_map_depth_to_weight": false`, `"door_open": false`, `"hidden": false`, `"proc_effects": {}`,
		`"responses": {}`, `"school": null`, `12345678901234567890`, `"luck": 3`, `"sound": "snap"`,
		`"verb": "rakes"`, `"hewn_version": 1`, `"ai": {`, `"glyph": "☺"`,
	} {
		assert.Contains(t, out, want)
	}
	assert.True(t, strings.HasPrefix(out, "{\n  \"hewn_version\": 1,\n  \"items\": [\n    {\n      \"name\""), "two-space indent")
	// Absent stays absent: Ring Mail has no consumable, the Candle prop no renderable.
	assert.Nil(t, p.Items[2].Consumable)
	assert.Nil(t, p.Props[2].Renderable)
	assert.NotContains(t, out[strings.Index(out, `"name": "Candle"`):], `"renderable"`)
}

func TestRoundTripKeepsInvalidValues(t *testing.T) {
	src := `{"spawn_table":[{"name":"Orc","weight":"ten","min_depth":1.5,"max_depth":null},"junk",3],` +
		`"mobs":[{"name":"Orc","blocks_tile":"yes","vision_range":8,"movement":"static","attributes":[],"quips":[1,"a"],"renderable":7}],` +
		`"faction_table":{"oops":true},"loot_tables":[{"name":"L","drops":[{"name":"Orc","weight":1e400}]}]}`
	p, err := Parse([]byte(src))
	require.NoError(t, err)
	assert.Equal(t, generic(t, []byte(src)), generic(t, export(t, p)))
	probs := p.Validate()
	assert.True(t, HasErrors(probs))
	msgs := problemStrings(probs)
	assert.Contains(t, msgs, `spawn_table[0].weight: "ten" is not an integer`)
	assert.Contains(t, msgs, `spawn_table[0].min_depth: 1.5 is not an integer`)
	assert.Contains(t, msgs, `spawn_table[1]: "junk" is not an object`)
	assert.Contains(t, msgs, `mobs[0].blocks_tile: "yes" is not a boolean`)
	assert.Contains(t, msgs, `faction_table: an object is not an array`)
}

func TestEditsSurviveExport(t *testing.T) {
	src, err := os.ReadFile("testdata/full.json")
	require.NoError(t, err)
	p, err := Parse(src)
	require.NoError(t, err)

	e, ok := p.Spawn("Orc")
	require.True(t, ok)
	e.Weight = 9
	p.SetSpawn(SpawnEntry{Name: "Bear Trap", Weight: 3, MinDepth: 2, MaxDepth: 4, AddMapDepthToWeight: true})
	p.SetSpawn(SpawnEntry{Name: "Candle", Weight: 0, MinDepth: 1, MaxDepth: 2})
	assert.True(t, p.RemoveSpawn("Longsword -1"))
	assert.False(t, p.RemoveSpawn("Nope"))
	p.SetDrop("Animal", "Rations", 4)
	p.SetDrop("Animal", "Longsword", 1)
	p.SetDrop("New Table", "Rations", 2)
	assert.True(t, p.RemoveDrop("Animal", "Ring Mail"))
	require.NoError(t, p.SetResponse("Townsfolk", "Cave Goblins", Flee))
	require.NoError(t, p.SetResponse("Wyrm", "Default", Attack))
	assert.ErrorContains(t, p.SetResponse("Townsfolk", "Default", "hug"), `unknown response "hug"`)
	assert.True(t, p.RemoveResponse("Townsfolk", "Player"))
	assert.True(t, p.RemoveFaction("Player"))
	assert.True(t, p.RemoveLootTable("Empty"))

	out := export(t, p)
	q, err := Parse(out)
	require.NoError(t, err)
	orc, _ := q.Spawn("Orc")
	assert.Equal(t, 9, orc.Weight)
	trap, _ := q.Spawn("Bear Trap")
	assert.Equal(t, SpawnEntry{Name: "Bear Trap", Weight: 3, MinDepth: 2, MaxDepth: 4, AddMapDepthToWeight: true}, stripMeta(*trap))
	_, ok = q.Spawn("Longsword -1")
	assert.False(t, ok)
	s := string(out)
	assert.Contains(t, s, `"comment": "weight 1 spawns"`, "unknown fields of an edited entry survive")
	assert.Contains(t, s, "{\n      \"name\": \"Candle\",\n      \"weight\": 0,\n      \"min_depth\": 1,\n      \"max_depth\": 2\n    }",
		"new entries use the canonical order and keep required zero fields")
	assert.Contains(t, s, `"rare": false`)
	assert.Equal(t, []LootDrop{{Name: "Rations", Weight: 4}, {Name: "Longsword", Weight: 1}}, stripDrops(q.LootTable("Animal").Drops))
	assert.Equal(t, Flee, q.Reaction("Townsfolk", "Cave Goblins"))
	assert.Equal(t, Flee, q.Reaction("Townsfolk", "Player"), "removed response falls back to Default")
	assert.Equal(t, Attack, q.Reaction("Wyrm", "Anyone"))
	assert.Nil(t, q.Faction("Player"))
	assert.Contains(t, s, `"colour": "#00FF00"`)
	assert.Contains(t, s, `"hewn_notes"`)
}

func stripMeta(e SpawnEntry) SpawnEntry { e.meta = meta{}; return e }

func stripDrops(ds []LootDrop) []LootDrop {
	out := make([]LootDrop, len(ds))
	for i, d := range ds {
		out[i] = LootDrop{Name: d.Name, Weight: d.Weight}
	}
	return out
}

func TestNewPackExportsCanonically(t *testing.T) {
	p := &Pack{}
	p.SetSpawn(SpawnEntry{Name: "Orc", Weight: 2, MinDepth: 1, MaxDepth: 3})
	p.Mobs = append(p.Mobs, Mob{Name: "Orc", Movement: MoveStatic})
	out := string(export(t, p))
	assert.Equal(t, `{
  "items": [],
  "mobs": [
    {
      "name": "Orc",
      "blocks_tile": false,
      "vision_range": 0,
      "movement": "static",
      "attributes": {}
    }
  ],
  "props": [],
  "spawn_table": [
    {
      "name": "Orc",
      "weight": 2,
      "min_depth": 1,
      "max_depth": 3
    }
  ],
  "loot_tables": [],
  "faction_table": [],
  "spells": [],
  "weapon_traits": []
}
`, out)
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"{\n  \"items\": [\n    {\"name\": x}\n  ]\n}", `content: line 3:14: unexpected 'x' (want a value)`},
		{`{"a":1,"a":2}`, `content: line 1:8: duplicate key "a"`},
		{`[1]`, `content: the pack is a JSON array, want an object`},
		{`{"a":1} {}`, `content: line 1:9: unexpected '{' after the top-level value`},
		{`{"a":"\q"}`, `content: line 1:7: bad escape "\\q" in string`},
		{`{"a":01}`, `content: line 1:7: unexpected '1' after the value of "a"`},
		{``, `content: line 1:1: unexpected end of input`},
		{strings.Repeat("[", 300), `brackets nest deeper than 256 levels`},
	} {
		_, err := Parse([]byte(tc.src))
		if assert.Error(t, err, tc.src) {
			assert.Contains(t, err.Error(), tc.want)
		}
	}
	_, err := LoadFile("testdata/does-not-exist.json")
	assert.EqualError(t, err, "testdata/does-not-exist.json: no such file or directory")
	var fe *jsonfile.FileError
	assert.ErrorAs(t, err, &fe)
	_, err = Load(strings.NewReader(`{"items":[]}`))
	assert.NoError(t, err)
}

func TestDefaultPack(t *testing.T) {
	p := Default()
	probs := p.Validate()
	for _, pr := range probs {
		assert.True(t, pr.Warning, "default pack error: %s", pr)
	}
	q := Default()
	q.Mobs[0].Name = "changed"
	assert.NotEqual(t, "changed", Default().Mobs[0].Name, "Default returns a fresh copy")

	for _, name := range []string{
		"Dragon Wyrmling", "Lizardman", "Giant Lizard", "Rock Golem", "Stonefall Trap", "Landmine",
		"Breastplate", "War Axe", "Dwarf-Steel Shirt", "Dragon Scale", "Meat",
		"Barkeep", "Shady Salesman", "Patron", "Priest", "Parishioner", "Blacksmith", "Clothier",
		"Alchemist", "Mom", "Peasant", "Dock Worker", "Drunk", "Fisher", "Rat", "Town Guard",
		"Door", "Chair", "Table", "Keg", "Candle", "Anvil", "Water Trough", "Weapon Rack", "Armor Stand",
		"Cabinet", "Loom", "Hide Rack", "Chemistry Set", "Dead Thing", "Bed", "Watch Fire",
		"Goblin", "Orc", "Orc Leader", "Dark Elf", "Bear Trap", "Rations", "Health Potion",
		"Minotaur", "Spider", "Web", "Black Dragon", "Kobold", "Cave Bat",
	} {
		_, ok := p.SectionOf(name)
		assert.True(t, ok, "default pack defines %q", name)
	}
	for _, f := range []string{"Wyrm", "Dwarven Remnant", "Townsfolk"} {
		assert.NotNil(t, p.Faction(f), f)
	}
	assert.Equal(t, Ignore, p.Reaction("Dwarven Remnant", "Player"))
	assert.Equal(t, Attack, p.Reaction("Wyrm", "Player"))
	r := p.Roller()
	for d := 1; d <= 12; d++ {
		assert.NotEmpty(t, r.Odds(d, "mobs"), "mobs at depth %d", d)
		assert.NotEmpty(t, r.Odds(d, "items"), "items at depth %d", d)
		for _, c := range []string{"weapon", "armor"} {
			_, ok := r.Pick(newRand(1), d, c)
			assert.True(t, ok, "%s at depth %d", c, d)
		}
	}
}
