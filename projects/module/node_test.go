package module_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/cli"
)

// TestNodeExamplePrintsWhatHewnRunPrints runs scripts/runtime/generate.mjs
// under Node (node:wasi, no npm package) and compares its stdout, stderr and
// exit code with `hewn run FILE --depth D --seed S --format json`'s, for the
// example, a project with its own pack, and bad input (each Node start costs
// about 2 s of CPU, so the wazero tests cover the rest).
func TestNodeExamplePrintsWhatHewnRunPrints(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed (make deps installs it): the Node example is not tested")
	}
	wasm := buildModule(t)
	t.Chdir(repoRoot) // file names as a user at the repository's root types them
	dir := t.TempDir()
	syntax := filepath.Join(dir, "syntax.hewn.json")
	require.NoError(t, os.WriteFile(syntax, []byte(`{"levels": [ {"depth": 1,, } ]}`), 0o644))
	noPack := filepath.Join(dir, "nopack.hewn.json")
	require.NoError(t, os.WriteFile(noPack, []byte(`{"version": 1, "name": "x", "seed": 1, "content": "gone.json",
		"levels": [{"depth": 1, "name": "a", "seed": null, "chain": {"width": 40, "height": 20, "steps": [{"builder": "maze"}]}}]}`), 0o644))
	for _, tc := range []struct {
		file, depth, seed string
		code              int
	}{
		{"projects/example.hewn.json", "5", "42", 0},
		{"projects/testdata/runtime/cavern.hewn.json", "2", "18446744073709551615", 0},
		{syntax, "1", "1", 1},
	} {
		var wantOut, wantErr bytes.Buffer
		code := cli.Main([]string{"run", tc.file, "--depth", tc.depth, "--seed", tc.seed, "--format", "json"}, &wantOut, &wantErr)
		require.Equal(t, tc.code, code, "%s: %s", tc.file, wantErr.String())

		cmd := exec.Command(node, "scripts/runtime/generate.mjs", tc.file, tc.depth, tc.seed)
		cmd.Env = append(os.Environ(), "HEWN_WASM="+wasm)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		got := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			got = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		assert.Equal(t, tc.code, got, "%s exit code; stderr: %s", tc.file, errOut.String())
		assert.Equal(t, wantOut.String(), out.String(), "%s stdout", tc.file)
		assert.Equal(t, wantErr.String(), errOut.String(), "%s stderr", tc.file)
	}

	// A pack that cannot be read: the module names it.
	cmd := exec.Command(node, "scripts/runtime/generate.mjs", noPack, "1", "1")
	cmd.Env = append(os.Environ(), "HEWN_WASM="+wasm)
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	assert.Equal(t, filepath.Join(dir, "gone.json")+": file does not exist\n", string(out))
}
