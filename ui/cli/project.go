package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"hewn/projects"
)

func projectCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return usageErr(stderr, "project", "want a subcommand: new or check")
	}
	switch args[0] {
	case "new":
		fs := newFlags("project new", stderr)
		out := fs.String("out", "", "file to write (default NAME.hewn.json in the current folder; - for stdout)")
		force := fs.Bool("force", false, "overwrite the file if it exists")
		pos, err := parseFlags(fs, args[1:])
		if err != nil {
			return exitUsage
		}
		if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
			return usageErr(stderr, "project", "project new wants one NAME")
		}
		p := projects.New(pos[0])
		path := *out
		if path == "" {
			path = fileName(pos[0]) + ".hewn.json"
		}
		var buf bytes.Buffer
		if err := p.Encode(&buf); err != nil {
			return inputErr(stderr, err)
		}
		if path == "-" {
			stdout.Write(buf.Bytes())
			return exitOK
		}
		if fi, err := os.Stat(path); err == nil && !*force && !fi.IsDir() {
			return inputErr(stderr, fmt.Errorf("%s already exists; not overwriting it (--force overwrites, --out writes elsewhere)", path))
		}
		if err := projects.WriteFileAtomic(path, buf.Bytes()); err != nil {
			return inputErr(stderr, err)
		}
		fmt.Fprintf(stderr, "wrote %s\n", path)
		return exitOK
	case "check":
		fs := newFlags("project check", stderr)
		pos, err := parseFlags(fs, args[1:])
		if err != nil {
			return exitUsage
		}
		if len(pos) != 1 {
			return usageErr(stderr, "project", "project check wants one FILE")
		}
		return checkProject(pos[0], stdout, stderr)
	}
	return usageErr(stderr, "project", "unknown subcommand %q (want new or check)", args[0])
}

var unsafeName = lazyRegexp(`[^A-Za-z0-9._-]+`)

func fileName(name string) string {
	s := strings.Trim(unsafeName().ReplaceAllString(strings.ToLower(name), "_"), "_.")
	if s == "" {
		s = "project"
	}
	return s
}
