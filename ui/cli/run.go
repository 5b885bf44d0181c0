package cli

import (
	"bytes"
	"context"
	bin "encoding/binary" // (binary names the built hewn in the tests)
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"unicode/utf8"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/render"
)

// seedFlag is a uint64 flag that remembers whether it was set.
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string { return strconv.FormatUint(s.v, 10) }

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a non-negative integer seed", v)
	}
	s.v, s.set = n, true
	return nil
}

// target is what a run-like command works on: one level's chain and how to run it.
type target struct {
	chain  *chain.Chain
	cfg    chain.Config
	proj   *projects.Project // nil for a bare chain
	pack   *content.Pack
	level  int
	master uint64
	// warns are what loading found suspicious but valid ("path: message"):
	// a bare chain's entities its pack lacks.
	warns []string
}

// printWarnings prints the target's warnings on stderr, each "warning:
// FILE: path: message", at most jsonfile.MaxProblems and then a count.
func (t *target) printWarnings(stderr io.Writer, file string) {
	printCapped(stderr, "warning: "+file+": ", t.warns)
}

// loadTarget reads a chain or a project (told apart by projects.Sniff: by
// their keys, "levels" vs "steps") and prepares the run of one level. depth < 0
// means "not given".
func loadTarget(path string, seed seedFlag, depth int, contentPath string) (*target, error) {
	data, err := readArg(path, chain.FileLimit) // refuses a directory or a file over 16 MiB
	if err != nil {
		return nil, err
	}
	kind, err := projects.Sniff(data)
	if err != nil {
		return nil, jsonfile.WithFile(path, err)
	}
	t := &target{}
	if kind == projects.KindProject {
		p, err := projects.Decode(data)
		if err != nil {
			return nil, jsonfile.WithFile(path, err)
		}
		p.Path = path
		if depth < 0 {
			return nil, errUsage("a project needs --depth D (its depths: %s)", p.DepthList())
		}
		i, err := p.LevelIndex(depth)
		if err != nil {
			return nil, err
		}
		// One verdict: what project check rejects does not run.
		if err := p.Verdict(nil); err != nil {
			return nil, err
		}
		master := p.Seed
		if seed.set {
			master = seed.v
		}
		var pack *content.Pack
		if contentPath == "" { // the project's own: a regular file in its folder
			pack, err = p.UsablePack()
		} else { // --content: what the user named (a pipe too)
			pack, err = loadPack(contentPath)
		}
		if err != nil {
			return nil, err
		}
		sp := pack.Roller()
		if err := p.EntityVerdict(pack); err != nil {
			return nil, err
		}
		t.pack = pack
		t.proj, t.level, t.master, t.chain = p, i, master, p.Levels[i].Chain
		t.cfg = p.Config(i, master, sp)
		return t, nil
	}
	c, err := chain.DecodeJSON(data, "")
	if err != nil {
		return nil, jsonfile.WithFile(path, err)
	}
	if depth >= 0 {
		c.Depth = depth
	}
	pack, sp, err := loadSpawner(contentPath)
	if err != nil {
		return nil, err
	}
	if err := projects.ChainVerdict(c, pack, path); err != nil {
		return nil, err
	}
	_, t.warns = projects.ChainCheck(c, pack)
	t.pack = pack
	t.chain, t.master = c, seed.v
	// the prefab files its steps name lie beside the chain
	t.cfg = chain.Config{Master: seed.v, Spawner: sp, Files: projects.DirFS(filepath.Dir(path))}
	return t, nil
}

// usageError marks a problem with how the command was called (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func errUsage(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// targetErr reports loadTarget's error for command cmd: a usage error with
// the command's usage line, else an input error naming the file.
func targetErr(stderr io.Writer, cmd string, err error) int {
	var ue usageError
	if errors.As(err, &ue) {
		return usageErr(stderr, cmd, "%v", err)
	}
	return inputErr(stderr, err)
}

func runCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("run", stderr)
	var seed seedFlag
	fs.Var(&seed, "seed", "master seed (a level's seed derives from it and the depth)")
	depth := fs.Int("depth", -1, "depth (required for a project; overrides a chain's)")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	format := fs.String("format", "ascii", "output format: ascii, json, png or gif")
	out := fs.String("out", "", "output file (default or -: stdout)")
	noSpawns := fs.Bool("no-spawns", false, "ASCII output: hide the spawns (shown with their entity's glyph)")
	cell := fs.Int("cell", 12, "tile size in pixels for png and gif")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr(stderr, "run", "want exactly one CHAIN or PROJECT file, got %d", len(pos))
	}
	switch *format {
	case "ascii", "json", "png", "gif":
	default:
		return usageErr(stderr, "run", "--format %q is not one of ascii, json, png, gif", *format)
	}
	if *cell < 4 || *cell > 64 {
		return usageErr(stderr, "run", "--cell %d is out of range [4, 64]", *cell)
	}
	t, err := loadTarget(pos[0], seed, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "run", err)
	}
	for _, pr := range jsonfile.CapProblems(chain.Check(t.chain), jsonfile.MaxProblems) {
		fmt.Fprintln(stderr, "warning: "+pos[0]+": "+pr.Error())
	}
	t.printWarnings(stderr, pos[0])
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	check := map[string]func(w, h, cell int) error{"png": render.CheckSize, "gif": render.CheckGIFSize}[*format]
	if check != nil {
		if err := check(t.chain.Width, t.chain.Height, *cell); err != nil {
			return inputErr(stderr, jsonfile.WithFile(pos[0], fmt.Errorf("--cell %d: %w", *cell, err)))
		}
	}
	gen, err := t.generate(ctx, *format == "gif") // only the animation needs the snapshots
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "run")
		}
		return fileErr(stderr, pos[0], err)
	}
	res := gen.Result
	for _, w := range res.Warnings { // an exit cut off, a file's unknown glyphs: the exit code stays
		fmt.Fprintln(stderr, jsonfile.Shorten("warning: "+pos[0]+": "+w.String()))
	}
	var data []byte
	switch *format {
	case "ascii":
		data = asciiMap(res.State, t.pack, !*noSpawns)
	case "json":
		data, err = gen.JSON()
	case "png", "gif":
		var buf bytes.Buffer
		err = writeImage(ctx, &buf, *format, t, res, *cell)
		data = buf.Bytes()
	}
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "run")
		}
		return fileErr(stderr, pos[0], err)
	}
	if ctx.Err() != nil {
		return interrupted(stderr, "run")
	}
	if err := writeOutContext(ctx, *out, stdout, data); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}

// writeOut writes data to stdout when path is "" or "-", else to path with
// projects.WriteFileAtomic (atomically over a regular file or a new path,
// straight into a device or FIFO, through a symlink; a directory and a
// read-only file are refused). Ctrl+C or SIGTERM stops the write, leaving the
// file as it was (inputErr then reports "interrupted; nothing written", exit
// 130), also while a FIFO waits for its reader.
func writeOut(path string, stdout io.Writer, data []byte) error {
	return writeOutContext(context.Background(), path, stdout, data)
}

