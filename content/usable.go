package content

import (
	"fmt"
	"io/fs"

	"hewn/chain/jsonfile"
)

// MaxRunErrors is how many of a pack's errors Usable reports.
const MaxRunErrors = 5

// Usable refuses a pack with validation errors, as every command and runtime
// that generates levels does: the first MaxRunErrors errors, each "FILE:
// json.path: message" (a *jsonfile.FileError naming file, the pack's file), then
// "and N more errors (see hewn content check FILE)". Warnings are ignored.
func (p *Pack) Usable(file string) error {
	errs, _ := Errors(p.Validate()).(jsonfile.Problems)
	if len(errs) == 0 {
		return nil
	}
	if n := len(errs); n > MaxRunErrors {
		errs = append(errs[:MaxRunErrors:MaxRunErrors], jsonfile.Problem{
			Msg: fmt.Sprintf("and %s more (see hewn content check %s)", jsonfile.Count(n-MaxRunErrors, "error"), file), Step: -1})
	}
	return jsonfile.WithFile(file, errs)
}

// LoadFS reads the pack called name from fsys, as LoadFile reads one from
// disk: its errors are *jsonfile.FileError naming name.
func LoadFS(fsys fs.FS, name string) (*Pack, error) {
	data, err := jsonfile.ReadFS(fsys, name, PackLimit)
	if err != nil {
		return nil, err
	}
	p, err := Parse(data)
	if err != nil {
		return nil, jsonfile.WithFile(name, err)
	}
	return p, nil
}
