package special

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/chain"
)

func TestMergeSpawns(t *testing.T) {
	in := func(x, _ int) bool { return x >= 10 }
	sp := func(x int, name string) chain.Spawn { return chain.Spawn{X: x, Y: 1, Name: name} }
	parent := []chain.Spawn{sp(1, "a"), sp(11, "gone"), sp(2, "b")}
	want := []chain.Spawn{sp(1, "a"), sp(2, "b"), sp(12, "c"), sp(13, "d")}

	// In the nested list's own array (room for all), and in a new one.
	roomy := append(make([]chain.Spawn, 0, 8), sp(3, "out"), sp(12, "c"), sp(13, "d"))
	assert.Equal(t, want, mergeSpawns(parent, roomy, in))
	tight := []chain.Spawn{sp(3, "out"), sp(12, "c"), sp(13, "d")}
	assert.Equal(t, want, mergeSpawns(parent, tight, in))
	assert.Equal(t, []chain.Spawn{sp(1, "a"), sp(11, "gone"), sp(2, "b")}, parent, "the parent's list is not written")

	// None stays none; an empty parent list stays an empty list.
	assert.Nil(t, mergeSpawns(nil, nil, in))
	assert.Nil(t, mergeSpawns(nil, []chain.Spawn{sp(3, "out")}, in))
	got := mergeSpawns([]chain.Spawn{sp(11, "gone")}, nil, in)
	assert.NotNil(t, got)
	assert.Empty(t, got)
	got = mergeSpawns([]chain.Spawn{}, []chain.Spawn{sp(3, "out")}, in)
	assert.NotNil(t, got)
	assert.Empty(t, got)
}
