package content

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"hewn/chain/jsonfile"
	"hewn/chain/jsonfile/jsonschema"
)

// SchemaID is the $id of the content pack schema.
const SchemaID = "https://hewn.dev/schema/content-pack.json"

// packSchema is the content pack schema, derived from the Go types once, when
// first asked for (nothing is done at init).
var packSchema = sync.OnceValues(func() (*jsonschema.Schema, []byte) {
	r := &jsonschema.Reflector{
		AllowAdditional: true, // unknown fields are kept, not rejected
		Required: func(f reflect.StructField) bool {
			return slices.Contains(strings.Split(f.Tag.Get("jsonschema"), ","), "required")
		},
		Override: func(t reflect.Type) *jsonschema.Schema {
			switch t {
			case reflect.TypeFor[StringMap]():
				return &jsonschema.Schema{Type: jsonschema.Types{"object"}, AdditionalProperties: jsonschema.Of("string")}
			case reflect.TypeFor[IntMap]():
				return &jsonschema.Schema{Type: jsonschema.Types{"object"}, AdditionalProperties: jsonschema.Of("integer")}
			}
			return nil
		},
	}
	s, err := r.Document(reflect.TypeFor[Pack]())
	if err != nil {
		return nil, []byte("{}\n") // the model's types: TestSchema
	}
	s.Schema, s.ID = jsonschema.Draft, SchemaID
	s.Title = "Hewn content pack"
	s.Description = "The Rust roguelike tutorial's raws (spawns.json) as Hewn reads and writes them. Fields not listed are allowed and kept."
	b, err := jsonschema.Document(s)
	if err != nil {
		return nil, []byte("{}\n")
	}
	return s, b
})

// Schema returns the JSON Schema (2020-12) of content packs, derived from the
// Go types.
func Schema() []byte {
	_, b := packSchema()
	return slices.Clone(b)
}

// schemaProblems validates the tree against the schema and turns each failure into a
// Problem with a path and the quoted value.
func schemaProblems(root *jsonfile.Node) []Problem {
	s, _ := packSchema()
	if s == nil {
		return []Problem{{Msg: "content: the built-in schema cannot be made", Step: -1}}
	}
	type keyed struct {
		order []int
		p     Problem
	}
	var out []keyed
	seen := map[string]bool{}
	for _, f := range jsonschema.Validate(s, root) {
		path, order, val := locate(root, f.Path)
		var msg string
		switch {
		case f.Want != nil:
			msg = fmt.Sprintf("%s is not %s", quote(val), article(f.Want))
		case f.Missing != nil:
			msg = fmt.Sprintf("missing %s", strings.Join(quoteAll(f.Missing), ", "))
		default:
			msg = fmt.Sprintf("%s is not allowed here", quote(val))
		}
		p := Problem{Path: path, Msg: msg, Step: -1}
		if seen[p.String()] {
			continue
		}
		seen[p.String()] = true
		out = append(out, keyed{order, p})
	}
	slices.SortStableFunc(out, func(a, b keyed) int { return slices.Compare(a.order, b.order) })
	ps := make([]Problem, len(out))
	for i, k := range out {
		ps[i] = k.p
	}
	return ps
}

// locate turns a JSON pointer into a path ("spawn_table[3].weight"), its document
// order and the value there.
func locate(root *jsonfile.Node, ptr []string) (string, []int, *jsonfile.Node) {
	var b strings.Builder
	order := make([]int, 0, len(ptr))
	n := root
	for _, tok := range ptr {
		switch {
		case n != nil && n.Kind == jsonfile.Array:
			i, _ := strconv.Atoi(tok)
			fmt.Fprintf(&b, "[%s]", tok)
			order = append(order, i)
			if i >= 0 && i < len(n.Items) {
				n = n.Items[i]
			} else {
				n = nil
			}
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
			idx := -1
			var next *jsonfile.Node
			if n != nil {
				for i, f := range n.Fields {
					if f.Key == tok {
						idx, next = i, f.Val
					}
				}
			}
			order = append(order, idx)
			n = next
		}
	}
	return b.String(), order, n
}

func article(want []string) string {
	out := make([]string, len(want))
	for i, w := range want {
		switch w {
		case "integer", "array", "object":
			out[i] = "an " + w
		default:
			out[i] = "a " + w
		}
	}
	return strings.Join(out, " or ")
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Quote(v)
	}
	return out
}

// quote renders a value for a message: strings quoted, small values verbatim,
// objects and arrays summarised.
func quote(n *jsonfile.Node) string {
	if n == nil {
		return "value"
	}
	switch n.Kind {
	case jsonfile.String:
		return strconv.Quote(n.Text)
	case jsonfile.Object:
		return "an object"
	case jsonfile.Array:
		return "an array"
	case jsonfile.Null:
		return "null"
	}
	return n.Text
}
