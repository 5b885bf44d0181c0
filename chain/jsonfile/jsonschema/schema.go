// Package jsonschema builds JSON Schema (draft 2020-12) documents, by hand
// (Schema values) or from Go types (Reflector), and checks a document
// against the few keywords reflecting gives (Validate): Hewn describes every
// kind of file it writes with them (`hewn schema KIND`) and checks content
// packs with Validate at run time. The test suite checks every schema, and
// every example file against its schema, with a complete validator; this
// package does no work until it is called and imports the standard library
// only (and jsonfile).
package jsonschema

import (
	"bytes"
	"encoding/json"
)

// Draft is the $schema of every schema this package writes.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Schema is a JSON Schema. The zero value is the schema every value meets
// ({}); False is the schema none meets (false). Its JSON keeps the fields'
// order, and the order of Properties and Defs.
type Schema struct {
	// False makes the schema false: no value meets it (the other fields are ignored).
	False bool `json:"-"`

	Schema      string `json:"$schema,omitempty"`
	ID          string `json:"$id,omitempty"`
	Ref         string `json:"$ref,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`

	Type  Types `json:"type,omitempty"`
	Const any   `json:"const,omitempty"`
	Enum  []any `json:"enum,omitempty"`

	// Minimum and Maximum bound a number: an int, a float64 or a json.Number.
	Minimum   any    `json:"minimum,omitempty"`
	Maximum   any    `json:"maximum,omitempty"`
	MinLength *int   `json:"minLength,omitempty"`
	MaxLength *int   `json:"maxLength,omitempty"`
	Pattern   string `json:"pattern,omitempty"`
	Format    string `json:"format,omitempty"`

	Items       *Schema   `json:"items,omitempty"`
	PrefixItems []*Schema `json:"prefixItems,omitempty"`
	MinItems    *int      `json:"minItems,omitempty"`
	MaxItems    *int      `json:"maxItems,omitempty"`

	Properties           Props    `json:"properties,omitempty"`
	Required             []string `json:"required,omitempty"`
	AdditionalProperties *Schema  `json:"additionalProperties,omitempty"`
	PropertyNames        *Schema  `json:"propertyNames,omitempty"`
	MaxProperties        *int     `json:"maxProperties,omitempty"`

	AllOf []*Schema `json:"allOf,omitempty"`
	AnyOf []*Schema `json:"anyOf,omitempty"`
	OneOf []*Schema `json:"oneOf,omitempty"`
	Not   *Schema   `json:"not,omitempty"`
	If    *Schema   `json:"if,omitempty"`
	Then  *Schema   `json:"then,omitempty"`
	Else  *Schema   `json:"else,omitempty"`

	Default any `json:"default,omitempty"`

	Defs Props `json:"$defs,omitempty"`
}

// MarshalJSON writes the schema's fields, or false.
func (s *Schema) MarshalJSON() ([]byte, error) {
	if s.False {
		return []byte("false"), nil
	}
	type plain Schema
	return json.Marshal((*plain)(s))
}

// Types is a schema's "type": one name written as a string, several as a list.
type Types []string

// MarshalJSON writes one type as a string, several as a list.
func (t Types) MarshalJSON() ([]byte, error) {
	if len(t) == 1 {
		return json.Marshal(t[0])
	}
	return json.Marshal([]string(t))
}

// Prop is one named schema of Props.
type Prop struct {
	Name   string
	Schema *Schema
}

// Props are named schemas in order: an object's properties, a document's $defs.
type Props []Prop

// MarshalJSON writes the schemas as an object, in order.
func (ps Props) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(p.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(p.Schema)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Get returns the schema named name, or nil.
func (ps Props) Get(name string) *Schema {
	for _, p := range ps {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

// Set sets the schema named name, appending it when it is new.
func (ps *Props) Set(name string, s *Schema) {
	for i := range *ps {
		if (*ps)[i].Name == name {
			(*ps)[i].Schema = s
			return
		}
	}
	*ps = append(*ps, Prop{name, s})
}

// Document returns s as a standalone document: indented JSON with a final
// newline.
func Document(s *Schema) ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Shorthands for building schemas by hand.

// Of returns a schema of the given types ("string", "integer", ...).
func Of(types ...string) *Schema { return &Schema{Type: types} }

// Ref returns a schema referring to the definition name of the document's $defs.
func Ref(name string) *Schema { return &Schema{Ref: "#/$defs/" + name} }

// Const returns the schema of the one value v.
func Const(v any) *Schema { return &Schema{Const: v} }

// Enum returns the schema of a string that is one of choices.
func Enum(choices ...string) *Schema {
	s := &Schema{Type: Types{"string"}}
	for _, c := range choices {
		s.Enum = append(s.Enum, c)
	}
	return s
}

// ArrayOf returns the schema of a list of items.
func ArrayOf(items *Schema) *Schema { return &Schema{Type: Types{"array"}, Items: items} }

// IntRange returns the schema of an integer in [lo, hi].
func IntRange(lo, hi int) *Schema { return &Schema{Type: Types{"integer"}, Minimum: lo, Maximum: hi} }

// Int returns n as a *int, for the bounds of lengths and counts.
func Int(n int) *int { return &n }

// Object returns the schema of an object of props (in order), required
// naming those it must have, and no other key.
func Object(props Props, required ...string) *Schema {
	return &Schema{Type: Types{"object"}, Properties: props, Required: required, AdditionalProperties: &Schema{False: true}}
}

// Required returns the schema of an object that has every key of names.
func Required(names ...string) *Schema { return &Schema{Required: names} }

// P returns a Prop, for Props literals: js.Props{js.P("name", js.Of("string"))}.
func P(name string, s *Schema) Prop { return Prop{name, s} }
