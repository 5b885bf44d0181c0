package content

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func entityField(t *testing.T, s chain.Section, key string) *EntityField {
	t.Helper()
	i := FieldFor(s, key)
	require.GreaterOrEqual(t, i, 0, "no field %q for %s", key, s)
	require.Equal(t, key, EntityFields[i].Key)
	return &EntityFields[i]
}

func entity(t *testing.T, p *Pack, name string) Entity {
	t.Helper()
	r, ok := p.FindEntity(name)
	require.True(t, ok, name)
	x, ok := p.Entity(r)
	require.True(t, ok)
	return x
}

// exported is the pack as Export writes it.
func exported(t *testing.T, p *Pack) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, p.Export(&b))
	return b.String()
}

// changedLines lists the lines of b that a line-by-line comparison with a
// finds changed, inserted or removed (a minimal diff by common prefix and
// suffix, which is all one edit makes).
func changedLines(a, b string) (gone, added []string) {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	i := 0
	for i < len(la) && i < len(lb) && la[i] == lb[i] {
		i++
	}
	j := 0
	for j < len(la)-i && j < len(lb)-i && la[len(la)-1-j] == lb[len(lb)-1-j] {
		j++
	}
	return la[i : len(la)-j], lb[i : len(lb)-j]
}

func TestEntityFieldsSetAndRefuseWithReasons(t *testing.T) {
	p := Default()
	gob := entity(t, p, "Goblin")
	for _, c := range []struct{ key, bad, why, good string }{
		{"renderable.glyph", "gg", "one character", "G"},
		{"renderable.fg", "red", "not a colour", "#FF0000"},
		{"renderable.order", "-1", "not within 0..1000000", "3"},
		{"faction", "Nobody", `no faction named "Nobody"`, "Wyrm"},
		{"loot_table", "Nothing", `no loot table named "Nothing"`, ""},
		{"movement", "hop", `"hop" is not one of static, random or random_waypoint`, "static"},
		{"vision_range", "far", "not a whole number", "12"},
		{"vision_range", "-1", "not within 0..64", "0"},
		{"hp", "1e3", "not a whole number", "30"},
		{"gold", "lots", `bad dice "lots"`, "2d6"},
		{"attributes.might", "0", "not within 1..1000", "14"},
	} {
		f := entityField(t, chain.Mobs, c.key)
		before := f.Get(gob)
		err := f.Set(gob, c.bad)
		require.Error(t, err, c.key)
		assert.Contains(t, err.Error(), c.why)
		assert.Equal(t, before, f.Get(gob), "a refused value changes nothing")
		require.NoError(t, f.Set(gob, c.good))
		assert.Equal(t, c.good, f.Get(gob))
	}
	assert.False(t, entityField(t, chain.Mobs, "faction").Applies(chain.Items))
	assert.Equal(t, "", entityField(t, chain.Mobs, "faction").Options(p, true)[0], "a reference may be empty")
	assert.Error(t, entityField(t, chain.Mobs, "name").Set(gob, "Hobgoblin"), "a name changes by renaming")

	sword := entity(t, p, "Longsword")
	rng := entityField(t, chain.Items, "weapon.range")
	assert.ErrorContains(t, rng.Set(sword, "far"), "not melee or a range")
	require.NoError(t, rng.Set(sword, "6"))
	attr := entityField(t, chain.Items, "weapon.attribute")
	require.NoError(t, attr.Set(sword, "Quickness"), "the tutorial's own spelling")
	assert.ErrorContains(t, attr.Set(sword, "luck"), "not one of might or quickness")
	assert.ErrorContains(t, entityField(t, chain.Items, "weapon.proc_chance").Set(sword, "1.5"), "not within 0..1")
}

func TestOptionalFieldsStayOutUntilSetAndLeaveWhenCleared(t *testing.T) {
	p := Default()
	gob := entity(t, p, "Goblin")
	orig := exported(t, p)
	hp := entityField(t, chain.Mobs, "hp")
	require.True(t, hp.Optional(chain.Mobs))
	require.Equal(t, "", hp.Get(gob), "the goblin leaves its hit points out")
	require.NoError(t, hp.Set(gob, ""), "clearing an absent field changes nothing")
	assert.True(t, orig == exported(t, p))

	require.NoError(t, hp.Set(gob, "3"))
	_, added := changedLines(orig, exported(t, p))
	assert.Equal(t, []string{`      "hp": 3,`}, added, "a new field lands in the tutorial's order")
	require.NoError(t, hp.Set(gob, ""))
	assert.True(t, orig == exported(t, p), "cleared, it is out again")

	mana := entityField(t, chain.Mobs, "mana")
	require.NoError(t, mana.Set(gob, "0"))
	assert.Equal(t, "0", mana.Get(gob), "a zero typed in is kept")
	assert.Contains(t, exported(t, p), `"mana": 0`)

	bt := entityField(t, chain.Props, "hidden")
	trap := entity(t, p, "Bear Trap")
	require.Equal(t, "true", bt.Get(trap))
	require.NoError(t, bt.Set(trap, "false"))
	assert.Contains(t, exported(t, p), `"hidden": false`, "a present false stays present")
	door := entity(t, p, "Chair")
	before := exported(t, p)
	dv := entityField(t, chain.Props, "door_open")
	require.NoError(t, dv.Set(door, "false"))
	assert.True(t, before == exported(t, p), "an absent false stays absent")
}

