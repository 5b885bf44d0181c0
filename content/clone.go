package content

import (
	"reflect"
	"sync"
)

// Clone returns a deep copy of p, lossless like Export (unknown fields, key
// order and number spelling are kept), for editors that never change a pack
// they have shown (undo keeps the old one).
//
// It copies the typed sections (every slice, pointer and ordered map anew);
// what a loaded entry keeps of its source (the raw fields Hewn does not model)
// is shared, as nothing changes it once parsed.
func (p *Pack) Clone() *Pack {
	q := new(Pack)
	deepCopy(reflect.ValueOf(q).Elem(), reflect.ValueOf(p).Elem())
	return q
}

// deepCopy sets dst (settable) to a deep copy of src: exported struct fields,
// slices, pointers and maps are copied anew; unexported fields (an entry's
// source, immutable once parsed) are shared.
func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		n := reflect.New(src.Type().Elem())
		deepCopy(n.Elem(), src.Elem())
		dst.Set(n)
	case reflect.Slice:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		n := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		if plain(src.Type().Elem()) {
			reflect.Copy(n, src)
		} else {
			for i := range src.Len() {
				deepCopy(n.Index(i), src.Index(i))
			}
		}
		dst.Set(n)
	case reflect.Map:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		n := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(src.Type().Elem()).Elem()
			deepCopy(v, it.Value())
			n.SetMapIndex(it.Key(), v)
		}
		dst.Set(n)
	case reflect.Struct:
		dst.Set(src) // unexported fields shared, the rest overwritten below
		t := src.Type()
		for i := range src.NumField() {
			if f := t.Field(i); f.IsExported() && !plain(f.Type) {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Interface:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		v := reflect.New(src.Elem().Type()).Elem()
		deepCopy(v, src.Elem())
		dst.Set(v)
	default:
		dst.Set(src)
	}
}

// plainTypes caches plain (reflect.Type → bool).
var plainTypes sync.Map

// plain reports whether a value of type t is copied whole by assignment (it
// holds no pointer, slice, map or interface in an exported field).
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Chan, reflect.Func:
		return false
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		if p, ok := plainTypes.Load(t); ok {
			return p.(bool)
		}
		p := true
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() && !plain(f.Type) {
				p = false
			}
		}
		plainTypes.Store(t, p)
		return p
	}
	return true
}
