package cli

import (
	"io"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/render"
)

// loadSpawner loads a pack (see loadPack) and returns it with its roller.
func loadSpawner(path string) (*content.Pack, chain.Spawner, error) {
	p, err := loadPack(path)
	if err != nil {
		return nil, nil, err
	}
	return p, p.Roller(), nil
}

// writeImage renders res as a PNG (final map) or an animated GIF (its history),
// in the level's theme (a project's; the default dungeon theme for a bare chain)
// with entity glyphs from the content pack.
func writeImage(w io.Writer, format string, t *target, res *chain.Result, cell int) error {
	sc := t.scene(res)
	if format == "gif" {
		return render.GIF(w, res.History, *sc, render.GIFOptions{Cell: cell, Highlight: true})
	}
	return render.PNG(w, sc, cell)
}

// scene is res's final map as the target draws it: in the level's theme (a
// project's; the default dungeon theme for a bare chain) with entity glyphs
// from the content pack.
func (t *target) scene(res *chain.Result) *render.Scene {
	sc := render.ResultScene(res)
	if t.proj != nil {
		sc.SetThemes(t.proj.Theme(t.level))
	}
	if t.pack != nil {
		sc.Entity = render.EntityLooks(t.pack)
	}
	return sc
}
