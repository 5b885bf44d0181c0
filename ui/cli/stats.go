package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/projects/stats"
)

// exitInterrupted is the exit code of a run stopped by Ctrl+C or SIGTERM.
const exitInterrupted = 130

// shardFlag is --shard i/n (i counts from 0).
type shardFlag struct{ i, n int }

func (s *shardFlag) String() string { return fmt.Sprintf("%d/%d", s.i, s.n) }

func (s *shardFlag) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return fmt.Errorf("%q is not i/n with 0 <= i < n (as JOB_COMPLETION_INDEX/N)", v)
	}
	s.i, s.n = i, n
	return nil
}

func statsCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return statsMergeCmd(args[1:], stdout, stderr)
	}
	// A sweep's live heap is small (tens of MB) and its garbage plentiful:
	// collecting at 5× the live heap instead of 2× saves about a tenth of the
	// CPU (a GOGC the user set wins).
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	fs := newFlags("stats", stderr)
	depth := fs.Int("depth", -1, "depth (required for a project; overrides a chain's)")
	seeds := fs.Int("seeds", 0, "how many master seeds to run")
	var from seedFlag
	fs.Var(&from, "from", "the first master seed (default 0)")
	var shard shardFlag
	fs.Var(&shard, "shard", "run only shard i of n (i counts from 0)")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	workers := fs.Int("workers", 0, "maps run in parallel (default: one per core)")
	out := fs.String("out", "", "output file (default or -: stdout)")
	bot := fs.String("bot", "", "play every seed with a bot (explorer or diver) and report play metrics per depth")
	depths := fs.String("depths", "", "with --bot: a range of depths A-B")
	maxTurns := fs.Int("max-turns", 3000, "with --bot: turns a bot plays at most per level")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr(stderr, "stats", "want exactly one CHAIN or PROJECT file, got %d", len(pos))
	}
	if *bot != "" || *depths != "" {
		return balanceCmd(pos[0], *bot, *depths, *depth, *seeds, from.v, shard, *workers, *maxTurns, *contentPath, *out, stdout, stderr)
	}
	if *seeds < 1 || *seeds > 100_000_000 {
		return usageErr(stderr, "stats", "--seeds %d is out of range [1, 100000000]", *seeds)
	}
	if *workers < 0 {
		return usageErr(stderr, "stats", "--workers %d is negative", *workers)
	}
	t, err := loadTarget(pos[0], seedFlag{}, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "stats", err)
	}
	name := filepath.Base(pos[0])
	var target stats.Target
	if t.proj != nil {
		target = stats.LevelTarget(t.proj, t.level, t.cfg.Spawner, name)
	} else {
		target = stats.ChainTarget(t.chain, t.cfg.Spawner, name)
		cfg := target.Config
		target.Config = func(m uint64) chain.Config { c := cfg(m); c.Files = t.cfg.Files; return c }
	}
	for _, pr := range chain.Check(t.chain) {
		fmt.Fprintln(stderr, "warning: "+pos[0]+": "+pr.Error())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := stats.Options{From: from.v, Seeds: *seeds, Shard: shard.i, Shards: shard.n, Workers: *workers}
	bar := newProgress(stderr)
	opt.Progress = bar.update
	r, err := stats.Run(ctx, target, opt)
	bar.done()
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "stats")
		}
		return inputErr(stderr, err)
	}
	return writeReport(r, *out, stdout, stderr)
}

func writeReport(r *stats.Report, out string, stdout, stderr io.Writer) int {
	return writeJSONOut(r, out, stdout, stderr)
}

func statsMergeCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("stats merge", stderr)
	out := fs.String("out", "", "output file (default or -: stdout)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) == 0 {
		return usageErr(stderr, "stats merge", "want the shard reports to merge")
	}
	files, err := readReports(pos)
	if err != nil {
		return inputErr(stderr, err)
	}
	if isBalance(files[0]) {
		return balanceMerge(pos, files, *out, stdout, stderr)
	}
	reports, err := decodeReports(pos, files, func(r *stats.Report) error {
		if r.Seeds == 0 && len(r.Samples) == 0 {
			return errors.New("not a hewn stats report (no seeds)")
		}
		return nil
	})
	if err != nil {
		return inputErr(stderr, err)
	}
	m, err := stats.Merge(reports...)
	if err != nil {
		return inputErr(stderr, err)
	}
	return writeReport(m, *out, stdout, stderr)
}

// readReports reads the shard report files at paths (at most
// stats.MaxReportSize each); an error names its file.
func readReports(paths []string) ([][]byte, error) {
	files := make([][]byte, len(paths))
	for i, path := range paths {
		data, err := readArg(path, stats.ReportLimit)
		if err != nil {
			return nil, err
		}
		files[i] = data
	}
	return files, nil
}

// decodeReports decodes the shard reports read from paths, each checked by
// valid; an error names its file.
func decodeReports[R any](paths []string, files [][]byte, valid func(*R) error) ([]*R, error) {
	var out []*R
	for i, path := range paths {
		r := new(R)
		if err := jsonfile.Unmarshal(files[i], r); err != nil {
			return nil, jsonfile.WithFile(path, err)
		}
		if err := valid(r); err != nil {
			return nil, jsonfile.WithFile(path, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// progress draws a progress bar on stderr when stderr is a terminal.
type progress struct {
	mu   sync.Mutex
	w    io.Writer
	on   bool
	last int
}

func newProgress(w io.Writer) *progress {
	f, ok := w.(*os.File)
	on := false
	if ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &progress{w: w, on: on, last: -1}
}

func (p *progress) update(done, total int) {
	if !p.on || total == 0 {
		return
	}
	pct := done * 100 / total
	p.mu.Lock()
	defer p.mu.Unlock()
	if pct == p.last {
		return
	}
	p.last = pct
	const width = 40
	fill := pct * width / 100
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% %d/%d maps", strings.Repeat("#", fill), strings.Repeat(".", width-fill), pct, done, total)
}

func (p *progress) done() {
	if p.on && p.last >= 0 {
		fmt.Fprintln(p.w)
	}
}
