package cli

import (
	"context"
	"fmt"
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
// Rendering stops when ctx is done (the PNG encoder at its next write).
func writeImage(ctx context.Context, w io.Writer, format string, t *target, res *chain.Result, cell int) error {
	sc := t.scene(res)
	if format == "gif" {
		return render.GIF(w, res.History, *sc, render.GIFOptions{Cell: cell, Highlight: true, Context: ctx})
	}
	return render.PNG(ctxWriter{ctx, w}, sc, cell)
}

// ctxWriter fails its writes once ctx is done, so a long encode stops.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// interrupted reports a command stopped by Ctrl+C or SIGTERM (nothing was
// written) and returns exit code 130.
func interrupted(stderr io.Writer, cmd string) int {
	fmt.Fprintf(stderr, "hewn %s: interrupted; nothing written\n", cmd)
	return exitInterrupted
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
