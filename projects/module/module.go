// Package module is the Hewn runtime module's state and calls in plain Go: a
// file set the host fills, the project (or chain) opened from it, levels
// generated as `hewn run --format json` prints them, and the last level drawn
// as the editor draws it. The WebAssembly build (projects/module/wasm, built
// by `make wasm` into hewn-runtime.wasm) exports these calls with the ABI its
// package comment documents; here they run and are tested natively.
//
// Every call returns its output bytes and whether it succeeded; on failure the
// output is the error text, the command line's ("FILE:LINE:COL: message",
// "FILE: json.path: message"), and a panic is turned into an error: a bad
// project never crashes the host.
package module

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"time"

	"hewn/projects"
)

// ABIVersion is the version of the module's ABI (hewn_abi_version): it
// changes when an export's meaning or signature does.
const ABIVersion = 1

// Module is the runtime's state. The zero value is ready: an empty file set,
// nothing open. It is not safe for concurrent use (a WebAssembly instance is
// single-threaded).
type Module struct {
	files map[string][]byte
	gen   *projects.Generator
	last  *projects.Generated
}

// AddFile puts a file in the file set under name, a path as the project's
// file name and the files it names resolve (path.Join of the project's folder
// and the relative path it holds: "levels/spawns.json"); data is copied. A
// file already there is replaced. Names are cleaned (path.Clean).
func (m *Module) AddFile(name string, data []byte) {
	if m.files == nil {
		m.files = map[string][]byte{}
	}
	m.files[path.Clean(name)] = slices.Clone(data)
}

// Reset empties the file set and forgets the open project and the last level.
func (m *Module) Reset() { *m = Module{} }

// Open opens the file called name from the file set (a project, or a chain
// when it has no "levels" key), or the embedded example project when name is
// "". Its output is the JSON list of the files the project names (its content
// pack): the host adds them before generating.
func (m *Module) Open(name string) (out []byte, ok bool) {
	return call(func() ([]byte, error) {
		m.gen, m.last = nil, nil
		var g *projects.Generator
		var err error
		if name == "" {
			g, err = projects.NewExampleGenerator()
		} else {
			g, err = projects.NewGenerator(memFS(m.files), name)
		}
		if err != nil {
			return nil, err
		}
		m.gen = g
		return json.Marshal(g.Files())
	})
}

// Levels lists the open project's levels as JSON: [{"depth", "name", "theme",
// "width", "height"}, ...] (a chain's one level).
func (m *Module) Levels() (out []byte, ok bool) {
	return call(func() ([]byte, error) {
		if m.gen == nil {
			return nil, errNotOpen
		}
		return json.Marshal(m.gen.Levels())
	})
}

// Generate generates the level at depth with master seed seed and returns
// its level JSON: the bytes `hewn run FILE --depth DEPTH --seed SEED --format
// json` prints (projects.Generator.LevelJSON).
func (m *Module) Generate(depth int, seed uint64) (out []byte, ok bool) {
	return call(func() ([]byte, error) {
		m.last = nil
		if m.gen == nil {
			return nil, errNotOpen
		}
		g, err := m.gen.Generate(context.Background(), depth, seed)
		if err != nil {
			return nil, err
		}
		m.last = g
		return g.JSON()
	})
}

// View returns the last generated level as the editor draws it, as JSON
// (projects.View): {"format": "hewn.view/1", "width", "height", "glyphs": [row, ...], "fg": [row, ...],
// "bg": [row, ...]}, a row of fg or bg holding six hex digits (RRGGBB) per
// cell; the glyphs and colours are the level's theme's.
func (m *Module) View() (out []byte, ok bool) {
	return call(func() ([]byte, error) {
		if m.last == nil {
			return nil, fmt.Errorf("hewn: no level generated yet (call hewn_generate first)")
		}
		return json.Marshal(m.last.View())
	})
}

var errNotOpen = fmt.Errorf("hewn: no project open (call hewn_open first)")

// call runs f, turning its error, or a panic, into the error text.
func call(f func() ([]byte, error)) (out []byte, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			out, ok = []byte(fmt.Sprintf("hewn: internal error: %v", r)), false
		}
	}()
	out, err := f()
	if err != nil {
		return []byte(err.Error()), false
	}
	return out, true
}

// memFS serves the file set. Its names are the host's (cleaned) paths as the
// project resolves them, which may be absolute or climb with "..", unlike
// fs.ValidPath's: it is only read by projects.Generator.
type memFS map[string][]byte

func (f memFS) Open(name string) (fs.File, error) {
	data, ok := f[path.Clean(name)]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return &memFile{name: path.Base(name), data: data}, nil
}

type memFile struct {
	name string
	data []byte
	off  int
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Read(p []byte) (int, error) {
	if f.off >= len(f.data) {
		return 0, io.EOF
	}
	n := copy(p, f.data[f.off:])
	f.off += n
	return n, nil
}

// memFile is its own fs.FileInfo.
func (f *memFile) Name() string       { return f.name }
func (f *memFile) Size() int64        { return int64(len(f.data)) }
func (f *memFile) Mode() fs.FileMode  { return 0o444 }
func (f *memFile) ModTime() time.Time { return time.Time{} }
func (f *memFile) IsDir() bool        { return false }
func (f *memFile) Sys() any           { return nil }
