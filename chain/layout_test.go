package chain_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
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

// TestFormatJSONRules checks the layout rules on plain values: theme tiles and
// template rows one per line whatever their length, long objects filled and
// continued at their members' column, empty values, long lists of objects.
func TestFormatJSONRules(t *testing.T) {
	type look struct {
		Glyph string `json:"glyph"`
	}
	v := map[string]any{
		"a": []any{
			map[string]any{"name": "t", "tiles": map[string]look{"floor": {"."}, "wall": {"#"}}},
			map[string]any{"name": "p", "template": []string{"#", "."}},
			map[string]any{"empty": map[string]any{}, "list": []int{}, "ints": []int{1, 2}},
			map[string]any{"k1": strings.Repeat("x", 30), "k2": strings.Repeat("y", 30), "k3": strings.Repeat("z", 30)},
		},
		"b": map[string]any{"steps": []map[string]int{{"x": 1}, {"y": 2}}},
	}
	got, err := chain.FormatJSON(v)
	require.NoError(t, err)
	want := `{
  "a": [
    { "name": "t", "tiles": {
        "floor": { "glyph": "." },
        "wall": { "glyph": "#" } } },
    { "name": "p", "template": [
        "#",
        "." ] },
    { "empty": {}, "ints": [ 1, 2 ], "list": [] },
    { "k1": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "k2": "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
      "k3": "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" }
  ],
  "b": { "steps": [
    { "x": 1 },
    { "y": 2 } ] }
}
`
	assert.Equal(t, want, string(got))
}
