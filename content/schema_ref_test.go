package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"hewn/chain/jsonfile"

	"github.com/invopop/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The reference: the content pack schema as invopop/jsonschema derives it
// from the Go types, checked with santhosh-tekuri/jsonschema (what Hewn did
// at run time before issue 25 kept both out of the binary). schemaProblems
// must give the same problems (TestSchemaProblemsMatchTheReference).

var refSchemaOnce = sync.OnceValues(func() ([]byte, *sjs.Schema) {
	b, s, err := refBuildSchema()
	if err != nil {
		return []byte("{}\n"), nil
	}
	return b, s
})

// buildSchema reflects the Go types into a schema and compiles it.
func refBuildSchema() ([]byte, *sjs.Schema, error) {
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

var printer = message.NewPrinter(language.English)

// refSchemaProblems validates the tree against the schema and turns each failure into a
// Problem with a path and the quoted value.
func refSchemaProblems(root *jsonfile.Node) []Problem {
	_, sch := refSchemaOnce()
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

// JSONSchema describes a StringMap to invopop/jsonschema: an object of strings.
func (StringMap) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{Type: "string"}}
}

// JSONSchema describes an IntMap to invopop/jsonschema: an object of integers.
func (IntMap) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{Type: "integer"}}
}
