package content

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func entityField(t *testing.T, key string) *EntityField {
	t.Helper()
	for i := range EntityFields {
		if EntityFields[i].Key == key {
			return &EntityFields[i]
		}
	}
	t.Fatalf("no field %q", key)
	return nil
}

func mob(t *testing.T, p *Pack, name string) Entity {
	t.Helper()
	r, ok := p.FindEntity(name)
	require.True(t, ok, name)
	x, ok := p.Entity(r)
	require.True(t, ok)
	return x
}

func TestEntityFieldsSetAndRefuseWithReasons(t *testing.T) {
	p := Default()
	gob := mob(t, p, "Goblin")
	for _, c := range []struct{ key, bad, why, good string }{
		{"renderable.glyph", "gg", "one character", "G"},
		{"renderable.fg", "red", "not a colour", "#FF0000"},
		{"faction", "Nobody", `no faction named "Nobody"`, "Wyrm"},
		{"loot_table", "Nothing", `no loot table named "Nothing"`, ""},
		{"movement", "hop", "unknown movement", "static"},
		{"vision_range", "far", "not a whole number", "12"},
		{"vision_range", "-1", "less than 0", "0"},
		{"hp", "1e3", "not a whole number", "30"},
	} {
		f := entityField(t, c.key)
		require.True(t, f.Applies(chain.Mobs))
		before := f.Get(gob)
		err := f.Set(gob, c.bad)
		require.Error(t, err, c.key)
		assert.Contains(t, err.Error(), c.why)
		assert.Equal(t, before, f.Get(gob), "a refused value changes nothing")
		require.NoError(t, f.Set(gob, c.good))
		assert.Equal(t, c.good, f.Get(gob))
	}
	assert.False(t, entityField(t, "faction").Applies(chain.Items))
	assert.Equal(t, "", entityField(t, "faction").Choices(p)[0], "a reference may be empty")
}

func TestNaturalAttacksListValidatesDice(t *testing.T) {
	p := Default()
	rat := mob(t, p, "Rat")
	l := entityField(t, "natural.attacks").List
	n := l.Len(rat)
	l.Add(rat)
	require.Equal(t, n+1, l.Len(rat))
	dmg := l.Columns[2]
	err := dmg.Set(rat, n, "2x6")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `bad dice "2x6"`)
	require.NoError(t, dmg.Set(rat, n, "2d6+1"))
	assert.Equal(t, "2d6+1", dmg.Get(rat, n))
	assert.Error(t, l.Columns[0].Set(rat, n, " "))
	assert.Error(t, l.Columns[1].Set(rat, n, "x"))
	l.Remove(rat, n)
	assert.Equal(t, n, l.Len(rat))
}

func TestEntryTriggerEffects(t *testing.T) {
	p := Default()
	r, ok := p.FindEntity("Bear Trap")
	require.True(t, ok)
	trap, _ := p.Entity(r)
	l := entityField(t, "entry_trigger.effects").List
	n := l.Len(trap)
	require.Positive(t, n)
	l.Add(trap)
	require.Equal(t, n+1, l.Len(trap))
	key, val := l.Columns[0], l.Columns[1]
	assert.Error(t, key.Set(trap, n, key.Get(trap, 0)), "effects are unique")
	require.NoError(t, key.Set(trap, n, "damage_2"))
	for i := range l.Len(trap) {
		if key.Get(trap, i) == "damage" {
			assert.Error(t, val.Set(trap, i, "lots"), "damage is dice")
		}
	}
	hidden := entityField(t, "hidden")
	require.NoError(t, hidden.Set(trap, "false"))
	assert.Equal(t, "false", hidden.Get(trap))
	assert.Error(t, hidden.Set(trap, "maybe"))
}

func TestSettingALookOnAnEntityWithoutOneGivesItARenderable(t *testing.T) {
	p := &Pack{Items: []Item{{Name: "Thing"}}}
	x, ok := p.Entity(EntityRef{chain.Items, 0})
	require.True(t, ok)
	assert.Equal(t, "", entityField(t, "renderable.fg").Get(x))
	require.NoError(t, entityField(t, "renderable.fg").Set(x, "#112233"))
	require.NotNil(t, x.Renderable())
	assert.Equal(t, "#112233", x.Renderable().FG)
	assert.Equal(t, "?", x.Renderable().Glyph)
	_, ok = p.Entity(EntityRef{chain.Mobs, 0})
	assert.False(t, ok)
}

func TestEntityJSONShowsOnlyWhatTheFormDoesNotModel(t *testing.T) {
	p, err := LoadFile("testdata/full.json")
	require.NoError(t, err)
	for _, r := range p.Entities() {
		x, _ := p.Entity(r)
		full := x.JSON(nil)
		rest := x.JSON(ModelledKeys(r.Section))
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(rest), &m), rest)
		assert.NotContains(t, m, "name")
		if rd, ok := m["renderable"].(map[string]any); ok {
			assert.NotContains(t, rd, "glyph")
			assert.NotContains(t, rd, "fg")
		}
		if r.Section == chain.Mobs {
			assert.NotContains(t, m, "faction")
			assert.NotContains(t, m, "movement")
		}
		assert.GreaterOrEqual(t, len(full), len(rest))
	}
	assert.Equal(t, []string{"name", "renderable.glyph", "renderable.fg", "renderable.bg", "hidden", "entry_trigger.effects"}, ModelledKeys(chain.Props))
	assert.Equal(t, entityField(t, "natural.attacks"), &EntityFields[FieldFor("natural.attacks[0].damage")])
	assert.Equal(t, -1, FieldFor("attributes.might"))
}
