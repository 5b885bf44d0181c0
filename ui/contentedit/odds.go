package contentedit

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/render/chart"
)

// Heatmap depth range: 1..N with N the project's deepest level, clamped.
const (
	minHeatDepths = 10
	maxHeatDepths = 40
)

// The odds charts' sizes: a row per entry, on top of room for the title,
// the axis and its label.
const (
	oddsRowH   = 20
	oddsFrameH = 90
	oddsMinW   = 300
)

// oddsView shows the spawn odds at one depth (a bar per entry, likeliest
// first) and across depths (a heatmap of entries × depths with a colour
// scale); pointing at a bar or a cell reads its chance out.
type oddsView struct {
	h      Host
	report func(string)

	depth    int
	depthSel *widget.Select
	bars     *widgets.Chart
	barsKey  string             // what the bars show, to draw them only on change
	probs    map[string]float64 // chance per entry at depth, as shown
	order    []string           // the bars' entries, top to bottom
	atObj    fyne.CanvasObject

	heat    *widgets.Chart
	heatKey string
	heatN   int
	heatObj fyne.CanvasObject
}

func newOddsView(h Host, report func(string)) *oddsView {
	o := &oddsView{h: h, report: report, depth: 1, probs: map[string]float64{}}
	o.depthSel = widget.NewSelect(nil, func(s string) {
		if d, err := strconv.Atoi(s); err == nil && d != o.depth {
			o.depth = d
			o.refreshBars(o.h.Pack())
		}
	})
	o.bars = widgets.NewChart(fyne.NewSize(oddsMinW, oddsFrameH+oddsRowH))
	o.atObj = container.NewBorder(container.NewBorder(nil, nil, widget.NewLabel("Depth"), nil, o.depthSel), nil, nil, nil,
		container.NewVScroll(o.bars))
	o.heat = widgets.NewChart(fyne.NewSize(oddsMinW, oddsFrameH+oddsRowH))
	o.heatObj = container.NewVScroll(o.heat)
	return o
}

// heatDepths is how many depths the heatmap shows for project p.
func heatDepths(p *projects.Project) int {
	n := minHeatDepths
	if p != nil {
		for _, l := range p.Levels {
			n = max(n, l.Depth)
		}
	}
	return min(n, maxHeatDepths)
}

// refresh recomputes both views from pk.
func (o *oddsView) refresh(pk *content.Pack, p *projects.Project) {
	n := heatDepths(p)
	if n != len(o.depthSel.Options) {
		opts := make([]string, n)
		for i := range opts {
			opts[i] = strconv.Itoa(i + 1)
		}
		o.depthSel.SetOptions(opts)
	}
	o.depth = min(max(o.depth, 1), n)
	if o.depthSel.Selected != strconv.Itoa(o.depth) {
		o.depthSel.SetSelected(strconv.Itoa(o.depth))
	}
	o.refreshBars(pk)
	o.refreshHeat(pk, n)
}

// percent words a chance per roll.
func percent(p float64) string { return fmt.Sprintf("%.1f %%", 100*p) }

