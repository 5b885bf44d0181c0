package jsonschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

type inner struct {
	N int    `json:"n"`
	S string `json:"s,omitempty"`
}

type embedded struct {
	E bool `json:"e"`
}

type doc struct {
	embedded
	Name   string            `json:"name"`
	Seed   uint64            `json:"seed"`
	Share  float64           `json:"share,omitempty"`
	Inner  inner             `json:"inner"`
	List   []inner           `json:"list"`
	Pair   [2]int            `json:"pair"`
	ByName map[string]inner  `json:"by_name,omitempty"`
	Ptr    *inner            `json:"ptr,omitempty"`
	Any    any               `json:"any,omitempty"`
	Raw    json.RawMessage   `json:"raw,omitempty"`
	Skip   int               `json:"-"`
	hidden int               //nolint:unused // left out
	Tags   map[string]string `json:"tags,omitempty"`
}

func compile(t testing.TB, s *Schema) *sjs.Schema {
	t.Helper()
	b, err := Document(s)
	require.NoError(t, err)
	d, err := sjs.UnmarshalJSON(bytes.NewReader(b))
	require.NoError(t, err)
	c := sjs.NewCompiler()
	require.NoError(t, c.AddResource("mem://s.json", d))
	cs, err := c.Compile("mem://s.json")
	require.NoError(t, err, string(b))
	return cs
}

func TestReflect(t *testing.T) {
	r := &Reflector{}
	s, err := r.Document(reflect.TypeFor[doc]())
	require.NoError(t, err)
	s.Schema = Draft
	b, err := Document(s)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	props := got["properties"].(map[string]any)
	assert.Equal(t, []any{"e", "name", "seed", "inner", "list", "pair"}, got["required"])
	assert.NotContains(t, props, "Skip")
	assert.NotContains(t, props, "hidden")
	assert.Equal(t, map[string]any{"$ref": "#/$defs/inner"}, props["inner"])
	assert.Equal(t, float64(2), props["pair"].(map[string]any)["minItems"])
	assert.Equal(t, false, got["additionalProperties"])
	assert.True(t, strings.Index(string(b), `"e"`) < strings.Index(string(b), `"name"`), "fields in order, promoted first")
	compile(t, s)

	// a type that writes itself needs an override
	_, err = (&Reflector{}).Document(reflect.TypeFor[struct{ S selfWriter }]())
	require.ErrorContains(t, err, "writes itself")
	r = &Reflector{Override: func(t reflect.Type) *Schema {
		if t == reflect.TypeFor[selfWriter]() {
			return Of("string")
		}
		return nil
	}}
	s, err = r.Document(reflect.TypeFor[struct{ S selfWriter }]())
	require.NoError(t, err)
	assert.Equal(t, Ref("selfWriter"), s.Properties.Get("S"))
}

type selfWriter struct{}

func (selfWriter) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

// Validate agrees with a complete validator on the keywords it checks.
func TestValidateAgreesWithAFullValidator(t *testing.T) {
	r := &Reflector{}
	s, err := r.Document(reflect.TypeFor[doc]())
	require.NoError(t, err)
	require.Empty(t, Unchecked(stripRanges(s)))
	full := compile(t, s)
	for _, in := range []string{
		`{"e": true, "name": "x", "seed": 1, "inner": {"n": 1}, "list": [], "pair": [1, 2]}`,
		`{"e": 1, "name": 2, "seed": 1.5, "inner": {"n": 1.0, "x": 1}, "list": [{"n": "a"}, 3], "pair": [1, 2.5]}`,
		`{"name": "x", "inner": {}, "list": null, "pair": {}, "by_name": {"a": {"n": 1}, "b": {"s": 3}}}`,
		`{"e": false, "name": "", "seed": 1e3, "inner": {"n": 10e-1}, "list": [{"n": 1, "s": null}], "pair": [1e400, -0], "zzz": 1, "tags": {"a": 1}}`,
		`[]`, `3`, `null`,
	} {
		root, err := jsonfile.Parse([]byte(in))
		require.NoError(t, err)
		got := Validate(stripRanges(s), root)
		want := fullFailures(full, root)
		assert.Equal(t, want, describe(got), in)
	}
}

