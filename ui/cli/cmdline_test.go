package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

// TestProjectNewRefusesToOverwrite: project new on an existing file says so and
// exits 1 leaving it alone; --force overwrites it; --out - writes to stdout.
func TestProjectNewRefusesToOverwrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.hewn.json")
	require.NoError(t, os.WriteFile(path, []byte("precious"), 0o644))
	code, out, errs := hewn("project", "new", "Mine", "--out", path)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "hewn: "+path+" already exists; not overwriting it (--force overwrites, --out writes elsewhere)\n", errs)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "precious", string(b))

	code, _, errs = hewn("project", "new", "Mine", "--out", path, "--force")
	require.Equal(t, 0, code, errs)
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"name": "Mine"`)

	code, out, errs = hewn("project", "new", "Mine", "--out", "-")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, string(b), out, "--out - writes the same project to stdout")

	code, _, errs = hewn("project", "new", "Mine", "--out", filepath.Dir(path), "--force")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "is a directory")
}

// TestContentCheckDefaultPackIsClean: `content check default` checks the
// embedded pack, which has no errors and no warnings (the entities only
// builders place need no spawn table entry).
func TestContentCheckDefaultPackIsClean(t *testing.T) {
	code, out, errs := hewn("content", "check", "default")
	assert.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	assert.Equal(t, "default: ok (0 warnings)\n", errs)
}

// TestContentExportDefault writes the embedded pack to a file a designer can
// start from: it checks clean, loads to the same pack and is lossless.
func TestContentExportDefault(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "spawns.json")
	code, out, errs := hewn("content", "export", "default", "--out", dst)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	b, err := os.ReadFile(dst)
	require.NoError(t, err)
	var got, want any
	require.NoError(t, json.Unmarshal(b, &got))
	require.NoError(t, json.Unmarshal(content.DefaultJSON(), &want))
	assert.Equal(t, want, got, "lossless")
	code, out, errs = hewn("content", "check", dst)
	assert.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	code, out2, _ := hewn("content", "export", "default")
	require.Equal(t, 0, code)
	assert.Equal(t, string(b), out2, "stdout by default")
}

// TestRunASCIISpawnGlyphs: ASCII output marks each spawn with its entity's
// glyph from the content pack (the start stays @); --no-spawns hides them.
func TestRunASCIISpawnGlyphs(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.json")
	require.NoError(t, os.WriteFile(pack, []byte(`{
	  "mobs": [{"name": "Kobold", "renderable": {"glyph": "k", "fg": "#FF0000", "bg": "#000000", "order": 1}, "blocks_tile": true, "vision_range": 4, "movement": "random", "attributes": {}}],
	  "items": [{"name": "Gem", "renderable": {"glyph": "*", "fg": "#00FFFF", "bg": "#000000", "order": 2}}],
	  "spawn_table": [{"name": "Kobold", "weight": 3, "min_depth": 1, "max_depth": 9}, {"name": "Gem", "weight": 1, "min_depth": 1, "max_depth": 9}]}`), 0o644))
	f := writeFile(t, "c.json", `{"depth":2,"width":60,"height":30,"steps":[{"builder":"simple_map"},{"builder":"room_drawer"},
	  {"builder":"room_based_starting_position"},{"builder":"room_based_spawner"},
	  {"builder":"place_spawn","params":{"name":"Ghost","x":"center","y":"center"}}]}`)
	args := []string{"run", f, "--seed", "11", "--content", pack}
	code, js, errs := hewn(append(args, "--format", "json")...)
	require.Equal(t, 0, code, errs)
	var lv struct {
		Tiles  []string
		Start  *struct{ X, Y int }
		Spawns []struct {
			X, Y int
			Name string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(js), &lv))
	require.NotEmpty(t, lv.Spawns)
	require.NotNil(t, lv.Start)

	code, ascii, errs := hewn(args...)
	require.Equal(t, 0, code, errs)
	code, bare, errs := hewn(append(args, "--no-spawns")...)
	require.Equal(t, 0, code, errs)
	rows, bareRows := strings.Split(ascii, "\n"), strings.Split(bare, "\n")
	glyph := map[string]rune{"Kobold": 'k', "Gem": '*', "Ghost": 'G'} // Ghost: not in the pack, its first letter
	seen := map[string]bool{}
	for _, sp := range lv.Spawns {
		assert.Equal(t, string(glyph[sp.Name]), string([]rune(rows[sp.Y])[sp.X]), "%s at %d,%d", sp.Name, sp.X, sp.Y)
		assert.Equal(t, string([]rune(lv.Tiles[sp.Y])[sp.X]), string([]rune(bareRows[sp.Y])[sp.X]), "--no-spawns shows the tile")
		seen[sp.Name] = true
	}
	assert.True(t, seen["Ghost"], "the placed spawn")
	assert.Equal(t, '@', []rune(rows[lv.Start.Y])[lv.Start.X])
	assert.Equal(t, '@', []rune(bareRows[lv.Start.Y])[lv.Start.X])
	for y, r := range bareRows[:len(lv.Tiles)] {
		if y != lv.Start.Y {
			assert.Equal(t, lv.Tiles[y], r, "--no-spawns: tiles only (row %d)", y)
		}
	}
}

// TestRunOutSpecialFiles: --out writes straight into a FIFO (it stays a FIFO),
// through a symlink (the link stays), refuses a directory (exit 1), and "-" is
// stdout.
func TestRunOutSpecialFiles(t *testing.T) {
	f := writeFile(t, "c.json", `{"width":20,"height":10,"steps":[{"builder":"simple_map"}]}`)
	_, want, _ := hewn("run", f, "--seed", "4")
	dir := t.TempDir()

	code, out, errs := hewn("run", f, "--seed", "4", "--out", "-")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, out)

	target := filepath.Join(dir, "map.txt")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink("map.txt", link))
	code, _, errs = hewn("run", f, "--seed", "4", "--out", link)
	require.Equal(t, 0, code, errs)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, fi.Mode().Type(), "the link stays a link")
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, want, string(b), "written through the link")

	code, _, errs = hewn("run", f, "--seed", "4", "--out", dir)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hewn: cannot write "+dir+": it is a directory\n", errs)

	missing := filepath.Join(dir, "no", "map.txt")
	code, _, errs = hewn("run", f, "--seed", "4", "--out", missing)
	assert.Equal(t, 1, code)
	assert.Equal(t, "hewn: cannot write "+missing+": the folder "+filepath.Dir(missing)+" does not exist\n", errs)

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		r, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer r.Close()
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	code, _, errs = hewn("run", f, "--seed", "4", "--out", fifo)
	require.Equal(t, 0, code, errs)
	fi, err = os.Lstat(fifo)
	require.NoError(t, err)
	require.Equal(t, fs.ModeNamedPipe, fi.Mode().Type(), "the FIFO stays a FIFO")
	select {
	case s := <-got:
		assert.Equal(t, want, s)
	case <-time.After(10 * time.Second):
		t.Fatal("the FIFO's reader got nothing")
	}
}

// binary is the hewn binary the tests build (once), in binDir.
var binary struct {
	once sync.Once
	dir  string
	path string
	err  string
}

// hewnBinary builds the hewn binary (once for the package's tests: the main
// package, Fyne's dependencies and their init functions included) and returns
// its path; the test is skipped when it cannot be built here.
func hewnBinary(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(goTool); err != nil {
			binary.err = fmt.Sprintf("no go tool to build hewn: %v", err)
			return
		}
		dir, err := os.MkdirTemp("", "hewn-bin-")
		if err != nil {
			binary.err = err.Error()
			return
		}
		binary.dir = dir
		bin := filepath.Join(dir, "hewn")
		if out, err := exec.Command(goTool, "build", "-o", bin, "hewn").CombinedOutput(); err != nil {
			binary.err = fmt.Sprintf("cannot build hewn here: %v\n%s", err, out)
			return
		}
		binary.path = bin
	})
	if binary.path == "" {
		t.Skip(binary.err)
	}
	return binary.path
}

// TestMain removes the binary hewnBinary built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}

// TestNoLocaleMessage builds the hewn binary and runs a command with LANG=C,
// C.UTF-8 and unset: Fyne's "Error parsing user locale" never shows.
func TestNoLocaleMessage(t *testing.T) {
	bin := hewnBinary(t)
	var base []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES":
		default:
			base = append(base, kv)
		}
	}
	for name, env := range map[string][]string{
		"LANG=C": {"LANG=C"}, "LANG=C.UTF-8": {"LANG=C.UTF-8"}, "LC_ALL=C.UTF-8": {"LC_ALL=C.UTF-8", "LANG=en_US.UTF-8"},
		"LANG=POSIX": {"LANG=POSIX"}, "LANG unset": nil,
	} {
		cmd := exec.Command(bin, "content", "check", "default")
		cmd.Env = append(append([]string(nil), base...), env...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Run(), "%s: %s", name, stderr.String())
		assert.NotContains(t, stderr.String(), "locale", name)
		assert.Equal(t, "default: ok (0 warnings)\n", stderr.String(), name)
	}
}

// Files named on the command line may be FIFOs (a shell's <(...),
// /dev/stdin fed by a pipe): they are read up to the limit, as the editor's
// own reads refuse them. A device is refused unread (issue 26 point 3).
func TestReadsAFIFONamedOnTheCommandLine(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "chain.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, _ = w.WriteString(`{"width":20,"height":10,"steps":[{"builder":"simple_map"}]}`)
			_ = w.Close()
		}
	}()
	code, out, errs := hewn("run", fifo, "--seed", "1")
	require.Equal(t, 0, code, errs)
	assert.Len(t, strings.Split(strings.TrimSpace(out), "\n"), 10)

	if _, err := os.Stat("/dev/zero"); err == nil {
		code, _, errs = hewn("run", "/dev/zero", "--seed", "1")
		assert.Equal(t, 1, code)
		assert.Equal(t, "/dev/zero: is a device, not a chain or project file\n", errs)
	}
}
