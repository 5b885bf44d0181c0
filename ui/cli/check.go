package cli

import (
	"context"
	"fmt"
	"io"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

// checkProject validates a project file: decoding (every problem with its path),
// chain preconditions, themes, prefab templates, the content pack, the
// entities its steps place by name, its pinned seeds and its acceptance rules
// over a sample of levels (projects.Project.CheckAccept). Every problem goes to
// stderr on its own line, file first ("FILE: json.path: message"; a content
// pack's problems name the pack's file), warnings prefixed "warning: ", at
// most jsonfile.MaxProblems of each and then a count. Exit 1 on any error.
func checkProject(path string, stdout, stderr io.Writer) int {
	data, err := readArg(path, chain.FileLimit)
	if err != nil {
		return inputErr(stderr, err)
	}
	p, err := projects.Decode(data)
	if err != nil {
		return inputErr(stderr, jsonfile.WithFile(path, err))
	}
	p.Path = path
	errs, warns := p.Check()
	var packErr error
	if len(errs) == 0 {
		var pack *content.Pack
		pack, packErr = p.UsablePack() // a regular file in the project's folder
		if packErr == nil {
			errs = append(errs, p.CheckEntities(pack)...)
			// pinned seeds whose level changed since they were pinned
			for _, r := range p.CheckPins(context.Background(), pack.Roller()) {
				if r.Changed() {
					errs = append(errs, r.String(p))
				}
			}
			// acceptance rules that never held over a sample of levels
			aerrs, awarns := p.CheckAccept(context.Background(), pack.Roller())
			errs, warns = append(errs, aerrs...), append(warns, awarns...)
		}
	}
	printCapped(stderr, path+": ", errs)
	if packErr != nil {
		fmt.Fprintln(stderr, packErr.Error()) // names the pack's file
	}
	printCapped(stderr, "warning: "+path+": ", warns)
	if len(errs) > 0 || packErr != nil {
		fmt.Fprintf(stderr, "%s: %d errors, %d warnings\n", path, len(errs)+btoi(packErr != nil), len(warns))
		return exitInput
	}
	fmt.Fprintf(stderr, "%s: ok (%d levels, %d warnings)\n", path, len(p.Levels), len(warns))
	return exitOK
}

// printCapped prints at most jsonfile.MaxProblems of lines, each after prefix,
// then "prefix and N more".
func printCapped(w io.Writer, prefix string, lines []string) {
	for i, l := range lines {
		if i == jsonfile.MaxProblems {
			fmt.Fprintf(w, "%sand %d more\n", prefix, len(lines)-i)
			return
		}
		fmt.Fprintln(w, jsonfile.Shorten(prefix+l))
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
