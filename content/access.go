package content

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"hewn/chain"
)

// Reading and writing an entity's fields by JSON path, for the form's
// descriptors (fields.go): the model is walked through the codec's view of
// it (a struct field per JSON key), so an optional field the raws leave out
// reads "" and stays out until a value is set, and a value set is written
// where the tutorial's key order puts it (meta.keep).

// sectionTypes are the Go types of the sections' entities.
var sectionTypes = map[chain.Section]reflect.Type{
	chain.Items: reflect.TypeFor[Item](),
	chain.Mobs:  reflect.TypeFor[Mob](),
	chain.Props: reflect.TypeFor[Prop](),
}

var (
	stringMapType = reflect.TypeFor[StringMap]()
	intMapType    = reflect.TypeFor[IntMap]()
)

// fieldAt resolves path (JSON keys joined by dots) below the struct root.
// It returns the field, the struct holding it and the field's codec info;
// ok is false when an object on the way is absent (a nil pointer) or a key
// is not modelled.
func fieldAt(root reflect.Value, path string) (fv, parent reflect.Value, fi fieldInfo, ok bool) {
	v := root
	for _, k := range strings.Split(path, ".") {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return fv, parent, fi, false
			}
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return fv, parent, fi, false
		}
		ti := infoOf(v.Type())
		idx, known := ti.byName[k]
		if !known {
			return fv, parent, fi, false
		}
		fi, parent = ti.fields[idx], v
		v = v.Field(fi.index)
	}
	return v, parent, fi, true
}

// typeAt is fieldAt for types: the Go type of the field at path below t.
func typeAt(t reflect.Type, path string) (reflect.Type, fieldInfo, bool) {
	var fi fieldInfo
	for _, k := range strings.Split(path, ".") {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return nil, fi, false
		}
		ti := infoOf(t)
		idx, known := ti.byName[k]
		if !known {
			return nil, fi, false
		}
		fi = ti.fields[idx]
		t = t.Field(fi.index).Type
	}
	return t, fi, true
}

func metaOf(structV reflect.Value) *meta { return structV.Addr().Interface().(hasMeta).metaPtr() }

// textOf is a scalar value as the form shows it.
func textOf(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Int:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Float64:
		return floatText(v.Float())
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	}
	return ""
}

// store writes v, already accepted, into the scalar dst.
func store(dst reflect.Value, v string) {
	switch dst.Kind() {
	case reflect.String:
		dst.SetString(v)
	case reflect.Int:
		n, _ := strconv.Atoi(strings.TrimSpace(v))
		dst.SetInt(int64(n))
	case reflect.Float64:
		n, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
		dst.SetFloat(n)
	case reflect.Bool:
		dst.SetBool(v == "true")
	}
}

// setKey sets the field key of the struct sv to v (accepted) and keeps the
// key written (bools excepted: false stays out when it was).
func setKey(sv reflect.Value, key, v string) {
	ti := infoOf(sv.Type())
	fv := sv.Field(ti.fields[ti.byName[key]].index)
	store(fv, v)
	if fv.Kind() != reflect.Bool || fv.Bool() {
		metaOf(sv).keep(ti, key)
	}
}

// Optional reports whether the raws may leave the field out of section s's
// entities (an Option in the tutorial's structs).
func (f *EntityField) Optional(s chain.Section) bool {
	t, fi, ok := typeAt(sectionTypes[s], f.Key)
	return ok && !fi.required && t.Kind() != reflect.Struct
}

// Get returns the field's value in x as the form shows it: "" when x leaves
// an optional field out (or lacks the object holding it) and for lists.
func (f *EntityField) Get(x Entity) string {
	fv, parent, fi, ok := fieldAt(x.value(), f.Key)
	if !ok || f.Kind == FieldList {
		return ""
	}
	if !fi.required && isEmpty(fv) && !metaOf(parent).has(fi.name) {
		return ""
	}
	return textOf(fv)
}

// Set parses v and stores it in x. An empty v leaves an optional field out.
// An error says why v is refused and leaves x unchanged.
func (f *EntityField) Set(x Entity, v string) error {
	switch f.Kind {
	case FieldName:
		return fmt.Errorf("content: a name changes by renaming")
	case FieldList:
		return fmt.Errorf("content: %s is a list", f.Label)
	}
	fv, parent, fi, ok := fieldAt(x.value(), f.Key)
	if !ok {
		return fmt.Errorf("content: %q has no %s: add it first", x.Name(), strings.ToLower(f.groupLabel(x.Ref.Section)))
	}
	if !fi.required && strings.TrimSpace(v) == "" && f.Kind != FieldBool {
		fv.SetZero()
		metaOf(parent).drop(fi.name)
		return nil
	}
	if err := f.accept(x.Pack, v); err != nil {
		return err
	}
	setKey(parent, fi.name, v)
	return nil
}