func TestGroupsAddAndRemoveTheirObject(t *testing.T) {
	p := Default()
	rat := entity(t, p, "Rat")
	light := GroupOf(chain.Mobs, "light")
	require.NotNil(t, light)
	require.True(t, light.Optional(chain.Mobs))
	require.False(t, light.Present(rat))
	rng := entityField(t, chain.Mobs, "light.range")
	assert.ErrorContains(t, rng.Set(rat, "4"), `"Rat" has no light: add it first`)
	require.NoError(t, light.Add(rat))
	assert.Equal(t, "6", rng.Get(rat))
	assert.Equal(t, "#FFFFFF", entityField(t, chain.Mobs, "light.color").Get(rat))
	assert.Error(t, light.Add(rat))
	require.NoError(t, light.Remove(rat))
	assert.Nil(t, rat.Mob.Light)

	assert.False(t, GroupOf(chain.Mobs, "attributes").Optional(chain.Mobs), "a mob's attributes are required")
	assert.True(t, GroupOf(chain.Items, "attributes").Optional(chain.Items), "an item's bonuses are not")

	sword := entity(t, p, "Dagger")
	mg := GroupOf(chain.Items, "magic")
	require.NoError(t, mg.Add(sword))
	assert.Equal(t, "common", sword.Item.Magic.Class)
	w := GroupOf(chain.Items, "wearable")
	require.NoError(t, w.Add(sword))
	assert.Equal(t, "Torso", sword.Item.Wearable.Slot)
	assert.Equal(t, 1.0, sword.Item.Wearable.ArmorClass)
}

func TestNaturalAttacksListValidatesDice(t *testing.T) {
	p := Default()
	rat := entity(t, p, "Rat")
	l := entityField(t, chain.Mobs, "natural.attacks")
	n := l.Len(rat)
	require.NoError(t, l.AddRow(rat))
	require.Equal(t, n+1, l.Len(rat))
	assert.Equal(t, "bite", l.Cell(rat, n, 0))
	err := l.SetCell(rat, n, 2, "2x6")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `bad dice "2x6"`)
	require.NoError(t, l.SetCell(rat, n, 2, "2d6+1"))
	assert.Equal(t, "2d6+1", l.Cell(rat, n, 2))
	assert.Error(t, l.SetCell(rat, n, 0, " "))
	assert.Error(t, l.SetCell(rat, n, 1, "x"))
	row, col := l.Locate(rat, "[1].damage")
	assert.Equal(t, [2]int{1, 2}, [2]int{row, col})
	require.NoError(t, l.RemoveRow(rat, n))
	assert.Equal(t, n, l.Len(rat))
}

func TestEffectsAreTypedByTheirKey(t *testing.T) {
	p := Default()
	trap := entity(t, p, "Bear Trap")
	fx := entityField(t, chain.Props, "entry_trigger.effects")
	n := fx.Len(trap)
	require.Positive(t, n)
	require.NoError(t, fx.AddRow(trap))
	require.Equal(t, n+1, fx.Len(trap))
	added := fx.Cell(trap, n, 0)
	assert.NotEqual(t, fx.Cell(trap, 0, 0), added, "a new effect is one the trigger lacks")
	assert.ErrorContains(t, fx.SetCell(trap, n, 0, fx.Cell(trap, 0, 0)), "has", "effects are unique")

	require.NoError(t, fx.SetCell(trap, n, 0, "particle"))
	assert.Equal(t, "*;#FFFF00;200.0", fx.Cell(trap, n, 1), "a new key whose rule the value breaks gets its example")
	assert.ErrorContains(t, fx.SetCell(trap, n, 1, "*;red;200"), "bad particle")
	require.NoError(t, fx.SetCell(trap, n, 0, "confusion"))
	assert.ErrorContains(t, fx.SetCell(trap, n, 1, "a while"), "not a whole number")
	require.NoError(t, fx.SetCell(trap, n, 0, "teach_spell"))
	assert.Equal(t, p.Spells[0].Name, fx.Cell(trap, n, 1))
	assert.ErrorContains(t, fx.SetCell(trap, n, 1, "Fireball 9"), `no spell named "Fireball 9"`)
	require.NoError(t, fx.SetCell(trap, n, 0, "food"))
	assert.Equal(t, FieldFlag, fx.Rule(trap, n, 1).Kind)
	require.NoError(t, fx.SetCell(trap, n, 0, "my_own_effect"), "the raws' effects are open")
	require.NoError(t, fx.SetCell(trap, n, 1, "anything"))
	row, col := fx.Locate(trap, ".my_own_effect")
	assert.Equal(t, [2]int{n, 1}, [2]int{row, col})
	for i := range fx.Len(trap) {
		if fx.Cell(trap, i, 0) == "damage" {
			assert.Error(t, fx.SetCell(trap, i, 1, "lots"), "damage is dice")
		}
	}
}

