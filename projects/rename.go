package projects

import (
	"fmt"
	"slices"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/content"
)

// walkSteps calls f with every step of the project's levels (sub-chains
// included) and its JSON path ("levels[0].chain.steps[2].params.steps[1]").
func (p *Project) walkSteps(f func(s *chain.Step, path string)) {
	for i := range p.Levels {
		if c := p.Levels[i].Chain; c != nil {
			chain.WalkSteps(c.Steps, fmt.Sprintf("levels[%d].chain.steps", i), f)
		}
	}
}

// walkParams calls f with every parameter the steps of the project's levels
// set (see chain.WalkParams), its descriptor and its JSON path.
func (p *Project) walkParams(f func(s *chain.Step, prm chain.Param, path string)) {
	for i := range p.Levels {
		if c := p.Levels[i].Chain; c != nil {
			chain.WalkParams(c.Steps, fmt.Sprintf("levels[%d].chain.steps", i), f)
		}
	}
}

// walkEntities calls f with every entity name the project names, its JSON
// path and a function that renames it there: the legend's entities
// ("legend[2].entity"), the steps' entity parameters (chain.Entity:
// place_spawn, guaranteed_spawn and periodic_spawn's "name", sub-chains
// included) and the spawns of paint cells (chain.PaintCells:
// "...params.cells[3].spawn").
func (p *Project) walkEntities(f func(name, path string, rename func(string))) {
	for i := range p.Legend {
		if e := &p.Legend[i]; e.Entity != "" {
			f(e.Entity, fmt.Sprintf("legend[%d].entity", i), func(n string) { e.Entity = n })
		}
	}
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		switch prm.Type {
		case chain.Entity:
			if n, ok := s.Params[prm.Name].(string); ok && n != "" {
				f(n, path, func(n string) { s.Params[prm.Name] = n })
			}
		case chain.PaintCells:
			cells, _ := s.Params[prm.Name].([]chain.PaintCell)
			cloned := false
			for i, c := range cells {
				if c.Spawn != "" {
					f(c.Spawn, fmt.Sprintf("%s[%d].spawn", path, i), func(n string) {
						if !cloned { // a step's value is replaced, never changed in place
							cells, cloned = slices.Clone(cells), true
							s.Params[prm.Name] = cells
						}
						cells[i].Spawn = n
					})
				}
			}
		}
	})
}

// EntitySteps lists the JSON paths where the project names the entity name:
// its legend, the steps' entity parameters and paint cells (see
// CheckEntities).
func (p *Project) EntitySteps(name string) []string {
	var out []string
	p.walkEntities(func(n, path string, _ func(string)) {
		if n == name {
			out = append(out, path)
		}
	})
	return out
}

// RenameEntity renames the item, mob or prop from to to in pack (with every
// reference in the pack: see content.Pack.RenameEntity) and wherever the
// project names it, or a name its template_magic derives from it: its
// legend, the steps' entity parameters (chain.Entity) and paint cells. It
// returns the JSON paths it changed, the pack's first. On error nothing
// changes. The tutorial's legend is fixed (see LegendPlacements): its
// characters do not follow.
func (p *Project) RenameEntity(pack *content.Pack, from, to string) ([]string, error) {
	names := pack.RenameMap(from, to)
	changed, err := pack.RenameEntity(from, to)
	if err != nil || from == to {
		return changed, err
	}
	p.walkEntities(func(n, path string, rename func(string)) {
		if nn, renamed := names[n]; renamed {
			rename(nn)
			changed = append(changed, path)
		}
	})
	return changed, nil
}

// LegendPlacements lists the prefabs the project uses (its own templates,
// templates written into steps' template parameters, the built-in ones their
// prefab name parameters name, and the prefab files they name) that place
// the entity named name through a character of the tutorial's legend, each
// worded for the designer. The tutorial's legend is fixed ('g' is always
// "Goblin", as in its char_to_map), so a rename cannot follow into it: after
// renaming Goblin, those cells still place "Goblin". (The project's own
// legend entries follow a rename.)
func (p *Project) LegendPlacements(name string) []string {
	// the project's legend with its own entities left out: what places name
	// through it is the tutorial's characters
	_, entries, _ := checkLegend(p.Legend)
	fixed := prefab.Tutorial()
	for _, e := range entries {
		if _, has := fixed.Cell(e.Glyph); !has {
			e.Spawn = ""
			fixed = fixed.With(e.Glyph, prefab.CellOf(e))
		}
	}
	var out []string
	seen := map[string]bool{}
	check := func(what string, rows []string) {
		if seen[what] {
			return
		}
		seen[what] = true
		if t, err := fixed.Parse(rows); err == nil && t.Places(name) {
			out = append(out, what)
		}
	}
	fsys := p.FileSystem()
	checkFile := func(file string) {
		what := fmt.Sprintf("prefab file %q", file)
		if seen[what] {
			return
		}
		seen[what] = true
		if f, err := prefab.ReadFile(fsys, file); err == nil {
			if t, _, err := f.Template(fixed); err == nil && t.Places(name) {
				out = append(out, what)
			}
		}
	}
	for _, pf := range p.Prefabs {
		check(fmt.Sprintf("prefab %q", pf.Name), pf.Template)
	}
	own := p.Templates()
	p.walkSteps(func(s *chain.Step, path string) {
		spec, ok := chain.Lookup(s.Builder)
		if !ok {
			return
		}
		v := spec.Resolve(s.Params)
		var names []string
		written := false
		for _, prm := range spec.Params {
			switch prm.Type {
			case chain.Template:
				if rows := v.Strings(prm.Name); len(rows) > 0 {
					check(path+".params."+prm.Name, rows)
					written = true
				}
			case chain.PrefabName:
				names = append(names, v.String(prm.Name))
			case chain.PrefabNames:
				names = append(names, v.Strings(prm.Name)...)
			case chain.PrefabFile:
				if file := v.String(prm.Name); file != "" {
					checkFile(file)
					written = true
				}
			}
		}
		if written { // a step's own template or file overrides the prefabs it names
			return
		}
		for _, n := range names {
			if _, shadowed := own[n]; shadowed {
				continue
			}
			if b, ok := prefab.Lookup(n); ok {
				check(fmt.Sprintf("built-in prefab %q", n), b.Rows)
			}
		}
	})
	return out
}
