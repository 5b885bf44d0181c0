package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/metrics"
	"hewn/projects/stats"
)

const tuneUsage = "tune CHAIN|PROJECT [--depth D] --vary PATH=LO..HI [--vary ...] --axes X,Y [--bins NxM] [--range METRIC=LO..HI]... " +
	"--budget N [--method elites|random] [--target 'METRIC>=V']... [--seed S] [--islands K] [--shard i/n] [--workers W] [--content PACK] [--out F] | " +
	"tune CHAIN|PROJECT --sensitivity --vary ... [--metrics A,B] [--points N] [--seeds K] [--from S] [--out F] | tune merge A.json B.json ... [--out F]"

// listFlag is a flag that may be given many times.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, " ") }

func (l *listFlag) Set(v string) error {
	*l = append(*l, v)
	return nil
}

func tuneCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return tuneMergeCmd(args[1:], stdout, stderr)
	}
	fs := newFlags("tune", stderr)
	depth := fs.Int("depth", -1, "depth (required for a project; overrides a chain's)")
	var varies, ranges, targets listFlag
	fs.Var(&varies, "vary", "a parameter to vary, PATH=LO..HI, PATH=V or PATH=* (repeatable)")
	axes := fs.String("axes", "", "the two metrics the grid bins by, X,Y")
	bins := fs.String("bins", "10x10", "cells per axis, NxM (each 1..64)")
	fs.Var(&ranges, "range", "an axis's range, METRIC=LO..HI (repeatable; default per metric: see the README)")
	budget := fs.Int("budget", 0, "variants to evaluate (1..1000000)")
	method := fs.String("method", stats.MethodElites, "search: elites (MAP-Elites) or random")
	fs.Var(&targets, "target", "rank variants meeting it first: METRIC>=V, METRIC<=V or METRIC=A..B (repeatable)")
	var seed, from seedFlag
	fs.Var(&seed, "seed", "the search's seed (default 0)")
	islands := fs.Int("islands", 0, "elites: independent searches sharing the budget (default: the shard count, else 1)")
	var shard shardFlag
	fs.Var(&shard, "shard", "run only shard i of n (i counts from 0)")
	workers := fs.Int("workers", 0, "variants run in parallel (default: one per core)")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	out := fs.String("out", "", "output file (default or -: stdout)")
	sensitivity := fs.Bool("sensitivity", false, "print how each metric moves across each --vary range, as JSON")
	points := fs.Int("points", 9, "--sensitivity: values per numeric range (2..101)")
	seeds := fs.Int("seeds", 20, "--sensitivity: master seeds per value (1..10000)")
	fs.Var(&from, "from", "--sensitivity: the first master seed (default 0)")
	metricList := fs.String("metrics", "", "--sensitivity: the metrics to report, A,B (default: --axes, else every map metric)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) != 1 {
		return usageErr(stderr, "tune", "want exactly one CHAIN or PROJECT file, got %d", len(pos))
	}
	var vs []stats.Vary
	for _, s := range varies {
		v, err := stats.ParseVary(s)
		if err != nil {
			return usageErr(stderr, "tune", "--vary %v", err)
		}
		vs = append(vs, v)
	}
	if len(vs) > stats.MaxDims {
		return usageErr(stderr, "tune", "%d --vary flags (at most %d)", len(vs), stats.MaxDims)
	}
	if *workers < 0 {
		return usageErr(stderr, "tune", "--workers %d is negative", *workers)
	}
	var axisNames []string
	if *axes != "" {
		axisNames = strings.Split(*axes, ",")
		for _, a := range axisNames {
			if !metrics.Known(a) {
				return usageErr(stderr, "tune", "--axes %q: unknown metric %q (want %s)", *axes, a, metrics.Describe())
			}
		}
	}
	var o stats.TuneOptions
	var so stats.SensitivityOptions
	if *sensitivity {
		if len(vs) == 0 {
			return usageErr(stderr, "tune", "--sensitivity needs at least one --vary")
		}
		so = stats.SensitivityOptions{Points: *points, Seeds: *seeds, From: from.v, Workers: *workers, Metrics: axisNames}
		if *metricList != "" {
			so.Metrics = strings.Split(*metricList, ",")
			for _, m := range so.Metrics {
				if !metrics.Known(m) {
					return usageErr(stderr, "tune", "--metrics %q: unknown metric %q (want %s)", *metricList, m, metrics.Describe())
				}
			}
		}
		if *points < 2 || *points > stats.MaxPoints {
			return usageErr(stderr, "tune", "--points %d is out of range [2, %d]", *points, stats.MaxPoints)
		}
		if *seeds < 1 || *seeds > stats.MaxSensitivitySeeds {
			return usageErr(stderr, "tune", "--seeds %d is out of range [1, %d]", *seeds, stats.MaxSensitivitySeeds)
		}
	} else {
		var msg string
		if o, msg = tuneOptions(axisNames, *bins, ranges, *budget, *method, targets, seed.v, *islands, shard, *workers); msg != "" {
			return usageErr(stderr, "tune", "%s", msg)
		}
	}
	t, err := loadTarget(pos[0], seedFlag{}, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "tune", err)
	}
	for _, pr := range chain.Check(t.chain) {
		fmt.Fprintln(stderr, "warning: "+pos[0]+": "+pr.Error())
	}
	var dims []stats.Dim
	for k, v := range vs {
		d, err := stats.Resolve(t.chain, v)
		if err != nil {
			fmt.Fprintf(stderr, "hewn tune: --vary %q: %s: %v\n", varies[k], pos[0], err)
			return exitInput
		}
		dims = append(dims, d)
	}
	target := sweepTarget(t, filepath.Base(pos[0]))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress(stderr)
	var result any
	if *sensitivity {
		so.Dims, so.Progress = dims, bar.update
		s, err := stats.RunSensitivity(ctx, target, so)
		bar.done()
		if err != nil {
			if ctx.Err() != nil {
				return interrupted(stderr, "tune")
			}
			return fileErr(stderr, pos[0], err)
		}
		result = s
	} else {
		o.Dims, o.Progress = dims, bar.update
		a, err := stats.Tune(ctx, target, o)
		bar.done()
		if err != nil {
			if ctx.Err() != nil {
				return interrupted(stderr, "tune")
			}
			return fileErr(stderr, pos[0], err)
		}
		printCoverage(stderr, a)
		result = a
	}
	return writeJSONOut(result, *out, stdout, stderr)
}

