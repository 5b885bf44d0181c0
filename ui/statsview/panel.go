// Package statsview is the editor's Statistics panel: it sweeps the selected
// level over many seeds (projects/stats) in the background, with a progress
// bar and Cancel, and shows a metric's histogram, an expressive-range heatmap
// of two metrics (how varied the chain's output is), and the worst seeds for
// a metric, each opening in the map view with one click; and the Balance view,
// where a bot plays every depth over the seeds and each death opens as a
// replay. It sees the editor only through a Host.
package statsview

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/projects/stats"
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
}

// Panel is the Statistics panel.
type Panel struct {
	widget.BaseWidget
	h Host

	seeds   *widget.Entry
	from    *widget.Entry
	run     *widget.Button
	cancelB *widget.Button
	bar     *widget.ProgressBar
	summary *widget.Label
	metric  *widget.Select
	hist    *canvas.Image
	xMetric *widget.Select
	yMetric *widget.Select
	heat    *canvas.Image
	worstBy *widget.Select
	worst   *fyne.Container
	obj     fyne.CanvasObject
	report  *stats.Report
	mu      sync.Mutex
	cancel  context.CancelFunc
	gen     uint64
	running bool
	balance *balanceView
	// onDone is called when a sweep's report is shown (tests).
	onDone func()
}

// histogram and heatmap image sizes in pixels.
const (
	chartW, chartH = 360, 120
	heatCells      = 12
	heatPx         = 16
)

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h}
	p.seeds = widget.NewEntry()
	p.seeds.SetText("200")
	p.from = widget.NewEntry()
	p.from.SetText("1")
	p.run = widget.NewButtonWithIcon("Run", theme.MediaPlayIcon(), p.sweep)
	p.run.Importance = widget.HighImportance
	p.cancelB = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), p.cancelSweep)
	p.cancelB.Disable()
	p.bar = widget.NewProgressBar()
	p.bar.Hide() // until a sweep runs (an empty bar reads as one stuck at 0 %)
	p.summary = widget.NewLabel("Run a sweep: the selected level over many master seeds.")
	p.summary.Wrapping = fyne.TextWrapWord
	p.metric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.metric.SetSelected(stats.FloorShare)
	p.xMetric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.xMetric.SetSelected(stats.FloorShare)
	p.yMetric = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.yMetric.SetSelected(stats.PathLength)
	p.worstBy = widget.NewSelect(stats.MetricNames, func(string) { p.draw() })
	p.worstBy.SetSelected(stats.WorstBy)
	p.hist = chartImage(chartW, chartH)
	p.heat = chartImage(heatCells*heatPx, heatCells*heatPx)
	p.worst = container.NewVBox()

	form := container.NewHBox(widget.NewLabel("Seeds"), sized(p.seeds, 80), widget.NewLabel("from"), sized(p.from, 80), p.run, p.cancelB)
	hist := widget.NewCard("", "Histogram", container.NewBorder(p.metric, nil, nil, nil, container.NewCenter(p.hist)))
	heat := widget.NewCard("", "Expressive range (maps per cell)", container.NewBorder(
		container.NewGridWithColumns(2, p.xMetric, p.yMetric), nil, nil, nil, container.NewCenter(p.heat)))
	worst := widget.NewCard("", "Worst seeds (click to open)", container.NewBorder(p.worstBy, nil, nil, nil, p.worst))
	p.balance = newBalanceView(p, h)
	sections := container.NewVBox(hist, heat, worst, p.balance.obj)
	p.obj = container.NewBorder(container.NewVBox(form, p.bar, p.summary), nil, nil, nil,
		container.NewVScroll(sections))
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update is the panel contract's: the sweeps run when the designer asks, so
// an edit leaves the last report on screen as it is.
func (p *Panel) Update() {}

// sized wraps o to a fixed minimum width.
func sized(o fyne.CanvasObject, w float32) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(w, 0))
	return container.NewStack(r, o)
}

