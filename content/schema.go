package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"hewn/chain/jsonfile"

	"github.com/invopop/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// SchemaID is the $id of the content pack schema.
const SchemaID = "https://hewn.dev/schema/content-pack.json"

var schemaOnce = sync.OnceValues(func() ([]byte, *sjs.Schema) {
	b, s, err := buildSchema()
	if err != nil {
		return []byte("{}\n"), nil
	}
	return b, s
})

// buildSchema reflects the Go types into a schema and compiles it.
func buildSchema() ([]byte, *sjs.Schema, error) {
	r := &jsonschema.Reflector{
		AllowAdditionalProperties:  true, // unknown fields are kept, not rejected
		RequiredFromJSONSchemaTags: true,
		ExpandedStruct:             true,
	}
	s := r.Reflect(&Pack{})
	s.ID = SchemaID
	s.Title = "Hewn content pack"
	s.Description = "The Rust roguelike tutorial's raws (spawns.json) as Hewn reads and writes them. Fields not listed are allowed and kept."
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, nil, fmt.Errorf("content: schema: %w", err)
	}
	b = append(b, '\n')
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, nil, fmt.Errorf("content: schema: %w", err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource(SchemaID, doc); err != nil {
		return nil, nil, fmt.Errorf("content: schema: %w", err)
	}
	compiled, err := c.Compile(SchemaID)
	if err != nil {
		return nil, nil, fmt.Errorf("content: schema: %w", err)
	}
	return b, compiled, nil
}

// Schema returns the JSON Schema of content packs, generated from the Go types.
func Schema() []byte {
	b, _ := schemaOnce()
	return bytes.Clone(b)
}

var printer = message.NewPrinter(language.English)

// schemaProblems validates the tree against the schema and turns each failure into a
// Problem with a path and the quoted value.
func schemaProblems(root *jsonfile.Node) []Problem {
	_, sch := schemaOnce()
	if sch == nil {
		return []Problem{{Msg: "content: the built-in schema does not compile", Step: -1}}
	}
	err := sch.Validate(root.Any())
	if err == nil {
		return nil
	}
	ve, ok := err.(*sjs.ValidationError)
	if !ok {
		return []Problem{{Msg: err.Error(), Step: -1}}
	}
	var leaves []*sjs.ValidationError
	var walk func(e *sjs.ValidationError)
	walk = func(e *sjs.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, e)
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	type keyed struct {
		order []int
		p     Problem
	}
	var out []keyed
	seen := map[string]bool{}
	for _, l := range leaves {
		path, order, val := locate(root, l.InstanceLocation)
		msg := ""
		switch k := l.ErrorKind.(type) {
		case *kind.Type:
			msg = fmt.Sprintf("%s is not %s", quote(val), article(k.Want))
		case *kind.Required:
			msg = fmt.Sprintf("missing %s", strings.Join(quoteAll(k.Missing), ", "))
		default:
			msg = fmt.Sprintf("%s: %s", quote(val), l.ErrorKind.LocalizedString(printer))
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
