package statsview

import (
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"hewn/chain/jsonfile"
	"hewn/projects/stats"
	"hewn/ui/render/chart"
)

// metricInfo is how a metric reads on a chart: its name and unit on an axis,
// a short name and unit for read-outs, and whether it is a share shown in
// per cent.
type metricInfo struct {
	axis, short, unit string
	share             bool
}

var metricInfos = map[string]metricInfo{
	stats.FloorShare:     {"floor share (% of tiles)", "floor share", " %", true},
	stats.ReachableShare: {"reachable floor (% of floor)", "reachable floor", " %", true},
	stats.PathLength:     {"path length to exit (steps)", "path length", " steps", false},
	stats.Rooms:          {"rooms (count)", "rooms", "", false},
	stats.Corridors:      {"corridors (count)", "corridors", "", false},
	stats.DeadEnds:       {"dead ends (tiles)", "dead ends", " tiles", false},
	stats.Spawns:         {"spawns (entities)", "spawns", "", false},
	stats.Exits:          {"exits (count)", "exits", "", false},
	stats.Unreachable:    {"unreachable floor (tiles)", "unreachable floor", " tiles", false},
}

// info is metric's metricInfo (its name as is for a metric unknown here).
func info(metric string) metricInfo {
	if mi, ok := metricInfos[metric]; ok {
		return mi
	}
	return metricInfo{axis: metric, short: metric}
}

// shown is v as the chart shows it (shares in per cent).
func (mi metricInfo) shown(v float64) float64 {
	if mi.share {
		return 100 * v
	}
	return v
}

// value words a metric's value with its unit: "45 %", "12 steps", with one
// decimal at most.
func (mi metricInfo) value(v float64) string { return mi.precise(v, 1) }

// precise words a metric's value with its unit and at most decimals
// decimals.
func (mi metricInfo) precise(v float64, decimals int) string {
	p := math.Pow(10, float64(decimals))
	return chart.Number(math.Round(mi.shown(v)*p)/p) + mi.unit
}

// decimals is how many decimals tell bins of width w (as shown) apart.
func decimals(w float64) int {
	if !(w > 0) {
		return 1
	}
	return min(max(0, 1-int(math.Floor(math.Log10(w)))), 6)
}

// wholeBins says mi's bins count whole numbers: each bin [Lo, Hi) holds the
// whole values Lo..Hi-1 (a count or a path length, not a share).
func wholeBins(mi metricInfo, bins []stats.Bin) bool {
	if mi.share {
		return false
	}
	for _, b := range bins {
		if b.Lo != math.Trunc(b.Lo) || b.Hi != math.Trunc(b.Hi) {
			return false
		}
	}
	return len(bins) > 0
}

// binSpan is where bin b is drawn on the value axis, and how a read-out
// words its range: a bin of whole numbers spans them, centred on each ("5
// rooms", "9–11 steps"), others span their edges ("40–45 %").
func binSpan(mi metricInfo, b stats.Bin, whole bool) (lo, hi float64, words string) {
	if whole {
		words = mi.value(b.Lo)
		if b.Hi-b.Lo > 1 {
			words = chart.Number(b.Lo) + "–" + mi.value(b.Hi-1)
		}
		return b.Lo - 0.5, b.Hi - 0.5, words
	}
	lo, hi = mi.shown(b.Lo), mi.shown(b.Hi)
	d := decimals(hi - lo)
	return lo, hi, strings.TrimSuffix(mi.precise(b.Lo, d), mi.unit) + "–" + mi.precise(b.Hi, d)
}

// mapsWord words a count of maps.
func mapsWord(n int) string {
	if n == 1 {
		return "1 map"
	}
	return strconv.Itoa(n) + " maps"
}

