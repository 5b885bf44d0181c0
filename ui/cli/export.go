package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"hewn/chain"
	"hewn/content"
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
		var ue usageError
		if errors.As(err, &ue) {
			return usageErr(stderr, "export", "%v", err)
		}
		return inputErr(stderr, err)
	}
	t.cfg.NoHistory = true
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := chain.RunConfig(ctx, t.chain, t.cfg)
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "export")
		}
		return inputErr(stderr, err)
	}
	mapJSON, tileset, err := tiledFiles(t.scene(res), res, *out, *cell, t.pack)
	if err != nil {
		return inputErr(stderr, err)
	}
	if err := projects.WriteFileAtomic(tilesetPath(*out), tileset); err != nil {
		return inputErr(stderr, err)
	}
	if err := projects.WriteFileAtomic(*out, mapJSON); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}

// tilesetPath is the tileset image beside the map file: level.tmj →
// level.tileset.png.
func tilesetPath(mapPath string) string {
	return strings.TrimSuffix(mapPath, filepath.Ext(mapPath)) + ".tileset.png"
}

// tiledFiles renders a level as a Tiled map for the file mapPath: the map's
// JSON (referring to its tileset by the name tilesetPath gives, relative) and
// the tileset image's PNG bytes. Spawn objects are described from pack.
func tiledFiles(sc *render.Scene, res *chain.Result, mapPath string, cell int, pack *content.Pack) ([]byte, []byte, error) {
	mapJSON, img, err := render.Tiled(sc, render.TiledOptions{
		Name: res.Chain.Name, Depth: res.Chain.Depth, Seed: res.Master,
		Tileset: filepath.Base(tilesetPath(mapPath)), Cell: cell, Object: render.TiledObjects(pack),
	})
	if err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, nil, fmt.Errorf("render: writing the tileset image: %w", err)
	}
	return mapJSON, b.Bytes(), nil
}
