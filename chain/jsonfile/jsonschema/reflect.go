package jsonschema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Reflector derives schemas from Go types as encoding/json writes them:
// struct fields by their json tags (embedded structs' fields promoted,
// "-" and unexported fields left out), slices and arrays as lists, maps as
// objects, pointers as what they point to. Every named struct type becomes a
// definition of the document's $defs (Defs), named after the type.
type Reflector struct {
	// Required reports whether an object must have a field's key; nil: the
	// fields without omitempty must.
	Required func(f reflect.StructField) bool
	// AllowAdditional lets objects hold keys their struct does not have;
	// otherwise their schema refuses them.
	AllowAdditional bool
	// Nullable lets slices, maps and pointers without omitempty be null, as
	// encoding/json writes nil ones.
	Nullable bool
	// Override, when not nil, gives the schema of a type instead of deriving
	// it (a type that writes itself with MarshalJSON), or nil to derive it.
	// A named type's schema goes into Defs.
	Override func(t reflect.Type) *Schema

	// Defs holds the definitions made so far; Document takes them.
	Defs Props

	names map[reflect.Type]string
	err   []string
}

// Type returns the schema of values of type t: a $ref for a named struct
// type (its definition added to Defs).
func (r *Reflector) Type(t reflect.Type) *Schema {
	if r.names == nil {
		r.names = map[reflect.Type]string{}
	}
	if r.Override != nil {
		if s := r.Override(t); s != nil {
			if t.Name() == "" {
				return s
			}
			return r.define(t, func() *Schema { return s })
		}
	}
	switch t {
	case reflect.TypeFor[json.RawMessage]():
		return &Schema{}
	case reflect.TypeFor[json.Number]():
		return Of("number")
	case reflect.TypeFor[time.Time]():
		return &Schema{Type: Types{"string"}, Format: "date-time"}
	}
	marshaler := reflect.TypeFor[json.Marshaler]()
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface &&
		(t.Implements(marshaler) || reflect.PointerTo(t).Implements(marshaler)) {
		r.err = append(r.err, t.String()+" writes itself (MarshalJSON): give its schema with Override")
		return &Schema{}
	}
	switch t.Kind() {
	case reflect.Bool:
		return Of("boolean")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return Of("integer")
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return &Schema{Type: Types{"integer"}, Minimum: 0}
	case reflect.Float32, reflect.Float64:
		return Of("number")
	case reflect.String:
		return Of("string")
	case reflect.Interface:
		return &Schema{}
	case reflect.Pointer:
		return r.Type(t.Elem())
	case reflect.Slice:
		return ArrayOf(r.Type(t.Elem()))
	case reflect.Array:
		s := ArrayOf(r.Type(t.Elem()))
		s.MinItems, s.MaxItems = Int(t.Len()), Int(t.Len())
		return s
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			r.err = append(r.err, t.String()+": map keys other than strings")
		}
		return &Schema{Type: Types{"object"}, AdditionalProperties: r.Type(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return r.Struct(t)
		}
		return r.define(t, func() *Schema { return r.Struct(t) })
	}
	r.err = append(r.err, t.String()+": no JSON form")
	return &Schema{}
}

// define adds the definition of the named type t (made by make, once) and
// returns a $ref to it.
func (r *Reflector) define(t reflect.Type, make func() *Schema) *Schema {
	if name, ok := r.names[t]; ok {
		return Ref(name)
	}
	name := t.Name()
	for _, d := range r.Defs {
		if d.Name == name {
			name = strings.ReplaceAll(t.String(), ".", "_")
			break
		}
	}
	r.names[t] = name
	r.Defs = append(r.Defs, Prop{name, nil})
	r.Defs.Set(name, make())
	return Ref(name)
}

// Struct returns the schema of the struct type t itself (not a $ref): an
// object of its fields.
func (r *Reflector) Struct(t reflect.Type) *Schema {
	s := &Schema{Type: Types{"object"}}
	if !r.AllowAdditional {
		s.AdditionalProperties = &Schema{False: true}
	}
	r.fields(t, s)
	return s
}

func (r *Reflector) fields(t reflect.Type, s *Schema) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" {
			continue
		}
		ft := f.Type
		if f.Anonymous && !hasTag {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				r.fields(ft, s) // promoted fields
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		omit := slices.Contains(strings.Split(opts, ","), "omitempty")
		fs := r.Type(f.Type)
		if r.Nullable && !omit {
			switch f.Type.Kind() {
			case reflect.Slice, reflect.Map, reflect.Pointer:
				if len(fs.Type) > 0 && fs.Ref == "" {
					fs.Type = append(fs.Type, "null")
				} else {
					fs = &Schema{AnyOf: []*Schema{fs, Of("null")}}
				}
			}
		}
		s.Properties.Set(name, fs)
		required := !omit
		if r.Required != nil {
			required = r.Required(f)
		}
		if required {
			s.Required = append(s.Required, name)
		}
	}
}

// Err reports the types the reflector could not describe (nil: none).
func (r *Reflector) Err() error {
	if len(r.err) == 0 {
		return nil
	}
	return fmt.Errorf("jsonschema: %s", strings.Join(r.err, "; "))
}

// Document returns the schema of a document whose top level is the struct
// type t, its fields at the top (not a $ref), with the definitions it uses.
func (r *Reflector) Document(t reflect.Type) (*Schema, error) {
	if r.names == nil {
		r.names = map[reflect.Type]string{}
	}
	s := r.Struct(t)
	s.Defs = r.Defs
	return s, r.Err()
}
