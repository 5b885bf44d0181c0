package jsonfile_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

// The tree keeps keys in input order, numbers as written and the byte
// offset of every value.
func TestParseKeepsOrderNumbersAndOffsets(t *testing.T) {
	src := []byte(`{"z": 2.0, "a": [1e3, -0, "s\u00e9"], "m": {"k": null, "t": true}}`)
	n, err := jsonfile.Parse(src)
	require.NoError(t, err)
	require.Equal(t, jsonfile.Object, n.Kind)
	var keys []string
	for _, f := range n.Fields {
		keys = append(keys, f.Key)
	}
	assert.Equal(t, []string{"z", "a", "m"}, keys)
	assert.Equal(t, "2.0", n.Get("z").Text)
	a := n.Get("a")
	assert.Equal(t, "1e3", a.Items[0].Text)
	assert.Equal(t, "-0", a.Items[1].Text)
	assert.Equal(t, "sé", a.Items[2].Text)
	assert.Equal(t, byte('['), src[a.Off])
	assert.Equal(t, byte('"'), src[a.Items[2].Off])
	assert.Equal(t, jsonfile.Null, n.Find("m.k").Kind)
	assert.Equal(t, "true", n.Find("m.t").Text)
	assert.Same(t, a, n.Find("a[7]"), "a path past the tree stops at its deepest node")
	assert.Same(t, a.Items[2], n.Find("a[2]"))
	assert.Nil(t, n.Get("nope"))
	assert.Equal(t, map[string]any{"z": json.Number("2.0"), "a": []any{json.Number("1e3"), json.Number("-0"), "sé"},
		"m": map[string]any{"k": nil, "t": true}}, n.Any())
	assert.Equal(t, "object", n.Kind.String())
}

