// Package cli implements every hewn subcommand. It never imports Fyne.
//
// Exit codes: 0 ok, 1 invalid input (the message names the problem), 2 usage error.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"hewn/chain/jsonfile"
	"hewn/projects"
	_ "hewn/ui/cli/internal/quietlocale" // no "Error parsing user locale C" from Fyne
)

// Exit codes.
const (
	exitOK    = 0
	exitInput = 1
	exitUsage = 2
)

// command is one subcommand.
type command struct {
	usage string
	run   func(args []string, stdout, stderr io.Writer) int
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"run":      {"run CHAIN|PROJECT [--seed N] [--depth D] [--content PACK|default] [--format ascii|json|png|gif] [--no-spawns] [--out FILE|-]", runCmd},
		"content":  {"content check PACK|default | content export PACK|default [--out F|-] | content odds PACK|default --depth D | content schema", contentCmd},
		"project":  {"project new NAME [--out FILE|-] [--force] | project check FILE", projectCmd},
		"builders": {"builders [NAME]", buildersCmd},
		"stats":    {statsUsage, statsCmd},
		"play":     {playUsage, playCmd},
		"tune":     {tuneUsage, tuneCmd},
		"export":   {"export tiled CHAIN|PROJECT [--depth D] --seed N --out LEVEL.tmj [--cell PX] [--content PACK]", exportCmd},
		"prefab":   {prefabUsage, prefabCmd},
		"schema":   {schemaUsage, schemaCmd},
		"help":     {"help", helpCmd},
	}
}

// Main runs the subcommand in args and returns the process exit code.
func Main(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "hewn: internal error (please report): %v\n", r)
			code = exitInput
		}
	}()
	RestoreGOMAXPROCS()
	if len(args) == 0 {
		return helpCmd(nil, stderr, stderr)
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "-help" {
		return helpCmd(nil, stdout, stderr)
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "hewn: unknown command %q\n", name)
		helpCmd(nil, stderr, stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func helpCmd(_ []string, stdout, _ io.Writer) int {
	fmt.Fprintln(stdout, "usage: hewn                 open the editor")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if n != "help" {
			fmt.Fprintln(stdout, "       hewn "+commands[n].usage)
		}
	}
	return exitOK
}

// newFlags returns a flag set whose errors go to stderr and never exit the process.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("hewn "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// usageErr prints a usage error and returns exit code 2.
func usageErr(stderr io.Writer, cmd, format string, args ...any) int {
	fmt.Fprintf(stderr, "hewn %s: %s\n", cmd, fmt.Sprintf(format, args...))
	if c, ok := commands[strings.Fields(cmd)[0]]; ok {
		fmt.Fprintln(stderr, "usage: hewn "+c.usage)
	}
	return exitUsage
}

// inputErr prints an invalid-input error and returns exit code 1. An error
// located in a file (a *jsonfile.FileError) prints as it is, every line starting
// with the file ("FILE:LINE:COL: message", "FILE: json.path: message"); a
// failed write says "hewn: cannot write PATH: reason"; anything else is
// prefixed "hewn: ".
func inputErr(stderr io.Writer, err error) int {
	if errors.Is(err, context.Canceled) { // Ctrl+C or SIGTERM while writing
		fmt.Fprintln(stderr, "hewn: interrupted; nothing written")
		return exitInterrupted
	}
	var fe *jsonfile.FileError
	if errors.As(err, &fe) {
		fmt.Fprintln(stderr, err.Error())
		return exitInput
	}
	var we *projects.WriteError
	if errors.As(err, &we) {
		fmt.Fprintln(stderr, jsonfile.Shorten(fmt.Sprintf("hewn: cannot write %s: %v", we.Path, we.Err)))
		return exitInput
	}
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		lines[i] = jsonfile.Shorten("hewn: " + l)
	}
	fmt.Fprintln(stderr, strings.Join(lines, "\n"))
	return exitInput
}

// fileErr reports an error raised while running the file at path (a builder
// failing, a bot's game failing to start): it prints starting with the file,
// as load errors do ("FILE: steps[1] waveform_collapse: ..."). A failed write
// keeps its own form (see inputErr).
func fileErr(stderr io.Writer, path string, err error) int {
	var we *projects.WriteError
	if errors.As(err, &we) {
		return inputErr(stderr, err)
	}
	return inputErr(stderr, jsonfile.WithFile(path, err))
}

// parseFlags parses flags that may stand before or after the positional
// arguments (Go's flag package alone stops at the first non-flag) and returns the
// positionals. "--" ends flag parsing. A parse error is a usage error.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil {
			if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
				continue
			}
			if i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		}
	}
	w, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard) // the flag package's own words and usage dump: said in one line below
	fs.Usage = func() {}
	err := fs.Parse(flags)
	fs.SetOutput(w)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return nil, err
		}
		fmt.Fprintf(w, "%s: %s (see %s --help)\n", fs.Name(), flagProblem(fs, err), fs.Name())
		return nil, err
	}
	return pos, nil
}

// lazyRegexp compiles expr when first used, not at init: every command
// of the binary would pay for it at start-up.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// The flag package's errors, as it words them.
var (
	badFlagValue = lazyRegexp(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-([^:]+): (.*)$`)
	unknownFlag  = lazyRegexp(`^flag provided but not defined: -(.*)$`)
	flagNoValue  = lazyRegexp(`^flag needs an argument: -(.*)$`)
)

// flagProblem words a flag parse error of fs in one line naming the flag
// and the value: "--depth: "abc" is not a whole number".
func flagProblem(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if m := unknownFlag().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown flag --%s", m[1])
	}
	if m := flagNoValue().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("--%s needs a value", m[1])
	}
	m := badFlagValue().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	value, name, why := m[1], m[2], m[3]
	switch why {
	case "parse error":
		why = fmt.Sprintf("%q is not a valid value", value)
		if f := fs.Lookup(name); f != nil {
			if g, ok := f.Value.(flag.Getter); ok {
				switch g.Get().(type) {
				case int, int64, uint, uint64:
					why = fmt.Sprintf("%q is not a whole number", value)
				case float64:
					why = fmt.Sprintf("%q is not a number", value)
				case bool:
					why = fmt.Sprintf("%q is not true or false", value)
				case time.Duration:
					why = fmt.Sprintf("%q is not a duration (e.g. 30s, 2m)", value)
				}
			}
		}
	case "value out of range":
		why = fmt.Sprintf("%q is out of range", value)
	}
	return "--" + name + ": " + why
}

// readArg reads a file named on the command line, of at most l.Max bytes
// (jsonfile.ReadFile): a directory or a device (/dev/zero, a terminal) is
// refused, but a named pipe is read too (`cat level.json | hewn run
// /dev/stdin`, a shell's <(...)), since the user named it. Errors name the
// file.
func readArg(path string, l jsonfile.Limit) ([]byte, error) {
	return jsonfile.ReadFile(path, l.WithPipes())
}

// IsCommand reports whether name is a hewn subcommand (or a help flag), so the
// caller can tell `hewn run ...` from `hewn level.hewn.json`.
func IsCommand(name string) bool {
	if name == "-h" || name == "--help" || name == "-help" {
		return true
	}
	_, ok := commands[name]
	return ok
}