// sweepTarget is what sweeps and searches run for t: a project level on the
// facade's route (its acceptance rules), else the bare chain.
func sweepTarget(t *target, name string) stats.Target {
	if t.proj != nil {
		return stats.LevelTarget(t.proj, t.level, t.cfg.Spawner, name)
	}
	return stats.ChainTarget(t.chain, t.cfg.Spawner, name)
}

// tuneOptions checks the search flags; msg is the usage error ("" when fine).
func tuneOptions(axes []string, bins string, ranges []string, budget int, method string, targets []string,
	seed uint64, islands int, shard shardFlag, workers int) (o stats.TuneOptions, msg string) {
	if len(axes) != 2 {
		return o, "--axes wants two metrics, X,Y (e.g. --axes rooms,path_length)"
	}
	o.Axes = [2]string{axes[0], axes[1]}
	for k, a := range axes {
		lo, hi := stats.DefaultRange(a)
		o.Ranges[k] = [2]float64{lo, hi}
	}
	n, m, ok := strings.Cut(strings.ToLower(bins), "x")
	bn, err1 := strconv.Atoi(n)
	bm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil {
		return o, fmt.Sprintf("--bins %q is not NxM (e.g. 10x10)", bins)
	}
	if bn < 1 || bm < 1 || bn > stats.MaxGridBins || bm > stats.MaxGridBins {
		return o, fmt.Sprintf("--bins %q: each is out of range [1, %d]", bins, stats.MaxGridBins)
	}
	o.Bins = [2]int{bn, bm}
	seen := map[string]bool{}
	for _, r := range ranges {
		metric, lo, hi, err := stats.ParseRange(r)
		if err != nil {
			return o, "--range " + err.Error()
		}
		k := -1
		for i, a := range axes {
			if a == metric {
				k = i
			}
		}
		if k < 0 {
			return o, fmt.Sprintf("--range %q: %s is not an axis (--axes %s)", r, metric, strings.Join(axes, ","))
		}
		if seen[metric] {
			return o, fmt.Sprintf("--range %q: %s has a range already", r, metric)
		}
		seen[metric] = true
		o.Ranges[k] = [2]float64{lo, hi}
	}
	if budget < 1 || budget > stats.MaxBudget {
		return o, fmt.Sprintf("--budget %d is out of range [1, %d] (it is required)", budget, stats.MaxBudget)
	}
	o.Budget = budget
	if method != stats.MethodElites && method != stats.MethodRandom {
		return o, fmt.Sprintf("--method %q is not one of elites, random", method)
	}
	o.Method = method
	if len(targets) > stats.MaxTargets {
		return o, fmt.Sprintf("%d --target flags (at most %d)", len(targets), stats.MaxTargets)
	}
	for _, s := range targets {
		r, err := stats.ParseTarget(s)
		if err != nil {
			return o, "--target " + err.Error()
		}
		o.Targets = append(o.Targets, r)
	}
	if islands < 0 || islands > stats.MaxIslands {
		return o, fmt.Sprintf("--islands %d is out of range [1, %d]", islands, stats.MaxIslands)
	}
	if islands > 0 && method == stats.MethodRandom {
		return o, "--islands is for --method elites (random shards by variant)"
	}
	o.Seed, o.Islands, o.Shard, o.Shards, o.Workers = seed, islands, shard.i, shard.n, workers
	if method == stats.MethodElites && islands > 0 && shard.n > islands {
		return o, fmt.Sprintf("--shard %d/%d: elites shard by island, and there are %d (--islands %d or more)", shard.i, shard.n, islands, shard.n)
	}
	return o, ""
}