func TestListsOfNamesPickFromThePack(t *testing.T) {
	p := Default()
	gob := entity(t, p, "Goblin")
	eq := entityField(t, chain.Mobs, "equipped")
	require.NoError(t, eq.AddRow(gob))
	i := eq.Len(gob) - 1
	assert.Equal(t, chain.Items, mustSection(t, p, eq.Cell(gob, i, 0)))
	assert.ErrorContains(t, eq.SetCell(gob, i, 0, "Goblin"), `no item named "Goblin"`)

	sk := entityField(t, chain.Mobs, "skills")
	for range 3 {
		require.NoError(t, sk.AddRow(gob))
	}
	assert.ErrorContains(t, sk.AddRow(gob), "every skill is listed already")
	assert.ErrorContains(t, sk.SetCell(gob, 0, 0, "Cooking"), "not one of Melee, Defense or Magic")

	ab := entityField(t, chain.Mobs, "abilities")
	bare := &Pack{Mobs: []Mob{{Name: "Mage"}}}
	mage, _ := bare.Entity(EntityRef{chain.Mobs, 0})
	assert.ErrorContains(t, ab.AddRow(mage), "the pack has no spell to name")
	require.NoError(t, ab.AddRow(gob))
	assert.ErrorContains(t, ab.SetCell(gob, 0, 1, "2"), "not within 0..1")
}

func mustSection(t *testing.T, p *Pack, name string) chain.Section {
	s, ok := p.SectionOf(name)
	require.True(t, ok, name)
	return s
}

// modelPaths lists the JSON paths of t's modelled fields: objects are
// walked into, lists and scalars are leaves.
func modelPaths(t reflect.Type, prefix string) []string {
	var out []string
	ti := infoOf(t)
	for _, fi := range ti.fields {
		ft := t.Field(fi.index).Type
		path := prefix + fi.name
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			out = append(out, modelPaths(ft, path+".")...)
			continue
		}
		out = append(out, path)
	}
	return out
}

func TestEveryModelledFieldHasAFormField(t *testing.T) {
	for s, typ := range sectionTypes {
		for _, path := range modelPaths(typ, "") {
			i := FieldFor(s, path)
			if assert.GreaterOrEqual(t, i, 0, "%s: %s has no form field", s, path) {
				assert.Equal(t, path, EntityFields[i].Key)
			}
		}
	}
}

func TestDescriptorsMatchTheModel(t *testing.T) {
	kinds := map[FieldKind][]reflect.Kind{
		FieldName: {reflect.String}, FieldText: {reflect.String}, FieldGlyph: {reflect.String},
		FieldColour: {reflect.String}, FieldEnum: {reflect.String}, FieldDice: {reflect.String},
		FieldRef: {reflect.String}, FieldInt: {reflect.Int}, FieldFloat: {reflect.Float64},
		FieldBool: {reflect.Bool}, FieldList: {reflect.Slice},
	}
	number := func(f *EntityField) {
		if f.Kind == FieldInt || f.Kind == FieldFloat {
			assert.Less(t, f.Min, f.Max, "%s has bounds", f.Key)
		}
	}
	for i := range EntityFields {
		f := &EntityFields[i]
		require.NotEmpty(t, f.Sections, f.Key)
		for _, s := range f.Sections {
			ft, _, ok := typeAt(sectionTypes[s], f.Key)
			require.True(t, ok, "%s: %s is modelled", s, f.Key)
			assert.Contains(t, kinds[f.Kind], ft.Kind(), "%s: %s", s, f.Key)
		}
		number(f)
		for c := range f.Columns {
			number(&f.Columns[c])
		}
		if f.Example != "" {
			assert.NoError(t, f.accept(Default(), f.Example), "%s's example", f.Key)
		}
	}
	for i := range Effects {
		number(&Effects[i])
		if e := &Effects[i]; e.Example != "" && e.Kind != FieldFlag {
			assert.NoError(t, e.accept(Default(), e.Example), e.Key)
		}
	}
}

