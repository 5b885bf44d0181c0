package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/cli"
)

// `hewn FILE` opens the editor on FILE (as a file manager starts it); a
// subcommand, a flag or a typo of a command goes to the command line.
func TestOneFileArgumentOpensTheEditor(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "level")
	require.NoError(t, os.WriteFile(existing, []byte("{}"), 0o644))
	for _, c := range []struct {
		args   []string
		editor bool
	}{
		{[]string{"level.hewn.json"}, true},   // missing: the editor opens with the error
		{[]string{existing}, true},            // any existing file
		{[]string{"caves.json"}, true},        // a chain file
		{[]string{"run"}, false},              // a subcommand
		{[]string{"--help"}, false},           // a flag
		{[]string{"rnu"}, false},              // a typo: "unknown command"
		{[]string{"a.json", "b.json"}, false}, // two files: the command line says why not
		{[]string{"run", "x.json", "--seed", "1"}, false},
	} {
		assert.Equal(t, c.editor, editorFile(c.args), "%q", c.args)
	}
}

// TestNoSchemaLibrariesLinked: the binary links neither JSON Schema library
// (issue 25: santhosh-tekuri/jsonschema's init alone took 4-7 ms of every
// run; invopop/jsonschema pulls a YAML parser). Tests use them; Hewn derives
// and checks its schemas itself (chain/jsonfile/jsonschema).
func TestNoSchemaLibrariesLinked(t *testing.T) {
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, dep := range strings.Fields(string(out)) {
		assert.False(t, strings.HasPrefix(dep, "github.com/santhosh-tekuri/") || strings.HasPrefix(dep, "github.com/invopop/") ||
			strings.HasPrefix(dep, "go.yaml.in/"), "hewn links %s", dep)
	}
}

// TestHewnPackagesDoNoWorkAtInit: Go runs the init of every linked package
// in every process, so Hewn's own packages make their tables, regexps and
// parsed data when first used (issue 25: a regexp of Unicode classes in
// projects' init alone cost 0.3 ms of every command). The test binary links
// the same packages as hewn; it reruns itself with GODEBUG=inittrace=1 and
// adds up what hewn/... packages allocate at init (about 95 KB: the field
// descriptions and builder registrations, which are data).
func TestHewnPackagesDoNoWorkAtInit(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	total, seen := 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		// init hewn/projects @4.7 ms, 0.24 ms clock, 70840 bytes, 63 allocs
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "init" || !strings.HasPrefix(f[1], "hewn/") || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		require.NoError(t, err, line)
		total += n
		seen++
		assert.LessOrEqual(t, n, 64<<10, "%s allocates at init", f[1])
	}
	require.Positive(t, seen, "no init trace in:\n%s", out)
	assert.LessOrEqual(t, total, 160<<10, "hewn's packages allocate %d bytes at init", total)
}

// TestCommandLineBuildWithoutEditor: `make cli` (the tag nogui, no cgo)
// links no Fyne and gives a static binary whose commands print what hewn's
// do; asked for the editor, it says it has none (exit 2).
func TestCommandLineBuildWithoutEditor(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	out, err := exec.Command(gobin, "list", "-deps", "-tags", "nogui", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, dep := range strings.Fields(string(out)) {
		assert.False(t, strings.HasPrefix(dep, "fyne.io/"), "the nogui build links %s", dep)
	}
	bin := filepath.Join(t.TempDir(), "hewn-cli")
	build := exec.Command(gobin, "build", "-tags", "nogui", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err = build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	args := []string{"run", "projects/example.hewn.json", "--depth", "3", "--seed", "7", "--format", "json"}
	var want, wantErr strings.Builder
	require.Equal(t, 0, cli.Main(args, &want, &wantErr), wantErr.String())
	got, err := exec.Command(bin, args...).Output()
	require.NoError(t, err)
	assert.Equal(t, want.String(), string(got), "the same level as hewn's")

	cmd := exec.Command(bin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 2, exit.ExitCode())
	assert.Contains(t, stderr.String(), "this build has no editor")
}
