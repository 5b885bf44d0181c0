package cli

import (
	"context"
	"fmt"
	"io"
	"os"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

// checkProject validates a project file and reports every problem it has,
// not only the first: decoding (every problem with its path; a step that
// does not load is reported at its key and the rest of the project is still
// checked), chain preconditions, themes, prefab templates, the content pack
// (each of its problems, naming the pack's file), the entities its steps
// place by name, its pinned seeds and its acceptance rules over a sample of
// levels (projects.Project.CheckAccept). Every problem goes to stderr on its
// own line, file first ("FILE: json.path: message"), warnings prefixed
// "warning: ", at most jsonfile.MaxProblems of each list and then a count.
// Exit 1 on any error.
func checkProject(path string, stdout, stderr io.Writer) int {
	data, err := readArg(path, chain.FileLimit)
	if err != nil {
		return inputErr(stderr, err)
	}
	p, probs, err := projects.DecodeAll(data)
	if err != nil {
		return inputErr(stderr, jsonfile.WithFile(path, err))
	}
	p.Path = path
	var errs, packErrs []string
	for _, pr := range probs {
		errs = append(errs, pr.Error())
	}
	cerrs, warns := p.Check()
	errs = append(errs, cerrs...)
	pack, packPath, perrs, pwarns := checkPackOf(p)
	packErrs = append(packErrs, perrs...)
	if pack != nil {
		errs = append(errs, p.CheckEntities(pack)...)
		// pinned seeds whose level changed since they were pinned (with the
		// pack as it is: the editor runs a pack with errors too)
		for _, r := range p.CheckPins(context.Background(), pack.Roller()) {
			if r.Changed() {
				errs = append(errs, r.String(p))
			}
		}
		if len(errs) == 0 && len(packErrs) == 0 {
			// acceptance rules that never held over a sample of levels (a
			// level that does not run says nothing of its rules)
			aerrs, awarns := p.CheckAccept(context.Background(), pack.Roller())
			errs, warns = append(errs, aerrs...), append(warns, awarns...)
		}
	}
	printCapped(stderr, path+": ", errs)
	printCapped(stderr, packPath, packErrs)
	printCapped(stderr, "warning: "+path+": ", warns)
	printCapped(stderr, "warning: "+packPath, pwarns)
	nerr, nwarn := len(errs)+len(packErrs), len(warns)+len(pwarns)
	if nerr > 0 {
		fmt.Fprintf(stderr, "%s: %s, %s\n", path, jsonfile.Count(nerr, "error"), jsonfile.Count(nwarn, "warning"))
		return exitInput
	}
	fmt.Fprintf(stderr, "%s: ok (%s, %s)\n", path, jsonfile.Count(len(p.Levels), "level"), jsonfile.Count(nwarn, "warning"))
	return exitOK
}

// checkPackOf loads the content pack of p (the embedded one when it names
// none) and validates it: pack is nil when it cannot be read at all (errs
// then says why, naming its file); errs and warns are its problems, each
// after prefix ("FILE: ") for printCapped.
func checkPackOf(p *projects.Project) (pack *content.Pack, prefix string, errs, warns []string) {
	cp := p.ContentPath()
	if cp == "" {
		return content.Default(), "", nil, nil
	}
	if p.CheckContentPath() != nil {
		return nil, "", nil, nil // Check reported it
	}
	if _, err := os.Stat(cp); err != nil {
		return nil, "", nil, nil // Check reported it
	}
	pack, err := p.LoadPack() // a regular file, inside the project's folder once resolved
	if err != nil {
		return nil, "", []string{err.Error()}, nil // names the pack's file
	}
	for _, pr := range pack.Validate() {
		if pr.Warning {
			warns = append(warns, pr.String())
		} else {
			errs = append(errs, pr.String())
		}
	}
	return pack, cp + ": ", errs, warns
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
