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

func BenchmarkCloneDefaultPack(b *testing.B) {
	p := Default()
	b.ReportAllocs()
	for b.Loop() {
		p.Clone()
	}
}
