package ui

import (
	"fmt"

	"hewn/chain"
	"hewn/projects"
	"hewn/projects/stats"
)

// The editor's side of the design lab (the Statistics panel's Illuminate
// and compare views): previews of a search's variants on the map, and the
// saved version of the selected level to compare the current one with.

// preview shows the selected level made by chain c (a variant of its chain)
// with master seed m in the map view, on the facade's route (its acceptance
// rules apply) and ignoring a fixed level seed, as a search ran it: exactly
// the variant's level. Nothing is edited: the next edit shows the chain
// again; the status line says so.
func (e *Editor) preview(c *chain.Chain, m uint64, label string) {
	li := e.m.LevelIndex()
	if li < 0 || c == nil {
		return
	}
	e.loadContent()
	p := e.m.Project()
	cfg := p.Config(li, m, e.spawner)
	cfg.Seed = nil // a variant's level is its master seed's, as in a search
	e.mapv.Notice("Preview of " + label + ": not in the chain (Apply in Statistics writes it; any edit shows the chain again)")
	e.generating(e.regen.Start(Job{Chain: c, Config: cfg, Project: p, Level: li}), "Generating "+label+"…")
	e.selectMain("Map")
}

// savedTarget is the selected level as the project's saved file holds it
// (the level of the same depth, its content pack as saved), swept to compare
// the current one with; why says why there is none.
func (e *Editor) savedTarget() (t stats.Target, why string) {
	li := e.m.LevelIndex()
	cur := e.m.Project()
	if li < 0 || li >= len(cur.Levels) {
		return t, "there is no level"
	}
	var saved *projects.Project
	var err error
	switch {
	case cur.Path != "":
		saved, err = projects.Load(cur.Path)
	case e.chainFile != "":
		saved, _, err = projects.Open(e.chainFile)
	default:
		return t, "the project has no saved file yet"
	}
	if err != nil {
		return t, "the saved file does not load: " + err.Error()
	}
	depth := cur.Levels[li].Depth
	i := saved.LevelByDepth(depth)
	if i < 0 || saved.Levels[i].Chain == nil {
		return t, fmt.Sprintf("the saved file has no level of depth %d", depth)
	}
	pack := cur.Pack
	if pack == nil || saved.Content != cur.Content || e.m.PackDirty() {
		if pack, err = saved.LoadPack(); err != nil {
			return t, "the saved content pack does not load: " + err.Error()
		}
	}
	return stats.LevelTarget(saved, i, pack.Roller(), saved.Levels[i].Name+" (saved)"), ""
}
