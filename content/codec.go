package content

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// The codec maps ordered JSON trees onto the typed model and back without losing
// anything. Every modelled object embeds meta, which remembers the object's keys in
// input order together with their raw values. Export walks those keys: unknown keys
// are written back verbatim, modelled keys are written from the Go value (reusing the
// raw number text when the value is unchanged, so "2.0" stays "2.0"), a value that did
// not decode (wrong type) is written back as it was unless the Go value was set since,
// and modelled fields absent from the input are written only when non-zero. New
// objects (not imported) are written in declaration order and always carry the fields
// tagged `jsonschema:"required"`.

// meta is the import record of one JSON object.
type meta struct {
	imported bool
	fields   []rawField
	bad      *node // the whole raw value when it was not an object
}

type rawField struct {
	key string
	val *node
	bad bool // a modelled key whose value did not decode
}

func (m *meta) metaPtr() *meta { return m }

type hasMeta interface{ metaPtr() *meta }

// codecMap is implemented by the ordered map types (Effects, Skills).
type codecMap interface {
	decodeNode(n *node) bool
	encodeNode() *node
}

type fieldInfo struct {
	name     string
	index    int
	required bool // written for new objects even when zero
}

type typeInfo struct {
	fields []fieldInfo
	byName map[string]int // json name -> position in fields
}

var typeCache sync.Map // reflect.Type -> *typeInfo

func infoOf(t reflect.Type) *typeInfo {
	if v, ok := typeCache.Load(t); ok {
		return v.(*typeInfo)
	}
	ti := &typeInfo{byName: map[string]int{}}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.PkgPath != "" || tag == "-" || tag == "" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		req := strings.Contains(","+f.Tag.Get("jsonschema")+",", ",required,") || f.Tag.Get("content") == "always"
		ti.byName[name] = len(ti.fields)
		ti.fields = append(ti.fields, fieldInfo{name: name, index: i, required: req})
	}
	v, _ := typeCache.LoadOrStore(t, ti)
	return v.(*typeInfo)
}

var codecMapType = reflect.TypeFor[codecMap]()

// decodeInto decodes n into v (addressable). It reports whether the value had the
// right shape; on false v is left zero (the caller keeps the raw value).
func decodeInto(n *node, v reflect.Value) bool {
	if v.CanAddr() && v.Addr().Type().Implements(codecMapType) {
		return v.Addr().Interface().(codecMap).decodeNode(n)
	}
	switch v.Kind() {
	case reflect.String:
		if n.kind != nString {
			return false
		}
		v.SetString(n.text)
	case reflect.Bool:
		if n.kind != nBool {
			return false
		}
		v.SetBool(n.text == "true")
	case reflect.Int:
		i, ok := intOf(n)
		if !ok {
			return false
		}
		v.SetInt(int64(i))
	case reflect.Float64:
		f, ok := floatOf(n)
		if !ok {
			return false
		}
		v.SetFloat(f)
	case reflect.Pointer:
		if n.kind != nObject {
			return false
		}
		p := reflect.New(v.Type().Elem())
		decodeStruct(n, p.Elem())
		v.Set(p)
	case reflect.Struct:
		if n.kind != nObject {
			return false
		}
		decodeStruct(n, v)
	case reflect.Slice:
		if n.kind != nArray {
			return false
		}
		s := reflect.MakeSlice(v.Type(), len(n.items), len(n.items))
		elemStruct := v.Type().Elem().Kind() == reflect.Struct
		for i, it := range n.items {
			if elemStruct && it.kind != nObject {
				s.Index(i).Addr().Interface().(hasMeta).metaPtr().bad = it
				continue
			}
			if !decodeInto(it, s.Index(i)) {
				return false
			}
		}
		v.Set(s)
	default:
		return false
	}
	return true
}

func decodeStruct(n *node, v reflect.Value) {
	ti := infoOf(v.Type())
	m := v.Addr().Interface().(hasMeta).metaPtr()
	m.imported = true
	m.fields = make([]rawField, 0, len(n.fields))
	for _, f := range n.fields {
		rf := rawField{key: f.key, val: f.val}
		if idx, ok := ti.byName[f.key]; ok {
			fv := v.Field(ti.fields[idx].index)
			if !decodeInto(f.val, fv) {
				fv.SetZero()
				rf.bad = true
			}
		}
		m.fields = append(m.fields, rf)
	}
}