func TestEntityJSONShowsOnlyWhatTheFormDoesNotModel(t *testing.T) {
	p, err := LoadFile("testdata/full.json")
	require.NoError(t, err)
	for _, r := range p.Entities() {
		x, _ := p.Entity(r)
		rest := x.JSON(ModelledKeys(r.Section))
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(rest), &m), rest)
		for _, path := range modelPaths(sectionTypes[r.Section], "") {
			var at any = m
			for _, k := range strings.Split(path, ".") {
				if o, ok := at.(map[string]any); ok {
					at = o[k]
				}
			}
			assert.Nil(t, at, "%s: %s is on the form", x.Name(), path)
		}
	}
	sword := entity(t, p, "Longsword")
	assert.JSONEq(t, `{"renderable": {"note": "wide"}, "attributes": {"luck": 3}}`, sword.JSON(ModelledKeys(chain.Items)),
		"what the tutorial's structs do not have")
	assert.JSONEq(t, `{"renderable": {"note": "wide"}, "attributes": {"luck": 3}}`, sword.Unmodelled())
	assert.Equal(t, "", entity(t, Default(), "Goblin").Unmodelled(), "the tutorial's goblin is all on the form")

	q, err := Parse([]byte(`{"mobs": [{"name": "Imp", "hp": "lots", "mood": "sly",
		"natural": {"attacks": [{"name": "bite", "hit_bonus": 0, "damage": "1d4"}, {"name": "claw", "hit_bonus": 0, "damage": "1d2", "note": "x"}]}}]}`))
	require.NoError(t, err)
	imp := entity(t, q, "Imp")
	assert.JSONEq(t, `{"hp": "lots", "mood": "sly", "natural": {"attacks": [{}, {"note": "x"}]}}`, imp.Unmodelled(),
		"unknown keys at any depth, list elements in place, values of the wrong type")
	require.NoError(t, entityField(t, chain.Mobs, "hp").Set(imp, "7"))
	assert.NotContains(t, imp.Unmodelled(), "lots", "a value typed in replaces the wrong one")
	assert.Contains(t, exported(t, q), `"hp": 7`)

	assert.Equal(t, entityField(t, chain.Mobs, "natural.attacks"), &EntityFields[FieldFor(chain.Mobs, "natural.attacks[0].damage")])
	assert.Equal(t, -1, FieldFor(chain.Mobs, "sparkle.on"))
}

// TestFormEditsChangeOnlyTheirLines edits one field of each kind through
// the descriptors and compares the export with the unedited one: only the
// edited lines change.
func TestFormEditsChangeOnlyTheirLines(t *testing.T) {
	for _, c := range []struct {
		entity string
		s      chain.Section
		edit   func(x Entity) error
		gone   []string
		added  []string
	}{
		{"Goblin", chain.Mobs, func(x Entity) error { return entityField(t, chain.Mobs, "vision_range").Set(x, "9") },
			[]string{`      "vision_range": 8,`}, []string{`      "vision_range": 9,`}},
		{"Longsword", chain.Items, func(x Entity) error { return entityField(t, chain.Items, "weapon.base_damage").Set(x, "1d10") },
			[]string{`        "base_damage": "1d8",`}, []string{`        "base_damage": "1d10",`}},
		{"Leather Armor", chain.Items, func(x Entity) error { return entityField(t, chain.Items, "wearable.armor_class").Set(x, "3.5") },
			[]string{`        "armor_class": 1.0`}, []string{`        "armor_class": 3.5`}},
		{"Goblin", chain.Mobs, func(x Entity) error { return entityField(t, chain.Mobs, "movement").Set(x, "static") },
			[]string{`      "movement": "random_waypoint",`}, []string{`      "movement": "static",`}},
		{"Bear Trap", chain.Props, func(x Entity) error { return entityField(t, chain.Props, "hidden").Set(x, "false") },
			[]string{`      "hidden": true,`}, []string{`      "hidden": false,`}},
		{"Rat", chain.Mobs, func(x Entity) error {
			return entityField(t, chain.Mobs, "natural.attacks").SetCell(x, 0, 2, "1d5")
		}, []string{`            "damage": "1d4"`}, []string{`            "damage": "1d5"`}},
	} {
		p := Default()
		orig := exported(t, p)
		require.NoError(t, c.edit(entity(t, p, c.entity)), c.entity)
		gone, added := changedLines(orig, exported(t, p))
		assert.Equal(t, c.gone, gone, c.entity)
		assert.Equal(t, c.added, added, c.entity)
	}
}
