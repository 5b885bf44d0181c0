package statsview

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/projects/stats"
	"hewn/ui/render/chart"
)

// "What did my edit do?": the level swept as the saved file has it and as it
// is now, over the same seeds, binned alike so their histograms overlay and
// their expressive ranges subtract.

// comparison is two sweeps of a level over the same seeds: the saved
// version's (base) and the current one's (now), each metric's values counted
// in the same bars.
type comparison struct {
	base, now sideData
}

// sideData is one side of a comparison: its report, read through the bars
// both sides share.
type sideData struct {
	reportData
	bins map[string][]stats.Bin
}

// Bins are metric's bars shared by both sides, counting this side's maps.
func (d sideData) Bins(metric string) []stats.Bin { return d.bins[metric] }

func newComparison(base, now *stats.Report) *comparison {
	c := &comparison{base: sideData{reportData{base}, map[string][]stats.Bin{}}, now: sideData{reportData{now}, map[string][]stats.Bin{}}}
	for _, m := range stats.MetricNames {
		c.base.bins[m], c.now.bins[m] = commonBars(base.Metrics[m], now.Metrics[m])
	}
	return c
}

// Summary is the saved version's summary of metric.
func (c *comparison) Summary(metric string) stats.Summary { return c.base.r.Metrics[metric] }

// commonBars counts a's and b's values (their exact bins) in the same bars:
// at most 20 over both sides' values, each a whole number of the metric's
// bins wide, as a report's own histogram is made.
func commonBars(a, b stats.Summary) (ab, bb []stats.Bin) {
	w := max(a.BinWidth, b.BinWidth)
	var lo, hi int64
	first := true
	for _, s := range []stats.Summary{a, b} {
		if len(s.Bins) == 0 {
			continue
		}
		k0, k1 := s.Bins[0][0], s.Bins[len(s.Bins)-1][0]
		if first || k0 < lo {
			lo = k0
		}
		if first || k1 > hi {
			hi = k1
		}
		first = false
	}
	if first {
		return nil, nil
	}
	edge := func(k int64) float64 {
		if w == 1 {
			return float64(k)
		}
		return float64(k) / stats.ShareBins
	}
	per := (hi - lo + histogram) / histogram
	n := (hi-lo)/per + 1
	bars := func(s stats.Summary) []stats.Bin {
		out := make([]stats.Bin, n)
		for i := range out {
			k := lo + int64(i)*per
			out[i] = stats.Bin{Lo: edge(k), Hi: edge(k + per)}
		}
		for _, kb := range s.Bins {
			out[(kb[0]-lo)/per].Count += int(kb[1])
		}
		return out
	}
	return bars(a), bars(b)
}

// histogram is how many bars a comparison's histogram has at most.
const histogram = 20

// savedColor is the saved version's bars: grey, under the current ones.
var savedColor = othersColor

// compareHistogramChart overlays metric's histogram now (narrower bars, in
// colour) on the saved version's (grey): each bar reads out both counts and
// their difference.
func compareHistogramChart(c *comparison, metric string) *chart.Chart {
	mi := info(metric)
	bb, nb := c.base.Bins(metric), c.now.Bins(metric)
	whole := wholeBins(mi, nb)
	saved := &chart.Bars{Name: "saved", Color: savedColor}
	now := &chart.Bars{Name: "now"}
	total := 0
	for i := range nb {
		lo, hi, words := binSpan(mi, nb[i], whole)
		tip := fmt.Sprintf("%s %s: now %s, saved %d (%+d)", mi.short, words, mapsWord(nb[i].Count), bb[i].Count, nb[i].Count-bb[i].Count)
		saved.Bars = append(saved.Bars, chart.Bar{Lo: lo, Hi: hi, Value: float64(bb[i].Count), Tip: tip})
		inset := (hi - lo) * 0.2
		now.Bars = append(now.Bars, chart.Bar{Lo: lo + inset, Hi: hi - inset, Value: float64(nb[i].Count), Tip: tip})
		total += nb[i].Count
	}
	return &chart.Chart{
		Title:  fmt.Sprintf("%s now and saved over the same seeds (%s now)", capital(mi.short), mapsWord(total)),
		X:      chart.Axis{Label: mi.axis, Integer: whole},
		Panels: []chart.Panel{{Y: chart.Axis{Label: "maps", Integer: true}, Series: []chart.Series{saved, now}}},
	}
}

