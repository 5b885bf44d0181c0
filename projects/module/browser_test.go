//go:build linux

package module_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
)

// chromium is Debian's headless browser (make deps installs it).
const chromium = "/usr/bin/chromium"

// pageReport is what scripts/runtime/index.html posts once it drew a level.
type pageReport struct {
	Error    string   `json:"error"`
	Level    string   `json:"level"`
	Glyphs   []string `json:"glyphs"`
	CanvasBG []string `json:"canvas_bg"`
}

// TestBrowserPageDrawsTheNativeLevel opens scripts/runtime/index.html in
// headless Chromium, served with the module from an httptest server; the page
// generates a level (the embedded example; a project with its own pack, fetched
// beside it), draws it on a canvas and posts the level JSON, the drawn glyphs
// and the canvas's cell backgrounds back: they are the native run's level
// JSON, View glyphs and background colours.
func TestBrowserPageDrawsTheNativeLevel(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("chromium is not installed (make deps installs it): the browser page is not tested")
	}
	wasm := buildModule(t)
	reports := make(chan pageReport, 1)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(repoRoot)))
	mux.HandleFunc("/hewn-runtime.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, wasm)
	})
	mux.HandleFunc("POST /result", func(w http.ResponseWriter, r *http.Request) {
		var rep pageReport
		b, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(b, &rep); err != nil {
			rep.Error = fmt.Sprintf("bad report %q: %v", b, err)
		}
		select {
		case reports <- rep:
		default:
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	for _, tc := range []struct {
		project string // "" for the embedded example
		depth   int
		seed    uint64
	}{
		{"", 5, 42},
		{"projects/testdata/runtime/cavern.hewn.json", 2, 5},
	} {
		name := fmt.Sprintf("%s depth %d seed %d", tc.project, tc.depth, tc.seed)
		url := fmt.Sprintf("%s/scripts/runtime/index.html?wasm=/hewn-runtime.wasm&depth=%d&seed=%d&report=/result", srv.URL, tc.depth, tc.seed)
		var g *projects.Generator
		var err error
		if tc.project == "" {
			g, err = projects.NewExampleGenerator()
		} else {
			url += "&project=/" + tc.project
			g, err = projects.NewGenerator(os.DirFS(repoRoot), tc.project)
		}
		require.NoError(t, err)
		rep := openPage(t, url, reports)
		require.Empty(t, rep.Error, name)
		gen, err := g.Generate(context.Background(), tc.depth, tc.seed)
		require.NoError(t, err)
		want, err := gen.JSON()
		require.NoError(t, err)
		assert.Equal(t, string(want), rep.Level, "%s: level JSON", name)
		view := gen.View()
		assert.Equal(t, view.Glyphs, rep.Glyphs, "%s: drawn glyphs", name)
		// Where a cell's glyph leaves its top-left pixel alone (blank rock,
		// floor dots), the canvas shows the cell's background there.
		require.Len(t, rep.CanvasBG, view.Height, name)
		checked := 0
		for y, row := range view.Glyphs {
			for x, g := range []rune(row) {
				if strings.ContainsRune(" .·", g) {
					require.Equal(t, view.BG[y][6*x:6*x+6], rep.CanvasBG[y][6*x:6*x+6], "%s: cell (%d,%d) background", name, x, y)
					checked++
				}
			}
		}
		assert.Greater(t, checked, view.Width*view.Height/4, name)
	}
}

// openPage opens url in headless Chromium and waits (a minute at most) for the
// page's report; then it ends the browser (its process group).
func openPage(t *testing.T, url string, reports <-chan pageReport) pageReport {
	t.Helper()
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+filepath.Join(t.TempDir(), "profile"), url)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}()
	select {
	case rep := <-reports:
		return rep
	case err := <-done:
		t.Fatalf("chromium exited before the page reported (%v):\n%s", err, out.String())
	case <-time.After(time.Minute):
		t.Fatalf("the page did not report within a minute; chromium said:\n%s", out.String())
	}
	return pageReport{}
}
