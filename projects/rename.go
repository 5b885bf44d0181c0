package projects

import (
	"fmt"

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

// EntitySteps lists the JSON paths of the steps' entity parameters
// (chain.Entity: place_spawn, guaranteed_spawn and periodic_spawn's "name",
// sub-chains included) that name the entity name.
func (p *Project) EntitySteps(name string) []string {
	var out []string
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		if n, ok := s.Params[prm.Name].(string); ok && n == name && prm.Type == chain.Entity {
			out = append(out, path)
		}
	})
	return out
}

// RenameEntity renames the item, mob or prop from to to in pack (with every
// reference in the pack: see content.Pack.RenameEntity) and in the steps'
// entity parameters (chain.Entity) that name it, or a name its
// template_magic derives from it. It returns the JSON paths it changed, the
// pack's first. On error nothing changes. Prefab legends are fixed (see
// LegendPlacements): they do not follow.
func (p *Project) RenameEntity(pack *content.Pack, from, to string) ([]string, error) {
	names := pack.RenameMap(from, to)
	changed, err := pack.RenameEntity(from, to)
	if err != nil || from == to {
		return changed, err
	}
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		n, ok := s.Params[prm.Name].(string)
		if !ok || prm.Type != chain.Entity {
			return
		}
		if nn, renamed := names[n]; renamed {
			s.Params[prm.Name] = nn
			changed = append(changed, path)
		}
	})
	return changed, nil
}

// LegendPlacements lists the prefabs the project uses (its own templates,
// templates written into steps' template parameters, and the built-in ones
// their prefab name parameters name) whose legend places the entity named
// name, each worded for the designer. The legend is fixed ('g' is always
// "Goblin", as in the tutorial's char_to_map), so a rename cannot follow into
// it: after renaming Goblin, those cells still place "Goblin".
func (p *Project) LegendPlacements(name string) []string {
	var out []string
	seen := map[string]bool{}
	check := func(what string, rows []string) {
		if seen[what] {
			return
		}
		seen[what] = true
		if t, err := prefab.Parse(rows); err == nil && t.Places(name) {
			out = append(out, what)
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
			}
		}
		if written { // a step's own template overrides the prefabs it names
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
