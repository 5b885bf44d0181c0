package content

import "fmt"

// The editing API used by the editor's forms. Edits change the typed values in place,
// so every entry keeps its unknown fields and key order through Export. Entries are
// found by name; the first entry of a duplicated name is the one edited.

// Spawn returns the spawn table entry for name.
func (p *Pack) Spawn(name string) (*SpawnEntry, bool) {
	for i := range p.SpawnTable {
		if p.SpawnTable[i].Name == name {
			return &p.SpawnTable[i], true
		}
	}
	return nil, false
}

// SetSpawn updates the spawn table entry named e.Name (keeping its unknown fields) or
// appends e when there is none.
func (p *Pack) SetSpawn(e SpawnEntry) {
	if old, ok := p.Spawn(e.Name); ok {
		e.meta = old.meta
		*old = e
		return
	}
	e.meta = meta{}
	p.SpawnTable = append(p.SpawnTable, e)
}

// RemoveSpawn removes the spawn table entries named name and reports whether any was.
func (p *Pack) RemoveSpawn(name string) bool {
	return removeWhere(&p.SpawnTable, func(e *SpawnEntry) bool { return e.Name == name })
}

// LootTable returns the loot table named name, or nil.
func (p *Pack) LootTable(name string) *LootTable {
	for i := range p.LootTables {
		if p.LootTables[i].Name == name {
			return &p.LootTables[i]
		}
	}
	return nil
}

// AddLootTable appends an empty loot table named name (or returns the existing one).
func (p *Pack) AddLootTable(name string) *LootTable {
	if t := p.LootTable(name); t != nil {
		return t
	}
	p.LootTables = append(p.LootTables, LootTable{Name: name})
	return &p.LootTables[len(p.LootTables)-1]
}

// RemoveLootTable removes the loot table named name.
func (p *Pack) RemoveLootTable(name string) bool {
	return removeWhere(&p.LootTables, func(t *LootTable) bool { return t.Name == name })
}

// SetDrop sets the weight of item in the loot table (creating the table and the drop
// as needed).
func (p *Pack) SetDrop(table, item string, weight int) {
	t := p.AddLootTable(table)
	for i := range t.Drops {
		if t.Drops[i].Name == item {
			t.Drops[i].Weight = weight
			return
		}
	}
	t.Drops = append(t.Drops, LootDrop{Name: item, Weight: weight})
}

// RemoveDrop removes item from the loot table.
func (p *Pack) RemoveDrop(table, item string) bool {
	t := p.LootTable(table)
	if t == nil {
		return false
	}
	return removeWhere(&t.Drops, func(d *LootDrop) bool { return d.Name == item })
}

// Faction returns the faction named name, or nil.
func (p *Pack) Faction(name string) *Faction {
	for i := range p.FactionTable {
		if p.FactionTable[i].Name == name {
			return &p.FactionTable[i]
		}
	}
	return nil
}

// AddFaction appends a faction with no responses (or returns the existing one).
func (p *Pack) AddFaction(name string) *Faction {
	if f := p.Faction(name); f != nil {
		return f
	}
	p.FactionTable = append(p.FactionTable, Faction{Name: name, Responses: StringMap{}})
	return &p.FactionTable[len(p.FactionTable)-1]
}

// RemoveFaction removes the faction named name.
func (p *Pack) RemoveFaction(name string) bool {
	return removeWhere(&p.FactionTable, func(f *Faction) bool { return f.Name == name })
}

// SetResponse sets how faction reacts to other ("Default" for everyone else),
// creating the faction when needed. It rejects unknown responses.
func (p *Pack) SetResponse(faction, other string, r Response) error {
	if _, err := ParseResponse(string(r)); err != nil {
		return fmt.Errorf("content: faction %q, response to %q: %w", faction, other, err)
	}
	p.AddFaction(faction).Responses.Set(other, string(r))
	return nil
}

// RemoveResponse removes faction's response to other.
func (p *Pack) RemoveResponse(faction, other string) bool {
	f := p.Faction(faction)
	return f != nil && f.Responses.Delete(other)
}

// RemoveEntity removes the items, mobs and props named name and reports whether any
// was removed. References to it are left for Validate to report.
func (p *Pack) RemoveEntity(name string) bool {
	a := removeWhere(&p.Items, func(it *Item) bool { return it.Name == name })
	b := removeWhere(&p.Mobs, func(m *Mob) bool { return m.Name == name })
	c := removeWhere(&p.Props, func(pr *Prop) bool { return pr.Name == name })
	return a || b || c
}

// Names returns every spawnable name (items with their template_magic variants, mobs,
// props) in pack order.
func (p *Pack) Names() []string {
	var out []string
	for i := range p.Items {
		out = append(out, p.Items[i].Name)
		out = append(out, MagicNames(&p.Items[i])...)
	}
	for i := range p.Mobs {
		out = append(out, p.Mobs[i].Name)
	}
	for i := range p.Props {
		out = append(out, p.Props[i].Name)
	}
	return out
}

func removeWhere[T any](s *[]T, match func(*T) bool) bool {
	out := (*s)[:0:0]
	for i := range *s {
		if !match(&(*s)[i]) {
			out = append(out, (*s)[i])
		}
	}
	removed := len(out) != len(*s)
	if removed {
		*s = out
	}
	return removed
}
