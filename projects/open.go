package projects

import (
	"path/filepath"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// Kind is what a chain-or-project file holds, as Sniff tells it.
type Kind uint8

// The kinds of files Sniff tells apart.
const (
	// KindProject is a project file: it has "levels".
	KindProject Kind = iota + 1
	// KindChain is a chain file: it has "steps" and no "levels".
	KindChain
)

// String names the kind: "project" or "chain".
func (k Kind) String() string {
	switch k {
	case KindProject:
		return "project"
	case KindChain:
		return "chain"
	}
	return "unknown"
}

// Sniff tells a project file from a chain file by its "format" (hewn.project
// or hewn.chain, any version: the decoder checks it) or else by its top-level
// keys (DESIGN.md: "levels" vs "steps"): with "levels" it is a project, else
// with "steps" a chain. It is the one verdict of the command line and the editor.
// A document that is neither is an error naming both keys; one that is not
// JSON, not UTF-8, holds a duplicate key or nests too deep, or is not an
// object, is the error the decoders would give (a *jsonfile.SyntaxError or
// jsonfile.Problems). Errors name no file (jsonfile.WithFile adds it).
func Sniff(data []byte) (Kind, error) {
	body, err := chain.CheckJSON(data)
	if err != nil {
		return 0, err
	}
	keys, err := jsonfile.UnmarshalObject(body)
	if err != nil {
		return 0, err
	}
	_, levels := keys["levels"]
	_, steps := keys["steps"]
	var f string
	if jsonfile.UnmarshalString(keys[jsonfile.FormatKey], &f) == nil {
		switch kind, _, _ := jsonfile.ParseFormat(f); kind {
		case "project":
			return KindProject, nil
		case "chain":
			return KindChain, nil
		}
	}
	switch {
	case keys == nil:
		return 0, jsonfile.Problems{{Msg: `a chain or project file must be a JSON object (with "steps" or "levels")`, Step: -1}}
	case levels:
		return KindProject, nil
	case steps:
		return KindChain, nil
	}
	return 0, jsonfile.Problems{{Msg: `neither "levels" nor "steps": a project needs a list of levels, a chain a list of steps`, Step: -1}}
}

// FromChain wraps a chain in a one-level project named after it (or after
// name when the chain has none), on the embedded content pack. The project has
// no file yet: saving it asks for one, so the chain file is never overwritten
// with a project.
func FromChain(c *chain.Chain, name string) *Project {
	if c.Name != "" {
		name = c.Name
	}
	if c.Depth == 0 {
		c.Depth = 1
	}
	c.Name = name
	return &Project{Name: name, Seed: 1, Levels: []Level{{Depth: c.Depth, Name: name, Chain: c}}}
}

// Open reads a project file, or a chain file as a one-level project (chain
// reports which; Sniff tells them apart). A chain's project has no Path, so
// saving asks where; its Files are the chain's folder (the prefab files its
// steps name). Errors are *jsonfile.FileError naming path ("FILE:LINE:COL:
// message", "FILE: json.path: message"), ready for an error dialog.
func Open(path string) (p *Project, isChain bool, err error) { return openFile(path, nil) }

// openFile is Open; with keep not nil, steps that do not load are kept (see
// OpenKeep) and their problems added to *keep.
func openFile(path string, keep *chain.Problems) (p *Project, isChain bool, err error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	kind, err := Sniff(data)
	if err != nil {
		return nil, false, jsonfile.WithFile(path, err)
	}
	if kind == KindProject {
		p, err := decode(data, keep)
		if err != nil {
			return nil, false, jsonfile.WithFile(path, err)
		}
		p.Path = path
		return p, false, nil
	}
	c, err := decodeChain(data, "", keep)
	if err != nil {
		return nil, true, jsonfile.WithFile(path, err)
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	p = FromChain(c, name)
	p.Files = DirFS(filepath.Dir(path)) // the files its steps name lie beside the chain
	return p, true, nil
}

// ReadFile reads a chain or project file for decoding, through
// jsonfile.ReadFile with chain.FileLimit: what is not a regular file (a
// directory, a device, a FIFO) and a file over chain.MaxFileSize (told by its
// size before anything is read) are refused; errors are *jsonfile.FileError
// naming path ("FILE: is a directory, not a chain or project file", "FILE:
// permission denied", "FILE: the file is 50.0 MiB; chain and project files
// are at most 16 MiB").
func ReadFile(path string) ([]byte, error) { return readFS(DiskFS, path) }
