package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

func hewnContent(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := contentCmd(args, &out, &errb)
	return code, out.String(), errb.String()
}

const cliPack = `{
 "mobs": [ {"name": "Orc", "blocks_tile": true, "vision_range": 8, "movement": "static", "attributes": {}, "faction": "Orcs", "x_custom": [1, 2.50]} ],
 "items": [ {"name": "Rations", "weight_lbs": 2.0} ],
 "spawn_table": [
  {"name": "Orc", "weight": 3, "min_depth": 1, "max_depth": 5},
  {"name": "Rations", "weight": 1, "min_depth": 2, "max_depth": 5, "add_map_depth_to_weight": false}
 ],
 "faction_table": [ {"name": "Orcs", "responses": {}} ]
}`

func TestContentCheck(t *testing.T) {
	good := writeFile(t, "good.json", cliPack)
	code, out, errs := hewnContent("check", good)
	assert.Equal(t, 0, code, errs)
	assert.Empty(t, out, "problems go to stderr")
	assert.Equal(t, `warning: `+good+`: faction_table[0].responses: faction "Orcs" has no responses (it ignores everyone)`+"\n"+
		good+": ok (1 warning)\n", errs)

	bad := writeFile(t, "bad.json", strings.NewReplacer(`"responses": {}`, `"responses": {"Default": "hug"}`,
		`"weight": 3`, `"weight": "three"`, `"faction": "Orcs"`, `"faction": "Orks"`).Replace(cliPack))
	code, out, errs = hewnContent("check", bad)
	assert.Equal(t, 1, code)
	assert.Empty(t, out, "problems go to stderr")
	assert.Equal(t, []string{
		bad + `: spawn_table[0].weight: "three" is not an integer`,
		bad + `: mobs[0].faction: unknown faction "Orks"`,
		bad + `: faction_table[0].responses.Default: unknown response "hug" (want attack, ignore or flee)`,
		bad + `: 3 errors, 0 warnings`,
	}, strings.Split(strings.TrimSpace(errs), "\n"))

	syntax := writeFile(t, "syntax.json", "{\n  \"mobs\": [,]\n}")
	code, _, errs = hewnContent("check", syntax)
	assert.Equal(t, 1, code)
	assert.Equal(t, syntax+":2:12: unexpected ',' (want a value)\n", errs)

	code, _, errs = hewnContent("check", filepath.Join(t.TempDir(), "missing.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "missing.json")
}

func TestContentExport(t *testing.T) {
	in := writeFile(t, "pack.json", cliPack)
	code, out, errs := hewnContent("export", in)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"add_map_depth_to_weight": false`)
	assert.Contains(t, out, `"weight_lbs": 2.0`)
	assert.Contains(t, out, "\"x_custom\": [\n        1,\n        2.50\n      ]")

	dst := filepath.Join(t.TempDir(), "out.json")
	code, out2, errs := hewnContent("export", "--out", dst, in) // flag before the file
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out2)
	b, err := os.ReadFile(dst)
	require.NoError(t, err)
	assert.Equal(t, out, string(b))
	var a, c any
	require.NoError(t, json.Unmarshal([]byte(cliPack), &a))
	require.NoError(t, json.Unmarshal(b, &c))
	assert.Equal(t, a, c, "lossless")

	code, _, errs = hewnContent("export", in, "--out", filepath.Join(t.TempDir(), "no", "such", "dir", "x.json"))
	assert.Equal(t, 1, code)
	assert.NotEmpty(t, errs)
}

func TestContentOdds(t *testing.T) {
	in := writeFile(t, "pack.json", cliPack)
	for _, args := range [][]string{{"odds", in, "--depth", "2"}, {"odds", "--depth=2", in}} {
		code, out, errs := hewnContent(args...)
		require.Equal(t, 0, code, errs)
		var doc struct {
			Depth   int `json:"depth"`
			Entries []struct {
				Name        string  `json:"name"`
				Probability float64 `json:"probability"`
				Section     string  `json:"section"`
			} `json:"entries"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &doc))
		assert.Equal(t, 2, doc.Depth)
		require.Len(t, doc.Entries, 2)
		assert.Equal(t, "Orc", doc.Entries[0].Name)
		assert.Equal(t, "mobs", doc.Entries[0].Section)
		assert.InDelta(t, 0.75, doc.Entries[0].Probability, 1e-12)
		assert.Equal(t, "Rations", doc.Entries[1].Name)
		assert.Equal(t, "items", doc.Entries[1].Section)
		assert.InDelta(t, 0.25, doc.Entries[1].Probability, 1e-12)
	}
	code, out, _ := hewnContent("odds", in, "--depth", "9")
	assert.Equal(t, 0, code)
	assert.JSONEq(t, `{"format": "hewn.odds/1", "depth": 9, "entries": []}`, out)
}

func TestContentSchema(t *testing.T) {
	code, out, _ := hewnContent("schema")
	assert.Equal(t, 0, code)
	assert.Equal(t, string(content.Schema()), out)
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &v))
	assert.Equal(t, content.SchemaID, v["$id"])
}

func TestContentUsageErrors(t *testing.T) {
	in := writeFile(t, "pack.json", cliPack)
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"check"},
		{"check", in, in},
		{"odds", in},
		{"odds", in, "--depth", "x"},
		{"odds", in, "--depth", "-3"},
		{"export", in, "--bogus"},
		{"schema", "extra"},
	} {
		code, out, errs := hewnContent(args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.Empty(t, out, "%q", args)
		if slices.Contains(args, "x") || slices.Contains(args, "--bogus") {
			// a bad flag: one line naming it, pointing to --help
			assert.Contains(t, errs, "(see hewn content", "%q", args)
			continue
		}
		assert.Contains(t, errs, "usage: hewn content", "%q", args)
	}
}

func TestLoadPack(t *testing.T) {
	p, err := loadPack("")
	require.NoError(t, err)
	assert.NotEmpty(t, p.Mobs)
	good := writeFile(t, "good.json", cliPack)
	_, err = loadPack(good)
	assert.NoError(t, err, "warnings do not refuse a pack")
	bad := writeFile(t, "bad.json", strings.Replace(cliPack, `"faction": "Orcs"`, `"faction": "Orks"`, 1))
	_, err = loadPack(bad)
	assert.ErrorContains(t, err, `mobs[0].faction: unknown faction "Orks"`)
}
