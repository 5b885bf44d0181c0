package projects

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
)

// Generated is one generated level: the run's result, with the project level
// and content pack it came from (what draws it: View).
type Generated struct {
	// Project is the project the level belongs to; Index is the level's index
	// in Project.Levels.
	Project *Project
	Index   int
	// Pack is the content pack the level's spawns were rolled from.
	Pack *content.Pack
	// Result is the chain run: the final state and, from GenerateHistory, the
	// snapshot history.
	Result *chain.Result
}

// Generate generates the first level of p with the given depth for master
// seed master (a level's seed derives from it and the depth, unless the level
// pins one), rolling content from pack (nil: the project's own pack, loaded
// with LoadPack and refused when it has errors). It is the one route from a project to a level: `hewn run`,
// the WebAssembly runtime and Go games all call it, so they give the same
// level byte for byte. It records no history (see GenerateHistory). A level
// with acceptance rules is re-rolled until a roll meets them (RunLevel); the
// result's Try says which roll it is, and an *AcceptError says why none did.
//
// Generate runs the level as it is; Verdict first refuses what `hewn project
// check` rejects, as `hewn run` and Generator do.
func (p *Project) Generate(ctx context.Context, depth int, master uint64, pack *content.Pack) (*Generated, error) {
	return p.generate(ctx, depth, master, pack, false)
}

// GenerateHistory is Generate recording the snapshot history (for an
// animation or the editor's step view). The final level is the same.
func (p *Project) GenerateHistory(ctx context.Context, depth int, master uint64, pack *content.Pack) (*Generated, error) {
	return p.generate(ctx, depth, master, pack, true)
}

func (p *Project) generate(ctx context.Context, depth int, master uint64, pack *content.Pack, history bool) (*Generated, error) {
	i, err := p.LevelIndex(depth)
	if err != nil {
		return nil, err
	}
	if p.Levels[i].Chain == nil {
		return nil, jsonfile.WithFile(p.Path, fmt.Errorf("projects: levels[%d] has no chain", i))
	}
	if pack == nil {
		if pack, err = p.UsablePack(); err != nil {
			return nil, err
		}
	}
	cfg := p.Config(i, master, pack.Roller())
	cfg.NoHistory = !history
	res, err := p.RunLevel(ctx, i, cfg)
	if err != nil {
		return nil, err
	}
	return &Generated{Project: p, Index: i, Pack: pack, Result: res}, nil
}

// UsablePack loads the project's pack (LoadPack) and refuses one with
// validation errors (content.Pack.Usable), as `hewn run` does.
func (p *Project) UsablePack() (*content.Pack, error) {
	pack, err := p.LoadPack()
	if err != nil {
		return nil, err
	}
	if path := p.ContentPath(); path != "" {
		if err := pack.Usable(path); err != nil {
			return nil, err
		}
	}
	return pack, nil
}

// LevelJSON generates a level as Generate does and returns its level JSON:
// exactly the bytes `hewn run --format json` prints.
func (p *Project) LevelJSON(ctx context.Context, depth int, master uint64, pack *content.Pack) ([]byte, error) {
	g, err := p.Generate(ctx, depth, master, pack)
	if err != nil {
		return nil, err
	}
	return g.JSON()
}

// Level is the generated level in the level JSON form.
func (g *Generated) Level() chain.Level { return g.Result.Level() }

// JSON returns the level JSON (pretty-printed, a final newline): what
// `hewn run --format json` prints and what the runtime module returns.
func (g *Generated) JSON() ([]byte, error) {
	var b bytes.Buffer
	if err := g.Level().WriteJSON(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// LevelIndex returns the index of the first level with the given depth; when
// none has it, the error names the file and the project's depths.
func (p *Project) LevelIndex(depth int) (int, error) {
	i := p.LevelByDepth(depth)
	if i < 0 {
		return -1, jsonfile.WithFile(p.Path, fmt.Errorf("projects: no level has depth %d (its depths: %s)", depth, p.DepthList()))
	}
	return i, nil
}

// DepthList lists the levels' depths in order, "1, 2, 3".
func (p *Project) DepthList() string {
	ds := make([]string, len(p.Levels))
	for i, l := range p.Levels {
		ds[i] = strconv.Itoa(l.Depth)
	}
	return strings.Join(ds, ", ")
}

// Verdict refuses a project that `hewn project check` would reject for its own
// content (chain preconditions, themes, prefabs) or, when pack is not nil, for
// the entities its steps place that pack lacks: every command that runs a
// project, and Generator, give the verdict project check gives. Pinned seeds
// are project check's alone (they run the levels). The error names the file
// (p.Path), one problem a line.
func (p *Project) Verdict(pack *content.Pack) error {
	errs, _ := p.CheckLevels()
	if pack != nil {
		errs = append(errs, p.CheckEntities(pack)...)
	}
	return p.verdict(errs)
}

// EntityVerdict is the part of Verdict that depends on pack: for a project
// whose Verdict(nil) was already nil (commands check the project before they
// load its pack, and need not check its levels twice).
func (p *Project) EntityVerdict(pack *content.Pack) error {
	return p.verdict(p.CheckEntities(pack))
}

// verdict is nil for no problems, else the problems errs as one error
// naming the project's file.
func (p *Project) verdict(errs []string) error {
	if len(errs) == 0 {
		return nil
	}
	probs := make(jsonfile.Problems, len(errs))
	for i, e := range errs {
		probs[i] = jsonfile.Problem{Msg: e, Step: -1}
	}
	return jsonfile.WithFile(p.Path, probs)
}

// ChainCheck checks a bare chain run with pack as project check checks a
// project's steps: its prefab names must exist (errors); the entities its
// steps place that pack (nil: not checked) does not define are warnings, not
// errors, since a bare chain is a sketch on whatever pack it is given (such a
// spawn is drawn as its name's first letter and skipped in play). Each
// "path: message", paths the chain file's ("steps[2].params.name").
func ChainCheck(c *chain.Chain, pack *content.Pack) (errs, warns []string) {
	p := ChainProject(c)
	legend, _, _ := checkLegend(nil)
	trim := func(list []string) []string {
		for i, e := range list {
			list[i] = strings.TrimPrefix(e, "levels[0].chain.")
		}
		return list
	}
	errs = trim(p.checkPrefabNames(legend))
	if pack != nil {
		warns = trim(p.CheckEntities(pack))
	}
	return errs, warns
}

// ChainVerdict refuses a bare chain whose ChainCheck finds errors; the error
// names file, one problem a line.
func ChainVerdict(c *chain.Chain, pack *content.Pack, file string) error {
	errs, _ := ChainCheck(c, pack)
	if len(errs) == 0 {
		return nil
	}
	probs := make(jsonfile.Problems, len(errs))
	for i, e := range errs {
		probs[i] = jsonfile.Problem{Msg: e, Step: -1}
	}
	return jsonfile.WithFile(file, probs)
}

// ChainProject wraps a bare chain in a one-level project as `hewn run` runs a
// chain file: the level keeps the chain's name and depth (even 0), the
// default theme and no prefabs or pinned seed, on the embedded content pack.
// Unlike FromChain (the editor's), it changes nothing in c.
func ChainProject(c *chain.Chain) *Project {
	return &Project{Name: c.Name, Levels: []Level{{Depth: c.Depth, Name: c.Name, Chain: c}}}
}
