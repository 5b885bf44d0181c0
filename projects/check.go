package projects

import (
	"fmt"
	"os"
	"slices"

	"hewn/chain"
)

// Check validates what decoding cannot: chain preconditions (chain.Check),
// theme names, duplicate depths and the content pack's presence. It returns
// errors and warnings, each "path: message".
func (p *Project) Check() (errs, warns []string) {
	names := p.ThemeNames()
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
		if len(l.Chain.Steps) == 0 {
			warns = append(warns, fmt.Sprintf("%s.chain.steps: empty (the level is solid rock)", path))
		}
		for _, pr := range chain.Check(l.Chain) {
			errs = append(errs, fmt.Sprintf("%s.chain.%s", path, pr.Error()))
		}
	}
	if cp := p.ContentPath(); cp != "" {
		if _, err := os.Stat(cp); err != nil {
			errs = append(errs, fmt.Sprintf("content: %q cannot be read: %v", p.Content, err))
		}
	}
	return errs, warns
}
