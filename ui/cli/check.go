package cli

import (
	"context"
	"fmt"
	"io"

	"hewn/projects"
)

// checkProject validates a project file: decoding (every problem with its path),
// chain preconditions, themes, prefab templates, the content pack and the
// entities its steps place by name. Problems
// print one per line, file first ("FILE: json.path: message"; a content pack's
// problems name the pack's file), warnings prefixed "warning: ". Exit 1 on any
// error.
func checkProject(path string, stdout, stderr io.Writer) int {
	p, err := projects.Load(path)
	if err != nil {
		return inputErr(stderr, err)
	}
	errs, warns := p.Check()
	for _, e := range errs {
		fmt.Fprintln(stdout, path+": "+e)
	}
	if len(errs) == 0 {
		pack, err := loadPack(p.ContentPath())
		if err != nil {
			fmt.Fprintln(stdout, err.Error())
			errs = append(errs, err.Error())
		} else {
			for _, e := range p.CheckEntities(pack) {
				fmt.Fprintln(stdout, path+": "+e)
				errs = append(errs, e)
			}
			// pinned seeds whose level changed since they were pinned
			for _, r := range p.CheckPins(context.Background(), pack.Roller()) {
				if r.Changed() {
					e := r.String(p)
					fmt.Fprintln(stdout, path+": "+e)
					errs = append(errs, e)
				}
			}
		}
	}
	for _, w := range warns {
		fmt.Fprintln(stdout, "warning: "+path+": "+w)
	}
	if len(errs) > 0 {
		return exitInput
	}
	fmt.Fprintf(stderr, "%s: ok (%d levels, %d warnings)\n", path, len(p.Levels), len(warns))
	return exitOK
}