func chartImage(w, h int) *canvas.Image {
	img := canvas.NewImageFromImage(image.NewRGBA(image.Rect(0, 0, w, h)))
	img.FillMode = canvas.ImageFillOriginal
	img.ScaleMode = canvas.ImageScalePixels
	img.SetMinSize(fyne.NewSize(float32(w), float32(h)))
	return img
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
	p.cancelSweep()
	ctx, cancel := context.WithCancel(context.Background())
	p.mu.Lock()
	p.gen++
	gen := p.gen
	p.cancel = cancel
	p.running = true
	p.mu.Unlock()
	p.bar.SetValue(0)
	p.bar.Show()
	p.cancelB.Enable()
	p.summary.SetText(fmt.Sprintf("Sweeping %s over %d seeds…", t.Name, n))
	var last int
	progress := func(done, total int) {
		pct := done * 100 / total
		p.mu.Lock()
		show := pct != last
		last = pct
		p.mu.Unlock()
		if show {
			p.h.Post(func() { p.advance(done, total) })
		}
	}
	go func() {
		r, err := stats.Run(ctx, t, stats.Options{From: from, Seeds: n, Progress: progress, KeepSamples: true})
		p.h.Post(func() {
			p.mu.Lock()
			current := gen == p.gen
			if current {
				p.running = false
			}
			p.mu.Unlock()
			if !current {
				return
			}
			p.cancelB.Disable()
			if err != nil {
				p.summary.SetText("Sweep stopped: " + err.Error())
				return
			}
			p.bar.SetValue(1)
			p.report = r
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
	if v := float64(done) / float64(total); v > p.bar.Value {
		p.bar.SetValue(v)
	}
}

// cancelSweep stops a sweep in progress.
func (p *Panel) cancelSweep() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// draw shows the report: the summary line, the histogram, the heatmap and
// the worst seeds.
func (p *Panel) draw() {
	r := p.report
	if r == nil {
		return
	}
	s := r.Metrics[p.metric.Selected]
	p.summary.SetText(fmt.Sprintf("%s, depth %d: %d maps, %d failed. %s: mean %.3g, min %.3g, p50 %.3g, max %.3g.",
		r.Target, r.Depth, r.Maps, r.Failures.Count, p.metric.Selected, s.Mean, s.Min, s.P50, s.Max))
	p.hist.Image = histogramImage(s)
	p.hist.Refresh()
	p.heat.Image = heatImage(heat(r, p.xMetric.Selected, p.yMetric.Selected))
	p.heat.Refresh()
	p.worst.Objects = nil
	high := p.worstBy.Selected == stats.Unreachable || p.worstBy.Selected == stats.DeadEnds
	for _, smp := range r.Worst(p.worstBy.Selected, 8, high) {
		label := fmt.Sprintf("seed %d: %s %.3g", smp.Seed, p.worstBy.Selected, smp.Metrics[p.worstBy.Selected])
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

// histogramImage draws a summary's histogram as bars.
func histogramImage(s stats.Summary) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	n := len(s.Histogram)
	if n == 0 {
		return img
	}
	top := 0
	for _, b := range s.Histogram {
		top = max(top, b.Count)
	}
	w := chartW / n
	bar := color.RGBA{0x40, 0x90, 0xFF, 0xFF}
	for i, b := range s.Histogram {
		h := 0
		if top > 0 {
			h = b.Count * (chartH - 2) / top
		}
		fill(img, image.Rect(i*w+1, chartH-h, (i+1)*w-1, chartH), bar)
	}
	return img
}

// heat counts the report's maps in a heatCells×heatCells grid over two
// metrics' ranges (x left to right, y bottom to top): how the chain's output
// spreads.
func heat(r *stats.Report, x, y string) [heatCells][heatCells]int {
	var grid [heatCells][heatCells]int
	sx, sy := r.Metrics[x], r.Metrics[y]
	cell := func(v, lo, hi float64) int {
		if hi <= lo {
			return 0
		}
		return min(int((v-lo)/(hi-lo)*heatCells), heatCells-1)
	}
	for _, s := range r.Samples {
		vx, okx := s.Metrics[x]
		vy, oky := s.Metrics[y]
		if okx && oky {
			grid[cell(vy, sy.Min, sy.Max)][cell(vx, sx.Min, sx.Max)]++
		}
	}
	return grid
}

// heatImage draws counts as colour (dark blue for none, to yellow for most).
func heatImage(grid [heatCells][heatCells]int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, heatCells*heatPx, heatCells*heatPx))
	top := 0
	for _, row := range grid {
		top = max(top, slices.Max(row[:]))
	}
	for gy, row := range grid {
		for gx, n := range row {
			t := 0.0
			if top > 0 && n > 0 {
				t = 0.15 + 0.85*math.Sqrt(float64(n)/float64(top))
			}
			c := color.RGBA{uint8(20 + 235*t), uint8(20 + 200*t), uint8(60 + 40*(1-t)), 0xFF}
			y := heatCells - 1 - gy // high values at the top
			fill(img, image.Rect(gx*heatPx, y*heatPx, (gx+1)*heatPx-1, (y+1)*heatPx-1), c)
		}
	}
	return img
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}
