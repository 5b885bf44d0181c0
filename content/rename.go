package content

import (
	"fmt"
	"strconv"
	"strings"
)

// Renames that follow every reference, and the reference lists the editor
// shows before a removal. Each kind of name has one walker that visits every
// place in the pack naming it (the definition first), so renaming and listing
// cannot disagree about what refers to what.

// visitor is called with the JSON path and the address of each string that
// names the thing walked.
type visitor func(path string, s *string)

// walkEntityRefs visits the definitions and references of entity names: the
// items', mobs' and props' names, spawn table entries, loot table drops and
// mobs' equipped items.
func (p *Pack) walkEntityRefs(v visitor) {
	for i := range p.Items {
		v(at("items", i)+".name", &p.Items[i].Name)
	}
	for i := range p.Mobs {
		v(at("mobs", i)+".name", &p.Mobs[i].Name)
	}
	for i := range p.Props {
		v(at("props", i)+".name", &p.Props[i].Name)
	}
	for i := range p.SpawnTable {
		v(at("spawn_table", i)+".name", &p.SpawnTable[i].Name)
	}
	for i := range p.LootTables {
		for j := range p.LootTables[i].Drops {
			v(at("loot_tables", i)+".drops["+strconv.Itoa(j)+"].name", &p.LootTables[i].Drops[j].Name)
		}
	}
	for i := range p.Mobs {
		for j := range p.Mobs[i].Equipped {
			v(at("mobs", i)+".equipped["+strconv.Itoa(j)+"]", &p.Mobs[i].Equipped[j])
		}
	}
}

// walkFactionRefs visits the faction table's names, the response keys of
// every faction and the mobs' factions.
func (p *Pack) walkFactionRefs(v visitor) {
	for i := range p.FactionTable {
		v(at("faction_table", i)+".name", &p.FactionTable[i].Name)
	}
	for i := range p.FactionTable {
		rs := p.FactionTable[i].Responses
		for j := range rs {
			v(at("faction_table", i)+".responses."+rs[j].Key, &rs[j].Key)
		}
	}
	for i := range p.Mobs {
		v(at("mobs", i)+".faction", &p.Mobs[i].Faction)
	}
}

// walkLootRefs visits the loot tables' names and the mobs' loot tables.
func (p *Pack) walkLootRefs(v visitor) {
	for i := range p.LootTables {
		v(at("loot_tables", i)+".name", &p.LootTables[i].Name)
	}
	for i := range p.Mobs {
		v(at("mobs", i)+".loot_table", &p.Mobs[i].LootTable)
	}
}

// refsTo lists the paths walk visits whose string is one of names, skipping
// the definitions (paths ending in ".name" of the defining sections).
func refsTo(walk func(visitor), names map[string]string, isDef func(path string) bool) []string {
	var out []string
	walk(func(path string, s *string) {
		if _, ok := names[*s]; ok && !isDef(path) {
			out = append(out, path)
		}
	})
	return out
}

// renameAll sets every string walk visits from a key of names to its value
// and returns the paths it changed.
func renameAll(walk func(visitor), names map[string]string) []string {
	var out []string
	walk(func(path string, s *string) {
		if to, ok := names[*s]; ok {
			out = append(out, path)
			*s = to
		}
	})
	return out
}

func checkNewName(kind, to string) error {
	if strings.TrimSpace(to) == "" {
		return fmt.Errorf("content: a %s needs a name", kind)
	}
	if strings.TrimSpace(to) != to {
		return fmt.Errorf("content: %s name %q starts or ends with spaces", kind, to)
	}
	return nil
}

// entityNames maps an entity's name, and the names derived from it by its
// template_magic ("Longsword +1"), to the same names for to.
func (p *Pack) entityNames(from, to string) map[string]string {
	names := map[string]string{from: to}
	for i := range p.Items {
		it := &p.Items[i]
		if it.Name != from {
			continue
		}
		olds := MagicNames(it)
		renamed := *it
		renamed.Name = to
		for k, n := range MagicNames(&renamed) {
			names[olds[k]] = n
		}
	}
	return names
}

// isEntityDef reports whether path is an item's, mob's or prop's own name.
func isEntityDef(path string) bool {
	return strings.HasSuffix(path, "].name") && (strings.HasPrefix(path, "items[") ||
		strings.HasPrefix(path, "mobs[") || strings.HasPrefix(path, "props[")) && strings.Count(path, ".") == 1
}

// EntityRefs lists the JSON paths in the pack that refer to the entity named
// name or to a name its template_magic derives from it (spawn table entries,
// loot table drops, mobs' equipped items), not its definition.
func (p *Pack) EntityRefs(name string) []string {
	return refsTo(p.walkEntityRefs, p.entityNames(name, name), isEntityDef)
}

