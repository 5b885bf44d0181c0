package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"hewn/chain/jsonfile"
	"hewn/content"
)

const contentUsage = "content check PACK.json|default | content export PACK.json|default [--out FILE|-] | content odds PACK.json|default --depth D | content schema"

// contentCmd runs `hewn content check|export|odds|schema`.
func contentCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return contentUsageErr(stderr, "missing subcommand (want check, export, odds or schema)")
	}
	sub, rest := args[0], args[1:]
	fs := newFlags("content "+sub, stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: hewn "+contentUsage) }
	var out *string
	var depth *int
	switch sub {
	case "check", "schema":
	case "export":
		out = fs.String("out", "", "write the pack to `FILE` (atomically; - for stdout) instead of stdout")
	case "odds":
		depth = fs.Int("depth", -1, "the map `depth` to compute odds for (required)")
	case "-h", "--help", "-help", "help":
		fmt.Fprintln(stdout, "usage: hewn "+contentUsage)
		return exitOK
	default:
		return contentUsageErr(stderr, fmt.Sprintf("unknown subcommand %q (want check, export, odds or schema)", sub))
	}
	pos, err := parseFlags(fs, rest)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage // parseFlags said why
	}
	if sub == "schema" {
		if len(pos) != 0 {
			return contentUsageErr(stderr, fmt.Sprintf("schema takes no arguments, got %q", strings.Join(pos, " ")))
		}
		_, err := stdout.Write(content.Schema())
		return writeResult(stderr, err)
	}
	if len(pos) != 1 {
		return contentUsageErr(stderr, fmt.Sprintf("%s wants one PACK.json, got %d arguments", sub, len(pos)))
	}
	if depth != nil && *depth < 0 {
		return contentUsageErr(stderr, "odds needs --depth D (a depth of 0 or more)")
	}
	path := pos[0]
	p, err := openPack(path)
	if err != nil {
		return inputErr(stderr, err)
	}
	switch sub {
	case "check":
		return contentCheck(path, p, stdout, stderr)
	case "export":
		b, _ := p.MarshalJSON()
		return writeResult(stderr, writeOut(*out, stdout, b))
	default: // odds: of a pack the runs would take (content.Pack.Usable)
		if err := p.Usable(path); err != nil {
			return inputErr(stderr, err)
		}
		return contentOdds(p, *depth, stdout, stderr)
	}
}

func contentUsageErr(stderr io.Writer, msg string) int {
	fmt.Fprintln(stderr, "hewn content: "+msg)
	fmt.Fprintln(stderr, "usage: hewn "+contentUsage)
	return exitUsage
}

func writeResult(stderr io.Writer, err error) int {
	if err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}

// defaultPack is the name that stands for the embedded default pack.
const defaultPack = "default"

// openPack reads the pack at path, or the embedded default pack for "default"
// (kept as its source says, so exporting it is lossless).
func openPack(path string) (*content.Pack, error) {
	if path == defaultPack {
		p, err := content.Parse(content.DefaultJSON())
		return p, jsonfile.WithFile(defaultPack, err)
	}
	data, err := readArg(path, content.PackLimit)
	if err != nil {
		return nil, err
	}
	p, err := content.Parse(data)
	return p, jsonfile.WithFile(path, err)
}

// contentCheck prints every problem on its own line on stderr, file and JSON
// path first ("FILE: json.path: message"): errors, then warnings prefixed
// "warning: ", at most jsonfile.MaxProblems of each and then a count. Exit 1 on
// any error.
func contentCheck(path string, p *content.Pack, stdout, stderr io.Writer) int {
	var errs, warns []string
	for _, pr := range p.Validate() {
		if pr.Warning {
			warns = append(warns, pr.String())
		} else {
			errs = append(errs, pr.String())
		}
	}
	nerr, nwarn := len(errs), len(warns)
	printCapped(stderr, path+": ", errs)
	printCapped(stderr, "warning: "+path+": ", warns)
	if nerr > 0 {
		fmt.Fprintf(stderr, "%s: %s, %s\n", path, jsonfile.Count(nerr, "error"), jsonfile.Count(nwarn, "warning"))
		return exitInput
	}
	fmt.Fprintf(stderr, "%s: ok (%s)\n", path, jsonfile.Count(nwarn, "warning"))
	return exitOK
}

// contentOdds prints {"format": "hewn.odds/1", "depth": D, "entries": [...]}
// in spawn table order (content.OddsReport).
func contentOdds(p *content.Pack, depth int, stdout, stderr io.Writer) int {
	b, err := json.MarshalIndent(p.OddsReport(depth), "", "  ")
	if err != nil {
		return inputErr(stderr, err)
	}
	_, err = stdout.Write(append(b, '\n'))
	return writeResult(stderr, err)
}

// loadPack loads the content pack at path (the embedded default pack for "" or
// "default") and refuses one with validation errors (content.Pack.Usable),
// naming the first few, each "PACK: json.path: message" (a *jsonfile.FileError
// naming the pack's file, also when the pack is a project's). Warnings are
// ignored. Chain runs should roll on pack.Roller() (an immutable snapshot).
func loadPack(path string) (*content.Pack, error) {
	if path == "" || path == defaultPack {
		return content.Default(), nil
	}
	p, err := openPack(path)
	if err != nil {
		return nil, err
	}
	if err := p.Usable(path); err != nil {
		return nil, err
	}
	return p, nil
}
