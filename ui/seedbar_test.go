package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/cli"
	"hewn/ui/internal/uitest"
)

// shellSplit splits a command line as a POSIX shell does for the quoting
// shellQuote produces (plain words and single-quoted strings).
func shellSplit(s string) []string {
	var out []string
	var cur strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case quoted && r == '\'':
			quoted = false
		case quoted:
			cur.WriteRune(r)
		case r == '\'':
			quoted, in = true, true
		case r == ' ':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

func TestCopyCommandPrintsTheMapOnScreen(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	// the example project, a deep level, a new master seed, saved under a
	// folder name that needs quoting
	e.m.SelectLevel(4)
	uitest.FindOne[*widget.Entry](t, e.mapv, nil).SetText("4242") // the master seed
	f.settle()
	path := filepath.Join(f.dir, "my levels", "ex.hewn.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	e.app.Preferences().SetString(lastDirKey, filepath.Dir(path))

	test.Tap(uitest.ButtonIn(t, e.mapv, "Command")) // unsaved: asks to save first
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Yes"))
	saveDialogAs(t, f.w, "ex.hewn.json")
	f.settle()
	cmd := e.app.Clipboard().Content()
	require.True(t, strings.HasPrefix(cmd, "hewn run "), cmd)
	assert.Contains(t, cmd, "--seed 4242")
	assert.Contains(t, cmd, "'"+path+"'")

	args := append(shellSplit(cmd)[1:], "--format", "json")
	var out, errOut bytes.Buffer
	require.Equal(t, 0, cli.Main(args, &out, &errOut), errOut.String())
	var want bytes.Buffer
	require.NoError(t, f.result().Level().WriteJSON(&want))
	assert.Equal(t, want.String(), out.String(), "the command prints the editor's map")
	assert.Equal(t, f.result().Seed, chain.LevelSeed(4242, e.m.Level().Depth))
}

func TestCopyCommandOnAChainFileRunsTheChain(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.json")
	c := &chain.Chain{Width: 30, Height: 20, Steps: []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}}}
	var buf bytes.Buffer
	require.NoError(t, c.Encode(&buf))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	cmd, ok := f.e.Command()
	require.True(t, ok)
	var out, errOut bytes.Buffer
	require.Equal(t, 0, cli.Main(append(shellSplit(cmd)[1:], "--format", "json"), &out, &errOut), errOut.String())
	var want bytes.Buffer
	lv := f.result().Level()
	lv.Name = "" // the editor names the unnamed chain's level after its file
	require.NoError(t, lv.WriteJSON(&want))
	assert.Equal(t, want.String(), out.String())
}

func TestStatusLineTimesTheChainRunOnly(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	// a clock that moves 7 ms per reading: the run takes exactly 7 ms
	var clock time.Time
	e.regen.now = func() time.Time { clock = clock.Add(7 * time.Millisecond); return clock }
	run := e.regen.run
	e.regen.run = func(ctx context.Context, j Job) (*chain.Result, error) {
		return run(ctx, j)
	}
	time.Sleep(30 * time.Millisecond) // time spent elsewhere (start-up, waiting) does not count
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Timed" })
	f.settle()
	assert.True(t, f.says("generated in 7.0 ms"))
}
