package content

import (
	"reflect"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// EntityRef addresses an item, mob or prop of a pack by section and index.
type EntityRef struct {
	Section chain.Section
	Index   int
}

// Path is the entity's JSON path ("mobs[3]").
func (r EntityRef) Path() string { return at(string(r.Section), r.Index) }

// Entity is one item, mob or prop of a pack, for the editor's forms: exactly
// one of Item, Mob and Prop is set. Its pointers alias the pack.
type Entity struct {
	Ref  EntityRef
	Pack *Pack
	Item *Item
	Mob  *Mob
	Prop *Prop
}

// Entities lists every item, mob and prop, in that order.
func (p *Pack) Entities() []EntityRef {
	out := make([]EntityRef, 0, len(p.Items)+len(p.Mobs)+len(p.Props))
	for i := range p.Items {
		out = append(out, EntityRef{chain.Items, i})
	}
	for i := range p.Mobs {
		out = append(out, EntityRef{chain.Mobs, i})
	}
	for i := range p.Props {
		out = append(out, EntityRef{chain.Props, i})
	}
	return out
}

// Entity returns the entity r addresses (ok false when there is none).
func (p *Pack) Entity(r EntityRef) (Entity, bool) {
	x := Entity{Ref: r, Pack: p}
	switch {
	case r.Index < 0:
		return x, false
	case r.Section == chain.Items && r.Index < len(p.Items):
		x.Item = &p.Items[r.Index]
	case r.Section == chain.Mobs && r.Index < len(p.Mobs):
		x.Mob = &p.Mobs[r.Index]
	case r.Section == chain.Props && r.Index < len(p.Props):
		x.Prop = &p.Props[r.Index]
	default:
		return x, false
	}
	return x, true
}

// FindEntity returns the first item, mob or prop named name.
func (p *Pack) FindEntity(name string) (EntityRef, bool) {
	for _, r := range p.Entities() {
		if x, _ := p.Entity(r); x.Name() == name {
			return r, true
		}
	}
	return EntityRef{}, false
}

// Name is the entity's name.
func (x Entity) Name() string {
	switch {
	case x.Item != nil:
		return x.Item.Name
	case x.Mob != nil:
		return x.Mob.Name
	case x.Prop != nil:
		return x.Prop.Name
	}
	return ""
}

// renderable is the address of the entity's renderable pointer.
func (x Entity) renderable() **Renderable {
	switch {
	case x.Item != nil:
		return &x.Item.Renderable
	case x.Mob != nil:
		return &x.Mob.Renderable
	case x.Prop != nil:
		return &x.Prop.Renderable
	}
	return new(*Renderable)
}

// Renderable is the entity's look (nil when it has none).
func (x Entity) Renderable() *Renderable { return *x.renderable() }

// value is the entity's struct, for the codec.
func (x Entity) value() reflect.Value {
	switch {
	case x.Item != nil:
		return reflect.ValueOf(x.Item).Elem()
	case x.Mob != nil:
		return reflect.ValueOf(x.Mob).Elem()
	case x.Prop != nil:
		return reflect.ValueOf(x.Prop).Elem()
	}
	return reflect.Value{}
}

// JSON is the entity as Export writes it, leaving out the keys at the JSON
// paths in except (below the entity: "renderable.fg", "natural.attacks"); an
// object a path leads through is left out too when nothing else is in it. The editor shows what its form
// does not model this way (read-only, kept on save).
func (x Entity) JSON(except []string) string {
	v := x.value()
	if !v.IsValid() {
		return ""
	}
	n := encodeStruct(v)
	for _, path := range except {
		n = dropPath(n, strings.Split(path, "."))
	}
	return strings.TrimSuffix(string(jsonfile.Indent(n)), "\n")
}

// dropPath returns n without the key at path (a copy where it changed);
// an object emptied by the removal is dropped from its parent.
func dropPath(n *jsonfile.Node, path []string) *jsonfile.Node {
	if n == nil || n.Kind != jsonfile.Object || len(path) == 0 {
		return n
	}
	out := &jsonfile.Node{Kind: jsonfile.Object, Off: n.Off}
	for _, f := range n.Fields {
		if f.Key != path[0] {
			out.Fields = append(out.Fields, f)
			continue
		}
		if len(path) == 1 {
			continue
		}
		sub := dropPath(f.Val, path[1:])
		if sub.Kind == jsonfile.Object && len(sub.Fields) == 0 {
			continue // a modelled object holding nothing else
		}
		out.Fields = append(out.Fields, jsonfile.Field{Key: f.Key, Val: sub})
	}
	return out
}

// Unmodelled is what the entity holds that Hewn's model does not, as
// Export writes it (kept as it is on save): keys the tutorial's structs do
// not have, at any depth (in a list, each element keeps its place, {} when
// it has none), and values of the wrong type. "" when there is nothing.
func (x Entity) Unmodelled() string {
	v := x.value()
	if !v.IsValid() {
		return ""
	}
	n := unmodelled(v)
	if n == nil {
		return ""
	}
	return strings.TrimSuffix(string(jsonfile.Indent(n)), "\n")
}

// unmodelled is the tree of what the struct v holds that its type does not
// model, or nil.
func unmodelled(v reflect.Value) *jsonfile.Node {
	m := v.Addr().Interface().(hasMeta).metaPtr()
	if m.bad != nil {
		return m.bad
	}
	ti := infoOf(v.Type())
	out := &jsonfile.Node{Kind: jsonfile.Object}
	for _, rf := range m.fields {
		idx, modelled := ti.byName[rf.key]
		switch {
		case !modelled:
			out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: rf.val})
			continue
		case rf.bad:
			if fv := v.Field(ti.fields[idx].index); isEmpty(fv) {
				out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: rf.val})
			}
			continue
		}
		if sub := unmodelledValue(v.Field(ti.fields[idx].index)); sub != nil {
			out.Fields = append(out.Fields, jsonfile.Field{Key: rf.key, Val: sub})
		}
	}
	if len(out.Fields) == 0 {
		return nil
	}
	return out
}

// unmodelledValue is unmodelled for a field's value: objects and lists of
// objects hold unknown keys, other values none.
func unmodelledValue(fv reflect.Value) *jsonfile.Node {
	switch {
	case fv.Kind() == reflect.Pointer && !fv.IsNil():
		return unmodelled(fv.Elem())
	case fv.Kind() == reflect.Struct:
		return unmodelled(fv)
	case fv.Kind() == reflect.Slice && fv.Type().Elem().Kind() == reflect.Struct && fv.Type() != stringMapType && fv.Type() != intMapType:
		arr := &jsonfile.Node{Kind: jsonfile.Array}
		any := false
		for i := range fv.Len() {
			el := unmodelled(fv.Index(i))
			if el == nil {
				el = &jsonfile.Node{Kind: jsonfile.Object}
			} else {
				any = true
			}
			arr.Items = append(arr.Items, el)
		}
		if any {
			return arr
		}
	}
	return nil
}
