package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/projects/stats"
)

// The hewn binary (Fyne's dependencies linked in, one of whose init
// functions sets GOMAXPROCS to the core count) sweeps on as many workers as
// GOMAXPROCS says: one under GOMAXPROCS=1, as on a 1-CPU Kubernetes shard.
func TestStatsWorkersFollowGOMAXPROCS(t *testing.T) {
	bin := hewnBinary(t)
	f := writeFile(t, "caves.json", caveChain)
	for _, procs := range []string{"1", "3"} {
		cmd := exec.Command(bin, "stats", f, "--seeds", "6")
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, stderr.String())
		r := decodeReport(t, string(out))
		require.Len(t, r.Timing, 1)
		assert.Equal(t, procs, strconv.Itoa(r.Timing[0].Workers), "GOMAXPROCS=%s", procs)
	}
}

func TestRestoreGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	t.Setenv("GOMAXPROCS", "1")
	runtime.GOMAXPROCS(4) // what bild/parallel's init does on a 4-core machine
	RestoreGOMAXPROCS()
	assert.Equal(t, 1, runtime.GOMAXPROCS(0), "the environment variable wins")
	t.Setenv("GOMAXPROCS", "")
	runtime.GOMAXPROCS(64)
	RestoreGOMAXPROCS()
	assert.LessOrEqual(t, runtime.GOMAXPROCS(0), runtime.NumCPU(), "Go's default: at most the CPUs (fewer under a CPU limit)")
}

// A seed catalog: --where ... --list prints the seeds whose levels meet
// every condition, and `hewn run --seed S` of a listed seed gives the level
// whose metrics were listed.
func TestStatsListReproducesWithRun(t *testing.T) {
	proj := "../../projects/example.hewn.json"
	where := []string{"--where", "floor_share>=0.42", "--where", "path_length=60..200", "--where", "Bear Trap>0"}
	samples := filepath.Join(t.TempDir(), "s.jsonl")
	code, out, errs := hewn(append([]string{"stats", proj, "--depth", "5", "--seeds", "30", "--list", "--samples", samples}, where...)...)
	require.Equal(t, 0, code, errs)
	var listed []stats.Sample
	require.NoError(t, json.Unmarshal([]byte(out), &listed))
	require.GreaterOrEqual(t, len(listed), 2, out)

	// exactly the samples that meet every condition
	data, err := os.ReadFile(samples)
	require.NoError(t, err)
	var want []uint64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var s stats.Sample
		require.NoError(t, json.Unmarshal([]byte(line), &s))
		if s.Metrics[stats.FloorShare] >= 0.42 && s.Metrics[stats.PathLength] >= 60 && s.Metrics[stats.PathLength] <= 200 && s.Spawns["Bear Trap"] > 0 {
			want = append(want, s.Seed)
		}
	}
	var got []uint64
	for _, s := range listed {
		got = append(got, s.Seed)
	}
	assert.Equal(t, want, got)

	p, err := projects.Load(proj)
	require.NoError(t, err)
	for _, s := range listed[:min(3, len(listed))] {
		seed := strconv.FormatUint(s.Seed, 10)
		code, level, errs := hewn("run", proj, "--depth", "5", "--seed", seed, "--format", "json")
		require.Equal(t, 0, code, errs)
		g, err := p.Generate(context.Background(), 5, s.Seed, nil)
		require.NoError(t, err)
		b, err := g.JSON()
		require.NoError(t, err)
		require.Equal(t, string(b), level, "hewn run --seed %s is the facade's level", seed)
		assert.Equal(t, s.Metrics, stats.Measure(g.Result.State), "seed %s: its level has the listed metrics", seed)
	}
}