func TestParseRefusesDuplicateKeys(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"width": 8, "width": 9}`, `line 1:14: duplicate key "width" in the top-level object`},
		{"{\"steps\": [{\"builder\": \"a\"},\n {\"builder\": \"b\", \"params\": {\"x\": 1, \"x\": 2}}]}", `line 2:38: duplicate key "x" in steps[1].params`},
		{`{"a": 1, "\u0061": 2}`, `line 1:10: duplicate key "a" in the top-level object`},
		{`[{"a": {"b": 1}}, {"a": {"b": 1, "c": 2, "b": 3}}]`, `line 1:42: duplicate key "b" in [1].a`},
		{`{` + keys(40) + `, "k7": 0}`, `duplicate key "k7" in the top-level object`},
	}
	for _, c := range cases {
		_, err := jsonfile.Parse([]byte(c.in))
		var se *jsonfile.SyntaxError
		require.ErrorAs(t, err, &se, c.in)
		assert.Contains(t, se.Error(), c.want)
		_, err = jsonfile.Check([]byte(c.in))
		assert.EqualError(t, err, se.Error(), "Check refuses what Parse refuses")
	}
	for _, in := range []string{`{"a": {"x": 1}, "b": {"x": 1}}`, `[{"x": 1}, {"x": 2}]`, `{"a": "\"}", "a\"": 1}`} {
		_, err := jsonfile.Parse([]byte(in))
		assert.NoError(t, err, "equal keys in different objects: %s", in)
	}
}

// keys lists n members "k0": 0, "k1": 0, ... (more than the parser scans
// without a map).
func keys(n int) string {
	members := make([]string, n)
	for i := range members {
		members[i] = fmt.Sprintf(`"k%d": 0`, i)
	}
	return strings.Join(members, ", ")
}

func TestParseRefusesDeepNesting(t *testing.T) {
	deep := strings.Repeat("[", 100_000)
	_, err := jsonfile.Parse([]byte(deep))
	assert.EqualError(t, err, "line 1:257: brackets nest deeper than 256 levels")
	_, err = jsonfile.Check([]byte(deep))
	assert.EqualError(t, err, "line 1:257: brackets nest deeper than 256 levels")
	ok := strings.Repeat(`{"a":`, jsonfile.MaxDepth-1) + "[]" + strings.Repeat("}", jsonfile.MaxDepth-1)
	_, err = jsonfile.Parse([]byte(ok))
	assert.NoError(t, err, "exactly MaxDepth levels are fine")
}

func TestParseAndEncodings(t *testing.T) {
	n, err := jsonfile.Parse([]byte("\xef\xbb\xbf" + `{"a": x}`))
	assert.EqualError(t, err, "line 1:7: unexpected 'x' (want a value)", "a byte-order mark takes no column")
	assert.Nil(t, n)
	n, err = jsonfile.Parse([]byte("\xef\xbb\xbf" + `{"a": 1}`))
	require.NoError(t, err, "a UTF-8 byte-order mark is skipped")
	assert.Equal(t, 3, n.Off, "offsets count the byte-order mark")
	body, err := jsonfile.Check([]byte("\xef\xbb\xbf{}"))
	require.NoError(t, err)
	assert.Equal(t, "{}", string(body), "Check drops the byte-order mark")

	for in, want := range map[string]string{
		"\xff\xfe{\x00}\x00":                "jsonfile: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)",
		"\xfe\xff\x00{\x00}":                "jsonfile: the file is UTF-16 (big-endian); Hewn reads UTF-8 JSON (save it as UTF-8)",
		"{\x00}\x00":                        "jsonfile: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)",
		"\x00{\x00}":                        "jsonfile: the file is UTF-16 (big-endian); Hewn reads UTF-8 JSON (save it as UTF-8)",
		"\xff\xfe\x00\x00{\x00\x00\x00":     "jsonfile: the file is UTF-32 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)",
		"{\"name\": \"a\xffb\"}":            "line 1:12: invalid UTF-8 (byte 0xFF at byte offset 11); save the file as UTF-8",
		"\xef\xbb\xbf{\"name\":\n\"\xc3\"}": "line 2:2: invalid UTF-8 (byte 0xC3 at byte offset 13); save the file as UTF-8",
	} {
		_, err := jsonfile.Parse([]byte(in))
		assert.EqualError(t, err, want, "%q", in)
		_, err = jsonfile.Check([]byte(in))
		assert.EqualError(t, err, want, "Check: %q", in)
	}
}

// Syntax errors say what was found and what was wanted, where.
func TestParseSyntaxErrors(t *testing.T) {
	for in, want := range map[string]string{
		"{\n  \"items\": [\n    {\"name\": x}\n  ]\n}": `line 3:14: unexpected 'x' (want a value)`,
		`{"a":1} {}`: `line 1:9: unexpected '{' after the top-level value`,
		`{"a":"\q"}`: `line 1:7: bad escape "\\q" in string`,
		`{"a":01}`:   `line 1:7: unexpected '1' after the value of "a" (want "," or "}")`,
		``:           `line 1:1: unexpected end of input (want a value)`,
		`{"a" 1}`:    `line 1:6: unexpected '1' after key "a" (want ":")`,
		`[1 2]`:      `line 1:4: unexpected '2' in array (want "," or "]")`,
		`{"a": "b`:   `line 1:7: unterminated string`,
		"[\"a\tb\"]": `line 1:4: control character '\t' in string`,
		`["\u12"]`:   `line 1:5: bad \u escape in string`,
		`[-]`:        `line 1:3: unexpected ']' in number`,
		`[1.]`:       `line 1:4: unexpected ']' in number (want a digit)`,
		`[1e+]`:      `line 1:5: unexpected ']' in number exponent (want a digit)`,
		`{1: 2}`:     `line 1:2: unexpected '1' (want a key string)`,
		`[tru]`:      `line 1:2: unexpected 't' (want a value)`,
	} {
		_, err := jsonfile.Parse([]byte(in))
		assert.EqualError(t, err, want, "%q", in)
		body, err := jsonfile.Check([]byte(in))
		assert.NoError(t, err, "Check leaves syntax errors to the decoder: %q", in)
		assert.Equal(t, in, string(body))
	}
}