// stripRanges drops the keywords Validate does not check (an array's
// length) so both validators see the same schema.
func stripRanges(s *Schema) *Schema {
	b, _ := json.Marshal(s)
	var c Schema
	_ = json.Unmarshal(b, &c)
	var walk func(s *Schema)
	walk = func(s *Schema) {
		if s == nil {
			return
		}
		s.MinItems, s.MaxItems, s.Minimum = nil, nil, nil
		walk(s.Items)
		walk(s.AdditionalProperties)
		for _, p := range s.Properties {
			walk(p.Schema)
		}
		for _, p := range s.Defs {
			walk(p.Schema)
		}
	}
	out := clone(s)
	walk(out)
	return out
}

func clone(s *Schema) *Schema {
	if s == nil {
		return nil
	}
	c := *s
	c.Items, c.AdditionalProperties = clone(s.Items), clone(s.AdditionalProperties)
	c.Properties, c.Defs = nil, nil
	for _, p := range s.Properties {
		c.Properties = append(c.Properties, Prop{p.Name, clone(p.Schema)})
	}
	for _, p := range s.Defs {
		c.Defs = append(c.Defs, Prop{p.Name, clone(p.Schema)})
	}
	return &c
}

func describe(fs []Failure) []string {
	out := []string{}
	for _, f := range fs {
		p := "/" + strings.Join(f.Path, "/")
		switch {
		case f.Want != nil:
			out = append(out, p+" type "+strings.Join(f.Want, ","))
		case f.Missing != nil:
			out = append(out, p+" missing "+strings.Join(f.Missing, ","))
		case f.False:
			out = append(out, p+" false")
		}
	}
	sort.Strings(out)
	return out
}

func fullFailures(s *sjs.Schema, root *jsonfile.Node) []string {
	out := []string{}
	err := s.Validate(root.Any())
	if err == nil {
		return out
	}
	var walk func(e *sjs.ValidationError)
	walk = func(e *sjs.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		p := "/" + strings.Join(e.InstanceLocation, "/")
		switch k := e.ErrorKind.(type) {
		case *kind.Type:
			out = append(out, p+" type "+strings.Join(k.Want, ","))
		case *kind.Required:
			out = append(out, p+" missing "+strings.Join(k.Missing, ","))
		case *kind.AdditionalProperties:
			for _, n := range k.Properties {
				out = append(out, "/"+strings.Join(append(e.InstanceLocation, n), "/")+" false")
			}
		case *kind.FalseSchema:
			out = append(out, p+" false")
		default:
			out = append(out, p+" "+fmt.Sprintf("%T", k))
		}
	}
	walk(err.(*sjs.ValidationError))
	sort.Strings(out)
	return out
}

func TestIsInteger(t *testing.T) {
	for _, n := range []string{"0", "-0", "1", "2.0", "2.5", "25e-1", "2.50e1", "1e400", "1E+2", "1e-400", "0e-999999999999999999999",
		"1e-999999999999999999999", "1e999999999999999999999", "0.000", "100e-2", "100e-3", "-12.3400e2", "-12.3456e2", "123456789012345678901234567890",
		"0.1e1", "0.01e1", "5e-0", "7.0e0"} {
		rat, ok := new(big.Rat).SetString(n)
		want := ok && rat.IsInt()
		if strings.Contains(n, "999999999999999999999") {
			want = !strings.Contains(n, "1e-") // beyond big.Rat's patience
		}
		assert.Equal(t, want, IsInteger(n), n)
	}
}

func TestUnchecked(t *testing.T) {
	s := Object(Props{{"a", IntRange(1, 2)}, {"b", &Schema{AnyOf: []*Schema{Of("null"), Enum("x")}}}}, "a")
	assert.Equal(t, []string{"minimum", "maximum", "anyOf", "enum"}, Unchecked(s))
	assert.Empty(t, Unchecked(&Schema{Properties: Props{{"a", Of("string")}}, Required: []string{"a"}}))
	assert.True(t, slices.Equal(Unchecked(&Schema{Ref: "other.json"}), []string{"$ref other.json"}))
}
