package module_test

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

// TestNoFyneNoRenderer: the runtime module (for wasip1) and the Go facade
// (projects, natively) link neither Fyne, nor cgo, nor the ui packages (the
// renderer's fonts and image encoders).
func TestNoFyneNoRenderer(t *testing.T) {
	for _, tc := range []struct {
		pkg string
		env []string
	}{
		{"./projects/module/wasm", []string{"GOOS=wasip1", "GOARCH=wasm"}},
		{"./projects", nil},
		{"./projects/module", nil},
	} {
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "list", "-deps", tc.pkg)
		cmd.Dir = repoRoot
		cmd.Env = append(append(os.Environ(), "CGO_ENABLED=0"), tc.env...)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		for _, dep := range strings.Fields(string(out)) {
			assert.False(t, strings.HasPrefix(dep, "fyne.io/") || strings.HasPrefix(dep, "hewn/ui") ||
				dep == "runtime/cgo" || dep == "image/png" || strings.HasPrefix(dep, "golang.org/x/image"),
				"%s imports %s", tc.pkg, dep)
		}
	}
}
