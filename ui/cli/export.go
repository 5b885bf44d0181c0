package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"hewn/projects"
	"hewn/ui/render"
)

func exportCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "tiled" {
		return usageErr(stderr, "export", "want a format: tiled")
	}
	fs := newFlags("export tiled", stderr)
	var seed seedFlag
	fs.Var(&seed, "seed", "master seed (a level's seed derives from it and the depth)")
	depth := fs.Int("depth", -1, "depth (required for a project; overrides a chain's)")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	out := fs.String("out", "", "the map file (.tmj); the tileset image is written beside it")
	cell := fs.Int("cell", 16, "tile size in pixels")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr(stderr, "export", "want exactly one CHAIN or PROJECT file, got %d", len(pos))
	}
	if *out == "" || *out == "-" {
		return usageErr(stderr, "export", "--out FILE.tmj is required (the tileset image goes beside it)")
	}
	if *cell < 4 || *cell > 64 {
		return usageErr(stderr, "export", "--cell %d is out of range [4, 64]", *cell)
	}
	t, err := loadTarget(pos[0], seed, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "export", err)
	}
	t.printWarnings(stderr, pos[0])
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	gen, err := t.generate(ctx, false) // the facade's route, as hewn run
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "export")
		}
		return fileErr(stderr, pos[0], err)
	}
	res := gen.Result
	mapJSON, tileset, err := render.TiledFiles(t.scene(res), *out, render.TiledOptions{
		Name: res.Chain.Name, Depth: res.Chain.Depth, Seed: res.Master, Cell: *cell, Object: render.TiledObjects(t.pack)})
	if err != nil {
		return inputErr(stderr, err)
	}
	if ctx.Err() != nil { // Ctrl+C while the files were made
		return interrupted(stderr, "export")
	}
	// the map and its tileset, both or neither
	if err := projects.WriteFilesAtomic(ctx, []string{render.TilesetPath(*out), *out}, [][]byte{tileset, mapJSON}); err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "export")
		}
		return inputErr(stderr, err)
	}
	return exitOK
}