// groupLabel is the label of the group holding f in section s's form.
func (f *EntityField) groupLabel(s chain.Section) string {
	if g := GroupOf(s, f.Group); g != nil && g.Label != "" {
		return g.Label
	}
	return f.Group
}

// The shapes of list fields.
type listShape int

const (
	objectRows listShape = iota
	stringRows
	entryRows
)

// list returns the list field's slice in x (ok false when x lacks the
// object holding it) and its shape.
func (f *EntityField) list(x Entity) (reflect.Value, listShape, bool) {
	lv, _, _, ok := fieldAt(x.value(), f.Key)
	if !ok || lv.Kind() != reflect.Slice {
		return lv, 0, false
	}
	switch {
	case lv.Type() == stringMapType || lv.Type() == intMapType:
		return lv, entryRows, true
	case lv.Type().Elem().Kind() == reflect.String:
		return lv, stringRows, true
	}
	return lv, objectRows, true
}

// Len is the number of rows of the list field in x.
func (f *EntityField) Len(x Entity) int {
	lv, _, ok := f.list(x)
	if !ok {
		return 0
	}
	return lv.Len()
}

// cell is the scalar of row i, column c.
func (f *EntityField) cell(lv reflect.Value, shape listShape, i, c int) reflect.Value {
	el := lv.Index(i)
	switch shape {
	case stringRows:
		return el
	case entryRows:
		return el.Field(min(c, 1)) // Key, Value
	}
	ti := infoOf(el.Type())
	return el.Field(ti.fields[ti.byName[f.Columns[c].Key]].index)
}

// Cell returns row i's value of column c.
func (f *EntityField) Cell(x Entity, i, c int) string {
	lv, shape, ok := f.list(x)
	if !ok || i < 0 || i >= lv.Len() || c < 0 || c >= len(f.Columns) {
		return ""
	}
	return textOf(f.cell(lv, shape, i, c))
}

// Rule is the descriptor of row i's column c: the column's, or for an
// entry's value the rule of its key (an effect's value: dice for damage).
func (f *EntityField) Rule(x Entity, i, c int) *EntityField {
	col := &f.Columns[c]
	if col.ByKey != nil {
		if r := col.ByKey(f.Cell(x, i, 0)); r != nil {
			return r
		}
	}
	return col
}

// SetCell parses v and stores it as row i's value of column c. An error
// says why v is refused and leaves x unchanged. A new key whose rule the
// value does not meet gets the rule's example value.
func (f *EntityField) SetCell(x Entity, i, c int, v string) error {
	lv, shape, ok := f.list(x)
	if !ok || i < 0 || i >= lv.Len() || c < 0 || c >= len(f.Columns) {
		return fmt.Errorf("content: %s has no row %d", f.Label, i+1)
	}
	rule := f.Rule(x, i, c)
	switch {
	case rule.Kind == FieldFlag:
	case v == "" && rule.Kind == FieldText && rule.Check == nil:
	default:
		if err := rule.accept(x.Pack, v); err != nil {
			return err
		}
	}
	el := lv.Index(i)
	switch shape {
	case stringRows:
		el.SetString(v)
	case objectRows:
		setKey(el, f.Columns[c].Key, v)
	case entryRows:
		if c == 0 {
			for j := range lv.Len() {
				if j != i && lv.Index(j).Field(0).String() == v {
					return fmt.Errorf("content: %s has %q already", strings.ToLower(f.Label), v)
				}
			}
			el.Field(0).SetString(v)
			val := f.Rule(x, i, 1)
			if val.Kind != FieldFlag && val.accept(x.Pack, textOf(el.Field(1))) != nil {
				store(el.Field(1), val.example(x.Pack, nil))
			}
			return nil
		}
		store(el.Field(1), v)
	}
	return nil
}

// example is the value a new row's column starts with: Example, else the
// first option not in taken (a reference, a suggestion).
func (f *EntityField) example(p *Pack, taken []string) string {
	if f.Example != "" || (f.Kind != FieldRef && f.Kind != FieldEnum && f.Choices == nil) {
		return f.Example
	}
	for _, o := range f.Options(p, false) {
		if o != "" && !slices.Contains(taken, o) {
			return o
		}
	}
	return ""
}

