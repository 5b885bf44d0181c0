package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
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
	"hewn/projects"
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

const statsUsage = "stats CHAIN|PROJECT [--depth D | --bot explorer|diver --depths A-B] (--seeds N [--from S] | --seeds-from FILE) " +
	"[--shard i/n] [--workers W] [--samples FILE.jsonl] [--where 'METRIC>=V']... [--list] [--content PACK] [--out F] | " +
	"stats merge A.json B.json ... [--out F]"

// condFlags is --where, repeated.
type condFlags []stats.Cond

func (c *condFlags) String() string { return fmt.Sprint(len(*c), " conditions") }

func (c *condFlags) Set(v string) error {
	cond, err := stats.ParseCond(v)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "stats: "))
	}
	*c = append(*c, cond)
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
	seedsFrom := fs.String("seeds-from", "", "run the seeds listed in FILE instead (a --list output, a --samples file, or a seed a line)")
	var shard shardFlag
	fs.Var(&shard, "shard", "run only shard i of n (i counts from 0)")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	workers := fs.Int("workers", 0, "maps run in parallel (default: GOMAXPROCS, the CPU limit)")
	out := fs.String("out", "", "output file (default or -: stdout)")
	samples := fs.String("samples", "", "also write every seed's sample to FILE, a JSON object a line")
	var where condFlags
	fs.Var(&where, "where", "with --list: a condition METRIC>=V (or <=, >, <, =, METRIC=A..B; an entity's name counts its spawns); repeatable")
	list := fs.Bool("list", false, `print the seeds whose levels meet every --where, [{"seed", "metrics"}, ...], instead of the report`)
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
		if *seedsFrom != "" || *samples != "" || len(where) > 0 || *list {
			return usageErr(stderr, "stats", "--seeds-from, --samples, --where and --list are for map metrics, not --bot")
		}
		return balanceCmd(pos[0], *bot, *depths, *depth, *seeds, from.v, shard, *workers, *maxTurns, *contentPath, *out, stdout, stderr)
	}
	var seedList []uint64
	if *seedsFrom != "" {
		if *seeds != 0 || from.set {
			return usageErr(stderr, "stats", "give --seeds (and --from) or --seeds-from, not both")
		}
		data, err := readArg(*seedsFrom, stats.SeedListLimit)
		if err != nil {
			return inputErr(stderr, err)
		}
		if seedList, err = stats.ParseSeedList(data); err != nil {
			return inputErr(stderr, jsonfile.WithFile(*seedsFrom, err))
		}
	} else if *seeds < 1 || *seeds > stats.MaxSeeds {
		return usageErr(stderr, "stats", "--seeds %d is out of range [1, %d]", *seeds, stats.MaxSeeds)
	}
	if len(where) > 0 && !*list {
		return usageErr(stderr, "stats", "--where selects the seeds --list prints: add --list")
	}
	if *workers < 0 || *workers > stats.MaxWorkers {
		return usageErr(stderr, "stats", "--workers %d is out of range [0, %d] (0: GOMAXPROCS)", *workers, stats.MaxWorkers)
	}
	if seedList == nil && from.v > math.MaxUint64-uint64(*seeds-1) {
		return usageErr(stderr, "stats", "--from %d --seeds %d go past the largest seed, %d", from.v, *seeds, uint64(math.MaxUint64))
	}
	if *depth > stats.MaxDepth {
		return usageErr(stderr, "stats", "--depth %d is out of range [0, %d]", *depth, stats.MaxDepth)
	}
	if *samples == "-" || (*samples != "" && *samples == *out) {
		return usageErr(stderr, "stats", "--samples needs a file of its own (the report or list goes to --out or stdout)")
	}
	t, err := loadTarget(pos[0], seedFlag{}, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "stats", err)
	}
	for _, c := range where {
		if c.IsMetric() {
			continue
		}
		if _, ok := t.pack.FindEntity(c.Name); t.pack == nil || !ok {
			return usageErr(stderr, "stats", "--where %q: %q is no metric (%s, %s) and no entity of the content pack",
				c.Text, c.Name, strings.Join(stats.MetricNames, ", "), stats.UnreachableExitName)
		}
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
	if *list && t.proj != nil && t.proj.Levels[t.level].Seed != nil {
		fmt.Fprintf(stderr, "warning: %s: levels[%d] has a fixed seed: hewn run --seed S gives that seed's level, not seed S's as listed\n", pos[0], t.level)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := stats.Options{From: from.v, Seeds: *seeds, List: seedList, Shard: shard.i, Shards: shard.n, Workers: *workers}
	var sink *sampleSink
	if *samples != "" {
		if sink, err = newSampleSink(*samples); err != nil {
			return inputErr(stderr, err)
		}
		defer sink.abort()
	}
	var listed *seedCatalog
	if *list {
		listed = new(seedCatalog)
	}
	if sink != nil || listed != nil {
		opt.OnSample = func(s stats.Sample) error {
			if sink != nil {
				if err := sink.write(s); err != nil {
					return err
				}
			}
			if listed != nil && stats.MatchAll(where, s) {
				return listed.add(s)
			}
			return nil
		}
	}
	bar := newProgress(stderr)
	opt.Progress = bar.update
	r, err := stats.Run(ctx, target, opt)
	bar.done()
	if err != nil {
		var we *projects.WriteError
		switch {
		case ctx.Err() != nil:
			return interrupted(stderr, "stats")
		case errors.As(err, &we):
			return inputErr(stderr, err)
		}
		return inputErr(stderr, jsonfile.WithFile(pos[0], err))
	}
	if sink != nil {
		if err := sink.commit(); err != nil {
			return inputErr(stderr, err)
		}
	}
	if listed != nil {
		if err := writeOut(*out, stdout, listed.bytes()); err != nil {
			return inputErr(stderr, err)
		}
		return exitOK
	}
	return writeReport(r, *out, stdout, stderr)
}

// sampleSink writes a sweep's samples to a file, a JSON object a line, in
// sweep order; the file is put in place (projects.CreateAtomic) when the
// sweep ends, and left untouched when it does not.
type sampleSink struct {
	f   *projects.AtomicFile
	w   *bufio.Writer
	end bool
}

func newSampleSink(path string) (*sampleSink, error) {
	f, err := projects.CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	return &sampleSink{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (s *sampleSink) write(smp stats.Sample) error {
	b, err := jsonLine(smp)
	if err != nil {
		return err
	}
	_, err = s.w.Write(append(b, '\n'))
	return err
}

// jsonLine is v as one line of JSON (keys sorted, no HTML escaping).
func jsonLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func (s *sampleSink) commit() error {
	s.end = true
	if err := s.w.Flush(); err != nil {
		s.f.Abort()
		return err
	}
	return s.f.Commit()
}

func (s *sampleSink) abort() {
	if !s.end {
		s.end = true
		s.f.Abort()
	}
}

// seedCatalog is --list's output: the matching seeds' samples, a JSON object
// a line in a JSON list.
type seedCatalog struct {
	buf bytes.Buffer
	n   int
}

func (c *seedCatalog) add(s stats.Sample) error {
	if c.n == 0 {
		c.buf.WriteString("[\n  ")
	} else {
		c.buf.WriteString(",\n  ")
	}
	c.n++
	b, err := jsonLine(s)
	if err != nil {
		return err
	}
	c.buf.Write(b)
	return nil
}

func (c *seedCatalog) bytes() []byte {
	if c.n == 0 {
		return []byte("[]\n")
	}
	c.buf.WriteString("\n]\n")
	return c.buf.Bytes()
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
	if len(pos) > stats.MaxShards {
		return usageErr(stderr, "stats merge", "%d reports; a sweep has at most %d shards", len(pos), stats.MaxShards)
	}
	var reports []*stats.Report
	var balances []*stats.BalanceReport
	kind := ""
	// one file at a time: an older report may hold millions of samples, a
	// current one is small once read
	for _, path := range pos {
		data, err := readArg(path, stats.ReportLimit)
		if err != nil {
			return inputErr(stderr, err)
		}
		k, err := stats.ReportKind(data)
		if err != nil {
			return inputErr(stderr, jsonfile.WithFile(path, err))
		}
		if kind == "" {
			kind = k
		} else if k != kind {
			return inputErr(stderr, jsonfile.WithFile(path, fmt.Errorf("is a %s report; %s is a %s report", k, pos[0], kind)))
		}
		if k == stats.KindBalance {
			r, err := stats.DecodeBalance(data)
			if err != nil {
				return inputErr(stderr, jsonfile.WithFile(path, err))
			}
			r.Source = path
			balances = append(balances, r)
			continue
		}
		r, err := stats.DecodeReport(data)
		if err != nil {
			return inputErr(stderr, jsonfile.WithFile(path, err))
		}
		r.Source = path
		reports = append(reports, r)
	}
	if kind == stats.KindBalance {
		m, err := stats.MergeBalance(balances...)
		if err != nil {
			return inputErr(stderr, err)
		}
		return writeJSONOut(m, *out, stdout, stderr)
	}
	m, err := stats.Merge(reports...)
	if err != nil {
		return inputErr(stderr, err)
	}
	return writeReport(m, *out, stdout, stderr)
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