// printCoverage tells how the search went, on stderr: the coverage, the
// counts and a map of the grid (Y up, X across: # a cell found, * one meeting
// the targets, . empty).
func printCoverage(w io.Writer, a *stats.Archive) {
	pct := 100 * float64(a.Coverage.Filled) / float64(a.Coverage.Cells)
	shard := ""
	if len(a.Shard) == 1 {
		shard = fmt.Sprintf("shard %d/%d: ", a.Shard[0], a.Shards)
	}
	fmt.Fprintf(w, "%scoverage: %d of %s (%.0f%%); %s: %d failed, %d outside the ranges\n",
		shard, a.Coverage.Filled, jsonfile.Count(a.Coverage.Cells, "cell"), pct, jsonfile.Count(a.Evaluated, "variant"), a.Failed, a.Outside)
	if a.Meeting != nil {
		fmt.Fprintf(w, "%s the targets (%s)\n", jsonfile.Count(*a.Meeting, "cell")+jsonfile.Pick(*a.Meeting, " meets", " meet"), strings.Join(a.Targets, ", "))
	}
	if a.FirstFailure != nil {
		fmt.Fprintf(w, "first failure: %s\n", a.FirstFailure.Error)
	}
	grid := make([][]byte, a.Bins[1])
	for j := range grid {
		grid[j] = []byte(strings.Repeat(".", a.Bins[0]))
	}
	for _, c := range a.Cells {
		g := byte('#')
		if c.Meets != nil && *c.Meets {
			g = '*'
		}
		grid[c.Bin[1]][c.Bin[0]] = g
	}
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', 4, 64) }
	fmt.Fprintf(w, "%s %s..%s\n", a.Axes[1], num(a.Ranges[1][0]), num(a.Ranges[1][1]))
	for j := len(grid) - 1; j >= 0; j-- {
		fmt.Fprintf(w, "  |%s\n", grid[j])
	}
	fmt.Fprintf(w, "  +%s %s %s..%s\n", strings.Repeat("-", a.Bins[0]), a.Axes[0], num(a.Ranges[0][0]), num(a.Ranges[0][1]))
}

func tuneMergeCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tune merge", stderr)
	out := fs.String("out", "", "output file (default or -: stdout)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) == 0 {
		return usageErr(stderr, "tune merge", "want the shard archives to merge")
	}
	archives := make([]*stats.Archive, 0, len(pos))
	for _, path := range pos {
		a, err := readArchive(path)
		if err != nil {
			return inputErr(stderr, err)
		}
		archives = append(archives, a)
	}
	m, err := stats.MergeTune(archives...)
	if err != nil {
		return inputErr(stderr, err)
	}
	printCoverage(stderr, m)
	return writeJSONOut(m, *out, stdout, stderr)
}

// readArchive reads and decodes the tune archive at path (through the capped
// reader, as stats reports are read); an error names the file.
func readArchive(path string) (*stats.Archive, error) {
	data, err := readArg(path, stats.ReportLimit)
	if err != nil {
		return nil, err
	}
	if _, err := jsonfile.DocumentFormat(data, stats.TuneFormat); err != nil {
		return nil, jsonfile.WithFile(path, err) // a newer archive, named
	}
	a := new(stats.Archive)
	if err := jsonfile.Unmarshal(data, a); err != nil {
		return nil, jsonfile.WithFile(path, err)
	}
	if a.Format != stats.TuneFormat {
		return nil, jsonfile.WithFile(path, fmt.Errorf("not a hewn tune archive (format %q, want %s)", a.Format, stats.TuneFormat))
	}
	return a, nil
}
