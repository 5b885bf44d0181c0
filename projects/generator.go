package projects

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/prefab"
	"hewn/content"
)

// Generator opens a project or chain file from a file set and generates its
// levels as `hewn run FILE --depth D --seed S --format json` does: the same
// checks in the same order, the same errors, the same bytes. It is the
// facade a Go game uses, and what the WebAssembly runtime module runs.
//
// A Generator is not safe for concurrent use (the content pack is loaded on
// first use); generate from one goroutine, or use one Generator each.
type Generator struct {
	// Project is the opened project; a chain file's is its one-level project
	// (ChainProject).
	Project *Project
	// IsChain reports that the file was a chain rather than a project.
	IsChain bool
	fsys    fs.FS
	pack    *content.Pack
}

// ErrNoBuilders is NewGenerator's answer in a program that registered no
// builder: the builders register themselves, as image formats and SQL
// drivers do, when the program imports them once:
//
//	import _ "hewn/chain/builders"
var ErrNoBuilders = errors.New(`projects: no builder is registered: import _ "hewn/chain/builders" once in the program`)

// NewGenerator opens the file called name in fsys: a project, or a chain
// when it has no "levels" key (as `hewn run` tells them apart). A project's
// content pack is read from fsys too, beside it (path.Join(path.Dir(name),
// content)), when a level is first generated. Errors name the file:
// "FILE:LINE:COL: message" for malformed JSON, "FILE: json.path: message" for
// everything else, as the command line prints them.
//
// Names are slash-separated, as fs.FS wants them; os.DirFS, embed.FS and
// fstest.MapFS all serve. DiskFS reads paths as the command line takes them.
// The program imports the builders once (ErrNoBuilders otherwise).
func NewGenerator(fsys fs.FS, name string) (*Generator, error) {
	if fsys == nil {
		return nil, errors.New("projects: NewGenerator needs a file system (DiskFS for paths as the command line takes them)")
	}
	data, err := readFS(fsys, name)
	if err != nil {
		return nil, err
	}
	return newGenerator(fsys, name, data)
}

// NewExampleGenerator is a Generator on the embedded example project (on the
// embedded content pack). Its file name is "example.hewn.json".
func NewExampleGenerator() (*Generator, error) {
	return newGenerator(nil, "example.hewn.json", exampleJSON)
}

func newGenerator(fsys fs.FS, name string, data []byte) (*Generator, error) {
	if len(chain.Specs()) == 0 {
		return nil, ErrNoBuilders
	}
	kind, err := Sniff(data)
	if err != nil {
		return nil, jsonfile.WithFile(name, err)
	}
	if kind == KindProject {
		p, err := Decode(data)
		if err != nil {
			return nil, jsonfile.WithFile(name, err)
		}
		p.Path, p.Files = name, besideFS(fsys, name)
		return &Generator{Project: p, fsys: fsys}, nil
	}
	c, err := chain.DecodeJSON(data, "")
	if err != nil {
		return nil, jsonfile.WithFile(name, err)
	}
	p := ChainProject(c)
	p.Path, p.Files = name, besideFS(fsys, name)
	return &Generator{Project: p, IsChain: true, fsys: fsys}, nil
}

// besideFS is the folder of the file name in fsys, where the prefab files
// its steps name are read: DirFS of its folder for DiskFS (links out of it
// refused), else fsys's subtree (no file at all without fsys).
func besideFS(fsys fs.FS, name string) fs.FS {
	switch {
	case fsys == nil: // the embedded example: no files beside it
		return noFiles{}
	case fsys == DiskFS:
		return DirFS(filepath.Dir(name))
	}
	sub, err := fs.Sub(fsys, path.Dir(name))
	if err != nil {
		return noFiles{}
	}
	return sub
}

