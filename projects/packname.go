package projects

import (
	"bytes"
	"path/filepath"

	"hewn/content"
)

// FreePackName is the content path a pack made part of the project (an
// imported pack, or the embedded pack's editable copy) gets beside the
// project file: base, or base with a number ("spawns-2.json") when another
// file there holds something else, so the next save never writes over a
// file the project does not own. A project without a file yet gets base
// (its first save finds a free name the same way: PreparePackSave).
func (p *Project) FreePackName(base string, pack *content.Pack) string {
	if p.Path == "" {
		return base
	}
	var b bytes.Buffer
	_ = pack.Export(&b)
	return freeName(filepath.Dir(p.Path), base, b.Bytes())
}
