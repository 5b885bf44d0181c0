package projects

import (
	"fmt"
	"maps"
	"slices"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/content"
)

// walkSteps calls f with every step of the project's levels (sub-chains
// included) and its JSON path ("levels[0].chain.steps[2].params.steps[1]").
func (p *Project) walkSteps(f func(s *chain.Step, path string)) {
	var walk func(steps []chain.Step, path string)
	walk = func(steps []chain.Step, path string) {
		for i := range steps {
			s := &steps[i]
			sp := fmt.Sprintf("%s[%d]", path, i)
			f(s, sp)
			for _, k := range slices.Sorted(maps.Keys(s.Params)) {
				if sub, ok := s.Params[k].([]chain.Step); ok {
					walk(sub, sp+".params."+k)
				}
			}
		}
	}
	for i := range p.Levels {
		if c := p.Levels[i].Chain; c != nil {
			walk(c.Steps, fmt.Sprintf("levels[%d].chain.steps", i))
		}
	}
}

// EntitySteps lists the JSON paths of the steps' "name" parameters that
// place the entity named name (place_spawn, guaranteed_spawn,
// periodic_spawn, sub-chains included).
func (p *Project) EntitySteps(name string) []string {
	var out []string
	p.walkSteps(func(s *chain.Step, path string) {
		if n, ok := s.Params["name"].(string); ok && n == name && slices.Contains(placingBuilders, s.Builder) {
			out = append(out, path+".params.name")
		}
	})
	return out
}

// RenameEntity renames the item, mob or prop from to to in pack (with every
// reference in the pack: see content.Pack.RenameEntity) and in the project's
// steps that place it, or a name its template_magic derives from it, by name.
// It returns the JSON paths it changed, the pack's first. On error nothing
// changes. Prefab legends are fixed (see LegendPlacements): they do not
// follow.
func (p *Project) RenameEntity(pack *content.Pack, from, to string) ([]string, error) {
	names := pack.RenameMap(from, to)
	changed, err := pack.RenameEntity(from, to)
	if err != nil || from == to {
		return changed, err
	}
	p.walkSteps(func(s *chain.Step, path string) {
		n, ok := s.Params["name"].(string)
		if !ok || !slices.Contains(placingBuilders, s.Builder) {
			return
		}
		if nn, renamed := names[n]; renamed {
			s.Params["name"] = nn
			changed = append(changed, path+".params.name")
		}
	})
	return changed, nil
}

// LegendPlacements lists the prefabs the project uses (its own templates,
// templates written into prefab steps, and the built-in ones its prefab
// steps name) whose legend places the entity named name, each worded for the
// designer. The legend is fixed ('g' is always "Goblin", as in the
// tutorial's char_to_map), so a rename cannot follow into it: after renaming
// Goblin, those cells still place "Goblin".
func (p *Project) LegendPlacements(name string) []string {
	var out []string
	seen := map[string]bool{}
	check := func(what string, rows []string) {
		if seen[what] {
			return
		}
		seen[what] = true
		t, err := prefab.Parse(rows)
		if err != nil {
			return
		}
		for _, c := range t.Cells {
			if c.Spawn == name {
				out = append(out, what)
				return
			}
		}
	}
	for _, pf := range p.Prefabs {
		check(fmt.Sprintf("prefab %q", pf.Name), pf.Template)
	}
	spec, _ := chain.Lookup("prefab")
	p.walkSteps(func(s *chain.Step, path string) {
		if s.Builder != "prefab" {
			return
		}
		v := spec.Resolve(s.Params)
		if rows := v.Strings("template"); len(rows) > 0 {
			check(path+".params.template", rows)
			return
		}
		for _, n := range append([]string{v.String("name")}, v.Strings("vaults")...) {
			if b, ok := prefab.Lookup(n); ok && !slices.ContainsFunc(p.Prefabs, func(pf Prefab) bool { return pf.Name == n }) {
				check(fmt.Sprintf("built-in prefab %q", n), b.Rows)
			}
		}
	})
	return out
}
