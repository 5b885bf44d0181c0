package projects

import (
	"bytes"
	"fmt"
	"path/filepath"

	"hewn/content"
)

// PackFile is the file name "Make editable copy" gives the embedded pack's
// copy beside the project file.
const PackFile = "spawns.json"

// LoadPack reads the project's content pack: the file at ContentPath, or a
// fresh copy of the embedded default pack when the project names none.
func (p *Project) LoadPack() (*content.Pack, error) {
	path := p.ContentPath()
	if path == "" {
		return content.Default(), nil
	}
	return content.LoadFile(path)
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
	var b bytes.Buffer
	if err := pack.Export(&b); err != nil {
		return err
	}
	return WriteFileAtomic(path, b.Bytes())
}
