package projects

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"hewn/chain"
	"hewn/chain/prefab"
)

// PrefabUse is a step that names a prefab: the level it is in and its JSON
// path in the level's chain ("steps[3]", "steps[2].params.steps[0]").
type PrefabUse struct {
	Level int
	Path  string
}

// String reads "level 2 (Orc Camp), steps[3] prefab".
func (u PrefabUse) String(p *Project) string {
	l := p.Levels[u.Level]
	return fmt.Sprintf("level %d (%s), %s", l.Depth, l.Name, u.Path)
}

// walkPrefabNames calls f with every step that names prefabs (its prefab
// name parameters, chain.PrefabName and chain.PrefabNames, defaults
// included: room vaults choose from the built-in vaults unless told
// otherwise), the level it is in, its path and, per parameter, the names
// and a function setting them. A step with a template of its own or a file
// names none (they stand in for the names), and one that names a prefab
// (PrefabName) uses it in place of its lists (as prefab's name does its
// vaults).
func (p *Project) walkPrefabNames(f func(level int, path string, names []string, set func([]string))) {
	for li := range p.Levels {
		c := p.Levels[li].Chain
		if c == nil {
			continue
		}
		chain.WalkSteps(c.Steps, "steps", func(s *chain.Step, path string) {
			spec, ok := chain.Lookup(s.Builder)
			if !ok {
				return
			}
			v := spec.Resolve(s.Params)
			for _, prm := range spec.Params {
				if (prm.Type == chain.Template && len(v.Strings(prm.Name)) > 0) || (prm.Type == chain.PrefabFile && v.String(prm.Name) != "") {
					return
				}
			}
			named := false
			for _, prm := range spec.Params {
				if n := v.String(prm.Name); prm.Type == chain.PrefabName && n != "" {
					named = true
					f(li, path, []string{n}, func(names []string) { setParam(s, prm.Name, names[0]) })
				}
			}
			for _, prm := range spec.Params {
				if prm.Type == chain.PrefabNames && !named {
					f(li, path, v.Strings(prm.Name), func(names []string) { setParam(s, prm.Name, names) })
				}
			}
		})
	}
}

// setParam sets a step's parameter (its Params map is the step's own: the
// project is a clone being edited).
func setParam(s *chain.Step, name string, v any) {
	if s.Params == nil {
		s.Params = map[string]any{}
	}
	s.Params[name] = v
}

// PrefabUses lists the steps that name the prefab name (see walkPrefabNames),
// each once, level by level.
func (p *Project) PrefabUses(name string) []PrefabUse {
	var out []PrefabUse
	p.walkPrefabNames(func(level int, path string, names []string, _ func([]string)) {
		u := PrefabUse{Level: level, Path: path}
		if slices.Contains(names, name) && !slices.Contains(out, u) {
			out = append(out, u)
		}
	})
	return out
}

// Prefab returns the index of the project prefab named name, or -1.
func (p *Project) Prefab(name string) int {
	return slices.IndexFunc(p.Prefabs, func(pf Prefab) bool { return pf.Name == name })
}

// RenamePrefab renames the project prefab from to to, and every step that
// names it follows (see PrefabUses). It returns the steps it changed, or an
// error (changing nothing) when there is no such prefab or another project
// prefab has the new name.
func (p *Project) RenamePrefab(from, to string) ([]PrefabUse, error) {
	i := p.Prefab(from)
	switch {
	case i < 0:
		return nil, fmt.Errorf("projects: no prefab %q", from)
	case to == "":
		return nil, fmt.Errorf("projects: a prefab needs a name")
	case from == to:
		return nil, nil
	case p.Prefab(to) >= 0:
		return nil, fmt.Errorf("projects: there is a prefab %q already", to)
	}
	var changed []PrefabUse
	p.walkPrefabNames(func(level int, path string, names []string, set func([]string)) {
		if !slices.Contains(names, from) {
			return
		}
		names = slices.Clone(names)
		for k, n := range names {
			if n == from {
				names[k] = to
			}
		}
		set(names)
		if u := (PrefabUse{Level: level, Path: path}); !slices.Contains(changed, u) {
			changed = append(changed, u)
		}
	})
	p.Prefabs[i].Name = to
	return changed, nil
}

// FreePrefabName returns base when no project prefab has that name, else
// base_2, base_3, ...
func (p *Project) FreePrefabName(base string) string {
	if base == "" {
		base = "prefab"
	}
	name := base
	for n := 2; p.Prefab(name) >= 0; n++ {
		name = fmt.Sprintf("%s_%d", base, n)
	}
	return name
}

// AddLegend adds entries (as prefab.Capture and prefab.Legend.Write give
// them) to the project's legend, leaving out characters it has already.
func (p *Project) AddLegend(entries []chain.LegendEntry) {
	for _, e := range entries {
		g := string(e.Glyph)
		if slices.ContainsFunc(p.Legend, func(x LegendEntry) bool { return x.Glyph == g }) {
			continue
		}
		p.Legend = append(p.Legend, LegendEntryOf(e))
	}
}

// SetPrefab makes rows the template of the project prefab name (adding it
// when there is none) and adds the characters the rows need to the
// project's legend (as prefab.Legend.Write gives them).
func (p *Project) SetPrefab(name string, w *prefab.Written) {
	p.AddLegend(w.Added)
	if i := p.Prefab(name); i >= 0 {
		p.Prefabs[i].Template = w.Rows
		return
	}
	p.Prefabs = append(p.Prefabs, Prefab{Name: name, Template: w.Rows})
}

// prefabRune reports whether r may be in a good prefab name: steps' name
// parameters name it, so letters, digits, '_' and '-'.
func prefabRune(r rune) bool {
	return r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsNumber(r)
}

// GoodPrefabName reports whether name is one the editor gives prefabs:
// letters, digits, '_' and '-' (a project file may hold others).
func GoodPrefabName(name string) bool {
	return name != "" && utf8.ValidString(name) && !strings.ContainsFunc(name, func(r rune) bool { return !prefabRune(r) })
}

// PrefabSlug turns a file or level name into a good prefab name ("Orc
// Camp.xp" without its extension gives "orc_camp"); "" when nothing is left.
func PrefabSlug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case prefabRune(r):
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "_"):
			b.WriteByte('_')
		}
	}
	return strings.Trim(b.String(), "_")
}

// HandMadeChain is the chain of a hand-made level: one prefab step drawing
// the project prefab prefabName as the whole w×h map.
func HandMadeChain(name string, depth, w, h int, prefabName string) *chain.Chain {
	return &chain.Chain{Name: name, Depth: depth, Width: w, Height: h, Steps: []chain.Step{
		{Builder: "prefab", Params: map[string]any{"mode": "level", "name": prefabName}}}}
}
