// Package statsview is the editor's Statistics panel. Its Sweep tab sweeps
// the selected level over many seeds (projects/stats) in the background, with
// a progress bar and Cancel, and shows a metric's histogram, an
// expressive-range heatmap of two metrics (how varied the chain's output is),
// and the worst seeds for a metric, each opening in the map view with one
// click; with *Compare with saved* it sweeps the saved file's version of the
// level over the same seeds too and shows what the edits moved (histograms
// overlaid, the heatmap's difference, the percentiles that changed). The
// Balance view has a bot play every depth over the seeds, each death opening
// as a replay. The Illuminate tab searches the chain's parameters (stats.Tune)
// and shows the archive as a grid of thumbnails of its levels, each opening in
// the map view and applied to the chain in one undo step; the Sensitivity tab
// plots how each metric moves across each parameter of the selected step. It
// sees the editor only through a Host.
package statsview

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/projects/stats"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Target is the selected level's sweep and a name for it (ok false when
	// there is no level to sweep).
	Target() (t stats.Target, ok bool)
	// OpenSeed shows the selected level's map for master seed m.
	OpenSeed(m uint64)
	// BalanceTarget is the project's balance sweep for bot over depths
	// (ok false when the project has none of them).
	BalanceTarget(bot string, depths []int, maxTurns int) (t stats.BalanceTarget, ok bool)
	// OpenReplay replays keys from master seed m on depth d in the Play tab.
	OpenReplay(m uint64, d int, keys string)
	// Post runs f on the UI goroutine.
	Post(f func())
	// StepIndex is the selected top-level step of the level (-1: none): the
	// step whose parameters the lab offers first and Sensitivity plots.
	StepIndex() int
	// SavedTarget is the selected level as the project's saved file holds
	// it (the level of the same depth), swept to compare with; why says why
	// there is none ("" when there is).
	SavedTarget() (t stats.Target, why string)
	// OpenVariant shows the selected level made by chain c (a variant of
	// its chain) with master seed m in the map view, as a preview that edits
	// nothing; label names the variant.
	OpenVariant(c *chain.Chain, m uint64, label string)
	// EditLevel edits the selected level as one undo step.
	EditLevel(label, key string, f func(l *projects.Level))
	// Style gives sc the selected level's look: its themes and the content
	// pack's entity looks (the lab's thumbnails).
	Style(sc *render.Scene)
}

// Panel is the Statistics panel.
type Panel struct {
	widget.BaseWidget
	h Host

	seeds   *widget.Entry
	from    *widget.Entry
	job     *job
	summary *widget.Label
	metric  *widget.Select
	compare *widget.Check
	// base is the saved version's report of the last compared sweep (nil
	// without a comparison); baseNote says what it is; lastTarget is the
	// target of the last sweep, compared with when the project has no saved
	// file.
	base       *stats.Report
	baseNote   string
	lastTarget *stats.Target
	changed    *widget.Card
	changes    *fyne.Container
	hist       *widgets.Chart
	xMetric    *widget.Select
	yMetric    *widget.Select
	heat       *widgets.Chart
	worstBy    *widget.Select
	// worstPicked is set once the designer picks the worst seeds' metric
	// (until then each sweep ranks by worstDefault); settingWorst while the
	// panel sets it.
	worstPicked, settingWorst bool
	worstNote                 *widget.Label
	worst                     *fyne.Container
	obj                       fyne.CanvasObject
	report                    *stats.Report
	balance                   *balanceView
	lab                       *labView
	sens                      *sensView
	tabs                      *container.AppTabs
	// onDone is called when a sweep's report is shown (tests).
	onDone func()
}

