package cli

import (
	"context"
	"errors"

	"hewn/chain/jsonfile"
	"hewn/projects"
)

// generate runs the target's level through the projects facade
// (Project.Generate, the one route `hewn run`, the runtime module and Go
// games share, so their levels agree byte for byte); a bare chain runs as
// its one-level project (projects.ChainProject). history records the
// snapshots (for an animation). A level none of whose tries met its
// acceptance rules is an error naming the project file
// ("FILE: levels[0].accept: no try of 20 met every rule: ...").
func (t *target) generate(ctx context.Context, history bool) (*projects.Generated, error) {
	p := t.proj
	if p == nil {
		p = projects.ChainProject(t.chain)
		p.Files = t.cfg.Files // the prefab files its steps name, beside the chain
	}
	depth := p.Levels[t.level].Depth
	var g *projects.Generated
	var err error
	if history {
		g, err = p.GenerateHistory(ctx, depth, t.master, t.pack)
	} else {
		g, err = p.Generate(ctx, depth, t.master, t.pack)
	}
	var ae *projects.AcceptError
	if errors.As(err, &ae) && p.Path != "" {
		err = jsonfile.WithFile(p.Path, err)
	}
	return g, err
}
