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
	real, err := d.real(name)
	if err != nil {
		return nil, err
	}
	// a named pipe would block the open, a device never end: refused unopened
	if fi, err := os.Stat(real); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errNotRegular}
	}
	return os.Open(real)
}

// Stat returns the file's information without opening it (fs.StatFS), so
// jsonfile.ReadFS refuses a pipe or a device before opening it.
func (d dirFS) Stat(name string) (fs.FileInfo, error) {
	real, err := d.real(name)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: unwrapPath(err)}
	}
	return fi, nil
}

// real is name's path on disk once its links are followed, refused when
// it leads out of the folder.
func (d dirFS) real(name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	real, err := RealInside(string(d), filepath.FromSlash(name))
	if err != nil {
		return "", &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return real, nil
}

// errNotRegular refuses a named pipe, a device or a socket where a file is
// read.
var errNotRegular = errors.New("is not a regular file (a named pipe, a device or a socket)")

// RealInside returns the path that rel, a path relative to the folder dir,
// names once every symbolic link on the way is followed (a link that does not
// lead to an existing file yet too: a save would create its target), and
// refuses it when it leads out of dir (itself resolved): a project reads and
// writes its own files only inside its folder. Errors are bare reasons
// ("leads out of the project's folder through a symbolic link ...").
func RealInside(dir, rel string) (string, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", unwrapPath(err)
	}
	p := filepath.Join(dir, rel)
	real, err := filepath.EvalSymlinks(p)
	if errors.Is(err, fs.ErrNotExist) {
		// a missing file, or a link to one: follow the links of the last
		// component by hand, then resolve its folder, which must exist
		end, lerr := resolveLinks(p)
		if lerr != nil {
			return "", lerr
		}
		folder, ferr := filepath.EvalSymlinks(filepath.Dir(end))
		if ferr != nil {
			return "", unwrapPath(err)
		}
		real, err = filepath.Join(folder, filepath.Base(end)), nil
	}
	if err != nil {
		return "", unwrapPath(err)
	}
	if r, err := filepath.Rel(root, real); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", errOutside
	}
	return real, nil
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