// --samples writes every seed's sample in seed order; --seeds-from runs the
// seeds of a samples file or of a list, sharded and merged like any sweep.
func TestStatsSamplesAndSeedsFrom(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, "caves.json", caveChain)
	samples := filepath.Join(dir, "s.jsonl")
	code, _, errs := hewn("stats", f, "--seeds", "24", "--from", "5", "--samples", samples, "--out", filepath.Join(dir, "r.json"))
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(samples)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 24)
	for i, line := range lines {
		var s stats.Sample
		require.NoError(t, json.Unmarshal([]byte(line), &s))
		assert.EqualValues(t, 5+i, s.Seed)
	}
	rangeReport, err := os.ReadFile(filepath.Join(dir, "r.json"))
	require.NoError(t, err)

	code, one, errs := hewn("stats", f, "--seeds-from", samples)
	require.Equal(t, 0, code, errs)
	var files []string
	for i := range 3 {
		out := filepath.Join(dir, "list-shard"+strconv.Itoa(i)+".json")
		code, _, errs := hewn("stats", f, "--seeds-from", samples, "--shard", strconv.Itoa(i)+"/3", "--out", out)
		require.Equal(t, 0, code, errs)
		files = append(files, out)
	}
	code, merged, errs := hewn(append([]string{"stats", "merge"}, files...)...)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, withoutTiming(t, decodeReport(t, one)), withoutTiming(t, decodeReport(t, merged)))
	assert.Equal(t, decodeReport(t, string(rangeReport)).Metrics, decodeReport(t, one).Metrics, "the same seeds, the same maps")
	assert.Equal(t, stats.ListFingerprint([]uint64{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28}),
		decodeReport(t, one).SeedList)

	code, list, errs := hewn("stats", f, "--seeds", "24", "--from", "5", "--list", "--where", "floor_share<0.5")
	require.Equal(t, 0, code, errs)
	listFile := writeFile(t, "list.json", list)
	code, again, errs := hewn("stats", f, "--seeds-from", listFile, "--list")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, list, again, "a listed catalog runs again to itself")

	for _, c := range []struct{ content, want string }{
		{"5\n# a comment\nseven\n", ":3:1: seven is not a seed"},
		{"5\n6\n5\n", ": seed 5 is listed twice (lines 1 and 3)"},
		{`[5, {"seed": 6}, {"x": 1}]`, `: [2]: {"x": 1} has no "seed"`},
		{"\n", ": the list holds no seeds"},
	} {
		bad := writeFile(t, "bad.txt", c.content)
		code, _, errs := hewn("stats", f, "--seeds-from", bad)
		assert.Equal(t, 1, code, c.content)
		assert.Equal(t, bad+c.want, strings.TrimSuffix(strings.SplitN(errs, " (a whole", 2)[0], "\n"), c.content)
	}
}

func TestStatsCatalogUsage(t *testing.T) {
	f := writeFile(t, "caves.json", caveChain)
	list := writeFile(t, "l.txt", "1\n2\n")
	for _, args := range [][]string{
		{"stats", f, "--seeds", "5", "--where", "rooms>=1"},
		{"stats", f, "--seeds", "5", "--list", "--where", "rooms"},
		{"stats", f, "--seeds", "5", "--list", "--where", "rooms>=x"},
		{"stats", f, "--seeds", "5", "--list", "--where", "Unicorn>=1"},
		{"stats", f, "--seeds", "5", "--list", "--where", "rooms=5..2"},
		{"stats", f, "--seeds", "5", "--seeds-from", list},
		{"stats", f, "--seeds", "5", "--samples", "-"},
		{"stats", f, "--seeds", "5", "--bot", "explorer", "--list"},
		{"stats", f, "--seeds", "5", "--workers", "5000"},
		{"stats", f, "--seeds", "2", "--from", "18446744073709551615"},
	} {
		code, _, errs := hewn(args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
	}
}

// `stats merge` refuses what cannot be merged, and every refusal starts with
// the file at fault.
func TestStatsMergeNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, "caves.json", caveChain)
	shard := func(name, sh string, extra ...string) string {
		out := filepath.Join(dir, name)
		code, _, errs := hewn(append([]string{"stats", f, "--seeds", "10", "--shard", sh, "--out", out}, extra...)...)
		require.Equal(t, 0, code, errs)
		return out
	}
	a, b := shard("a.json", "0/2"), shard("b.json", "1/2")
	other := shard("other.json", "1/2", "--from", "3")
	data, err := os.ReadFile(b)
	require.NoError(t, err)
	bom := writeFile(t, "bom.json", "\xef\xbb\xbf"+string(data))
	code, _, errs := hewn("stats", "merge", a, bom)
	assert.Equal(t, 0, code, "a byte-order mark is skipped: %s", errs)

	balance := filepath.Join(dir, "balance.json")
	code, _, errs = hewn("stats", f, "--bot", "diver", "--seeds", "2", "--out", balance)
	require.Equal(t, 0, code, errs)
	dup := writeFile(t, "dup.json", strings.Replace(string(data), `"target"`, `"target": "x", "target"`, 1))
	newer := writeFile(t, "newer.json", strings.Replace(string(data), stats.Format, "hewn.stats/9", 1))
	oldSamples := writeFile(t, "old.json", `{"target":"caves.json","depth":3,"seeds":10,"shards":2,"shard":[1],"samples":[{"seed":1},{"seed":3},{"seed":5},{"seed":7},{"seed":8}]}`)
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{a, other}, other + `: is of another sweep ("caves.json" depth 3, seeds 3..12, 2 shards; ` + a + ` is of "caves.json" depth 3, seeds 0..9, 2 shards)`},
		{[]string{a, a}, a + ": shard 0 of 2 is also in " + a},
		{[]string{a, balance}, balance + ": is a balance report; " + a + " is a stats report"},
		{[]string{a, dup}, dup + `:3:18: duplicate key "target" in the top-level object`},
		{[]string{a, newer}, newer + `: format: "hewn.stats/9" is newer than this Hewn reads (hewn.stats/2); update Hewn`},
		{[]string{a, oldSamples}, oldSamples + ": samples[4].seed: seed 8 belongs to shard 0 of 2, which this report does not hold"},
		{[]string{"/dev/zero"}, "/dev/zero: is a device, not a stats report"},
	} {
		if c.files[0] == "/dev/zero" {
			if _, err := os.Stat("/dev/zero"); err != nil {
				continue
			}
		}
		code, out, errs := hewn(append([]string{"stats", "merge"}, c.files...)...)
		assert.Equal(t, 1, code, c.want)
		assert.Empty(t, out)
		assert.Equal(t, c.want+"\n", errs)
	}
}

