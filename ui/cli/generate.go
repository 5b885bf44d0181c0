package cli

import (
	"context"

	"hewn/projects"
)

// generate runs the target's level through the projects facade
// (Project.Generate, the one route `hewn run`, the runtime module and Go
// games share, so their levels agree byte for byte); a bare chain runs as
// its one-level project (projects.ChainProject). history records the
// snapshots (for an animation).
func (t *target) generate(ctx context.Context, history bool) (*projects.Generated, error) {
	p := t.proj
	if p == nil {
		p = projects.ChainProject(t.chain)
		p.Files = t.cfg.Files // the prefab files its steps name, beside the chain
	}
	depth := p.Levels[t.level].Depth
	if history {
		return p.GenerateHistory(ctx, depth, t.master, t.pack)
	}
	return p.Generate(ctx, depth, t.master, t.pack)
}
