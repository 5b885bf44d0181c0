package projects_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
)

// determinismChild makes the test binary print every level instead of testing.
const determinismChild = "HEWN_DETERMINISM_CHILD"

// TestDeterminismAcrossProcesses runs every depth of the example project and
// every builder's golden chain (chain/builders/testdata/chains) in two
// separate processes, one with GOMAXPROCS=1 and one with GOMAXPROCS=2, and
// compares the bytes: each level's JSON, its history (every snapshot's map,
// start, exits, rooms and spawns), a parallel seed sweep, each bot's run of
// every example depth (keys and final state) and a parallel balance sweep.
func TestDeterminismAcrossProcesses(t *testing.T) {
	if os.Getenv(determinismChild) != "" {
		t.Skip("the child prints; the parent compares")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	outputs := map[string][]byte{}
	for _, procs := range []string{"1", "2"} {
		cmd := exec.Command(exe, "-test.run", "^TestDeterminismChild$", "-test.count", "1")
		cmd.Env = append(os.Environ(), determinismChild+"=1", "GOMAXPROCS="+procs)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "GOMAXPROCS=%s: %s", procs, stderr.String())
		out := stdout.Bytes()
		// the test framework's own lines ("PASS", "ok") come last; keep ours
		if i := bytes.Index(out, []byte("END\n")); i >= 0 {
			out = out[:i]
		}
		require.Contains(t, string(out), "GOMAXPROCS="+procs)
		outputs[procs] = bytes.Replace(out, []byte("GOMAXPROCS="+procs), nil, 1)
	}
	one, two := outputs["1"], outputs["2"]
	require.Greater(t, bytes.Count(one, []byte("\n")), 120, "every example depth and golden chain printed")
	if !bytes.Equal(one, two) {
		a, b := strings.Split(string(one), "\n"), strings.Split(string(two), "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("GOMAXPROCS=1 and =2 differ at line %d:\n%s\n%s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("GOMAXPROCS=1 printed %d lines, =2 %d", len(a), len(b))
	}
}

// TestDeterminismChild prints, one line each, a digest of every level the
// parent compares. It runs only as TestDeterminismAcrossProcesses's child.
func TestDeterminismChild(t *testing.T) {
	if os.Getenv(determinismChild) == "" {
		t.Skip("run by TestDeterminismAcrossProcesses")
	}
	w := os.Stdout
	fmt.Fprintf(w, "GOMAXPROCS=%d\n", runtime.GOMAXPROCS(0))
	roller := content.Default().Roller()
	ctx := context.Background()

	p, err := projects.Example()
	require.NoError(t, err)
	for i, l := range p.Levels {
		for _, m := range []uint64{p.Seed, 7} {
			res, err := p.Run(ctx, i, roller) // the project's seed
			if m != p.Seed {
				res, err = chain.RunConfig(ctx, l.Chain, p.Config(i, m, roller))
			}
			line(t, w, fmt.Sprintf("example depth %d master %d", l.Depth, m), res, err)
		}
	}
	files, err := filepath.Glob("../chain/builders/testdata/chains/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		c, err := chain.DecodeJSON(data, "")
		require.NoError(t, err, f)
		for _, seed := range []uint64{1, 2} {
			res, err := chain.Run(ctx, c, seed, roller)
			line(t, w, fmt.Sprintf("golden %s seed %d", filepath.Base(f), seed), res, err)
		}
	}
	// a sweep on every core gives the same report (timings aside)
	r, err := stats.Run(ctx, stats.LevelTarget(p, 0, roller, "example"), stats.Options{Seeds: 8, Workers: 0})
	require.NoError(t, err)
	r.Timing = nil
	b, err := jsonfile.Layout(r)
	require.NoError(t, err)
	fmt.Fprintf(w, "sweep %x\n", sha256.Sum256(b))
	// each bot on every example depth (its run and final state), and a
	// balance sweep on every core
	for _, bot := range play.BotNames {
		for d := 1; d <= len(p.Levels); d++ {
			g, err := play.New(p, nil, 11, d)
			require.NoError(t, err)
			b, err := play.NewBot(bot)
			require.NoError(t, err)
			run := play.PlayBot(g, b, 1500)
			st, err := json.Marshal(g.State())
			require.NoError(t, err)
			fmt.Fprintf(w, "bot %s depth %d turns %d keys %x state %x\n", bot, d, run.Turns, sha256.Sum256([]byte(run.Keys)), sha256.Sum256(st))
		}
	}
	br, err := stats.Balance(ctx, stats.BalanceTarget{Name: "example", Project: p, Pack: content.Default(),
		Depths: []int{1, 4, 6}, Bot: "explorer", MaxTurns: 1500}, stats.Options{From: 1, Seeds: 6})
	require.NoError(t, err)
	br.Timing = nil
	b, err = jsonfile.Layout(br)
	require.NoError(t, err)
	fmt.Fprintf(w, "balance %x\n", sha256.Sum256(b))
	fmt.Fprintln(w, "END")
}

// line prints name and a digest of the level and of every snapshot of its history.
func line(t *testing.T, w io.Writer, name string, res *chain.Result, err error) {
	t.Helper()
	if err != nil {
		fmt.Fprintf(w, "%s error %v\n", name, err)
		return
	}
	h := sha256.New()
	require.NoError(t, res.Level().WriteJSON(h))
	for i := range res.History.Len() {
		s := res.History.At(i)
		fmt.Fprintf(h, "%d %v %q %v %v %v %v %v\n", i, s.Step, s.Label, s.Start, s.Exits, s.Rooms, s.Spawns, len(s.Corridors))
		h.Write([]byte(chain.ASCII(s.Map, nil)))
	}
	fmt.Fprintf(w, "%s snapshots %d %x\n", name, res.History.Len(), h.Sum(nil))
}
