package cli

import (
	"context"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"hewn/chain/jsonfile"
	"hewn/projects/stats"
)

// balanceCmd is `hewn stats --bot`: a bot plays each depth over the seeds and
// the report gives, per depth, survival, turns to the exit, damage taken,
// kills and deaths by creature and items picked up.
func balanceCmd(path, bot, depths string, depth, seeds int, from uint64, shard shardFlag, workers, maxTurns int,
	contentPath, out string, stdout, stderr io.Writer) int {
	if bot == "" {
		return usageErr(stderr, "stats", "--depths needs --bot (map metrics are per depth: use --depth)")
	}
	if seeds < 1 || seeds > 10_000_000 {
		return usageErr(stderr, "stats", "--seeds %d is out of range [1, 10000000]", seeds)
	}
	if maxTurns < 1 {
		return usageErr(stderr, "stats", "--max-turns %d is not positive", maxTurns)
	}
	var list []int
	switch {
	case depths != "" && depth >= 0:
		return usageErr(stderr, "stats", "give --depth or --depths, not both")
	case depths != "":
		a, b, ok := strings.Cut(depths, "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || lo < 0 || hi < lo || hi-lo > 1000 {
			return usageErr(stderr, "stats", "--depths %q is not a range A-B", depths)
		}
		for d := lo; d <= hi; d++ {
			list = append(list, d)
		}
	case depth >= 0:
		list = []int{depth}
	}
	t, err := loadTarget(path, seedFlag{}, max(depth, firstOr(list, -1)), contentPath)
	if err != nil {
		return targetErr(stderr, "stats", err)
	}
	p := t.proj
	if p == nil {
		p = t.chainProject()
		if len(list) == 0 {
			list = []int{t.chain.Depth}
		}
	}
	if len(list) == 0 {
		return usageErr(stderr, "stats", "a project needs --depth D or --depths A-B")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress(stderr)
	r, err := stats.Balance(ctx, stats.BalanceTarget{Name: filepath.Base(path), Project: p, Pack: t.pack,
		Depths: list, Bot: bot, MaxTurns: maxTurns},
		stats.Options{From: from, Seeds: seeds, Shard: shard.i, Shards: shard.n, Workers: workers, Progress: bar.update})
	bar.done()
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(stderr, "stats")
		}
		return usageErr(stderr, "stats", "%v", err)
	}
	return writeJSONOut(r, out, stdout, stderr)
}

func firstOr(l []int, d int) int {
	if len(l) > 0 {
		return l[0]
	}
	return d
}

// writeJSONOut writes v in Hewn's compact JSON layout.
func writeJSONOut(v any, out string, stdout, stderr io.Writer) int {
	data, err := jsonfile.Layout(v)
	if err != nil {
		return inputErr(stderr, err)
	}
	if err := writeOut(out, stdout, data); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}