// writeOutContext is writeOut stopping once ctx is done too.
func writeOutContext(ctx context.Context, path string, stdout io.Writer, data []byte) error {
	if path == "" || path == "-" {
		if f, ok := stdout.(*os.File); ok && f == os.Stdout {
			// a blocked write to a stalled pipe must not outlive Ctrl+C:
			// the signals kill the process again, as they do any command
			signal.Reset(os.Interrupt, syscall.SIGTERM)
		}
		_, err := stdout.Write(data)
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return projects.WriteFileAtomicContext(ctx, path, data)
}

var _ = flag.ErrHelp

// asciiMap draws the final map one character per tile: the tiles' glyphs,
// spawns with their entity's glyph from pack (the name's first letter when the
// pack has no renderable for it) unless spawns is false, and the start as @.
// It writes the text once, at its size (a 4096×4096 map is 16 MB of text:
// rows of runes would take four times that).
func asciiMap(s *chain.State, pack *content.Pack, spawns bool) []byte {
	g := s.Map
	over := map[int]rune{} // the glyphs drawn over tiles, by tile index; the last drawn wins
	put := func(x, y int, r rune) {
		if g.In(chain.Point{X: x, Y: y}) {
			over[g.Idx(chain.Point{X: x, Y: y})] = r
		}
	}
	if spawns {
		look := render.EntityLooks(pack)
		for _, sp := range s.Spawns {
			r, _, ok := look(sp.Name)
			if !ok {
				r, _ = utf8.DecodeRuneInString(sp.Name)
			}
			if r == utf8.RuneError {
				r = '?'
			}
			put(sp.X, sp.Y, r)
		}
	}
	if s.Start != nil {
		put(s.Start.X, s.Start.Y, '@')
	}
	// Each tile type's glyph as UTF-8 (an invalid rune as a string of runes
	// writes it), and the drawn-over tiles in order.
	var glyph [256][]byte
	for i := range glyph {
		glyph[i] = glyphBytes(chain.Tile(i).Props().Glyph)
	}
	overAt := slices.Sorted(maps.Keys(over))
	tg := newTileGlyphs(&glyph)
	n := g.H + tg.size(g.Tiles)
	for _, i := range overAt {
		n += len(glyphBytes(over[i])) - len(glyph[g.Tiles[i]])
	}
	out := make([]byte, 0, n)
	for y := range g.H {
		row := g.Tiles[y*g.W : (y+1)*g.W]
		for x := 0; x < len(row); {
			// The tiles up to the next drawn-over one, then that one.
			end := len(row)
			if len(overAt) > 0 && overAt[0] < (y+1)*g.W {
				end = overAt[0] - y*g.W
			}
			out = tg.append(out, row[x:end])
			x = end
			if x < len(row) {
				out = append(out, glyphBytes(over[overAt[0]])...)
				overAt = overAt[1:]
				x++
			}
		}
		out = append(out, '\n')
	}
	return out
}

// tileGlyphs writes tiles as their glyphs; eight tiles of wall and floor
// only (the bulk of a cave), when both glyphs are one byte, as one word.
type tileGlyphs struct {
	glyph      *[256][]byte
	fast       bool
	base, w, f uint64 // the wall's byte in every lane; the wall's and floor's bytes
}

const lanes = 0x0101010101010101 // 1 in each byte of a word

func newTileGlyphs(glyph *[256][]byte) tileGlyphs {
	gw, gf := glyph[chain.Wall], glyph[chain.Floor]
	tg := tileGlyphs{glyph: glyph, fast: chain.Wall == 0 && chain.Floor == 1 && len(gw) == 1 && len(gf) == 1}
	if tg.fast {
		tg.base, tg.w, tg.f = uint64(gw[0])*lanes, uint64(gw[0]), uint64(gf[0])
	}
	return tg
}

// word returns eight tiles as a word (the first in the lowest byte) and
// whether they are all wall (0) or floor (1).
func (tg *tileGlyphs) word(t []chain.Tile) (uint64, bool) {
	_ = t[7]
	v := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
	return v, tg.fast && v&^lanes == 0
}

// size is the bytes the glyphs of tiles take.
func (tg *tileGlyphs) size(tiles []chain.Tile) int {
	n, i := 0, 0
	for ; i+8 <= len(tiles); i += 8 {
		if _, ok := tg.word(tiles[i : i+8]); ok {
			n += 8
			continue
		}
		for _, t := range tiles[i : i+8] {
			n += len(tg.glyph[t])
		}
	}
	for _, t := range tiles[i:] {
		n += len(tg.glyph[t])
	}
	return n
}

// append appends the glyphs of tiles to out.
func (tg *tileGlyphs) append(out []byte, tiles []chain.Tile) []byte {
	i := 0
	for ; i+8 <= len(tiles); i += 8 {
		if v, ok := tg.word(tiles[i : i+8]); ok {
			// Lane by lane wall + t×(floor - wall), t 0 or 1: no lane carries.
			out = bin.LittleEndian.AppendUint64(out, tg.base-v*tg.w+v*tg.f)
			continue
		}
		out = tg.appendEach(out, tiles[i:i+8])
	}
	return tg.appendEach(out, tiles[i:])
}

func (tg *tileGlyphs) appendEach(out []byte, tiles []chain.Tile) []byte {
	for _, t := range tiles {
		if gl := tg.glyph[t]; len(gl) == 1 {
			out = append(out, gl[0])
		} else {
			out = append(out, gl...)
		}
	}
	return out
}

// glyphBytes is r as UTF-8, U+FFFD when r is not a valid rune (as a string
// of runes writes it).
func glyphBytes(r rune) []byte {
	return utf8.AppendRune(nil, r)
}

// chainProject returns the one-level project a bare chain target plays as,
// reading the prefab files its steps name from beside the chain.
func (t *target) chainProject() *projects.Project {
	p := projects.FromChain(t.chain, "chain")
	p.Files = t.cfg.Files
	return p
}
