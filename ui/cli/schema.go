package cli

import (
	"fmt"
	"io"
	"strings"

	"hewn/projects/schemas"
)

const schemaUsage = "schema KIND   (the JSON Schema of a kind of document: level, chain, project, content, stats, ...)"

// schemaCmd prints the JSON Schema (2020-12) of a kind of document; with
// --help, the kinds and their formats.
func schemaCmd(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			printKinds(stdout)
			return exitOK
		}
	}
	fs := newFlags("schema", stderr)
	fs.Usage = func() { printKinds(stderr) }
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr(stderr, "schema", "want one KIND (%s)", strings.Join(schemas.Names(), ", "))
	}
	b, err := schemas.Schema(pos[0])
	if err != nil {
		return usageErr(stderr, "schema", "unknown kind %q (want %s)", pos[0], strings.Join(schemas.Names(), ", "))
	}
	_, err = stdout.Write(b)
	return writeResult(stderr, err)
}

// printKinds lists the kinds of documents and their current formats.
func printKinds(w io.Writer) {
	fmt.Fprintln(w, "usage: hewn "+schemaUsage)
	fmt.Fprintln(w, "kinds:")
	for _, k := range schemas.Kinds() {
		f := k.Format
		if f == "" {
			f = "(no format key)"
		}
		fmt.Fprintf(w, "  %-12s %-20s %s\n", k.Name, f, k.About)
	}
}
