// Command speedrows measures the speed rows of BENCHMARKS.md so anyone can
// reproduce them: each whole-process row is run -n times (after one warm-up)
// and printed as min and median CPU (user + system of the process), wall and
// peak resident memory; with -vs, a second binary runs in turn with the
// first (A B A B ...) and the median of the pairs' CPU ratios is printed.
// With -bench it also runs the Go benchmarks of the rows (history overhead,
// edit to map) -n times each. The header names the commit, the date and the
// load before and after. Run it from the repository's root:
//
//	go build -o hewn . && go run ./scripts/speedrows -n 5 [-vs OTHER_HEWN] [-bench]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// caveChain is the 4096×4096 cellular-automata chain (cave, start, cull,
// distant exit).
const caveChain = `{ "name": "cellular_automata", "depth": 1, "width": 4096, "height": 4096,
  "steps": [ { "builder": "cellular_automata" },
    { "builder": "area_starting_position", "params": { "x": "center", "y": "center" } },
    { "builder": "cull_unreachable" }, { "builder": "distant_exit" } ] }`

// row is one whole-process measurement: args after the binary; per divides
// the CPU into a unit (a map, a seed) when it is not 1; short rows run more.
type row struct {
	name  string
	args  []string
	per   float64
	unit  string
	short bool
}

// run is one process's figures.
type run struct {
	cpu, wall time.Duration
	peakMiB   float64
}

func main() {
	n := flag.Int("n", 5, "runs of each row (short rows: at least 30)")
	bin := flag.String("hewn", "./hewn", "the binary measured (A)")
	vs := flag.String("vs", "", "a second binary (B) run in turn with A")
	bench := flag.Bool("bench", false, "also run the rows' Go benchmarks (-n times each)")
	only := flag.String("rows", "", "comma-separated row names to run (default: all)")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "speedrows")
	check(err)
	defer os.RemoveAll(tmp)
	cave := filepath.Join(tmp, "cave4096.json")
	check(os.WriteFile(cave, []byte(caveChain), 0o644))
	out := filepath.Join(tmp, "out")
	// Both binaries run as copies written the same way: the peak resident
	// memory counts the program's own pages the kernel maps, and it maps
	// more of them at a fault when the file sits in the page cache in larger
	// pieces (the same program read 24 MB for help as a cp copy, 32 MB as
	// the linker wrote it, 95 MB written by os.WriteFile).
	nameA, nameB := *bin, *vs
	*bin = copyExecutable(*bin, filepath.Join(tmp, "a"))
	if *vs != "" {
		*vs = copyExecutable(*vs, filepath.Join(tmp, "b"))
	}
	rows := []row{
		{name: "help", args: []string{"help"}, short: true},
		{name: "run-depth1", args: []string{"run", "projects/example.hewn.json", "--depth", "1", "--seed", "1", "--out", out}, short: true},
		{name: "cave4096", args: []string{"run", cave, "--seed", "1", "--out", out}},
		{name: "stats-depth5", args: []string{"stats", "projects/example.hewn.json", "--depth", "5", "--seeds", "2000", "--out", out}, per: 2000, unit: "map"},
		{name: "bot-explorer", args: []string{"stats", "projects/example.hewn.json", "--bot", "explorer", "--depths", "1-10", "--seeds", "10", "--workers", "1", "--out", out}, per: 10, unit: "seed"},
	}
	fmt.Printf("commit %s, %s, load %s\n\n", commit(), time.Now().UTC().Format("2006-01-02 15:04 UTC"), load())
	if *vs == "" {
		fmt.Println("| row | runs | CPU min / median | wall min / median | peak MiB min / median |")
		fmt.Println("|---|---|---|---|---|")
	} else {
		fmt.Printf("A = %s, B = %s (each run as a copy)\n\n", nameA, nameB)
		fmt.Println("| row | pairs | A: CPU min / median | B: CPU min / median | A/B CPU median (range) | A: wall median | A / B peak MiB median |")
		fmt.Println("|---|---|---|---|---|---|---|")
	}
	for _, r := range rows {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), r.name) {
			continue
		}
		runs := *n
		if r.short {
			runs = max(runs, 30)
		}
		var a, b []run
		measure(*bin, r.args) // warm-up
		if *vs != "" {
			measure(*vs, r.args)
		}
		for range runs {
			a = append(a, measure(*bin, r.args))
			if *vs != "" {
				b = append(b, measure(*vs, r.args))
			}
		}
		if *vs == "" {
			lo, med := minMed(a, func(x run) float64 { return x.peakMiB })
			fmt.Printf("| %s | %d | %s | %s | %.0f / %.0f |\n", r.name, runs, cpuCell(a, r), wallCell(a, r), lo, med)
			continue
		}
		ratios := make([]float64, len(a))
		for i := range a {
			ratios[i] = a[i].cpu.Seconds() / b[i].cpu.Seconds()
		}
		slices.Sort(ratios)
		_, pa := minMed(a, func(x run) float64 { return x.peakMiB })
		_, pb := minMed(b, func(x run) float64 { return x.peakMiB })
		fmt.Printf("| %s | %d | %s | %s | %.2f (%.2f-%.2f) | %s | %.0f / %.0f |\n", r.name, runs, cpuCell(a, r), cpuCell(b, r),
			ratios[len(ratios)/2], ratios[0], ratios[len(ratios)-1], wallCell(a, r), pa, pb)
	}
	if *bench {
		benchRows(*n)
	}
	fmt.Printf("\nload after: %s\n", load())
}

