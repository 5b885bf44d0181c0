package cli

import (
	"fmt"
	"io"

	"hewn/projects"
)

// checkProject validates a project file: decoding (every problem with its path),
// chain preconditions, themes and the content pack. Exit 1 on any error.
func checkProject(path string, stdout, stderr io.Writer) int {
	p, err := projects.Load(path)
	if err != nil {
		return inputErr(stderr, err)
	}
	errs, warns := p.Check()
	if cp := p.ContentPath(); cp != "" && len(errs) == 0 {
		if _, err := loadPack(cp); err != nil {
			errs = append(errs, fmt.Sprintf("content: %v", err))
		}
	}
	for _, e := range errs {
		fmt.Fprintln(stdout, e)
	}
	for _, w := range warns {
		fmt.Fprintln(stdout, "warning: "+w)
	}
	if len(errs) > 0 {
		return exitInput
	}
	fmt.Fprintf(stderr, "%s: ok (%d levels, %d warnings)\n", path, len(p.Levels), len(warns))
	return exitOK
}