// AddRow appends a row with example values to the list field in x. It
// refuses when x lacks the object holding the list, or when a column has
// nothing to name (no spell to cast, every skill listed).
func (f *EntityField) AddRow(x Entity) error {
	lv, shape, ok := f.list(x)
	if !ok {
		return fmt.Errorf("content: %q has no %s: add it first", x.Name(), strings.ToLower(f.groupLabel(x.Ref.Section)))
	}
	var taken []string
	if shape != objectRows {
		for i := range lv.Len() {
			taken = append(taken, f.Cell(x, i, 0))
		}
	}
	el := reflect.New(lv.Type().Elem()).Elem()
	for c := range f.Columns {
		col := &f.Columns[c]
		if shape == entryRows && c == 1 {
			col = f.ruleOf(textOf(el.Field(0)))
		}
		ex := col.example(x.Pack, taken)
		if col.Kind != FieldFlag && col.accept(x.Pack, ex) != nil && !(ex == "" && col.Kind == FieldText && col.Check == nil) {
			if col.Kind == FieldRef {
				return fmt.Errorf("content: the pack has no %s to name", refNoun[col.Ref])
			}
			return fmt.Errorf("content: every %s is listed already", strings.ToLower(col.Label))
		}
		switch shape {
		case stringRows:
			el.SetString(ex)
		case entryRows:
			store(el.Field(c), ex)
		case objectRows:
			store(el.Field(infoOf(el.Type()).fields[infoOf(el.Type()).byName[col.Key]].index), ex)
		}
	}
	lv.Set(reflect.Append(lv, el))
	return nil
}

// ruleOf is the rule of an entry's value under key.
func (f *EntityField) ruleOf(key string) *EntityField {
	col := &f.Columns[1]
	if col.ByKey != nil {
		if r := col.ByKey(key); r != nil {
			return r
		}
	}
	return col
}

// RemoveRow removes row i of the list field in x.
func (f *EntityField) RemoveRow(x Entity, i int) error {
	lv, _, ok := f.list(x)
	if !ok || i < 0 || i >= lv.Len() {
		return fmt.Errorf("content: %s has no row %d", f.Label, i+1)
	}
	out := reflect.MakeSlice(lv.Type(), 0, lv.Len()-1)
	out = reflect.AppendSlice(out, lv.Slice(0, i))
	out = reflect.AppendSlice(out, lv.Slice(i+1, lv.Len()))
	lv.Set(out)
	return nil
}

// Locate finds the row and column that sub, a problem path below the list
// field ("[2].damage", or ".damage" for an entry), names in x.
func (f *EntityField) Locate(x Entity, sub string) (row, col int) {
	if key, ok := strings.CutPrefix(sub, "."); ok {
		for i := range f.Len(x) {
			if f.Cell(x, i, 0) == key {
				return i, len(f.Columns) - 1
			}
		}
		return 0, 0
	}
	if _, err := fmt.Sscanf(sub, "[%d]", &row); err != nil {
		return 0, 0
	}
	if _, key, ok := strings.Cut(sub, "]."); ok {
		for c := range f.Columns {
			if f.Columns[c].Key == key {
				col = c
			}
		}
	}
	return row, col
}

// Optional reports whether the group is an object the raws may leave out
// of section s's entities (the form adds and removes it).
func (g *EntityGroup) Optional(s chain.Section) bool {
	if g.Key == "" {
		return false
	}
	t, _, ok := typeAt(sectionTypes[s], g.Key)
	return ok && t.Kind() == reflect.Pointer
}

// Present reports whether x has the group's object.
func (g *EntityGroup) Present(x Entity) bool {
	if g.Key == "" {
		return true
	}
	fv, _, _, ok := fieldAt(x.value(), g.Key)
	return ok && !(fv.Kind() == reflect.Pointer && fv.IsNil())
}

// Add gives x the group's object, its required fields at their examples.
func (g *EntityGroup) Add(x Entity) error {
	fv, _, _, ok := fieldAt(x.value(), g.Key)
	if !ok || fv.Kind() != reflect.Pointer {
		return fmt.Errorf("content: %s cannot be added", g.Label)
	}
	if !fv.IsNil() {
		return fmt.Errorf("content: %q has a %s already", x.Name(), strings.ToLower(g.Label))
	}
	obj := reflect.New(fv.Type().Elem())
	ti := infoOf(obj.Elem().Type())
	for i := range g.Fields {
		f := &g.Fields[i]
		key := strings.TrimPrefix(f.Key, g.Key+".")
		if idx, ok := ti.byName[key]; ok && ti.fields[idx].required && f.Example != "" {
			store(obj.Elem().Field(ti.fields[idx].index), f.Example)
		}
	}
	fv.Set(obj)
	return nil
}

// Remove takes the group's object from x.
func (g *EntityGroup) Remove(x Entity) error {
	fv, _, _, ok := fieldAt(x.value(), g.Key)
	if !ok || fv.Kind() != reflect.Pointer {
		return fmt.Errorf("content: %s cannot be removed", g.Label)
	}
	fv.SetZero()
	return nil
}