// The charts' smallest sizes (they grow with the panel's width).
var (
	histMin  = fyne.NewSize(320, 230)
	heatMin  = fyne.NewSize(320, 320)
	rateMin  = fyne.NewSize(320, 250)
	deathMin = fyne.NewSize(320, 220)
)

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h}
	p.seeds = widget.NewEntry()
	p.seeds.SetText("200")
	p.from = widget.NewEntry()
	p.from.SetText("1")
	p.job = newJob(h.Post, p.sweep, func() { p.summary.SetText("Sweep cancelled.") })
	p.summary = widget.NewLabel("Run a sweep: the selected level over many master seeds.")
	p.summary.Wrapping = fyne.TextWrapWord
	p.metric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.metric.SetSelected(stats.FloorShare)
	p.xMetric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.xMetric.SetSelected(stats.FloorShare)
	p.yMetric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.yMetric.SetSelected(stats.PathLength)
	p.worstBy = widget.NewSelect(stats.MetricNames, func(string) {
		if !p.settingWorst {
			p.worstPicked = true
			p.draw()
		}
	})
	p.setWorst(stats.WorstBy)
	p.worstNote = widget.NewLabel("")
	p.worstNote.Wrapping = fyne.TextWrapWord
	p.hist = widgets.NewChart(histMin)
	p.hist.SetChart(waiting("Histogram: run a sweep"))
	p.heat = widgets.NewChart(heatMin)
	p.heat.SetChart(waiting("Expressive range: run a sweep"))
	p.worst = container.NewVBox()

	p.compare = widget.NewCheck("Compare with saved", nil)
	p.changes = container.NewVBox()
	p.changed = widget.NewCard("", "What the edits moved: percentiles that changed (saved → now)", p.changes)
	p.changed.Hide()
	form := container.NewHBox(widget.NewLabel("Seeds"), sized(p.seeds, 80), widget.NewLabel("from"), sized(p.from, 80), p.job.run, p.job.cancelB, p.compare)
	hist := widget.NewCard("", "Histogram (point at a bar for its range and count)",
		container.NewBorder(p.metric, nil, nil, nil, p.hist))
	heat := widget.NewCard("", "Expressive range (maps per cell; point at a cell)", container.NewBorder(
		container.NewGridWithColumns(2, labelled("across", p.xMetric), labelled("up", p.yMetric)), nil, nil, nil, p.heat))
	worst := widget.NewCard("", "Worst seeds (click to open)", container.NewBorder(
		container.NewVBox(labelled("by", p.worstBy), p.worstNote), nil, nil, nil, p.worst))
	p.balance = newBalanceView(p, h)
	sections := container.NewVBox(hist, heat, p.changed, worst, p.balance.obj)
	sweepTab := container.NewBorder(container.NewVBox(container.NewHScroll(form), p.job.bar, p.summary), nil, nil, nil,
		widgets.FormScroll(container.NewVScroll(sections)))
	p.lab = newLabView(p, h)
	p.sens = newSensView(p, h)
	p.tabs = container.NewAppTabs(
		container.NewTabItem("Sweep", sweepTab),
		container.NewTabItem("Illuminate", p.lab.obj),
		container.NewTabItem("Sensitivity", p.sens.obj))
	p.obj = p.tabs
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update is the panel contract's: the sweeps run when the designer asks, so
// an edit leaves the last report on screen as it is; the lab and the
// sensitivity view offer the parameters of the chain as it is now.
func (p *Panel) Update() {
	p.lab.update()
	p.sens.update()
}

// sized wraps o to a fixed minimum width.
func sized(o fyne.CanvasObject, w float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, 0))
	return container.NewStack(r, o)
}

// labelled puts a label before o.
func labelled(label string, o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewBorder(nil, nil, widget.NewLabel(label), nil, o)
}

// setWorst selects the worst seeds' metric without it counting as the
// designer's pick (nor drawing: the caller does).
func (p *Panel) setWorst(metric string) {
	if p.worstBy.Selected == metric {
		return
	}
	p.settingWorst = true
	p.worstBy.SetSelected(metric)
	p.settingWorst = false
}

