package chain_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

func TestCheckJSON(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"duplicate top-level key", `{"width": 8, "width": 9}`, `line 1:14: duplicate key "width" in the top-level object`},
		{"duplicate nested key", "{\"steps\": [{\"builder\": \"a\"},\n {\"builder\": \"b\", \"params\": {\"x\": 1, \"x\": 2}}]}",
			`line 2:38: duplicate key "x" in steps[1].params`},
		{"escaped duplicate", `{"a": 1, "\u0061": 2}`, `line 1:10: duplicate key "a" in the top-level object`},
		{"many keys", `{` + manyKeys(40) + `, "k7": 0}`, `duplicate key "k7" in the top-level object`},
		{"deep nesting", strings.Repeat("[", 100_000), "line 1:257: brackets nest deeper than 256 levels"},
		{"invalid UTF-8", "{\"name\": \"a\xffb\"}", "line 1:12: invalid UTF-8 (byte 0xFF at byte offset 11); save the file as UTF-8"},
		{"invalid UTF-8 after a BOM", "\xef\xbb\xbf{\"name\":\n\"\xc3\"}", "line 2:2: invalid UTF-8 (byte 0xC3 at byte offset 13)"},
		{"UTF-16 LE BOM", "\xff\xfe{\x00}\x00", "jsonfile: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)"},
		{"UTF-16 BE BOM", "\xfe\xff\x00{\x00}", "UTF-16 (big-endian)"},
		{"UTF-16 LE no BOM", "{\x00}\x00", "UTF-16 (little-endian)"},
		{"UTF-16 BE no BOM", "\x00{\x00}", "UTF-16 (big-endian)"},
		{"UTF-32 LE", "\xff\xfe\x00\x00{\x00\x00\x00", "UTF-32 (little-endian)"},
		{"UTF-32 BE no BOM", "\x00\x00\x00[", "UTF-32 (big-endian)"},
		// issue 26 point 11: binary garbage is not UTF-16
		{"binary", "\x00\x01\x02\x03abc", "line 1:1: a NUL byte at byte offset 0: this is not a text file (Hewn reads UTF-8 JSON)"},
		{"PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "line 3:1: a NUL byte at byte offset 8: this is not a text file"},
		{"too big", `{"steps": [` + strings.Repeat(" ", chain.MaxFileSize) + `]}`, "jsonfile: the file is 16.0 MiB; chain and project files are at most 16 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := chain.CheckJSON([]byte(c.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// what passes: a BOM (dropped), malformed JSON (left to the decoder), equal keys in different objects
	for _, in := range []string{"\xef\xbb\xbf{}", `{"a": [}`, `{"a": {"x": 1}, "b": {"x": 1}}`, `[{"x": 1}, {"x": 2}]`, `{"a": "\"}", "b": 1}`, ``, `"`} {
		out, err := chain.CheckJSON([]byte(in))
		assert.NoError(t, err, in)
		assert.False(t, bytes.HasPrefix(out, []byte("\xef\xbb\xbf")), in)
	}
}

func manyKeys(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`"k` + string(rune('0'+i/10)) + string(rune('0'+i%10)) + `": 0`)
	}
	return strings.ReplaceAll(b.String(), `"k07"`, `"k7"`)
}

func TestDecodeRefusesBadInput(t *testing.T) {
	_, err := chain.DecodeJSON([]byte("\xef\xbb\xbf"+`{"width": 8, "height": 8, "steps": [{"builder": "t_fill"}]}`), "")
	assert.NoError(t, err, "a UTF-8 byte-order mark is fine")
	_, err = chain.DecodeJSON([]byte(`{"width": 8, "height": 8, "steps": [{"builder": "t_fill", "builder": "t_plain"}]}`), "")
	var se *jsonfile.SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `line 1:59: duplicate key "builder" in steps[0]`, se.Error())

	steps := strings.TrimSuffix(strings.Repeat(`{"builder": "t_fill"},`, chain.MaxSteps+1), ",")
	_, err = chain.DecodeJSON([]byte(`{"steps": [`+steps+`]}`), "")
	require.Error(t, err)
	assert.Equal(t, "steps: 10001 steps; a step list holds at most 10000", err.Error())

	_, err = chain.Decode(strings.NewReader(`{"steps": [` + strings.Repeat(" ", 20<<20) + `]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is 16.0 MiB; chain and project files are at most 16 MiB", "refused after reading 16 MiB")
}

func TestDecodeCapsItsProblems(t *testing.T) {
	steps := strings.TrimSuffix(strings.Repeat(`{"builder": "nope"},`, 1000), ",")
	_, err := chain.DecodeJSON([]byte(`{"steps": [`+steps+`]}`), "")
	var ps chain.Problems
	require.True(t, errors.As(err, &ps))
	require.Len(t, ps, jsonfile.MaxProblems+1)
	assert.Equal(t, "and 900 more problems", ps[jsonfile.MaxProblems].Msg)
	assert.Equal(t, 900, ps[jsonfile.MaxProblems].Omitted)

	capped := jsonfile.CapProblems(append(ps, chain.Problem{Msg: "x"}), 10)
	require.Len(t, capped, 11)
	assert.Equal(t, 991, capped[10].Omitted, "190 kept before, the 800 summed up and the new one")
	assert.Equal(t, "and 991 more problems", capped[10].Msg)

	fe := jsonfile.WithFile("f.json", ps).Error()
	assert.Equal(t, jsonfile.MaxProblems+1, strings.Count(fe, "\n")+1)
	assert.True(t, strings.HasSuffix(fe, "\nf.json: and 900 more problems"))
}

func TestCheckWarnsAboutEmptyStepLists(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 10}
	probs := chain.Check(c)
	require.Len(t, probs, 1)
	assert.True(t, probs[0].Warning)
	assert.Equal(t, "steps: empty: the map stays solid rock", probs[0].Error())
	assert.Empty(t, chain.Errors(probs))

	c.Steps = []chain.Step{{Builder: "t_fill"}, {Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{}}}}
	probs = chain.Check(c)
	require.Len(t, probs, 1)
	assert.Equal(t, "steps[1].params.steps: empty: the sub-chain makes nothing", probs[0].Error())
	assert.Equal(t, 1, probs[0].Step)
}

func TestDecodeThemeFileChecksItsInput(t *testing.T) {
	_, probs := chain.DecodeTheme([]byte(`{"name": "a", "name": "b"}`), "")
	require.Len(t, probs, 1)
	assert.Contains(t, probs[0].Msg, `duplicate key "name"`)
	th, probs := chain.DecodeTheme([]byte("\xef\xbb\xbf"+`{"name": "a"}`), "")
	assert.Empty(t, probs)
	assert.Equal(t, "a", th.Name)
}