// An older report (no format, every seed's sample) merges with current ones
// into the report of one run.
func TestStatsMergeReadsOlderReports(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, "caves.json", caveChain)
	code, one, errs := hewn("stats", f, "--seeds", "12")
	require.Equal(t, 0, code, errs)
	samples := filepath.Join(dir, "s.jsonl")
	current := filepath.Join(dir, "b.json")
	code, _, errs = hewn("stats", f, "--seeds", "12", "--shard", "1/2", "--out", current)
	require.Equal(t, 0, code, errs)
	code, _, errs = hewn("stats", f, "--seeds", "12", "--shard", "0/2", "--samples", samples, "--out", filepath.Join(dir, "ignored.json"))
	require.Equal(t, 0, code, errs)
	data, err := os.ReadFile(samples)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	old := writeFile(t, "old.json", `{"target":"caves.json","depth":3,"from":0,"seeds":12,"shards":2,"shard":[0],"maps":6,
		"failures":{"count":0},"metrics":{},"spawns_by_name":{},"samples":[`+strings.Join(lines, ",\n")+`]}`)
	code, merged, errs := hewn("stats", "merge", old, current)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, withoutTiming(t, decodeReport(t, one)), withoutTiming(t, decodeReport(t, merged)))
}

// The plain chain cuts the stairs off on about one map in five: hewn
// stats says so in a class of its own, apart from the run failures.
func TestStatsCountsUnreachableExits(t *testing.T) {
	f := writeFile(t, "plain.json", `{"name":"plain","depth":1,"steps":[{"builder":"simple_map"},{"builder":"room_drawer"},
		{"builder":"straight_line_corridors"},{"builder":"room_corner_rounder"},{"builder":"room_based_starting_position"},
		{"builder":"room_based_stairs"}]}`)
	code, out, errs := hewn("stats", f, "--seeds", "200")
	require.Equal(t, 0, code, errs)
	r := decodeReport(t, out)
	assert.Zero(t, r.Failures.Count)
	assert.Greater(t, r.UnreachableExit.Count, 20)
	assert.Len(t, r.UnreachableExit.Seeds, stats.WorstSeeds)
	code, list, errs := hewn("stats", f, "--seeds", "200", "--list", "--where", "unreachable_exit=1")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, r.UnreachableExit.Count, strings.Count(list, `"seed"`), "--where unreachable_exit=1 lists them")
}
