package chain_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChainEncodeLayout pins the compact layout of chain files: one step per
// line, nested sub-chain steps one per line under the line that opens them,
// template rows one per line, and load then save byte-identical.
func TestChainEncodeLayout(t *testing.T) {
	in := `{"name":"x & y","depth":2,"width":20,"height":10,"steps":[
	{"builder":"t_fill","params":{"n":4,"pos":7}},
	{"builder":"t_fill","note":"a note long enough to push this step past the hundred columns a line may take","params":{"n":3}},
	{"builder":"t_needs_rooms","enabled":false},
	{"builder":"t_fill","params":{"rows":["ab","cd"]}},
	{"builder":"t_nest","params":{"steps":[{"builder":"t_fill"},{"builder":"t_nest","params":{"steps":[{"builder":"t_fill"}]}}]}}]}`
	c, err := decode(t, in)
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, c.Encode(&b))
	want := `{
  "format": "hewn.chain/1",
  "name": "x & y",
  "depth": 2,
  "width": 20,
  "height": 10,
  "steps": [
    { "builder": "t_fill", "params": { "n": 4, "pos": 7 } },
    { "builder": "t_fill",
      "note": "a note long enough to push this step past the hundred columns a line may take",
      "params": { "n": 3 } },
    { "builder": "t_needs_rooms", "enabled": false },
    { "builder": "t_fill", "params": { "rows": [ "ab", "cd" ] } },
    { "builder": "t_nest", "params": { "steps": [
        { "builder": "t_fill" },
        { "builder": "t_nest", "params": { "steps": [ { "builder": "t_fill" } ] } } ] } }
  ]
}
`
	assert.Equal(t, want, b.String())
	c2, err := decode(t, b.String())
	require.NoError(t, err)
	var b2 strings.Builder
	require.NoError(t, c2.Encode(&b2))
	assert.Equal(t, b.String(), b2.String(), "load then save is byte-identical")
}