// sortedOdds are odds likeliest first (ties by name).
func sortedOdds(odds []content.Odds) []content.Odds {
	out := slices.Clone(odds)
	slices.SortStableFunc(out, func(a, b content.Odds) int {
		if c := cmp.Compare(b.Probability, a.Probability); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// refreshBars shows the odds at o.depth, a bar per entry, likeliest first.
func (o *oddsView) refreshBars(pk *content.Pack) {
	var odds []content.Odds
	if pk != nil {
		odds = sortedOdds(pk.Odds(o.depth))
	}
	var key strings.Builder
	fmt.Fprintf(&key, "%d;", o.depth)
	for _, od := range odds {
		fmt.Fprintf(&key, "%s|%s|%d|%g;", od.Name, od.Section, od.Weight, od.Probability)
	}
	if key.String() == o.barsKey {
		return
	}
	o.barsKey = key.String()
	clear(o.probs)
	o.order = o.order[:0]
	names := make([]string, len(odds))
	bars := make([]chart.Bar, len(odds))
	for i, od := range odds {
		names[i] = od.Name
		o.probs[od.Name] = od.Probability
		o.order = append(o.order, od.Name)
		bars[i] = chart.Bar{Lo: float64(i) - 0.4, Hi: float64(i) + 0.4, Value: 100 * od.Probability, Label: percent(od.Probability),
			Tip: fmt.Sprintf("%s (%s, weight %d)\n%s per roll at depth %d", od.Name, od.Section, od.Weight, percent(od.Probability), o.depth)}
	}
	title := fmt.Sprintf("Spawn odds at depth %d, likeliest first", o.depth)
	if len(odds) == 0 {
		title = fmt.Sprintf("Nothing can spawn at depth %d.", o.depth)
	}
	o.bars.SetMinSize(fyne.NewSize(oddsMinW, float32(oddsFrameH+oddsRowH*max(len(odds), 1))))
	o.bars.SetChart(&chart.Chart{
		Title:  title,
		X:      chart.Axis{Label: "chance per roll (%)", Mirror: true},
		Panels: []chart.Panel{{Y: chart.Axis{Categories: names}, Series: []chart.Series{&chart.Bars{Horizontal: true, Bars: bars}}}},
	})
}

// probability is the chance shown for name at the selected depth (0 when it
// is not eligible).
func (o *oddsView) probability(name string) float64 { return o.probs[name] }

// refreshHeat shows every entry's chance at depths 1..n: a row per entry
// (by name), a column per depth.
func (o *oddsView) refreshHeat(pk *content.Pack, n int) {
	var names []string
	probs := map[string][]float64{}
	if pk != nil {
		r := pk.Roller()
		for d := 1; d <= n; d++ {
			for _, od := range r.Odds(d, chain.AnySection) {
				ps := probs[od.Name]
				if ps == nil {
					ps = make([]float64, n)
					probs[od.Name] = ps
					names = append(names, od.Name)
				}
				ps[d-1] = od.Probability
			}
		}
	}
	slices.Sort(names)
	var key strings.Builder
	fmt.Fprintf(&key, "%d;", n)
	values := make([][]float64, len(names))
	for i, name := range names {
		values[i] = make([]float64, n)
		for d, p := range probs[name] {
			values[i][d] = 100 * p
			fmt.Fprintf(&key, "%g,", p)
		}
		fmt.Fprintf(&key, "%s;", name)
	}
	o.heatN = n
	if key.String() == o.heatKey {
		return
	}
	o.heatKey = key.String()
	depths := make([]string, n)
	xe := make([]float64, n+1)
	for d := range n {
		depths[d] = strconv.Itoa(d + 1)
		xe[d+1] = float64(d) + 0.5
	}
	xe[0] = -0.5
	ye := make([]float64, len(names)+1)
	for i := range ye {
		ye[i] = float64(i) - 0.5
	}
	heat := &chart.Heat{XEdges: xe, YEdges: ye, Values: values, Scale: chart.Scale{Label: "chance per roll (%)"}}
	heat.Tip = func(c, r int) string {
		if values[r][c] == 0 {
			return fmt.Sprintf("%s at depth %d: cannot spawn", names[r], c+1)
		}
		return fmt.Sprintf("%s at depth %d: %s per roll", names[r], c+1, percent(values[r][c]/100))
	}
	title := "Spawn odds across depths (empty: cannot spawn)"
	if len(names) == 0 || allZero(values) {
		title = "Nothing can spawn at any depth."
	}
	o.heat.SetMinSize(fyne.NewSize(oddsMinW, float32(oddsFrameH+oddsRowH*max(len(names), 1))))
	o.heat.SetChart(&chart.Chart{
		Title:  title,
		X:      chart.Axis{Label: "depth", Categories: depths, Mirror: true},
		Panels: []chart.Panel{{Y: chart.Axis{Categories: names}, Series: []chart.Series{heat}}},
	})
}

// allZero says no value is above 0.
func allZero(vs [][]float64) bool {
	for _, row := range vs {
		if slices.ContainsFunc(row, func(v float64) bool { return v > 0 && !math.IsNaN(v) }) {
			return false
		}
	}
	return true
}
