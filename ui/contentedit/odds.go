package contentedit

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// Heatmap depth range: 1..N with N the project's deepest level, clamped.
const (
	minHeatDepths = 10
	maxHeatDepths = 40
)

// oddsView shows the spawn odds at one depth (bars) and across depths (a
// heatmap of entries × depths).
type oddsView struct {
	h      Host
	report func(string)

	depth    int
	depthSel *widget.Select
	barsBox  *fyne.Container
	bars     map[string]*oddsBar
	barOrder []string
	atObj    fyne.CanvasObject

	heatBox   *fyne.Container
	heatRows  map[string]*heatRow
	heatOrder []string
	heatN     int
	heatMax   float64
	heatObj   fyne.CanvasObject
	heatAxis  *fyne.Container // the depths above the columns
}

// oddsBar is one eligible entry's bar.
type oddsBar struct {
	label *widget.Label
	bar   *widget.ProgressBar
	obj   fyne.CanvasObject
}

// heatRow is one entry's probabilities at depths 1..N.
type heatRow struct {
	probs  []float64
	raster *canvas.Raster
	obj    fyne.CanvasObject
}

func newOddsView(h Host, report func(string)) *oddsView {
	o := &oddsView{h: h, report: report, depth: 1, bars: map[string]*oddsBar{}, heatRows: map[string]*heatRow{}}
	o.depthSel = widget.NewSelect(nil, func(s string) {
		if d, err := strconv.Atoi(s); err == nil && d != o.depth {
			o.depth = d
			o.refreshBars(o.h.Pack())
		}
	})
	o.barsBox = container.NewVBox()
	o.atObj = container.NewBorder(container.NewBorder(nil, nil, widget.NewLabel("Depth"), nil, o.depthSel), nil, nil, nil,
		container.NewVScroll(o.barsBox))
	o.heatBox = container.NewVBox()
	caption := widget.NewLabel("Each row an entry, depths left to right; brighter = likelier.")
	caption.Wrapping = fyne.TextWrapWord
	o.heatAxis = container.NewGridWithColumns(1)
	axis := container.NewGridWithColumns(2, widget.NewLabel("Depth"), o.heatAxis)
	o.heatObj = container.NewBorder(container.NewVBox(caption, axis), nil, nil, nil, container.NewVScroll(o.heatBox))
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

// refreshBars shows the odds at o.depth.
func (o *oddsView) refreshBars(pk *content.Pack) {
	var odds []content.Odds
	if pk != nil {
		odds = pk.Odds(o.depth)
	}
	top := 0.0
	for _, od := range odds {
		top = max(top, od.Probability)
	}
	names := make([]string, len(odds))
	for i, od := range odds {
		names[i] = od.Name
		b := o.bars[od.Name]
		if b == nil {
			b = &oddsBar{label: widget.NewLabel(""), bar: widget.NewProgressBar()}
			b.bar.Max = 1
			b.bar.TextFormatter = func() string { return "" }
			b.label.Truncation = fyne.TextTruncateEllipsis
			b.obj = container.NewGridWithColumns(2, b.label, b.bar)
			o.bars[od.Name] = b
		}
		text := fmt.Sprintf("%s  (%s, weight %d)  %.1f%%", od.Name, od.Section, od.Weight, 100*od.Probability)
		if b.label.Text != text {
			b.label.SetText(text)
		}
		// bars are scaled to the likeliest entry, the label gives the chance
		if b.bar.Value != od.Probability || b.bar.Max != top {
			b.bar.Max = top
			b.bar.SetValue(od.Probability)
		}
	}
	for n := range o.bars {
		if !slices.Contains(names, n) {
			delete(o.bars, n)
		}
	}
	if !slices.Equal(names, o.barOrder) {
		o.barOrder = names
		objs := make([]fyne.CanvasObject, 0, len(names)+1)
		if len(names) == 0 {
			objs = append(objs, widget.NewLabel("Nothing can spawn at this depth."))
		}
		for _, n := range names {
			objs = append(objs, o.bars[n].obj)
		}
		o.barsBox.Objects = objs
		o.barsBox.Refresh()
	}
}

// probability is the chance shown for name at the selected depth (0 when
// it is not eligible).
func (o *oddsView) probability(name string) float64 {
	if b := o.bars[name]; b != nil {
		return b.bar.Value
	}
	return 0
}

// refreshHeat recomputes the heatmap over depths 1..n.
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
	o.heatMax = 0
	for _, ps := range probs {
		o.heatMax = max(o.heatMax, slices.Max(ps))
	}
	rebuild := !slices.Equal(names, o.heatOrder) || n != o.heatN
	if n != o.heatN {
		o.heatAxis.Layout = layout.NewGridLayoutWithColumns(n)
		o.heatAxis.Objects = depthTicks(n)
		o.heatAxis.Refresh()
	}
	o.heatN = n
	for _, name := range names {
		hr := o.heatRows[name]
		if hr == nil {
			hr = o.newHeatRow(name)
			o.heatRows[name] = hr
		}
		if !slices.Equal(hr.probs, probs[name]) || rebuild {
			hr.probs = probs[name]
			hr.raster.Refresh()
		}
	}
	for name := range o.heatRows {
		if probs[name] == nil {
			delete(o.heatRows, name)
		}
	}
	if rebuild {
		o.heatOrder = names
		objs := make([]fyne.CanvasObject, len(names))
		for i, name := range names {
			objs[i] = o.heatRows[name].obj
		}
		o.heatBox.Objects = objs
		o.heatBox.Refresh()
	}
}

func (o *oddsView) newHeatRow(name string) *heatRow {
	hr := &heatRow{}
	hr.raster = canvas.NewRasterWithPixels(func(x, _, w, _ int) color.Color {
		if len(hr.probs) == 0 || w <= 0 {
			return color.Black
		}
		return heatColor(hr.probs[min(x*len(hr.probs)/w, len(hr.probs)-1)], o.heatMax)
	})
	label := widget.NewLabel(name)
	label.Truncation = fyne.TextTruncateEllipsis
	hr.obj = container.NewGridWithColumns(2, label, hr.raster)
	return hr
}

// depthTicks are the heatmap's column labels for depths 1..n: every depth
// when they fit, else 1 and every fifth.
func depthTicks(n int) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, n)
	for d := 1; d <= n; d++ {
		t := ""
		if n <= 15 || d == 1 || d%5 == 0 {
			t = strconv.Itoa(d)
		}
		tx := canvas.NewText(t, theme.Color(theme.ColorNameForeground))
		tx.TextSize = theme.CaptionTextSize()
		tx.Alignment = fyne.TextAlignCenter
		out[d-1] = tx
	}
	return out
}

// heatColor maps p (relative to top) from dark blue (0) to yellow (top).
func heatColor(p, top float64) color.Color {
	if p <= 0 || top <= 0 {
		return color.NRGBA{20, 20, 30, 255}
	}
	t := min(p/top, 1)
	return color.NRGBA{uint8(40 + 215*t), uint8(40 + 190*t), uint8(120 - 100*t), 255}
}
