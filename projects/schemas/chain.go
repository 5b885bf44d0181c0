package schemas

import (
	"fmt"
	"math"

	"hewn/chain"
	js "hewn/chain/jsonfile/jsonschema"
)

// maxInt bounds an integer parameter with no range of its own, as the
// chain decoder does (chain.Param.Check).
const maxInt = 1 << 40

// chainDefs adds to defs the definitions of chain files and of the chains
// inside projects: "steps", "step", one "params.NAME" per registered builder
// (typed by its parameter descriptors, so a new builder needs no edit here),
// "paint_cell" and "chain_body" (a chain's keys without "format").
func chainDefs(defs *js.Props) {
	specs := chain.Specs()
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	step := js.Object(js.Props{
		js.P("builder", &js.Schema{Description: "the builder's name (hewn builders lists them)", Type: js.Types{"string"}, Enum: anys(names)}),
		js.P("id", &js.Schema{Description: "the step's random-stream key (optional)", Type: js.Types{"string"},
			Pattern: fmt.Sprintf("^[A-Za-z0-9_.-]{1,%d}$", chain.MaxIDLen)}),
		js.P("enabled", &js.Schema{Description: "false keeps the step in the chain but skips it", Type: js.Types{"boolean"}}),
		js.P("note", &js.Schema{Description: "the designer's note", Type: js.Types{"string"}}),
		js.P("params", &js.Schema{Description: "the builder's parameters; a missing one takes its default", Type: js.Types{"object", "null"}}),
	}, "builder")
	for _, s := range specs {
		step.AllOf = append(step.AllOf, &js.Schema{
			If:   &js.Schema{Properties: js.Props{js.P("builder", js.Const(s.Name))}, Required: []string{"builder"}},
			Then: &js.Schema{Properties: js.Props{js.P("params", js.Ref("params."+s.Name))}},
		})
	}
	defs.Set("chain_body", js.Object(chainProps(), "steps"))
	defs.Set("steps", &js.Schema{Type: js.Types{"array"}, Items: js.Ref("step"), MaxItems: js.Int(chain.MaxSteps)})
	defs.Set("step", step)
	for _, s := range specs {
		props := js.Props{}
		for _, p := range s.Params {
			props = append(props, js.Prop{Name: p.Name, Schema: paramSchema(p)})
		}
		ps := js.Object(props)
		ps.Type = js.Types{"object", "null"}
		ps.Description = s.Help
		defs.Set("params."+s.Name, ps)
	}
	defs.Set("paint_cell", paintCell())
}

// chainProps are the keys of a chain (a chain file's, "format" aside).
func chainProps() js.Props {
	return js.Props{
		js.P("name", js.Of("string")),
		js.P("depth", js.IntRange(0, 1000)),
		js.P("width", js.IntRange(chain.MinSize, chain.MaxSize)),
		js.P("height", js.IntRange(chain.MinSize, chain.MaxSize)),
		js.P("steps", js.Ref("steps")),
	}
}

// chainSchema is the schema of chain files.
func chainSchema() *js.Schema {
	props := append(js.Props{js.P("format", formatProp(chain.ChainFormat))}, chainProps()...)
	s := js.Object(props, "steps")
	s.Title = "Hewn chain"
	s.Description = "One level's recipe: a map size, a depth and the steps that build it (" + chain.ChainFormat +
		`; a chain without "format" is an older file of the same keys).`
	chainDefs(&s.Defs)
	return s
}

// paramSchema is the schema of one parameter's value, from its descriptor.
func paramSchema(p chain.Param) *js.Schema {
	var s *js.Schema
	num := func(typ string) *js.Schema {
		n := js.Of(typ)
		if p.HasRange() {
			n.Minimum, n.Maximum = bound(p.Min), bound(p.Max)
		} else if typ == "integer" {
			n.Minimum, n.Maximum = -maxInt, maxInt
		}
		return n
	}
	switch p.Type.Base() {
	case chain.Int:
		s = num("integer")
	case chain.Float:
		s = num("number")
	case chain.Bool:
		s = js.Of("boolean")
	case chain.String:
		s = js.Of("string")
	case chain.Enum:
		choices := p.Choices
		if p.Type == chain.Region && len(choices) == 0 {
			choices = chain.RegionNames()
		}
		s = js.Enum(choices...)
	case chain.EnumOrNumber:
		s = &js.Schema{AnyOf: []*js.Schema{js.Enum(p.Choices...), num("integer")}}
	case chain.StringList:
		s = js.ArrayOf(js.Of("string"))
	case chain.IntList:
		s = js.ArrayOf(num("integer"))
	case chain.Steps:
		s = js.Ref("steps")
	case chain.PaintCells:
		s = &js.Schema{Type: js.Types{"array"}, Items: js.Ref("paint_cell"), MaxItems: js.Int(chain.MaxPaintCells)}
	default:
		s = &js.Schema{}
	}
	if s.Ref == "" {
		s.Description = p.Help
		if p.Type.Base() != chain.Steps && p.Default != nil {
			s.Default = p.Default
		}
	}
	return s
}

// bound writes a range bound as an integer when it is one.
func bound(f float64) any {
	if f == math.Trunc(f) && math.Abs(f) <= maxInt {
		return int64(f)
	}
	return f
}

// paintCell is the schema of a cell of a paint step (chain.PaintCell).
func paintCell() *js.Schema {
	tiles := make([]string, 0, len(chain.Tiles()))
	for _, t := range chain.Tiles() {
		tiles = append(tiles, t.String())
	}
	off := js.IntRange(-chain.MaxPaintOffset, chain.MaxPaintOffset)
	size := js.IntRange(1, chain.MaxSize)
	name := &js.Schema{Type: js.Types{"string"}, MinLength: js.Int(1)}
	return js.Object(js.Props{
		js.P("x", off), js.P("y", off), js.P("w", size), js.P("h", size),
		js.P("tile", js.Enum(tiles...)), js.P("spawn", name),
		js.P("clear", js.Of("boolean")), js.P("start", js.Of("boolean")), js.P("exit", js.Of("boolean")),
	}, "x", "y")
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
