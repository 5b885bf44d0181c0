package projects

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"hewn/chain/jsonfile"
	"hewn/content"
)

// PackFile is the file name "Make editable copy" gives the embedded pack's
// copy beside the project file.
const PackFile = "spawns.json"

// LoadPack reads the project's content pack: the file at ContentPath, or a
// fresh copy of the embedded default pack when the project names none. A
// content path outside the project's folder is not read (CheckContentPath).
func (p *Project) LoadPack() (*content.Pack, error) {
	path := p.ContentPath()
	if path == "" {
		return content.Default(), nil
	}
	if err := p.CheckContentPath(); err != nil {
		return nil, err
	}
	return content.LoadFile(path)
}

// CheckContentPath refuses a content path that leaves the project's folder
// (absolute, or climbing out with ".."): a project file must not make Hewn
// read files elsewhere. A project without a file yet is not checked (the
// editor copies an outside pack beside the project when it is saved); a pack
// elsewhere is given to the command line with --content.
func (p *Project) CheckContentPath() error {
	if p.Content == "" || p.Path == "" {
		return nil
	}
	if !InsideFolder(p.Content) {
		return jsonfile.WithFile(p.Path, jsonfile.Problems{{Path: "content", Step: -1,
			Msg: fmt.Sprintf("%q is outside the project's folder (copy the pack beside the project, or give it with --content)", p.Content)}})
	}
	// the folder rule holds on the resolved path: a link inside the folder
	// may not lead out of it
	if _, err := RealInside(filepath.Dir(p.Path), p.Content); errors.Is(err, errOutside) {
		return jsonfile.WithFile(p.Path, jsonfile.Problems{{Path: "content", Step: -1,
			Msg: fmt.Sprintf("%q %v", p.Content, err)}})
	}
	return nil
}

// InsideFolder reports whether rel, a path relative to a folder, stays inside
// that folder (not absolute, never climbing out with "..").
func InsideFolder(rel string) bool {
	if filepath.IsAbs(rel) || rel == "" {
		return false
	}
	c := filepath.Clean(rel)
	return c != ".." && !strings.HasPrefix(c, ".."+string(filepath.Separator))
}

// SavePack writes pack, as the content pack exports it (losslessly), to the
// project's content file (atomically, like project saves). A project on the
// embedded pack has no file to write: make an editable copy first.
func (p *Project) SavePack(pack *content.Pack) error {
	path := p.ContentPath()
	if path == "" {
		return fmt.Errorf("projects: the project uses the embedded content pack, which is read-only (make an editable copy)")
	}
	if !filepath.IsAbs(path) && p.Path == "" {
		return fmt.Errorf("projects: save the project first: its content pack %q lives beside the project file", p.Content)
	}
	if !filepath.IsAbs(p.Content) {
		// never written through a link that leaves the project's folder
		if _, err := RealInside(filepath.Dir(p.Path), p.Content); errors.Is(err, errOutside) {
			return &WriteError{Path: path, Err: err}
		}
	}
	// a project's own file is a file: a pipe would block the save
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return &WriteError{Path: path, Err: errNotRegular}
	}
	var b bytes.Buffer
	if err := pack.Export(&b); err != nil {
		return err
	}
	return WriteFileAtomic(path, b.Bytes())
}

// PreparePackSave readies p, a copy about to be saved as path, for its
// content pack: when the pack's file would not sit where the project expects
// it (the project moves to another folder with Save As, or names a pack
// outside its folder), the pack goes beside the new project file (under a
// name no other file there uses) and must be written. It sets p.Path and
// returns whether p.Pack must be written with SavePack. A project on the
// embedded pack, or whose pack was never loaded, needs nothing.
func (p *Project) PreparePackSave(path string) (write bool) {
	old := p.ContentPath()
	p.Path = path
	if p.Content == "" || p.Pack == nil {
		return false
	}
	if InsideFolder(p.Content) && p.ContentPath() == old {
		return false
	}
	var b bytes.Buffer
	_ = p.Pack.Export(&b)
	p.Content = freeName(filepath.Dir(path), filepath.Base(old), b.Bytes())
	return true
}

// freeName is base, or base with a number, whichever names no file in dir
// or a file holding data already (read as a content pack: a file that cannot
// be read as one is not taken).
func freeName(dir, base string, data []byte) string {
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, i, ext)
		}
		old, err := jsonfile.ReadFile(filepath.Join(dir, name), content.PackLimit)
		if errors.Is(err, fs.ErrNotExist) || err == nil && bytes.Equal(old, data) {
			return name
		}
	}
}
