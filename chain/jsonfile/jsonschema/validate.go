package jsonschema

import (
	"slices"
	"strconv"
	"strings"

	"hewn/chain/jsonfile"
)

// Failure is one way a document fails a schema (see Validate).
type Failure struct {
	// Path is the JSON pointer of the offending value, token by token (an
	// array index in decimal).
	Path []string
	// Want, when not nil, is the types the value should have had ("integer",
	// "object", ...).
	Want []string
	// Missing, when not nil, names the keys the object lacks, in the
	// schema's order.
	Missing []string
	// False says the value is not allowed there at all (a false schema: a
	// key no property of a closed object allows).
	False bool
}

// Validate checks the document root against s with the keywords reflecting
// gives: $ref (into s's $defs), type, properties, required,
// additionalProperties and items; it ignores the others (Unchecked lists
// those s uses). It returns the failures in document order; a value of the
// wrong type is not looked into further.
func Validate(s *Schema, root *jsonfile.Node) []Failure {
	v := validator{defs: s.Defs}
	v.check(s, root, nil)
	return v.out
}

// Unchecked lists the keywords s (and the schemas in it) uses that Validate
// does not check, annotations ($schema, $id, title, description, default,
// format) and $defs aside, in the order first met; nil when it checks every
// one.
func Unchecked(s *Schema) []string {
	var out []string
	var walk func(s *Schema)
	add := func(kw string, used bool) {
		if used && !slices.Contains(out, kw) {
			out = append(out, kw)
		}
	}
	walk = func(s *Schema) {
		if s == nil || s.False {
			return
		}
		add("const", s.Const != nil)
		add("enum", s.Enum != nil)
		add("minimum", s.Minimum != nil)
		add("maximum", s.Maximum != nil)
		add("minLength", s.MinLength != nil)
		add("maxLength", s.MaxLength != nil)
		add("pattern", s.Pattern != "")
		add("prefixItems", s.PrefixItems != nil)
		add("minItems", s.MinItems != nil)
		add("maxItems", s.MaxItems != nil)
		add("propertyNames", s.PropertyNames != nil)
		add("maxProperties", s.MaxProperties != nil)
		add("allOf", s.AllOf != nil)
		add("anyOf", s.AnyOf != nil)
		add("oneOf", s.OneOf != nil)
		add("not", s.Not != nil)
		add("if", s.If != nil)
		add("then", s.Then != nil)
		add("else", s.Else != nil)
		if s.Ref != "" && !strings.HasPrefix(s.Ref, "#/$defs/") {
			add("$ref "+s.Ref, true)
		}
		for _, l := range [][]*Schema{{s.Items, s.AdditionalProperties, s.PropertyNames, s.Not, s.If, s.Then, s.Else}, s.PrefixItems, s.AllOf, s.AnyOf, s.OneOf} {
			for _, c := range l {
				walk(c)
			}
		}
		for _, ps := range []Props{s.Properties, s.Defs} {
			for _, p := range ps {
				walk(p.Schema)
			}
		}
	}
	walk(s)
	return out
}

type validator struct {
	defs Props
	out  []Failure
}

func (v *validator) fail(path []string, f Failure) {
	f.Path = slices.Clone(path)
	v.out = append(v.out, f)
}

func (v *validator) check(s *Schema, n *jsonfile.Node, path []string) {
	if s == nil {
		return
	}
	if s.False {
		v.fail(path, Failure{False: true})
		return
	}
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
		v.check(v.defs.Get(name), n, path)
	}
	if len(s.Type) > 0 && !hasType(s.Type, n) {
		v.fail(path, Failure{Want: slices.Clone([]string(s.Type))})
		return
	}
	switch n.Kind {
	case jsonfile.Object:
		var missing []string
		for _, k := range s.Required {
			if !slices.ContainsFunc(n.Fields, func(f jsonfile.Field) bool { return f.Key == k }) {
				missing = append(missing, k)
			}
		}
		if missing != nil {
			v.fail(path, Failure{Missing: missing})
		}
		for _, f := range n.Fields {
			ps := s.Properties.Get(f.Key)
			if ps == nil {
				ps = s.AdditionalProperties
			}
			v.check(ps, f.Val, append(path, f.Key))
		}
	case jsonfile.Array:
		if s.Items != nil {
			for i, it := range n.Items {
				v.check(s.Items, it, append(path, strconv.Itoa(i)))
			}
		}
	}
}

// hasType reports whether n is of one of types: "integer" is a number with
// no fraction, as JSON Schema has it (2.0 is one).
func hasType(types []string, n *jsonfile.Node) bool {
	for _, t := range types {
		switch t {
		case "null":
			if n.Kind == jsonfile.Null {
				return true
			}
		case "boolean":
			if n.Kind == jsonfile.Bool {
				return true
			}
		case "number":
			if n.Kind == jsonfile.Number {
				return true
			}
		case "integer":
			if n.Kind == jsonfile.Number && IsInteger(n.Text) {
				return true
			}
		case "string":
			if n.Kind == jsonfile.String {
				return true
			}
		case "array":
			if n.Kind == jsonfile.Array {
				return true
			}
		case "object":
			if n.Kind == jsonfile.Object {
				return true
			}
		}
	}
	return false
}

// IsInteger reports whether the JSON number text has no fraction: every
// digit after the point, once the exponent has moved it, is 0 ("2.50e1" is
// 25, "1e-400" is not an integer, "1e400" is). It reads the digits only,
// however large the exponent.
func IsInteger(text string) bool {
	mant, exp, _ := strings.Cut(strings.ToLower(text), "e")
	mant = strings.TrimLeft(mant, "-")
	whole, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimRight(whole+frac, "0")
	point := len(whole) // digits before the point
	if exp != "" {
		e, err := strconv.Atoi(exp)
		if err != nil { // beyond an int: all digits move left or right of the point
			return !strings.HasPrefix(exp, "-") || strings.Trim(digits, "0") == ""
		}
		if e > len(digits) {
			return true
		}
		point += e
	}
	return point >= len(digits) || strings.Trim(digits[max(point, 0):], "0") == ""
}