func TestParseStrings(t *testing.T) {
	n, err := jsonfile.Parse([]byte(`["\ud83d\ude00", "\ud800", "\udc00\ud800x", "a\/b\b\f\n\r\t\"\\", "\u00E9"]`))
	require.NoError(t, err)
	var got []string
	for _, it := range n.Items {
		got = append(got, it.Text)
	}
	assert.Equal(t, []string{"😀", "\uFFFD", "\uFFFD\uFFFDx", "a/b\b\f\n\r\t\"\\", "é"}, got)
}

// Indent writes the content packs' style; what it writes parses back to the
// same tree.
func TestIndent(t *testing.T) {
	n := jsonfile.NewObject(
		jsonfile.Field{Key: "name", Val: jsonfile.NewString("a <b> & \"c\"\u2028\b\x01")},
		jsonfile.Field{Key: "list", Val: jsonfile.NewArray(jsonfile.NewInt(1), jsonfile.NewNumber("2.50"), jsonfile.NewBool(false), &jsonfile.Node{Kind: jsonfile.Null})},
		jsonfile.Field{Key: "empty", Val: jsonfile.NewObject()},
		jsonfile.Field{Key: "none", Val: jsonfile.NewArray()},
	)
	want := `{
  "name": "a <b> & \"c\"\u2028\u0008\u0001",
  "list": [
    1,
    2.50,
    false,
    null
  ],
  "empty": {},
  "none": []
}
`
	got := jsonfile.Indent(n)
	assert.Equal(t, want, string(got))
	back, err := jsonfile.Parse(got)
	require.NoError(t, err)
	assert.Equal(t, n.Any(), back.Any())
}

// FuzzParse checks the tree against encoding/json: what Parse accepts is
// valid JSON holding the same values; valid UTF-8 JSON it refuses has a
// duplicate key or deep nesting, which Check refuses alike; and Indent's
// output parses back to the same tree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[{"c":1,"c":2}]}}`, `{"a":"\u0062","b":1,"\u0061":3}`,
		"\xef\xbb\xbf{}", `[[[[]]]]`, `{"x":"\"","x ":1}`, `{}`, `"\xff"`, "\xff\xfe{\x00}\x00", `[1.5e-7, -0, 1E+2]`,
		`["\ud800\udc00", "\ud800", "\/\b\f"]`, `{"a":1,` + strings.Repeat(`"b":1,`, 20) + `"a":2}`, ` null `, `[tru]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := jsonfile.Parse(data)
		checked, cerr := jsonfile.Check(data)
		body := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		utf16ish := len(body) >= 2 && (body[0] == 0 || body[1] == 0)
		if err != nil {
			var se *jsonfile.SyntaxError
			// (a NUL byte is refused as not text, by Check too)
			refused := strings.Contains(err.Error(), "duplicate key") || strings.Contains(err.Error(), "nest deeper") ||
				strings.Contains(err.Error(), "not a text file")
			switch {
			case !errors.As(err, &se) || refused || !utf8.Valid(body):
				require.EqualError(t, cerr, err.Error(), "Check refuses what Parse refuses for other than syntax")
			default:
				require.NoError(t, cerr, "Check leaves syntax errors to the decoder")
			}
			if json.Valid(body) && utf8.Valid(body) && !utf16ish {
				require.True(t, refused, "valid JSON refused: %q: %v", data, err)
			}
			return
		}
		require.NoError(t, cerr)
		require.Equal(t, body, checked)
		require.True(t, json.Valid(body), "%q", data)
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		var want any
		require.NoError(t, dec.Decode(&want))
		require.Equal(t, want, n.Any())

		out := jsonfile.Indent(n)
		back, err := jsonfile.Parse(out)
		require.NoError(t, err, "%s", out)
		require.Equal(t, n.Any(), back.Any())
		require.Equal(t, out, jsonfile.Indent(back))
	})
}
