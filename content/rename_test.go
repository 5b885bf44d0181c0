package content

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func TestRenameEntityFollowsEveryReferenceAndMagicVariants(t *testing.T) {
	p := Default()
	p.Mobs[0].Equipped = append(p.Mobs[0].Equipped, "Longsword +2")
	p.SetDrop("Scrubs", "Longsword", 3)
	p.SetSpawn(SpawnEntry{Name: "Longsword +1", Weight: 1, MinDepth: 1, MaxDepth: 3})
	before := p.EntityRefs("Longsword")
	changed, err := p.RenameEntity("Longsword", "Broadsword")
	require.NoError(t, err)
	ls, _ := p.FindEntity("Broadsword")
	assert.Contains(t, changed, ls.Path()+".name")
	for _, path := range before {
		assert.Contains(t, changed, path, "every listed reference was renamed")
	}
	assert.Empty(t, p.EntityRefs("Longsword"))
	assert.Equal(t, "Broadsword +2", p.Mobs[0].Equipped[len(p.Mobs[0].Equipped)-1])
	_, ok := p.Spawn("Broadsword +1")
	assert.True(t, ok, "the spawn table's magic variant follows")
	assert.NotNil(t, p.LootTable("Scrubs"))
	assert.Contains(t, dropNames(p.LootTable("Scrubs")), "Broadsword")
	assert.False(t, HasErrors(p.Validate()), "%v", p.Validate())
}

func dropNames(t *LootTable) []string {
	var out []string
	for _, d := range t.Drops {
		out = append(out, d.Name)
	}
	return out
}

func TestRenameEntityRefusals(t *testing.T) {
	p := Default()
	before, _ := p.MarshalJSON()
	for _, c := range []struct{ from, to, want string }{
		{"Goblin", "", "needs a name"},
		{"Goblin", " Goblin", "spaces"},
		{"Goblin", "Orc", `"Orc" is already`},
		{"Goblin", "Longsword +1", `"Longsword +1" is already`},
		{"Nobody", "Somebody", `no item, mob or prop named "Nobody"`},
		{"Longsword +1", "X", `no item, mob or prop named "Longsword +1"`},
	} {
		_, err := p.RenameEntity(c.from, c.to)
		require.Error(t, err, c)
		assert.Contains(t, err.Error(), c.want)
	}
	after, _ := p.MarshalJSON()
	assert.Equal(t, string(before), string(after), "a refused rename changes nothing")
	changed, err := p.RenameEntity("Goblin", "Goblin")
	assert.NoError(t, err)
	assert.Empty(t, changed)
}

func TestRenameFactionFollowsMobsAndResponses(t *testing.T) {
	p := Default()
	refs := p.FactionRefs("Cave Goblins")
	require.NotEmpty(t, refs)
	changed, err := p.RenameFaction("Cave Goblins", "Deep Goblins")
	require.NoError(t, err)
	for _, r := range refs {
		assert.Contains(t, changed, r)
	}
	assert.Nil(t, p.Faction("Cave Goblins"))
	assert.NotNil(t, p.Faction("Deep Goblins"))
	assert.Empty(t, p.FactionRefs("Cave Goblins"))
	gob, _ := p.FindEntity("Goblin")
	x, _ := p.Entity(gob)
	assert.Equal(t, "Deep Goblins", x.Mob.Faction)
	assert.False(t, HasErrors(p.Validate()))

	for _, to := range []string{"Default", "Mindless", ""} {
		_, err := p.RenameFaction("Deep Goblins", to)
		assert.Error(t, err, to)
	}
	_, err = p.RenameFaction("Nobody", "X")
	assert.Error(t, err)
}

func TestRemoveFactionAndResponsesLeavesMobsForValidate(t *testing.T) {
	p := Default()
	p.SetResponse("Mindless", "Wyrm", Flee)
	require.True(t, p.RemoveFactionAndResponses("Wyrm"))
	assert.False(t, p.RemoveFactionAndResponses("Wyrm"))
	_, has := p.Faction("Mindless").Responses.Get("Wyrm")
	assert.False(t, has)
	var paths []string
	for _, pr := range p.Validate() {
		if strings.HasSuffix(pr.Path, ".faction") {
			paths = append(paths, pr.Path)
		}
	}
	assert.NotEmpty(t, paths, "the dragons' faction is reported")
}