// measure runs bin with args once: its CPU, wall and peak memory.
func measure(bin string, args []string) run {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LANG=en_US.UTF-8")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "speedrows: %s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.String())
		os.Exit(1)
	}
	wall := time.Since(start)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return run{cpu: cpu, wall: wall, peakMiB: float64(ru.Maxrss) / 1024}
}

// minMed is the min and median of f over runs.
func minMed(runs []run, f func(run) float64) (float64, float64) {
	v := make([]float64, len(runs))
	for i, r := range runs {
		v[i] = f(r)
	}
	slices.Sort(v)
	return v[0], v[len(v)/2]
}

func cpuCell(runs []run, r row) string {
	lo, med := minMed(runs, func(x run) float64 { return x.cpu.Seconds() * 1000 })
	if r.per == 0 {
		return fmt.Sprintf("%.1f / %.1f ms", lo, med)
	}
	return fmt.Sprintf("%.1f / %.1f ms = %.3g / %.3g ms a %s", lo, med, lo/r.per, med/r.per, r.unit)
}

func wallCell(runs []run, r row) string {
	lo, med := minMed(runs, func(x run) float64 { return x.wall.Seconds() * 1000 })
	if r.unit != "map" {
		return fmt.Sprintf("%.1f / %.1f ms", lo, med)
	}
	return fmt.Sprintf("%.0f / %.0f ms (%.0f / %.0f maps/s)", lo, med, r.per/lo*1000, r.per/med*1000)
}

// benchRows runs the Go benchmarks of the speed rows n times each and
// prints min and median, with the history overhead as the median of the
// pairs' ratios (history / no_history of the same round) and as the
// interleaved overhead sub-benchmark's overhead-% (see chain/chainbench).
func benchRows(n int) {
	fmt.Println()
	fmt.Println("| benchmark | runs | min / median | overhead: median of pair ratios or of interleaved runs (range) |")
	fmt.Println("|---|---|---|---|")
	for _, b := range []struct{ pkg, re string }{
		{"./projects/stats", "^BenchmarkExampleDepth5$"},
		{"./chain/builders", "^BenchmarkDepth5Chain$"},
		{"./ui", "^BenchmarkEditToMapShown80x50$"},
	} {
		cmd := exec.Command("go", "test", "-run", "^$", "-bench", b.re, "-benchmem", "-count", strconv.Itoa(n), b.pkg)
		cmd.Env = append(os.Environ(), "LANG=en_US.UTF-8")
		outb, err := cmd.CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "speedrows: go test %s: %v\n%s", b.pkg, err, outb)
			os.Exit(1)
		}
		byName := map[string][]float64{}
		overByName := map[string][]float64{} // the interleaved overhead-% metric
		var names []string
		sc := bufio.NewScanner(bytes.NewReader(outb))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") || f[3] != "ns/op" {
				continue
			}
			name := f[0][:strings.LastIndexByte(f[0], '-')] // drop -GOMAXPROCS
			ns, err := strconv.ParseFloat(f[2], 64)
			check(err)
			if _, ok := byName[name]; !ok {
				names = append(names, name)
			}
			byName[name] = append(byName[name], ns)
			for k := 4; k+1 < len(f); k += 2 {
				if f[k+1] == "overhead-%" {
					v, err := strconv.ParseFloat(f[k], 64)
					check(err)
					overByName[name] = append(overByName[name], v)
				}
			}
		}
		for _, name := range names {
			v := slices.Clone(byName[name])
			slices.Sort(v)
			over := ""
			if o := slices.Clone(overByName[name]); len(o) > 0 {
				slices.Sort(o)
				over = fmt.Sprintf("interleaved: %+.0f %% (%+.0f to %+.0f %%)", o[len(o)/2], o[0], o[len(o)-1])
			} else if base, ok := strings.CutSuffix(name, "/history"); ok {
				if nh := byName[base+"/no_history"]; len(nh) == len(byName[name]) {
					r := make([]float64, len(nh))
					for i := range nh {
						r[i] = byName[name][i]/nh[i] - 1
					}
					slices.Sort(r)
					over = fmt.Sprintf("%+.0f %% (%+.0f to %+.0f %%)", r[len(r)/2]*100, r[0]*100, r[len(r)-1]*100)
				}
			}
			fmt.Printf("| %s | %d | %.3f / %.3f ms | %s |\n", name, len(v), v[0]/1e6, v[len(v)/2]/1e6, over)
		}
	}
}

func commit() string {
	out, err := exec.Command("git", "describe", "--always", "--dirty").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "speedrows:", err)
		os.Exit(1)
	}
}

// copyExecutable copies the program at from into the directory dir as cp
// does (io.Copy between files: copy_file_range on Linux, which leaves the
// copy out of the page cache until it runs) and returns the copy's path.
func copyExecutable(from, dir string) string {
	check(os.MkdirAll(dir, 0o755))
	src, err := os.Open(from)
	check(err)
	defer src.Close()
	to := filepath.Join(dir, filepath.Base(from))
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	check(err)
	_, err = io.Copy(dst, src)
	check(err)
	check(dst.Close())
	return to
}
