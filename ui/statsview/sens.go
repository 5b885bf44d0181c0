package statsview

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"hewn/chain/jsonfile"
	"hewn/projects/stats"
	"hewn/ui/internal/widgets"
	"hewn/ui/render/chart"
)

// The Sensitivity tab: for the selected step, a small chart per parameter
// of how each chosen metric moves across the parameter's declared range (the
// other parameters as the chain has them, the same seeds at every value):
// the mean with the 10th to 90th percentiles (stats.RunSensitivity, as `hewn
// tune --sensitivity`).

// sensView is the Sensitivity tab.
type sensView struct {
	p *Panel
	h Host

	opts    []paramOption
	step    *widget.Label
	params  *checkSet
	metrics *checkSet
	points  *widget.Entry
	seeds   *widget.Entry
	run     *widget.Button
	job     *job
	summary *widget.Label
	charts  *fyne.Container
	result  *stats.Sensitivity
	obj     fyne.CanvasObject

	// onDone is called when a result is shown (tests).
	onDone func()
}

// sensMin is a parameter's chart's smallest size.
var sensMin = fyne.NewSize(300, 260)

func newSensView(p *Panel, h Host) *sensView {
	s := &sensView{p: p, h: h}
	s.step = widget.NewLabel("")
	s.step.Wrapping = fyne.TextWrapWord
	s.params = newCheckSet(nil)
	s.metrics = newCheckSet(stats.MetricNames)
	s.metrics.SetSelected([]string{stats.Rooms, stats.PathLength, stats.FloorShare})
	s.points = widget.NewEntry()
	s.points.SetText("7")
	s.seeds = widget.NewEntry()
	s.seeds.SetText("30")
	s.job = newJob(h.Post, s.sweep, func() { s.summary.SetText("Cancelled.") })
	s.summary = widget.NewLabel("Each parameter moves alone over its range; the same seeds run at every value, so a change is the parameter's.")
	s.summary.Wrapping = fyne.TextWrapWord
	s.charts = container.NewGridWrap(sensMin)
	knobs := container.NewHBox(widget.NewLabel("points"), sized(s.points, 56), widget.NewLabel("seeds"), sized(s.seeds, 64),
		widget.NewLabel("from the Sweep tab's first seed"), s.job.run, s.job.cancelB)
	form := container.NewVBox(s.step, s.params.box, widget.NewLabel("Metrics"), s.metrics.box, container.NewHScroll(knobs), s.job.bar, s.summary)
	s.obj = widgets.FormScroll(container.NewVScroll(container.NewBorder(form, nil, nil, nil, s.charts)))
	s.update()
	return s
}

// update offers the selected step's parameters (all of them ticked when the
// step changes).
func (s *sensView) update() {
	t, ok := s.h.Target()
	si := s.h.StepIndex()
	var opts []paramOption
	if ok {
		for _, o := range varyable(t.Chain, si) {
			if o.Step == si {
				opts = append(opts, o)
			}
		}
	}
	switch {
	case !ok:
		widgets.SetText(s.step, "There is no level.")
	case si < 0 || si >= len(t.Chain.Steps):
		widgets.SetText(s.step, "Select a step in the Chain tab: its parameters are plotted here.")
	case len(opts) == 0:
		widgets.SetText(s.step, fmt.Sprintf("Step %d (%s) has no parameter with a range or choices to move.", si+1, t.Chain.Steps[si].Builder))
	default:
		widgets.SetText(s.step, fmt.Sprintf("Step %d (%s): the parameters to move over their declared ranges", si+1, t.Chain.Steps[si].Builder))
	}
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = o.Param.Name
	}
	old := make([]string, len(s.opts))
	for i, o := range s.opts {
		old[i] = o.Path
	}
	paths := make([]string, len(opts))
	for i, o := range opts {
		paths[i] = o.Path
	}
	s.opts = opts
	if !slices.Equal(old, paths) {
		s.params.SetOptions(names)
		s.params.SetSelected(names)
	}
}

// sweep runs the sensitivity of the ticked parameters in the background.
func (s *sensView) sweep() {
	t, ok := s.h.Target()
	if !ok {
		s.summary.SetText("There is no level.")
		return
	}
	var vs []stats.Vary
	for _, o := range s.opts {
		if slices.Contains(s.params.Selected(), o.Param.Name) {
			vs = append(vs, stats.Vary{Path: o.Path, All: true})
		}
	}
	if len(vs) == 0 {
		s.summary.SetText("Tick a parameter of the selected step to move.")
		return
	}
	dims, err := resolveAll(t.Chain, vs)
	if err != nil {
		s.summary.SetText(err.Error())
		return
	}
	points, err := strconv.Atoi(strings.TrimSpace(s.points.Text))
	if err != nil || points < 2 || points > stats.MaxPoints {
		s.summary.SetText(fmt.Sprintf("Points: %q is not a count from 2 to %d.", s.points.Text, stats.MaxPoints))
		return
	}
	seeds, err := strconv.Atoi(strings.TrimSpace(s.seeds.Text))
	if err != nil || seeds < 1 || seeds > stats.MaxSensitivitySeeds {
		s.summary.SetText(fmt.Sprintf("Seeds: %q is not a count from 1 to %d.", s.seeds.Text, stats.MaxSensitivitySeeds))
		return
	}
	from, err := strconv.ParseUint(strings.TrimSpace(s.p.from.Text), 10, 64)
	if err != nil {
		s.summary.SetText(fmt.Sprintf("From (the Sweep tab's): %q is not a seed.", s.p.from.Text))
		return
	}
	ms := s.metrics.Selected()
	slices.SortFunc(ms, func(a, b string) int { return slices.Index(stats.MetricNames, a) - slices.Index(stats.MetricNames, b) })
	if len(ms) == 0 {
		s.summary.SetText("Tick a metric to plot.")
		return
	}
	ctx, gen := s.job.start()
	s.summary.SetText(fmt.Sprintf("Moving %s over %s each…", jsonfile.Count(len(dims), "parameter"), jsonfile.Count(seeds, "seed")))
	o := stats.SensitivityOptions{Dims: dims, Metrics: ms, Points: points, Seeds: seeds, From: from,
		Progress: s.job.progress(gen, 1)}
	go func() {
		r, err := stats.RunSensitivity(ctx, t, o)
		s.h.Post(func() {
			if !s.job.end(gen) {
				return
			}
			if err != nil {
				s.summary.SetText("Stopped: " + err.Error())
				return
			}
			s.job.bar.SetValue(1)
			s.show(r, dims, ms)
			if s.onDone != nil {
				s.onDone()
			}
		})
	}()
}

