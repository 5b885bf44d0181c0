package content

import (
	"fmt"
	"io/fs"

	"hewn/chain"
)

// MaxRunErrors is how many of a pack's errors Usable reports.
const MaxRunErrors = 5

// Usable refuses a pack with validation errors, as every command and runtime
// that generates levels does: the first MaxRunErrors errors, each "FILE:
// json.path: message" (a *chain.FileError naming file, the pack's file), then
// "and N more errors (see hewn content check FILE)". Warnings are ignored.
func (p *Pack) Usable(file string) error {
	errs, _ := Errors(p.Validate()).(chain.Problems)
	if len(errs) == 0 {
		return nil
	}
	if n := len(errs); n > MaxRunErrors {
		errs = append(errs[:MaxRunErrors:MaxRunErrors], chain.Problem{
			Msg: fmt.Sprintf("and %d more errors (see hewn content check %s)", n-MaxRunErrors, file), Step: -1})
	}
	return chain.WithFile(file, errs)
}

// LoadFS reads the pack called name from fsys, as LoadFile reads one from
// disk: its errors are *chain.FileError naming name.
func LoadFS(fsys fs.FS, name string) (*Pack, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, chain.WithFile(name, err)
	}
	defer f.Close()
	p, err := Load(f)
	if err != nil {
		return nil, chain.WithFile(name, err)
	}
	return p, nil
}