func intOf(n *node) (int, bool) {
	if n == nil || n.kind != nNumber {
		return 0, false
	}
	if i, err := strconv.ParseInt(n.text, 10, 64); err == nil {
		if int64(int(i)) != i {
			return 0, false
		}
		return int(i), true
	}
	f, err := strconv.ParseFloat(n.text, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

func floatOf(n *node) (float64, bool) {
	if n == nil || n.kind != nNumber {
		return 0, false
	}
	f, err := strconv.ParseFloat(n.text, 64)
	if err != nil || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// isEmpty reports whether v counts as "not set" for a field absent from the input.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice:
		return v.Len() == 0
	case reflect.Pointer:
		return v.IsNil()
	case reflect.Struct:
		if h, ok := v.Addr().Interface().(hasMeta); ok && h.metaPtr().imported {
			return false
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.PkgPath == "" && !isEmpty(v.Field(i)) {
				return false
			}
		}
		return true
	}
	return v.IsZero()
}

// encodeValue builds the tree for v; raw is the input value it came from (or nil).
func encodeValue(v reflect.Value, raw *node) *node {
	if v.CanAddr() && v.Addr().Type().Implements(codecMapType) {
		return v.Addr().Interface().(codecMap).encodeNode()
	}
	switch v.Kind() {
	case reflect.String:
		return strNode(v.String())
	case reflect.Bool:
		return boolNode(v.Bool())
	case reflect.Int:
		if i, ok := intOf(raw); ok && int64(i) == v.Int() {
			return numTextNode(raw.text)
		}
		return intNode(int(v.Int()))
	case reflect.Float64:
		f := v.Float()
		if rf, ok := floatOf(raw); ok && rf == f {
			return numTextNode(raw.text)
		}
		switch {
		case math.IsNaN(f):
			f = 0
		case math.IsInf(f, 1):
			f = math.MaxFloat64
		case math.IsInf(f, -1):
			f = -math.MaxFloat64
		}
		return numTextNode(floatText(f))
	case reflect.Pointer:
		return encodeStruct(v.Elem())
	case reflect.Struct:
		return encodeStruct(v)
	case reflect.Slice:
		out := &node{kind: nArray, items: make([]*node, v.Len())}
		for i := range v.Len() {
			var r *node
			if raw != nil && raw.kind == nArray && i < len(raw.items) {
				r = raw.items[i]
			}
			out.items[i] = encodeValue(v.Index(i), r)
		}
		return out
	}
	return &node{kind: nNull}
}

func encodeStruct(v reflect.Value) *node {
	ti := infoOf(v.Type())
	m := v.Addr().Interface().(hasMeta).metaPtr()
	if m.bad != nil {
		return m.bad
	}
	out := &node{kind: nObject, fields: make([]field, 0, len(ti.fields))}
	done := make([]bool, len(ti.fields))
	for _, rf := range m.fields {
		idx, modelled := ti.byName[rf.key]
		if !modelled {
			out.fields = append(out.fields, field{rf.key, rf.val})
			continue
		}
		done[idx] = true
		fv := v.Field(ti.fields[idx].index)
		switch {
		case rf.bad && isEmpty(fv):
			out.fields = append(out.fields, field{rf.key, rf.val})
		case fv.Kind() == reflect.Pointer && fv.IsNil():
			// removed by an edit
		default:
			out.fields = append(out.fields, field{rf.key, encodeValue(fv, rf.val)})
		}
	}
	for i, fi := range ti.fields {
		if done[i] {
			continue
		}
		fv := v.Field(fi.index)
		if isEmpty(fv) && !(fi.required && !m.imported) {
			continue
		}
		if fv.Kind() == reflect.Pointer && fv.IsNil() {
			continue
		}
		out.fields = append(out.fields, field{fi.name, encodeValue(fv, nil)})
	}
	return out
}