// histogramChart is metric's histogram: a bar per bin, its read-out the
// bin's range, count and share of the maps.
func histogramChart(d sweepData, metric string) *chart.Chart {
	mi := info(metric)
	bins := d.Bins(metric)
	whole := wholeBins(mi, bins)
	total := 0
	for _, b := range bins {
		total += b.Count
	}
	bars := make([]chart.Bar, len(bins))
	for i, b := range bins {
		lo, hi, words := binSpan(mi, b, whole)
		bars[i] = chart.Bar{Lo: lo, Hi: hi, Value: float64(b.Count),
			Tip: fmt.Sprintf("%s %s: %s (%s of %d)", mi.short, words, mapsWord(b.Count), percent(b.Count, total), total)}
	}
	return &chart.Chart{
		Title:  fmt.Sprintf("%s over %s", capital(mi.short), mapsWord(total)),
		X:      chart.Axis{Label: mi.axis, Integer: whole},
		Panels: []chart.Panel{{Y: chart.Axis{Label: "maps", Integer: true}, Series: []chart.Series{&chart.Bars{Bars: bars}}}},
	}
}

// percent words n of total as a whole per cent.
func percent(n, total int) string {
	if total == 0 {
		return "0 %"
	}
	return fmt.Sprintf("%.0f %%", 100*float64(n)/float64(total))
}

// edges are the boundaries of bins as drawn (see binSpan).
func edges(mi metricInfo, bins []stats.Bin) []float64 {
	whole := wholeBins(mi, bins)
	out := make([]float64, 0, len(bins)+1)
	for i, b := range bins {
		lo, hi, _ := binSpan(mi, b, whole)
		if i == 0 {
			out = append(out, lo)
		}
		out = append(out, hi)
	}
	return out
}

// rangeChart is the expressive range of two metrics: maps counted per cell
// of x's bins × y's bins, its read-out the cell's two ranges and its count.
func rangeChart(d sweepData, x, y string) *chart.Chart {
	mx, my := info(x), info(y)
	bx, by := d.Bins(x), d.Bins(y)
	wx, wy := wholeBins(mx, bx), wholeBins(my, by)
	counts := heatCounts(d, x, y)
	total := 0
	for _, row := range counts {
		for _, c := range row {
			total += int(c)
		}
	}
	heat := &chart.Heat{XEdges: edges(mx, bx), YEdges: edges(my, by), Values: counts, Scale: chart.Scale{Label: "maps per cell"}}
	heat.Tip = func(c, r int) string {
		_, _, xw := binSpan(mx, bx[c], wx)
		_, _, yw := binSpan(my, by[r], wy)
		n := int(counts[r][c])
		return fmt.Sprintf("%s %s\n%s %s\n%s (%s of %d)", mx.short, xw, my.short, yw, mapsWord(n), percent(n, total), total)
	}
	return &chart.Chart{
		Title:  fmt.Sprintf("Expressive range: %s by %s", my.short, mx.short),
		X:      chart.Axis{Label: mx.axis, Integer: wx},
		Panels: []chart.Panel{{Y: chart.Axis{Label: my.axis, Integer: wy}, Series: []chart.Series{heat}}},
	}
}

// highIsWorse lists the metrics whose high values are the bad ones.
func highIsWorse(metric string) bool { return metric == stats.Unreachable || metric == stats.DeadEnds }

// worstDefault is the metric the worst seeds rank by until the designer
// picks one: stats.WorstBy (path length: a short way to the exit is a dull
// level), else the histogram's metric, else the first that differs between
// seeds. A metric with the same value on every map ranks nothing, so it is
// skipped.
func worstDefault(d sweepData, histogram string) string {
	for _, m := range append([]string{stats.WorstBy, histogram}, stats.MetricNames...) {
		if d.Varies(m) {
			return m
		}
	}
	return stats.WorstBy
}