// RenameEntity renames the item, mob or prop named from to to, with every
// reference in the pack: spawn table entries, loot table drops, mobs'
// equipped items, and the names its template_magic derives ("Longsword +1"
// becomes "Broadsword +1"). It returns the JSON paths it changed. It refuses
// an empty name, a name another entity (or derived name) already has, and an
// unknown from; on error the pack is unchanged.
func (p *Pack) RenameEntity(from, to string) ([]string, error) {
	if from == to {
		return nil, nil
	}
	if err := checkNewName("entity", to); err != nil {
		return nil, err
	}
	ix := p.index()
	if _, ok := ix.section[from]; !ok || !p.definesEntity(from) {
		return nil, fmt.Errorf("content: no item, mob or prop named %q", from)
	}
	if _, taken := ix.section[to]; taken {
		return nil, fmt.Errorf("content: %q is already the name of an entity", to)
	}
	names := p.entityNames(from, to)
	for _, n := range names {
		_, taken := ix.section[n]
		_, renamed := names[n] // one of the names this rename frees
		if taken && !renamed {
			return nil, fmt.Errorf("content: %q is already the name of an entity", n)
		}
	}
	return renameAll(p.walkEntityRefs, names), nil
}

// definesEntity reports whether an item, mob or prop is named name (not
// merely a template_magic variant).
func (p *Pack) definesEntity(name string) bool {
	for i := range p.Items {
		if p.Items[i].Name == name {
			return true
		}
	}
	for i := range p.Mobs {
		if p.Mobs[i].Name == name {
			return true
		}
	}
	for i := range p.Props {
		if p.Props[i].Name == name {
			return true
		}
	}
	return false
}

// FactionRefs lists the JSON paths that refer to the faction named name: the
// mobs in it and the other factions' responses to it.
func (p *Pack) FactionRefs(name string) []string {
	return refsTo(p.walkFactionRefs, map[string]string{name: name}, func(path string) bool {
		return strings.HasPrefix(path, "faction_table[") && strings.HasSuffix(path, "].name")
	})
}

// RenameFaction renames the faction named from to to, with the mobs in it
// and every faction's response to it. It returns the JSON paths it changed.
// It refuses an empty name, "Default" (the fallback response's key), a name
// another faction has and an unknown from; on error the pack is unchanged.
func (p *Pack) RenameFaction(from, to string) ([]string, error) {
	if from == to {
		return nil, nil
	}
	if err := checkNewName("faction", to); err != nil {
		return nil, err
	}
	if to == "Default" {
		return nil, fmt.Errorf("content: %q is the fallback response, not a faction name", to)
	}
	if p.Faction(from) == nil {
		return nil, fmt.Errorf("content: no faction named %q", from)
	}
	if p.Faction(to) != nil {
		return nil, fmt.Errorf("content: %q is already a faction", to)
	}
	// a stale response to a faction that does not exist yet gives way
	for i := range p.FactionTable {
		if _, has := p.FactionTable[i].Responses.Get(from); has {
			p.FactionTable[i].Responses.Delete(to)
		}
	}
	return renameAll(p.walkFactionRefs, map[string]string{from: to}), nil
}

// RemoveFactionAndResponses removes the faction named name and every other
// faction's response to it, and reports whether it was there. Mobs in it keep
// the name (Validate reports them) until they are given another faction.
func (p *Pack) RemoveFactionAndResponses(name string) bool {
	if !p.RemoveFaction(name) {
		return false
	}
	for i := range p.FactionTable {
		p.FactionTable[i].Responses.Delete(name)
	}
	return true
}

// LootTableRefs lists the JSON paths of the mobs that drop from the loot
// table named name.
func (p *Pack) LootTableRefs(name string) []string {
	return refsTo(p.walkLootRefs, map[string]string{name: name}, func(path string) bool {
		return strings.HasPrefix(path, "loot_tables[")
	})
}

// RenameLootTable renames the loot table named from to to, with the mobs
// that use it. It returns the JSON paths it changed. It refuses an empty
// name, a name another table has and an unknown from; on error the pack is
// unchanged.
func (p *Pack) RenameLootTable(from, to string) ([]string, error) {
	if from == to {
		return nil, nil
	}
	if err := checkNewName("loot table", to); err != nil {
		return nil, err
	}
	if p.LootTable(from) == nil {
		return nil, fmt.Errorf("content: no loot table named %q", from)
	}
	if p.LootTable(to) != nil {
		return nil, fmt.Errorf("content: %q is already a loot table", to)
	}
	return renameAll(p.walkLootRefs, map[string]string{from: to}), nil
}

// RenameMap maps the names RenameEntity(from, to) would change to their new
// names: from itself and the names its template_magic derives ("Longsword
// +1" to "Broadsword +1"), so references outside the pack can follow.
func (p *Pack) RenameMap(from, to string) map[string]string { return p.entityNames(from, to) }