// show draws a chart per parameter.
func (s *sensView) show(r *stats.Sensitivity, dims []stats.Dim, ms []string) {
	s.result = r
	s.charts.Objects = nil
	for k, pe := range r.Params {
		c := widgets.NewChart(sensMin)
		c.SetChart(sensitivityChart(pe, dims[k], ms, r.Seeds))
		s.charts.Add(c)
	}
	s.charts.Refresh()
	s.summary.SetText(fmt.Sprintf("%s × %s from %d: the mean of each metric (line) with its 10th to 90th percentiles (grey). Point at a value to read it.",
		jsonfile.Count(len(r.Params), "parameter"), jsonfile.Count(r.Seeds, "seed"), r.From))
}

// bandColor draws the 10th and 90th percentiles.
var bandColor = color.NRGBA{0x99, 0x99, 0x99, 0xFF}

// sensitivityChart is one parameter's effect: a panel per metric, sharing
// the parameter's axis, its mean and its 10th and 90th percentiles at each
// value, each point reading out all three and the seeds that failed there.
func sensitivityChart(pe stats.ParamEffect, d stats.Dim, ms []string, seeds int) *chart.Chart {
	x := chart.Axis{Label: d.Param.Name}
	xs := make([]float64, len(pe.Values))
	if d.Numeric {
		x.Integer = d.Int
		for i, v := range pe.Values {
			xs[i] = toNumber(v)
		}
	} else {
		for i, v := range pe.Values {
			xs[i] = float64(i)
			x.Categories = append(x.Categories, fmt.Sprint(v))
		}
	}
	var panels []chart.Panel
	for _, m := range ms {
		mi := info(m)
		mean := &chart.Line{Name: "mean"}
		p10 := &chart.Line{Name: "p10–p90", Color: bandColor}
		p90 := &chart.Line{Name: "p10–p90", Color: bandColor}
		for i, sp := range pe.Metrics[m] {
			if sp.Count == 0 {
				continue
			}
			tip := fmt.Sprintf("%s %s: %s mean %s (p10 %s, p90 %s) over %d of %d seeds", d.Param.Name, valueText(pe.Values[i]),
				mi.short, mi.precise(sp.Mean, 2), mi.value(sp.P10), mi.value(sp.P90), sp.Count, seeds)
			if f := pe.Failed[i]; f > 0 {
				tip += fmt.Sprintf("; %d failed", f)
			}
			mean.Points = append(mean.Points, chart.Point{X: xs[i], Y: mi.shown(sp.Mean)})
			p10.Points = append(p10.Points, chart.Point{X: xs[i], Y: mi.shown(sp.P10)})
			p90.Points = append(p90.Points, chart.Point{X: xs[i], Y: mi.shown(sp.P90)})
			mean.Tips, p10.Tips, p90.Tips = append(mean.Tips, tip), append(p10.Tips, tip), append(p90.Tips, tip)
		}
		title := mi.short
		if unit := strings.TrimSpace(mi.unit); unit != "" {
			title += " (" + unit + ")"
		}
		panels = append(panels, chart.Panel{Title: title, Series: []chart.Series{p10, p90, mean}})
	}
	return &chart.Chart{Title: fmt.Sprintf("%s (%s)", d.Param.Name, d.Path), X: x, Panels: panels}
}

// toNumber is a numeric parameter value as a float.
func toNumber(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// checkSet is a box of tick boxes that wraps to the width it has (a
// horizontal CheckGroup asks for the width of all its boxes in a row).
type checkSet struct {
	box    *fyne.Container
	checks []*widget.Check
}

func newCheckSet(options []string) *checkSet {
	c := &checkSet{box: container.NewGridWrap(fyne.NewSize(0, 0))}
	c.SetOptions(options)
	return c
}

// Options are the boxes' labels.
func (c *checkSet) Options() []string {
	out := make([]string, len(c.checks))
	for i, ch := range c.checks {
		out[i] = ch.Text
	}
	return out
}

// SetOptions makes a box per option, none ticked.
func (c *checkSet) SetOptions(options []string) {
	c.checks = nil
	c.box.Objects = nil
	var size fyne.Size
	for _, o := range options {
		ch := widget.NewCheck(o, nil)
		size = size.Max(ch.MinSize())
		c.checks = append(c.checks, ch)
		c.box.Add(ch)
	}
	c.box.Layout = layout.NewGridWrapLayout(size)
	c.box.Refresh()
}

// Selected are the ticked boxes' labels, in order.
func (c *checkSet) Selected() []string {
	var out []string
	for _, ch := range c.checks {
		if ch.Checked {
			out = append(out, ch.Text)
		}
	}
	return out
}

// SetSelected ticks the boxes labelled sel, and only those.
func (c *checkSet) SetSelected(sel []string) {
	for _, ch := range c.checks {
		ch.SetChecked(slices.Contains(sel, ch.Text))
	}
}