// LevelInfo describes one level a Generator can generate.
type LevelInfo struct {
	Depth int    `json:"depth"`
	Name  string `json:"name"`
	// Theme is the theme the level is drawn in ("" for the default).
	Theme  string `json:"theme"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// Levels lists the levels in file order (a chain's one level).
func (g *Generator) Levels() []LevelInfo {
	out := make([]LevelInfo, 0, len(g.Project.Levels))
	for _, l := range g.Project.Levels {
		li := LevelInfo{Depth: l.Depth, Name: l.Name, Theme: l.Theme}
		if l.Chain != nil {
			li.Width, li.Height = l.Chain.Width, l.Chain.Height
		}
		out = append(out, li)
	}
	return out
}

// Files lists the files the project names, as the names Generator reads
// them under in its file set: its content pack, when it has one inside its
// folder, then the prefab files its steps name (a chain's too), each once.
func (g *Generator) Files() []string {
	out := []string{}
	if f := g.packName(); f != "" {
		out = append(out, f)
	}
	files, _ := g.Project.FilePaths()
	for _, f := range files {
		clean, err := prefab.CheckFilePath(f)
		if err != nil {
			continue
		}
		if name := path.Join(path.Dir(g.Project.Path), clean); !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// packName is the file set name of the project's content pack, or "" for the
// embedded one (or a path that leaves the project's folder, which is refused).
func (g *Generator) packName() string {
	p := g.Project
	if g.IsChain || p.Content == "" || !InsideFolder(p.Content) {
		return ""
	}
	return path.Join(path.Dir(p.Path), p.Content)
}

// Pack returns the content pack the levels roll from: a project's own (read
// on first use, refused when it has errors: content.Pack.Usable), else the
// embedded default pack.
func (g *Generator) Pack() (*content.Pack, error) {
	if g.pack != nil {
		return g.pack, nil
	}
	if err := g.Project.CheckContentPath(); err != nil {
		return nil, err
	}
	name := g.packName()
	if name == "" {
		g.pack = content.Default()
		return g.pack, nil
	}
	fsys := g.fsys
	if fsys == nil {
		return nil, jsonfile.WithFile(name, fs.ErrNotExist)
	}
	pack, err := content.LoadFS(fsys, name)
	if err != nil {
		return nil, err
	}
	if err := pack.Usable(name); err != nil {
		return nil, err
	}
	g.pack = pack
	return pack, nil
}

// Generate generates the level at depth with master seed master as `hewn
// run` does: for a project, the first level with that depth after the
// verdict `hewn project check` gives (Project.Verdict) with and without the
// pack; for a chain, the chain at that depth after ChainVerdict. Every
// error names the file.
func (g *Generator) Generate(ctx context.Context, depth int, master uint64) (*Generated, error) {
	p := g.Project
	if g.IsChain {
		c := p.Levels[0].Chain.Clone()
		c.Depth = depth
		p = ChainProject(c)
		p.Path, p.Files = g.Project.Path, g.Project.Files
	} else {
		if _, err := p.LevelIndex(depth); err != nil {
			return nil, err
		}
		if err := p.Verdict(nil); err != nil {
			return nil, err
		}
	}
	pack, err := g.Pack()
	if err != nil {
		return nil, err
	}
	if g.IsChain {
		if err := ChainVerdict(p.Levels[0].Chain, pack, p.Path); err != nil {
			return nil, err
		}
	} else if err := p.EntityVerdict(pack); err != nil {
		return nil, err
	}
	gen, err := p.Generate(ctx, depth, master, pack)
	if err != nil {
		return nil, jsonfile.WithFile(p.Path, err)
	}
	return gen, nil
}

// LevelJSON generates a level as Generate does and returns its level JSON:
// the bytes `hewn run FILE --depth D --seed S --format json` prints.
func (g *Generator) LevelJSON(ctx context.Context, depth int, master uint64) ([]byte, error) {
	gen, err := g.Generate(ctx, depth, master)
	if err != nil {
		return nil, err
	}
	return gen.JSON()
}

// DiskFS is the file system as the command line sees it: names are paths
// as the operating system takes them, relative to the working directory or
// absolute (not the slash-only names of fs.ValidPath). NewGenerator(DiskFS,
// path) opens what `hewn run path` opens.
var DiskFS fs.FS = diskFS{}

type diskFS struct{}

func (diskFS) Open(name string) (fs.File, error) { return os.Open(name) }

// readFS reads a chain or project file from fsys for decoding, through the
// capped reader with chain.FileLimit (jsonfile.ReadFile for DiskFS, so paths
// are taken as the command line takes them). Errors are *jsonfile.FileError
// naming name.
func readFS(fsys fs.FS, name string) ([]byte, error) {
	if fsys == DiskFS {
		return jsonfile.ReadFile(name, chain.FileLimit)
	}
	return jsonfile.ReadFS(fsys, name, chain.FileLimit)
}
