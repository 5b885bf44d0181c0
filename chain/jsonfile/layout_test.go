package jsonfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLayoutRules checks the layout rules on plain values: theme tiles and
// template rows one per line whatever their length, long objects filled and
// continued at their members' column, empty values, long lists of objects.
func TestLayoutRules(t *testing.T) {
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
	got, err := Layout(v)
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
