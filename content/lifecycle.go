package content

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"hewn/chain"
)

// Creating, duplicating and deleting items, mobs and props. A new or
// duplicated entity is in no table (the designer adds it to the spawn table
// or a loot table); a deletion takes every reference in the pack with it.

// newEntities are the entities NewEntity starts from, by section: a look
// and the tutorial's required fields.
var newEntities = map[chain.Section]func(name string) any{
	chain.Items: func(name string) any {
		return Item{Name: name, Renderable: &Renderable{Glyph: "!", FG: "#FFFF00", BG: "#000000", Order: 2}}
	},
	chain.Mobs: func(name string) any {
		return Mob{Name: name, Renderable: &Renderable{Glyph: "m", FG: "#FF0000", BG: "#000000", Order: 1},
			BlocksTile: true, VisionRange: 8, Movement: MoveRandom}
	},
	chain.Props: func(name string) any {
		return Prop{Name: name, Renderable: &Renderable{Glyph: "&", FG: "#808080", BG: "#000000", Order: 2}}
	},
}

// section returns the address of section s's slice.
func (p *Pack) section(s chain.Section) (reflect.Value, bool) {
	switch s {
	case chain.Items:
		return reflect.ValueOf(&p.Items).Elem(), true
	case chain.Mobs:
		return reflect.ValueOf(&p.Mobs).Elem(), true
	case chain.Props:
		return reflect.ValueOf(&p.Props).Elem(), true
	}
	return reflect.Value{}, false
}

// insertAt inserts el into the slice sv at i.
func insertAt(sv reflect.Value, i int, el reflect.Value) {
	out := reflect.MakeSlice(sv.Type(), 0, sv.Len()+1)
	out = reflect.AppendSlice(out, sv.Slice(0, i))
	out = reflect.Append(out, el)
	out = reflect.AppendSlice(out, sv.Slice(i, sv.Len()))
	sv.Set(out)
}

// NewEntity appends a new entity to section s (items, mobs or props) named
// "New item" ("New item 2", ... whichever no entity has), with a look and
// the tutorial's required fields, and returns where it is. It is in no
// table.
func (p *Pack) NewEntity(s chain.Section) (EntityRef, error) {
	sv, ok := p.section(s)
	mk := newEntities[s]
	if !ok || mk == nil {
		return EntityRef{}, fmt.Errorf("content: no section %q to add to", s)
	}
	name := p.FreeName("New " + strings.TrimSuffix(string(s), "s"))
	insertAt(sv, sv.Len(), reflect.ValueOf(mk(name)))
	return EntityRef{s, sv.Len() - 1}, nil
}

// DuplicateEntity inserts a copy of the entity at r right after it, named
// "NAME (copy)" ("NAME (copy 2)", ... whichever no entity has, with the
// names its template_magic derives), and returns where it is. The copy keeps
// every field as the original has it (unknown ones, key order, number
// spelling) but the name, and is in no table.
func (p *Pack) DuplicateEntity(r EntityRef) (EntityRef, error) {
	x, ok := p.Entity(r)
	if !ok {
		return EntityRef{}, fmt.Errorf("content: no entity at %s", r.Path())
	}
	src := x.value()
	cp := reflect.New(src.Type()).Elem()
	deepCopy(cp, src)
	ix := p.index()
	base := x.Name() + " (copy"
	for n := 1; ; n++ {
		name := base + ")"
		if n > 1 {
			name = base + " " + strconv.Itoa(n) + ")"
		}
		cp.FieldByName("Name").SetString(name)
		free := true
		for _, nm := range entityOwnNames(cp) {
			if _, taken := ix.section[nm]; taken {
				free = false
			}
		}
		if free {
			break
		}
	}
	sv, _ := p.section(r.Section)
	insertAt(sv, r.Index+1, cp)
	return EntityRef{r.Section, r.Index + 1}, nil
}

// entityOwnNames are the names an entity (an Item, Mob or Prop value)
// defines: its own and those its template_magic derives.
func entityOwnNames(v reflect.Value) []string {
	out := []string{v.FieldByName("Name").String()}
	if it, ok := v.Addr().Interface().(*Item); ok {
		out = append(out, MagicNames(it)...)
	}
	return out
}

// FreeName returns base, or "base 2", "base 3", ..., the first that names
// no item, mob, prop or template_magic variant.
func (p *Pack) FreeName(base string) string {
	ix := p.index()
	name := base
	for n := 2; ; n++ {
		if _, taken := ix.section[name]; !taken {
			return name
		}
		name = base + " " + strconv.Itoa(n)
	}
}

// DeleteEntity removes the entity at r and every reference the pack holds
// to it or to a name its template_magic derives: spawn table entries, loot
// table drops and mobs' equipped items (see EntityRefs, which lists them
// first). It returns the JSON paths of the references removed, as they were
// before. When another entity has the same name, the references stay (they
// still name it).
func (p *Pack) DeleteEntity(r EntityRef) ([]string, error) {
	x, ok := p.Entity(r)
	if !ok {
		return nil, fmt.Errorf("content: no entity at %s", r.Path())
	}
	name := x.Name()
	names := p.entityNames(name, name)
	refs := p.EntityRefs(name)
	sv, _ := p.section(r.Section)
	out := reflect.MakeSlice(sv.Type(), 0, sv.Len()-1)
	out = reflect.AppendSlice(out, sv.Slice(0, r.Index))
	out = reflect.AppendSlice(out, sv.Slice(r.Index+1, sv.Len()))
	sv.Set(out)
	if p.definesEntity(name) {
		return nil, nil
	}
	named := func(n string) bool { _, ok := names[n]; return ok }
	removeWhere(&p.SpawnTable, func(e *SpawnEntry) bool { return named(e.Name) })
	for i := range p.LootTables {
		removeWhere(&p.LootTables[i].Drops, func(d *LootDrop) bool { return named(d.Name) })
	}
	for i := range p.Mobs {
		if slices.ContainsFunc(p.Mobs[i].Equipped, named) {
			p.Mobs[i].Equipped = slices.DeleteFunc(slices.Clone(p.Mobs[i].Equipped), named)
		}
	}
	return refs, nil
}
