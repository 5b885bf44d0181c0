package projects

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hewn/chain"
	"hewn/chain/prefab"
)

// DirFS returns the files of the folder dir as a run reads the files its
// steps name: by slash-separated paths inside the folder (fs.ValidPath). A
// path that leads out of the folder once symbolic links are followed
// (filepath.EvalSymlinks) is refused, so a project reads nothing outside its
// folder; prefab.ReadFile bounds what it reads.
func DirFS(dir string) fs.FS { return dirFS(dir) }

type dirFS string

// errOutside is DirFS's refusal of a path that a symbolic link leads out of
// the folder.
var errOutside = errors.New("leads out of the project's folder through a symbolic link (copy the file beside the project)")

func (d dirFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	root, err := filepath.EvalSymlinks(string(d))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPath(err)}
	}
	real, err := filepath.EvalSymlinks(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: unwrapPath(err)}
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errOutside}
	}
	return os.Open(real)
}

// noFiles is a file set with no file in it.
type noFiles struct{}

func (noFiles) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// FileSystem returns where the files the project's steps name are read: Files
// when set, else the folder of Path (DirFS), else nil (a project not saved
// yet reads no files).
func (p *Project) FileSystem() fs.FS {
	if p.Files != nil {
		return p.Files
	}
	if p.Path == "" {
		return nil
	}
	return DirFS(filepath.Dir(p.Path))
}

// FilePaths lists the prefab files the project's steps name (chain.PrefabFile
// parameters, sub-chains included), each with the JSON path of its
// parameter, in the order of the levels and steps.
func (p *Project) FilePaths() (files, paths []string) {
	p.walkParams(func(s *chain.Step, prm chain.Param, path string) {
		if name, ok := s.Params[prm.Name].(string); ok && name != "" && prm.Type == chain.PrefabFile {
			files, paths = append(files, name), append(paths, path)
		}
	})
	return files, paths
}

// checkFiles reads and decodes every prefab file the project's steps name, as
// a run would: a file that is missing, unreadable or malformed is an error
// ("levels[0].chain.steps[2].params.file: depth5.xp: layer 0 cell (3,4):
// ..."), glyphs of an .xp the legend does not know a warning.
func (p *Project) checkFiles() (errs, warns []string) {
	files, paths := p.FilePaths()
	if len(files) == 0 {
		return nil, nil
	}
	fsys, l := p.FileSystem(), p.PrefabLegend()
	for i, name := range files {
		f, err := prefab.ReadFile(fsys, name)
		if err == nil {
			var unknown []prefab.UnknownGlyph
			if _, unknown, err = f.Template(l); err == nil && len(unknown) > 0 {
				warns = append(warns, fmt.Sprintf("%s: %s", paths[i], prefab.UnknownWarning(name, unknown)))
			}
		}
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", paths[i], err))
		}
	}
	return errs, warns
}
