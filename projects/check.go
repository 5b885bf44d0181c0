package projects

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/prefab"
	"hewn/content"
)

// Check validates what decoding cannot: chain preconditions (chain.Check, whose
// warnings stay warnings), theme names, duplicate depths, the legend, prefab
// templates (in the legend), the prefabs steps name, the prefab files steps
// name (each must exist and parse; glyphs the legend lacks are warnings) and
// the content pack's presence. It returns errors and warnings, each "path:
// message". `hewn project check` and every command that runs a project (run,
// stats, export) refuse a project with errors: one verdict.
func (p *Project) Check() (errs, warns []string) {
	errs, warns = p.CheckLevels()
	fe, fw := p.checkFiles()
	errs, warns = append(errs, fe...), append(warns, fw...)
	var ps jsonfile.Problems
	if err := p.CheckContentPath(); errors.As(err, &ps) {
		for _, pr := range ps {
			errs = append(errs, pr.Error())
		}
	} else if cp := p.ContentPath(); cp != "" {
		if fi, err := os.Stat(cp); err != nil {
			errs = append(errs, fmt.Sprintf("content: %q cannot be read: %v", p.Content, unwrapPath(err)))
		} else if fi.IsDir() {
			errs = append(errs, fmt.Sprintf("content: %q is a directory, not a content pack", p.Content))
		} else if !fi.Mode().IsRegular() {
			errs = append(errs, fmt.Sprintf("content: %q is not a regular file (a named pipe, a device or a socket), not a content pack", p.Content))
		}
	}
	return errs, warns
}

// unwrapPath drops an *fs.PathError's operation and path (the message names
// the file already).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// CheckLevels is Check without the content pack: what a project's own file
// gets right or wrong, whichever pack it runs with.
func (p *Project) CheckLevels() (errs, warns []string) {
	legend, _, lp := checkLegend(p.Legend)
	for _, pr := range lp {
		errs = append(errs, pr.Error())
	}
	names := p.ThemeNames()
	errs = append(errs, duplicateNames("themes", len(p.Themes), func(i int) string { return p.Themes[i].Name })...)
	errs = append(errs, duplicateNames("prefabs", len(p.Prefabs), func(i int) string { return p.Prefabs[i].Name })...)
	seen := map[int]int{}
	for i, l := range p.Levels {
		path := fmt.Sprintf("levels[%d]", i)
		if j, dup := seen[l.Depth]; dup {
			warns = append(warns, fmt.Sprintf("%s.depth: %d is also the depth of levels[%d]; `hewn run --depth` picks the first", path, l.Depth, j))
		} else {
			seen[l.Depth] = i
		}
		if l.Theme != "" && !slices.Contains(names, l.Theme) {
			errs = append(errs, fmt.Sprintf("%s.theme: unknown theme %q", path, l.Theme))
		}
		if l.Split != nil && !slices.Contains(names, l.Split.Theme) {
			errs = append(errs, fmt.Sprintf("%s.theme_split.theme: unknown theme %q", path, l.Split.Theme))
		}
		if l.Chain == nil {
			continue
		}
		if l.Accept != nil {
			for _, pr := range l.Accept.check(path+".accept", l.Chain.Width, l.Chain.Height, l.Chain.Steps) {
				errs = append(errs, pr.Error())
			}
		}
		for _, pr := range chain.Check(l.Chain) {
			if pr.Warning {
				warns = append(warns, fmt.Sprintf("%s.chain.%s", path, pr.Error()))
			} else {
				errs = append(errs, fmt.Sprintf("%s.chain.%s", path, pr.Error()))
			}
		}
	}
	for i, pf := range p.Prefabs {
		if _, err := legend.Parse(pf.Template); err != nil {
			errs = append(errs, fmt.Sprintf("prefabs[%d].template: %v", i, err))
		}
	}
	// Template rows in steps: a character neither the tutorial's legend nor
	// the project's has (the chain decoder cannot know the project's).
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		if rows, ok := s.Params[prm.Name].([]string); ok && len(rows) > 0 && prm.Type == chain.Template {
			var ce *prefab.CharError
			if _, err := legend.Parse(rows); errors.As(err, &ce) {
				errs = append(errs, fmt.Sprintf("%s: %v", path, err))
			}
		}
	})
	errs = append(errs, p.checkPrefabNames(legend)...)
	return errs, warns
}

// CheckEntities reports every entity the project names that pack does not
// define, each "path: message": in its legend ("legend[2].entity"), in the
// steps' entity parameters (chain.Entity: place_spawn, guaranteed_spawn and
// periodic_spawn's "name", sub-chains included) and in paint cells
// ("...params.cells[3].spawn"). Entities only builders place need no spawn
// table entry, but they must exist.
func (p *Project) CheckEntities(pack *content.Pack) []string {
	var errs []string
	p.walkEntities(func(name, path string, _ func(string)) {
		if _, known := pack.SectionOf(name); !known {
			errs = append(errs, fmt.Sprintf("%s: %q is not an entity of the content pack", path, name))
		}
	})
	return errs
}

// checkPrefabNames reports every prefab name parameter (chain.PrefabName,
// chain.PrefabNames: prefab's name and vaults, sub-chains included) that
// names neither a project prefab nor a built-in one, each "path: message".
func (p *Project) checkPrefabNames(legend *prefab.Legend) []string {
	var errs []string
	own := p.Templates()
	known := func(path, name string) {
		if _, ok := own[name]; ok || name == "" {
			return
		}
		if _, err := legend.Find(name, own); err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", path, err))
		}
	}
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		switch prm.Type {
		case chain.PrefabName:
			if name, ok := s.Params[prm.Name].(string); ok {
				known(path, name)
			}
		case chain.PrefabNames:
			names, _ := s.Params[prm.Name].([]string)
			for i, name := range names {
				known(fmt.Sprintf("%s[%d]", path, i), name)
			}
		}
	})
	return errs
}

// duplicateNames reports each entry of a list whose name an earlier entry
// has: "themes[2].name: duplicate name "cave" (also themes[0])" (the later
// one would never be used).
func duplicateNames(list string, n int, name func(int) string) []string {
	var errs []string
	first := map[string]int{}
	for i := range n {
		nm := name(i)
		if j, dup := first[nm]; dup {
			errs = append(errs, fmt.Sprintf("%s[%d].name: duplicate name %q (also %s[%d])", list, i, nm, list, j))
			continue
		}
		first[nm] = i
	}
	return errs
}
