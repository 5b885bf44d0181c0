package projects

import (
	"fmt"

	"hewn/chain"
	"hewn/content"
)

// EntityUses lists every JSON path that refers to the entity named name or
// to a name its template_magic derives: the pack's references (spawn table,
// loot tables, equipped items: content.Pack.EntityRefs) then the project's
// (its legend, the steps' entity parameters and paint cells). Deleting the
// entity removes them all (DeleteEntity); the tutorial's fixed legend
// cannot follow (LegendPlacements).
func (p *Project) EntityUses(pack *content.Pack, name string) []string {
	out := pack.EntityRefs(name)
	names := pack.RenameMap(name, name)
	p.walkEntities(func(n, path string, _ func(string)) {
		if _, ok := names[n]; ok {
			out = append(out, path)
		}
	})
	return out
}

// DeleteEntity deletes the entity at r from pack and every reference to it
// (or to a name its template_magic derives), in the pack (see
// content.Pack.DeleteEntity) and in the project: a legend entry stops
// placing it (its character lays its tile alone, floor by default); a step
// whose entity parameter names it is removed when that parameter is the
// step's whole point (place_spawn, guaranteed_spawn: their default names an
// entity), else the parameter goes back to its default (periodic_spawn picks
// from its category again); a paint cell stops placing it, and a cell that
// painted nothing else is removed. It returns the paths that referred to it,
// as EntityUses lists them. When another entity has the same name nothing
// but the entity goes. On error nothing changes.
func (p *Project) DeleteEntity(pack *content.Pack, r content.EntityRef) ([]string, error) {
	x, ok := pack.Entity(r)
	if !ok {
		return nil, fmt.Errorf("projects: no entity at %s", r.Path())
	}
	name := x.Name()
	uses := p.EntityUses(pack, name)
	names := pack.RenameMap(name, name)
	if _, err := pack.DeleteEntity(r); err != nil {
		return nil, err
	}
	if _, still := pack.SectionOf(name); still {
		return nil, nil
	}
	named := func(n string) bool { _, ok := names[n]; return ok }
	for i := range p.Legend {
		if named(p.Legend[i].Entity) {
			p.Legend[i].Entity = ""
		}
	}
	gone := map[*chain.Step]bool{}
	p.walkParams(func(s *chain.Step, prm chain.Param, _ string) {
		switch prm.Type {
		case chain.Entity:
			if n, _ := s.Params[prm.Name].(string); named(n) {
				if def, _ := prm.Default.(string); def != "" {
					gone[s] = true
				} else {
					delete(s.Params, prm.Name)
				}
			}
		case chain.PaintCells:
			cells, _ := s.Params[prm.Name].([]chain.PaintCell)
			var kept []chain.PaintCell
			changed := false
			for _, c := range cells {
				if named(c.Spawn) {
					changed = true
					c.Spawn = ""
					if c.Tile == "" && !c.Clear && !c.Start && !c.Exit {
						continue
					}
				}
				kept = append(kept, c)
			}
			if changed { // a step's value is replaced, never changed in place
				s.Params[prm.Name] = kept
			}
		}
	})
	for i := range p.Levels {
		if c := p.Levels[i].Chain; c != nil {
			c.Steps = dropSteps(c.Steps, gone)
		}
	}
	return uses, nil
}

// dropSteps returns steps without those in gone, in nested step lists too.
func dropSteps(steps []chain.Step, gone map[*chain.Step]bool) []chain.Step {
	if len(gone) == 0 {
		return steps
	}
	out := make([]chain.Step, 0, len(steps))
	for i := range steps {
		s := &steps[i]
		if gone[s] {
			continue
		}
		for k, v := range s.Params {
			if sub, ok := v.([]chain.Step); ok {
				s.Params[k] = dropSteps(sub, gone)
			}
		}
		out = append(out, *s)
	}
	return out
}
