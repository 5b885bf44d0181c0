package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/prefab"
)

const prefabUsage = "prefab convert IN.xp|IN.txt OUT.xp|OUT.txt|- [--theme NAME]"

// prefabCmd runs `hewn prefab convert IN OUT`: a REXPaint image (.xp) or
// template rows (.txt) into either, by the files' extensions. .xp to .xp keeps
// every layer, cell for cell; .xp to .txt writes the rows (each cell's visible
// glyph); .txt to .xp writes the glyphs, coloured as the theme draws what the
// tutorial's legend makes of them.
func prefabCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return usageErr(stderr, "prefab", "want a subcommand: convert")
	}
	if args[0] != "convert" {
		return usageErr(stderr, "prefab", "unknown subcommand %q (want convert)", args[0])
	}
	fs := newFlags("prefab convert", stderr)
	themeName := fs.String("theme", chain.DefaultTheme().Name, "the theme whose colours a .txt → .xp conversion gives the glyphs")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return exitUsage
	}
	if len(pos) != 2 {
		return usageErr(stderr, "prefab", "prefab convert wants IN and OUT, got %d files", len(pos))
	}
	in, out := pos[0], pos[1]
	inKind, err := prefab.FileKind(in)
	if err != nil {
		return usageErr(stderr, "prefab", "IN: %v", err)
	}
	outKind := prefab.KindTxt // "-": the rows to stdout
	if out != "-" {
		if outKind, err = prefab.FileKind(out); err != nil {
			return usageErr(stderr, "prefab", "OUT: %v", err)
		}
	}
	theme, ok := chain.FindTheme(*themeName, nil)
	if !ok {
		var names []string
		for _, th := range chain.Themes() {
			names = append(names, th.Name)
		}
		return usageErr(stderr, "prefab", "--theme %q is not a theme (want %s)", *themeName, strings.Join(names, ", "))
	}
	xp, rows, err := readPrefab(in, inKind)
	if err != nil {
		return inputErr(stderr, jsonfile.WithFile(in, err))
	}
	var data []byte
	switch {
	case outKind == prefab.KindTxt && xp != nil:
		rows = xp.Rows()
		fallthrough
	case outKind == prefab.KindTxt:
		data = []byte(strings.Join(rows, "\n") + "\n")
	default:
		if xp == nil {
			if xp, err = prefab.XPFromRows(rows, prefab.ThemeLook(prefab.Tutorial(), theme)); err != nil {
				return inputErr(stderr, jsonfile.WithFile(in, err))
			}
		}
		var b strings.Builder
		if err := xp.Write(&b); err != nil {
			return inputErr(stderr, err)
		}
		data = []byte(b.String())
	}
	if err := writeOut(out, stdout, data); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}

// readPrefab reads a REXPaint image or the rows of a text file.
func readPrefab(path, kind string) (*prefab.XPFile, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, nil, errors.New("is a folder, not a prefab file")
	}
	if kind == prefab.KindXP {
		xp, err := prefab.ReadXP(f)
		return xp, nil, err
	}
	rows, err := prefab.ReadRows(f)
	if err == nil && len(rows) == 1 && rows[0] == "" {
		err = fmt.Errorf("the file is empty")
	}
	return nil, rows, err
}