// balanceChart is a balance sweep's survival and exit rates per depth, side
// by side on a 0–100 % axis, each bar labelled and read out with its count.
func balanceChart(r *stats.BalanceReport) *chart.Chart {
	depths := make([]string, len(r.Depths))
	surv := &chart.Bars{Name: "survived"}
	exit := &chart.Bars{Name: "reached the exit"}
	for i, d := range r.Depths {
		depths[i] = strconv.Itoa(d.Depth)
		for k, s := range []struct {
			b    *chart.Bars
			rate float64
			verb string
		}{{surv, d.Survival, "survived"}, {exit, d.ReachedExit, "reached the exit"}} {
			lo, hi := chart.Slot(i, k, 2)
			n := int(math.Round(s.rate * float64(d.Runs)))
			s.b.Bars = append(s.b.Bars, chart.Bar{Lo: lo, Hi: hi, Value: 100 * s.rate, Label: fmt.Sprintf("%.0f", 100*s.rate),
				Tip: fmt.Sprintf("depth %d: %s in %.0f %% of runs (%d of %d)", d.Depth, s.verb, 100*s.rate, n, d.Runs)})
		}
	}
	return &chart.Chart{
		Title:  fmt.Sprintf("Survival and exit rate per depth (%s, %s)", r.Bot, jsonfile.Count(r.Seeds, "seed")),
		X:      chart.Axis{Label: "depth", Categories: depths},
		Panels: []chart.Panel{{Y: chart.Axis{Label: "runs (%)", Min: 0, Max: 105}, Series: []chart.Series{surv, exit}}},
	}
}

// othersColor is the grey of the killers stacked together.
var othersColor = color.NRGBA{0x99, 0x99, 0x99, 0xFF}

// maxKillers is how many killers the deaths chart tells apart by colour;
// the rest are stacked together as "others".
const maxKillers = 7

// deathsChart is what killed the bot per depth: a stack per depth, the
// deadliest creature at the bottom, a colour per creature (the deadliest
// maxKillers; the rest together as "others"), read out as the runs it ended.
func deathsChart(r *stats.BalanceReport) *chart.Chart {
	depths := make([]string, len(r.Depths))
	totals := map[string]int{}
	total := 0
	for i, d := range r.Depths {
		depths[i] = strconv.Itoa(d.Depth)
		for k, n := range d.Deaths {
			totals[k] += n
			total += n
		}
	}
	killers := slices.Collect(maps.Keys(totals))
	slices.SortFunc(killers, func(a, b string) int {
		if c := cmp.Compare(totals[b], totals[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var others []string
	if len(killers) > maxKillers {
		killers, others = killers[:maxKillers-1], killers[maxKillers-1:]
		sort.Strings(others)
	}
	base := make([]float64, len(r.Depths))
	var series []chart.Series
	stack := func(name string, col color.Color, count func(d stats.DepthBalance) (int, string)) {
		b := &chart.Bars{Name: name, Color: col} // nil: the theme's palette in turn
		for i, d := range r.Depths {
			n, words := count(d)
			if n > 0 {
				b.Bars = append(b.Bars, chart.Bar{Lo: float64(i) - 0.3, Hi: float64(i) + 0.3, Base: base[i], Value: float64(n),
					Tip: fmt.Sprintf("depth %d: %s killed the bot in %d of %d runs", d.Depth, words, n, d.Runs)})
			}
			base[i] += float64(n)
		}
		series = append(series, b)
	}
	for _, k := range killers {
		stack(k, nil, func(d stats.DepthBalance) (int, string) { return d.Deaths[k], k })
	}
	if len(others) > 0 {
		stack("others", othersColor, func(d stats.DepthBalance) (int, string) {
			n := 0
			var which []string
			for _, k := range others {
				if c := d.Deaths[k]; c > 0 {
					n += c
					which = append(which, fmt.Sprintf("%s %d", k, c))
				}
			}
			return n, "others (" + strings.Join(which, ", ") + ")"
		})
	}
	title := "Deaths by creature per depth"
	if total == 0 {
		title += ": none"
	}
	return &chart.Chart{
		Title:  title,
		X:      chart.Axis{Label: "depth", Categories: depths},
		Panels: []chart.Panel{{Y: chart.Axis{Label: "deaths (runs)", Integer: true}, Series: series}},
	}
}

// capital is s with its first letter in upper case.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// waiting is an empty chart: a title that says what fills it (no axes,
// whose ranges would mean nothing yet).
func waiting(title string) *chart.Chart { return &chart.Chart{Title: title} }