// sweep sweeps the selected level over the seeds the form names, in the
// background (a sweep still running is cancelled first).
func (p *Panel) sweep() {
	n, err := strconv.Atoi(p.seeds.Text)
	if err != nil || n < 1 || n > 1_000_000 {
		p.summary.SetText(fmt.Sprintf("Seeds: %q is not a count from 1 to 1000000.", p.seeds.Text))
		return
	}
	from, err := strconv.ParseUint(p.from.Text, 10, 64)
	if err != nil {
		p.summary.SetText(fmt.Sprintf("From: %q is not a seed (a whole number ≥ 0).", p.from.Text))
		return
	}
	t, ok := p.h.Target()
	if !ok {
		p.summary.SetText("There is no level to sweep.")
		return
	}
	// the version compared with: the saved file's, else the previous sweep's
	var base *stats.Target
	baseNote := ""
	if p.compare.Checked {
		bt, why := p.h.SavedTarget()
		switch {
		case why == "":
			base, baseNote = &bt, "the saved file"
		case p.lastTarget != nil:
			base, baseNote = p.lastTarget, "the previous sweep's chain ("+why+")"
		default:
			baseNote = why + ": nothing to compare with yet (the next sweep compares with this one)"
		}
	}
	p.lastTarget = &t
	ctx, gen := p.job.start()
	p.summary.SetText(fmt.Sprintf("Sweeping %s over %s…", t.Name, jsonfile.Count(n, "seed")))
	if base != nil {
		p.summary.SetText(fmt.Sprintf("Sweeping %s and %s over the same %s…", t.Name, baseNote, jsonfile.Count(n, "seed")))
	}
	sweeps := 1 // the progress of both sweeps on one bar
	if base != nil {
		sweeps = 2
	}
	progress := p.job.progress(gen, sweeps)
	go func() {
		o := stats.Options{From: from, Seeds: n, Progress: progress, KeepSamples: true}
		r, err := stats.Run(ctx, t, o)
		var rb *stats.Report
		if err == nil && base != nil {
			p.job.nextPart()
			rb, err = stats.Run(ctx, *base, o)
		}
		p.h.Post(func() {
			if !p.job.end(gen) {
				return
			}
			if err != nil {
				p.summary.SetText("Sweep stopped: " + err.Error())
				return
			}
			p.job.bar.SetValue(1)
			p.report, p.base, p.baseNote = r, rb, baseNote
			p.draw()
			if p.onDone != nil {
				p.onDone()
			}
		})
	}()
}

// advance moves the progress bar to done of total: workers report out of
// order, so it only moves forward.
func (p *Panel) advance(done, total int) {
	if v := float64(done) / float64(total); v > p.job.bar.Value {
		p.job.bar.SetValue(v)
	}
}

// draw shows the report: the summary line, the histogram, the heatmap and
// the worst seeds.
func (p *Panel) draw() {
	r := p.report
	if r == nil {
		return
	}
	d := reportData{r}
	s := r.Metrics[p.metric.Selected]
	mi := info(p.metric.Selected)
	p.summary.SetText(fmt.Sprintf("%s, depth %d: %s, %d failed. %s: mean %s, min %s, median %s, max %s.",
		r.Target, r.Depth, jsonfile.Count(r.Maps, "map"), r.Failures.Count, capital(mi.short), mi.value(s.Mean), mi.value(s.Min), mi.value(s.P50), mi.value(s.Max)))
	p.showWorst(d)
	if p.base == nil {
		p.hist.SetChart(histogramChart(d, p.metric.Selected))
		p.heat.SetChart(rangeChart(d, p.xMetric.Selected, p.yMetric.Selected))
		p.showChanges(nil)
		return
	}
	c := newComparison(p.base, r)
	sb := c.Summary(p.metric.Selected)
	p.summary.SetText(p.summary.Text + fmt.Sprintf(" Compared with %s over the same seeds: mean %s → %s, median %s → %s.",
		p.baseNote, mi.value(sb.Mean), mi.value(s.Mean), mi.value(sb.P50), mi.value(s.P50)))
	p.hist.SetChart(compareHistogramChart(c, p.metric.Selected))
	p.heat.SetChart(differenceChart(c, p.xMetric.Selected, p.yMetric.Selected))
	p.showChanges(c)
}

// showWorst lists the worst seeds by the chosen metric, each a button that
// opens it; until the designer picks a metric, one that differs between
// seeds.
func (p *Panel) showWorst(d sweepData) {
	if !p.worstPicked {
		p.setWorst(worstDefault(d, p.metric.Selected))
	}
	metric := p.worstBy.Selected
	mi := info(metric)
	high := highIsWorse(metric)
	order := "lowest first"
	if high {
		order = "highest first"
	}
	p.worstNote.SetText(fmt.Sprintf("Ranked by %s, %s.", mi.short, order))
	if !d.Varies(metric) {
		p.worstNote.SetText(fmt.Sprintf("%s is the same on every map: pick a metric that differs between seeds.", capital(mi.short)))
	}
	p.worst.Objects = nil
	for _, smp := range d.Worst(metric, 8, high) {
		if smp.Error == "" && !d.Varies(metric) {
			continue
		}
		label := fmt.Sprintf("seed %d: %s %s", smp.Seed, mi.short, mi.value(smp.Metrics[metric]))
		if smp.Error != "" {
			label = fmt.Sprintf("seed %d: failed: %s", smp.Seed, smp.Error)
		}
		seed := smp.Seed
		b := widget.NewButton(label, func() { p.h.OpenSeed(seed) })
		b.Alignment = widget.ButtonAlignLeading
		p.worst.Add(b)
	}
	p.worst.Refresh()
}