// differenceChart is the expressive range now minus saved: per cell of the
// shared bars of x × y, how many more maps (red) or fewer (blue) fall there
// now, on a diverging scale; each cell reads out both counts.
func differenceChart(c *comparison, x, y string) *chart.Chart {
	mx, my := info(x), info(y)
	bx, by := c.now.Bins(x), c.now.Bins(y)
	wx, wy := wholeBins(mx, bx), wholeBins(my, by)
	now, saved := heatCounts(c.now, x, y), heatCounts(c.base, x, y)
	diff := make([][]float64, len(now))
	for r := range now {
		diff[r] = make([]float64, len(now[r]))
		for col := range now[r] {
			diff[r][col] = now[r][col] - saved[r][col]
		}
	}
	heat := &chart.Heat{XEdges: edges(mx, bx), YEdges: edges(my, by), Values: diff,
		Scale: chart.Scale{Label: "maps now − saved", Diverging: true}}
	heat.Tip = func(col, r int) string {
		_, _, xw := binSpan(mx, bx[col], wx)
		_, _, yw := binSpan(my, by[r], wy)
		return fmt.Sprintf("%s %s\n%s %s\nnow %s, saved %d (%+d)", mx.short, xw, my.short, yw,
			mapsWord(int(now[r][col])), int(saved[r][col]), int(diff[r][col]))
	}
	return &chart.Chart{
		Title:  fmt.Sprintf("What moved: %s by %s, now − saved (red: more maps now)", my.short, mx.short),
		X:      chart.Axis{Label: mx.axis, Integer: wx},
		Panels: []chart.Panel{{Y: chart.Axis{Label: my.axis, Integer: wy}, Series: []chart.Series{heat}}},
	}
}

// change is one figure of a metric, saved and now.
type change struct {
	name       string
	saved, now float64
}

// changes are metric's mean and percentiles, saved and now.
func changes(c *comparison, metric string) []change {
	b, n := c.base.r.Metrics[metric], c.now.r.Metrics[metric]
	return []change{{"p10", b.P10, n.P10}, {"median", b.P50, n.P50}, {"p90", b.P90, n.P90}, {"mean", b.Mean, n.Mean}}
}

// showChanges lists the metrics whose percentiles or mean changed between
// the saved version and now ("saved → now"), or why there is no comparison
// (c nil): hidden when none was asked for.
func (p *Panel) showChanges(c *comparison) {
	p.changes.Objects = nil
	switch {
	case c == nil && p.compare.Checked && p.baseNote != "":
		p.changes.Add(widget.NewLabel(capital(p.baseNote) + "."))
	case c == nil:
		p.changed.Hide()
		return
	default:
		p.changes.Add(widget.NewLabel(fmt.Sprintf("Compared with %s: %d maps then, %d now; %d failed then, %d now.",
			p.baseNote, c.base.r.Maps-c.base.r.Failures.Count, c.now.r.Maps-c.now.r.Failures.Count, c.base.r.Failures.Count, c.now.r.Failures.Count)))
		grid := container.NewGridWithColumns(5)
		for _, h := range []string{"metric", "p10", "median", "p90", "mean"} {
			grid.Add(widget.NewLabelWithStyle(h, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		}
		rows := 0
		for _, m := range stats.MetricNames {
			mi := info(m)
			cs := changes(c, m)
			if !slices.ContainsFunc(cs, func(x change) bool { return mi.value(x.saved) != mi.value(x.now) }) {
				continue
			}
			rows++
			grid.Add(widget.NewLabel(mi.short))
			for _, x := range cs {
				text := mi.value(x.now)
				if mi.value(x.saved) != text {
					text = mi.value(x.saved) + " → " + text
				}
				l := widget.NewLabel(text)
				l.Truncation = fyne.TextTruncateEllipsis
				grid.Add(l)
			}
		}
		if rows == 0 {
			p.changes.Add(widget.NewLabel("No percentile moved: over these seeds the levels measure alike in every metric."))
		} else {
			p.changes.Add(grid)
		}
	}
	p.changed.Show()
	p.changes.Refresh()
}