func TestRenameLootTableFollowsMobs(t *testing.T) {
	p := Default()
	refs := p.LootTableRefs("Animal")
	require.NotEmpty(t, refs)
	changed, err := p.RenameLootTable("Animal", "Beast")
	require.NoError(t, err)
	assert.Equal(t, append([]string{"loot_tables[0].name"}, refs...), changed)
	assert.Empty(t, p.LootTableRefs("Animal"))
	_, err = p.RenameLootTable("Beast", "Scrubs")
	assert.Error(t, err)
	_, err = p.RenameLootTable("Animal", "X")
	assert.Error(t, err)
}

func TestRenameKeepsUnknownFieldsAndOrder(t *testing.T) {
	src := fullJSON(t)
	p, err := Parse(src)
	require.NoError(t, err)
	name := p.Mobs[0].Name
	_, err = p.RenameEntity(name, name+" II")
	require.NoError(t, err)
	out, _ := p.MarshalJSON()
	assert.Equal(t, strings.Count(string(src), `"sparkle"`), strings.Count(string(out), `"sparkle"`))
	assert.True(t, json.Valid(out))
	assert.Contains(t, string(out), name+" II")
}

func fullJSON(t *testing.T) []byte {
	t.Helper()
	p, err := LoadFile("testdata/full.json")
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, p.Export(&b))
	return b.Bytes()
}

func TestOddsGridMatchesOddsAtEveryDepth(t *testing.T) {
	p := Default()
	p.SetSpawn(SpawnEntry{Name: "Not Defined", Weight: 5, MinDepth: 1, MaxDepth: 9})
	g := p.OddsGrid(12, 1)
	require.Equal(t, 1, g.From)
	require.Equal(t, 12, g.Depths())
	require.Len(t, g.Rows, len(p.SpawnTable))
	for d := 1; d <= 12; d++ {
		want := map[string]float64{}
		for _, o := range p.Odds(d) {
			want[o.Name] += o.Probability
		}
		got := map[string]float64{}
		sum := 0.0
		for _, r := range g.Rows {
			if r.P[d-1] > 0 {
				got[r.Name] += r.P[d-1]
				sum += r.P[d-1]
			}
		}
		assert.InDeltaMapValues(t, want, got, 1e-12, "depth %d", d)
		if len(want) > 0 {
			assert.InDelta(t, 1, sum, 1e-9)
		}
	}
	last := g.Rows[len(g.Rows)-1]
	assert.Equal(t, chain.Section(""), last.Section, "an undefined name cannot spawn")
	assert.Zero(t, last.P[0])
	assert.Positive(t, g.Max())
}

func TestAsymmetriesSkipPlayerAndSymmetricPairs(t *testing.T) {
	p := &Pack{}
	p.AddFaction("Player")
	require.NoError(t, p.SetResponse("A", "Default", Attack))
	require.NoError(t, p.SetResponse("B", "A", Ignore))
	require.NoError(t, p.SetResponse("B", "Default", Attack))
	require.NoError(t, p.SetResponse("C", "Default", Attack))
	got := p.Asymmetries()
	assert.Equal(t, []Asymmetry{{"A", "B"}}, got, "A attacks B (default), B ignores A; A and C attack each other")
	assert.Equal(t, "A attacks B, but B ignores A", got[0].String())
}

func TestLocateFindsProblemLines(t *testing.T) {
	src := []byte("{\n  \"mobs\": [\n    { \"name\": \"Rat\",\n      \"movement\": \"hop\" }\n  ],\n  \"faction_table\": []\n}\n")
	p, err := Parse(src)
	require.NoError(t, err)
	ps := p.Validate()
	require.NotEmpty(t, ps)
	lines := ProblemLines("pack.json", src, ps)
	assert.Contains(t, lines, `pack.json:4:19: mobs[0].movement: unknown movement "hop" (want static, random or random_waypoint)`)
	l, c, ok := Locate(src, "mobs[0].natural.attacks[3]")
	assert.True(t, ok)
	assert.Equal(t, []int{3, 5}, []int{l, c}, "a path past the data stops at the deepest value")
	_, _, ok = Locate([]byte("{"), "mobs")
	assert.False(t, ok)
}
