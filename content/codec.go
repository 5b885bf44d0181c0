package content

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"hewn/chain/jsonfile"
)

// The codec maps ordered JSON trees onto the typed model and back without losing
// anything. Every modelled object embeds meta, which remembers the object's keys in
// input order together with their raw values. Export walks those keys: unknown keys
// are written back verbatim, modelled keys are written from the Go value (reusing the
// raw number text when the value is unchanged, so "2.0" stays "2.0"), a value that did
// not decode (wrong type) is written back as it was unless the Go value was set since,
// and modelled fields absent from the input are written only when non-zero (or kept
// by an edit, see meta.keep), each before the first input key declared after it, so
// a new field lands where the tutorial's order puts it. New objects (not imported)
// are written in declaration order and always carry the fields tagged
// `jsonschema:"required"`.

// meta is the import record of one JSON object.
type meta struct {
	imported bool
	fields   []rawField
	bad      *jsonfile.Node // the whole raw value when it was not an object
}

type rawField struct {
	key string
	val *jsonfile.Node
	bad bool // a modelled key whose value did not decode
}

func (m *meta) metaPtr() *meta { return m }

type hasMeta interface{ metaPtr() *meta }

// codecMap is implemented by the ordered map types (Effects, Skills).
type codecMap interface {
	decodeNode(n *jsonfile.Node) bool
	encodeNode() *jsonfile.Node
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
func decodeInto(n *jsonfile.Node, v reflect.Value) bool {
	// the codecMap types are slices: other kinds skip the costly Implements
	if v.Kind() == reflect.Slice && v.CanAddr() && v.Addr().Type().Implements(codecMapType) {
		return v.Addr().Interface().(codecMap).decodeNode(n)
	}
	switch v.Kind() {
	case reflect.String:
		if n.Kind != jsonfile.String {
			return false
		}
		v.SetString(n.Text)
	case reflect.Bool:
		if n.Kind != jsonfile.Bool {
			return false
		}
		v.SetBool(n.Text == "true")
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
		if n.Kind != jsonfile.Object {
			return false
		}
		p := reflect.New(v.Type().Elem())
		decodeStruct(n, p.Elem())
		v.Set(p)
	case reflect.Struct:
		if n.Kind != jsonfile.Object {
			return false
		}
		decodeStruct(n, v)
	case reflect.Slice:
		if n.Kind != jsonfile.Array {
			return false
		}
		s := reflect.MakeSlice(v.Type(), len(n.Items), len(n.Items))
		elemStruct := v.Type().Elem().Kind() == reflect.Struct
		for i, it := range n.Items {
			if elemStruct && it.Kind != jsonfile.Object {
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

func decodeStruct(n *jsonfile.Node, v reflect.Value) {
	ti := infoOf(v.Type())
	m := v.Addr().Interface().(hasMeta).metaPtr()
	m.imported = true
	m.fields = make([]rawField, 0, len(n.Fields))
	for _, f := range n.Fields {
		rf := rawField{key: f.Key, val: f.Val}
		if idx, ok := ti.byName[f.Key]; ok {
			fv := v.Field(ti.fields[idx].index)
			if !decodeInto(f.Val, fv) {
				fv.SetZero()
				rf.bad = true
			}
		}
		m.fields = append(m.fields, rf)
	}
}

func intOf(n *jsonfile.Node) (int, bool) {
	if n == nil || n.Kind != jsonfile.Number {
		return 0, false
	}
	if i, err := strconv.ParseInt(n.Text, 10, 64); err == nil {
		if int64(int(i)) != i {
			return 0, false
		}
		return int(i), true
	}
	f, err := strconv.ParseFloat(n.Text, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

func floatOf(n *jsonfile.Node) (float64, bool) {
	if n == nil || n.Kind != jsonfile.Number {
		return 0, false
	}
	f, err := strconv.ParseFloat(n.Text, 64)
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
func encodeValue(v reflect.Value, raw *jsonfile.Node) *jsonfile.Node {
	if v.CanAddr() && v.Addr().Type().Implements(codecMapType) {
		return v.Addr().Interface().(codecMap).encodeNode()
	}
	switch v.Kind() {
	case reflect.String:
		return jsonfile.NewString(v.String())
	case reflect.Bool:
		return jsonfile.NewBool(v.Bool())
	case reflect.Int:
		if i, ok := intOf(raw); ok && int64(i) == v.Int() {
			return jsonfile.NewNumber(raw.Text)
		}
		return jsonfile.NewInt(int(v.Int()))
	case reflect.Float64:
		f := v.Float()
		if rf, ok := floatOf(raw); ok && rf == f {
			return jsonfile.NewNumber(raw.Text)
		}
		switch {
		case math.IsNaN(f):
			f = 0
		case math.IsInf(f, 1):
			f = math.MaxFloat64
		case math.IsInf(f, -1):
			f = -math.MaxFloat64
		}
		return jsonfile.NewNumber(floatText(f))
	case reflect.Pointer:
		return encodeStruct(v.Elem())
	case reflect.Struct:
		return encodeStruct(v)
	case reflect.Slice:
		out := &jsonfile.Node{Kind: jsonfile.Array, Items: make([]*jsonfile.Node, v.Len())}
		for i := range v.Len() {
			var r *jsonfile.Node
			if raw != nil && raw.Kind == jsonfile.Array && i < len(raw.Items) {
				r = raw.Items[i]
			}
			out.Items[i] = encodeValue(v.Index(i), r)
		}
		return out
	}
	return &jsonfile.Node{Kind: jsonfile.Null}
}

func encodeStruct(v reflect.Value) *jsonfile.Node {
	ti := infoOf(v.Type())
	m := v.Addr().Interface().(hasMeta).metaPtr()
	if m.bad != nil {
		return m.bad
	}
	// the modelled fields the input lacks that are written, in declaration
	// order: each goes before the first input key declared after it
	done := make([]bool, len(ti.fields))
	for _, rf := range m.fields {
		if idx, ok := ti.byName[rf.key]; ok {
			done[idx] = true
		}
	}
	var pending []int
	for i, fi := range ti.fields {
		fv := v.Field(fi.index)
		switch {
		case done[i], fv.Kind() == reflect.Pointer && fv.IsNil():
		case isEmpty(fv) && !(fi.required && !m.imported):
		default:
			pending = append(pending, i)
		}
	}
	out := &jsonfile.Node{Kind: jsonfile.Object, Fields: make([]jsonfile.Field, 0, len(ti.fields))}
	flush := func(before int) {
		for len(pending) > 0 && pending[0] < before {
			fi := ti.fields[pending[0]]
			out.Fields = append(out.Fields, jsonfile.Field{Key: fi.name, Val: encodeValue(v.Field(fi.index), nil)})
			pending = pending[1:]
		}
	}
	for _, rf := range m.fields {
		idx, modelled := ti.byName[rf.key]
		if !modelled {
			out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: rf.val})
			continue
		}
		flush(idx)
		fv := v.Field(ti.fields[idx].index)
		switch {
		case rf.bad && isEmpty(fv):
			out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: rf.val})
		case fv.Kind() == reflect.Pointer && fv.IsNil():
			// removed by an edit
		default:
			out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: encodeValue(fv, rf.val)})
		}
	}
	flush(len(ti.fields))
	return out
}

// has reports whether the object holds key: it came with the input (or was
// kept by keep) and no edit dropped it.
func (m *meta) has(key string) bool { return m.find(key) >= 0 }

func (m *meta) find(key string) int {
	for i, rf := range m.fields {
		if rf.key == key {
			return i
		}
	}
	return -1
}

// keep makes the object write key (a modelled field of ti) from its Go value
// even when that is zero (and no longer the input's value of the wrong type
// that it replaces), placed as a new field is: before the first key declared
// after it. The fields are copied, never changed in place (a clone shares
// them).
func (m *meta) keep(ti *typeInfo, key string) {
	if i := m.find(key); i >= 0 {
		if m.fields[i].bad {
			m.fields = slices.Clone(m.fields)
			m.fields[i].bad = false
		}
		return
	}
	idx := ti.byName[key]
	at := len(m.fields)
	for i, rf := range m.fields {
		if j, ok := ti.byName[rf.key]; ok && j > idx {
			at = i
			break
		}
	}
	fields := make([]rawField, 0, len(m.fields)+1)
	fields = append(fields, m.fields[:at]...)
	fields = append(fields, rawField{key: key})
	m.fields = append(fields, m.fields[at:]...)
}

// drop forgets key, so that a zero value is no longer written (copied, as
// keep does).
func (m *meta) drop(key string) {
	if !m.has(key) {
		return
	}
	fields := make([]rawField, 0, len(m.fields))
	for _, rf := range m.fields {
		if rf.key != key {
			fields = append(fields, rf)
		}
	}
	m.fields = fields
}

// floatText formats a float the way raws files write them: whole numbers keep ".0".
func floatText(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") { // n: NaN/Inf cannot occur (validated), kept safe
		s += ".0"
	}
	return s
}
