package content

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCloneIsDeepAndLossless(t *testing.T) {
	p := Default()
	q := p.Clone()
	var a, b bytes.Buffer
	require.NoError(t, p.Export(&a))
	require.NoError(t, q.Export(&b))
	assert.Equal(t, a.String(), b.String())
	q.SpawnTable[0].Weight += 5
	q.Mobs[0].Name = "Changed"
	assert.NotEqual(t, p.SpawnTable[0].Weight, q.SpawnTable[0].Weight)
	assert.NotEqual(t, "Changed", p.Mobs[0].Name)
}

// A clone of a full pack (every section, unknown fields, odd values) exports
// the same bytes, and changing anything in the clone, however deep, leaves
// the original as it was.
func TestCloneOfAFullPackIsIndependent(t *testing.T) {
	p, err := LoadFile("testdata/full.json")
	require.NoError(t, err)
	before, _ := p.MarshalJSON()
	q := p.Clone()
	got, _ := q.MarshalJSON()
	require.Equal(t, string(before), string(got))

	for i := range q.Mobs {
		m := &q.Mobs[i]
		m.Name += "!"
		if m.Renderable != nil {
			m.Renderable.Glyph = "?"
		}
		if m.Natural != nil && len(m.Natural.Attacks) > 0 {
			m.Natural.Attacks[0].Damage = "9d9"
		}
	}
	for i := range q.FactionTable {
		if len(q.FactionTable[i].Responses) > 0 {
			q.FactionTable[i].Responses[0].Value = "flee"
		}
	}
	for i := range q.Items {
		if q.Items[i].Consumable != nil && len(q.Items[i].Consumable.Effects) > 0 {
			q.Items[i].Consumable.Effects[0].Value = "changed"
		}
	}
	for i := range q.LootTables {
		if len(q.LootTables[i].Drops) > 0 {
			q.LootTables[i].Drops[0].Weight++
		}
	}
	q.SpawnTable = append(q.SpawnTable[:0], SpawnEntry{Name: "Only"})
	after, _ := p.MarshalJSON()
	assert.Equal(t, string(before), string(after), "the original is untouched")
	changed, _ := q.MarshalJSON()
	assert.NotEqual(t, string(before), string(changed))
}

func BenchmarkCloneDefaultPack(b *testing.B) {
	p := Default()
	b.ReportAllocs()
	for b.Loop() {
		p.Clone()
	}
}
