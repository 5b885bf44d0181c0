package content

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func TestNewEntityHasAFreeNameAndIsInNoTable(t *testing.T) {
	p := Default()
	spawns := len(p.SpawnTable)
	r, err := p.NewEntity(chain.Mobs)
	require.NoError(t, err)
	x, ok := p.Entity(r)
	require.True(t, ok)
	assert.Equal(t, "New mob", x.Name())
	r2, err := p.NewEntity(chain.Mobs)
	require.NoError(t, err)
	x2, _ := p.Entity(r2)
	assert.Equal(t, "New mob 2", x2.Name())
	assert.Len(t, p.SpawnTable, spawns, "added to nothing")
	assert.Empty(t, p.EntityRefs("New mob"))
	assert.False(t, HasErrors(p.Validate()), "a new mob is valid")
	js := x.JSON(nil)
	for _, k := range []string{`"name"`, `"renderable"`, `"blocks_tile"`, `"vision_range"`, `"movement"`, `"attributes"`} {
		assert.Contains(t, js, k, "the tutorial's required fields")
	}
	assert.Less(t, strings.Index(js, `"movement"`), strings.Index(js, `"attributes"`), "in the tutorial's order")

	for _, s := range []chain.Section{chain.Items, chain.Props} {
		r, err := p.NewEntity(s)
		require.NoError(t, err)
		x, _ := p.Entity(r)
		assert.Equal(t, "New "+strings.TrimSuffix(string(s), "s"), x.Name())
	}
	assert.False(t, HasErrors(p.Validate()))
	_, err = p.NewEntity("spells")
	assert.Error(t, err)
}

func TestDuplicateEntityKeepsEverythingButTheName(t *testing.T) {
	p, err := LoadFile("testdata/full.json")
	require.NoError(t, err)
	r, ok := p.FindEntity("Longsword")
	require.True(t, ok)
	orig, _ := p.Entity(r)
	cr, err := p.DuplicateEntity(r)
	require.NoError(t, err)
	assert.Equal(t, EntityRef{chain.Items, r.Index + 1}, cr, "right after the original")
	cp, _ := p.Entity(cr)
	assert.Equal(t, "Longsword (copy)", cp.Name())
	assert.Equal(t, strings.Replace(orig.JSON(nil), `"Longsword"`, `"Longsword (copy)"`, 1), cp.JSON(nil),
		"unknown fields, key order and number spelling kept")
	assert.Empty(t, p.EntityRefs("Longsword (copy)"), "in no table")

	require.NoError(t, entityField(t, chain.Items, "weapon.base_damage").Set(cp, "2d4"))
	assert.Equal(t, "1d8", orig.Item.Weapon.BaseDamage, "the copy shares nothing")

	cr2, err := p.DuplicateEntity(r)
	require.NoError(t, err)
	cp2, _ := p.Entity(cr2)
	assert.Equal(t, "Longsword (copy 2)", cp2.Name())
	_, err = p.DuplicateEntity(EntityRef{chain.Mobs, 999})
	assert.Error(t, err)
}

func TestDeleteEntityTakesItsReferencesAlong(t *testing.T) {
	p := Default()
	r, ok := p.FindEntity("Shortsword")
	require.True(t, ok)
	refs := p.EntityRefs("Shortsword")
	require.NotEmpty(t, refs)
	removed, err := p.DeleteEntity(r)
	require.NoError(t, err)
	assert.Equal(t, refs, removed)
	_, ok = p.FindEntity("Shortsword")
	assert.False(t, ok)
	for _, n := range []string{"Shortsword", "Shortsword +1", "Shortsword -1"} {
		assert.Empty(t, p.EntityRefs(n), n)
	}
	for _, pr := range p.Validate() {
		assert.NotContains(t, pr.Msg, "Shortsword", pr.String())
	}

	gob, _ := p.FindEntity("Goblin")
	require.Contains(t, p.EntityRefs("Goblin"), "spawn_table[0].name")
	_, err = p.DeleteEntity(gob)
	require.NoError(t, err)
	_, ok = p.Spawn("Goblin")
	assert.False(t, ok, "the spawn table follows")
	_, err = p.DeleteEntity(EntityRef{chain.Props, -1})
	assert.Error(t, err)
}
