package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
