package projects

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"

	"hewn/chain"
)

// IsChainJSON reports whether data looks like a chain file rather than a
// project: a JSON object with "steps" and no "levels" (DESIGN.md: files are told
// apart by their keys).
func IsChainJSON(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 byte-order mark
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil {
		return false
	}
	_, steps := keys["steps"]
	_, levels := keys["levels"]
	return steps && !levels
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
// reports which). A chain's project has no Path, so saving asks where. Errors
// are *chain.FileError naming path ("FILE:LINE:COL: message", "FILE:
// json.path: message"), ready for an error dialog.
func Open(path string) (p *Project, isChain bool, err error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	if !IsChainJSON(data) {
		p, err := Decode(data)
		if err != nil {
			return nil, false, chain.WithFile(path, err)
		}
		p.Path = path
		return p, false, nil
	}
	c, err := chain.DecodeJSON(data, "")
	if err != nil {
		return nil, true, chain.WithFile(path, err)
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return FromChain(c, name), true, nil
}

// ReadFile reads a chain or project file for decoding. A directory, and a
// file over chain.MaxFileSize (told by its size before anything is read), are
// refused; errors are *chain.FileError naming path ("FILE: is a directory",
// "FILE: permission denied", "FILE: the file is 50.0 MiB; chain and project
// files are at most 16 MiB").
func ReadFile(path string) ([]byte, error) { return readFS(DiskFS, path) }
