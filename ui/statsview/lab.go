package statsview

import (
	"context"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/projects/stats"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
	"hewn/ui/render/chart"
)

// The Illuminate tab: a parameter search (stats.Tune, as `hewn tune`) over
// ranges of the chain's parameters, shown as its archive: a grid of two
// metrics whose filled cells each hold a thumbnail of their variant's level.
// Pointing at a cell reads its parameters and metrics; clicking opens the
// variant in the map view (a preview: the chain as the search ran it, with
// the cell's seed, exactly the cell's level; nothing is edited); Apply writes
// the chosen variant's parameters into the chain as one undo step.

// Bounds of the lab's thumbnails.
const (
	// maxThumbs is how many cells get a thumbnail at most (those meeting
	// the targets first, then by bin).
	maxThumbs = 256
	// thumbTiles bounds the tiles all thumbnails' levels hold together, so
	// drawing them costs about one sweep of a few hundred small maps.
	thumbTiles = 2_000_000
	// thumbSide is a thumbnail's longer side in pixels.
	thumbSide = 96
)

// varyRow is a parameter the search varies: its path and range as typed.
type varyRow struct {
	opt    paramOption
	lo, hi *widget.Entry
	obj    fyne.CanvasObject
}

// labView is the Illuminate tab.
type labView struct {
	p *Panel
	h Host

	options []paramOption
	add     *widget.Select
	rows    []*varyRow
	rowBox  *fyne.Container
	x, y    *widget.Select
	xr, yr  [2]*widget.Entry
	bins    *widget.Entry
	budget  *widget.Entry
	method  *widget.Select
	seed    *widget.Entry
	targets *widget.Entry
	job     *job
	summary *widget.Label
	chart   *widgets.Chart
	thumbs  *thumbGrid
	detail  *widget.Label
	open    *widget.Button
	apply   *widget.Button
	obj     fyne.CanvasObject

	searching bool // the search runs (not its thumbnails); UI goroutine only

	// the last search: its archive, and the dims and target it ran with
	arch   *stats.Archive
	dims   []stats.Dim
	target stats.Target
	chosen int // the cell chosen (index into arch.Cells; -1: none)
	// cache holds thumbnails by chain, parameters and seed.
	cache map[thumbKey]image.Image

	// onDone is called when a search is shown, onThumbs when its
	// thumbnails are (tests).
	onDone, onThumbs func()
}

// thumbKey names a variant's level: the chain searched and the cell.
type thumbKey struct {
	chain *chain.Chain
	cell  string
}

func newLabView(p *Panel, h Host) *labView {
	l := &labView{p: p, h: h, chosen: -1, cache: map[thumbKey]image.Image{}}
	l.add = widget.NewSelect(nil, func(s string) { l.addParam(s) })
	l.add.PlaceHolder = "Add a parameter to vary…"
	l.rowBox = container.NewVBox()
	l.x = widget.NewSelect(stats.MetricNames, func(s string) { l.setRange(0, s) })
	l.y = widget.NewSelect(stats.MetricNames, func(s string) { l.setRange(1, s) })
	for k := range 2 {
		l.xr[k], l.yr[k] = widget.NewEntry(), widget.NewEntry()
	}
	l.x.SetSelected(stats.Rooms)
	l.y.SetSelected(stats.PathLength)
	l.bins = widget.NewEntry()
	l.bins.SetText("12x12")
	l.budget = widget.NewEntry()
	l.budget.SetText("1000")
	l.method = widget.NewSelect([]string{stats.MethodElites, stats.MethodRandom}, nil)
	l.method.SetSelected(stats.MethodElites)
	l.seed = widget.NewEntry()
	l.seed.SetText("1")
	l.targets = widget.NewEntry()
	l.targets.SetPlaceHolder("targets, e.g. rooms=8..12, path_length>=100")
	l.job = newJob(h.Post, l.search, l.stopped)
	l.summary = widget.NewLabel("Vary parameters of the chain and map the levels they make over two metrics: each filled cell holds the best variant found there.")
	l.summary.Wrapping = fyne.TextWrapWord
	l.chart = widgets.NewChart(fyne.NewSize(320, 300))
	l.chart.SetChart(waiting("Illuminate: add parameters, then Run"))
	l.chart.OnTap = l.tapped
	l.thumbs = newThumbGrid(l.chart)
	l.chart.SetDecoration(l.thumbs.box)
	l.detail = widget.NewLabel("")
	l.detail.Wrapping = fyne.TextWrapWord
	l.open = widget.NewButtonWithIcon("Open in map", theme.VisibilityIcon(), l.openChosen)
	l.apply = widget.NewButtonWithIcon("Apply to chain", theme.ConfirmIcon(), l.applyChosen)
	l.open.Disable()
	l.apply.Disable()

	rows := container.NewVScroll(l.rowBox)
	rows.SetMinSize(fyne.NewSize(0, 76))
	axis := func(s *widget.Select, r [2]*widget.Entry) fyne.CanvasObject {
		return container.NewBorder(nil, nil, nil, container.NewHBox(sized(r[0], 48), widget.NewLabel(".."), sized(r[1], 48)), s)
	}
	grid := widget.NewForm(widget.NewFormItem("across", axis(l.x, l.xr)), widget.NewFormItem("up", axis(l.y, l.yr)))
	knobs := container.NewHBox(widget.NewLabel("bins"), sized(l.bins, 64), widget.NewLabel("budget"), sized(l.budget, 72),
		l.method, widget.NewLabel("seed"), sized(l.seed, 56))
	runRow := container.NewBorder(nil, nil, nil, container.NewHBox(l.job.run, l.job.cancelB), l.targets)
	form := container.NewVBox(l.add, rows, grid, container.NewHScroll(knobs), runRow, l.job.bar, l.summary)
	bottom := container.NewBorder(nil, nil, nil, container.NewHBox(l.open, l.apply), l.detail)
	// in a scroll: the grid fills the tab when there is room, and the tab
	// scrolls when there is not (a 1024×700 window)
	l.obj = widgets.FormScroll(container.NewVScroll(container.NewBorder(form, bottom, nil, nil, l.chart)))
	l.update()
	return l
}

// setRange puts metric's default range in axis k's entries.
func (l *labView) setRange(k int, metric string) {
	lo, hi := stats.DefaultRange(metric)
	r := l.xr
	if k == 1 {
		r = l.yr
	}
	r[0].SetText(chart0(lo))
	r[1].SetText(chart0(hi))
}

// update offers the parameters of the chain as it is now (the selected
// step's first).
func (l *labView) update() {
	t, ok := l.h.Target()
	var opts []paramOption
	if ok {
		opts = varyable(t.Chain, l.h.StepIndex())
	}
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = o.Label
	}
	l.options = opts
	if !slices.Equal(labels, l.add.Options) {
		l.add.Options = labels
		l.add.Refresh()
	}
}

// addParam adds the parameter labelled label to the varied ones, over its
// whole declared range.
func (l *labView) addParam(label string) {
	if label == "" {
		return
	}
	defer l.add.ClearSelected()
	for _, o := range l.options {
		if o.Label != label {
			continue
		}
		for _, r := range l.rows {
			if r.opt.Path == o.Path {
				return
			}
		}
		r := &varyRow{opt: o, lo: widget.NewEntry(), hi: widget.NewEntry()}
		lo, hi := defaultRange(o.Param)
		r.lo.SetText(lo)
		r.hi.SetText(hi)
		remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			l.rows = slices.DeleteFunc(l.rows, func(x *varyRow) bool { return x == r })
			l.rowBox.Remove(r.obj)
		})
		name := widget.NewLabel(o.Label)
		name.Truncation = fyne.TextTruncateEllipsis
		r.obj = container.NewBorder(nil, nil, nil, container.NewHBox(sized(r.lo, 84), widget.NewLabel(".."), sized(r.hi, 84), remove), name)
		l.rows = append(l.rows, r)
		l.rowBox.Add(r.obj)
		return
	}
}

// options reads the form into a search's options (msg says what is wrong).
func (l *labView) tuneOptions(c *chain.Chain) (o stats.TuneOptions, msg string) {
	var vs []stats.Vary
	for _, r := range l.rows {
		vs = append(vs, stats.Vary{Path: r.opt.Path, Lo: strings.TrimSpace(r.lo.Text), Hi: strings.TrimSpace(r.hi.Text)})
	}
	dims, err := resolveAll(c, vs)
	if err != nil {
		return o, err.Error()
	}
	o.Dims = dims
	o.Axes = [2]string{l.x.Selected, l.y.Selected}
	if o.Axes[0] == o.Axes[1] {
		return o, "Pick two different metrics for the grid's axes."
	}
	for k, r := range [2][2]*widget.Entry{l.xr, l.yr} {
		lo, err1 := strconv.ParseFloat(strings.TrimSpace(r[0].Text), 64)
		hi, err2 := strconv.ParseFloat(strings.TrimSpace(r[1].Text), 64)
		if err1 != nil || err2 != nil || !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			return o, fmt.Sprintf("The range of %s, %q..%q, is not two numbers LO < HI.", o.Axes[k], r[0].Text, r[1].Text)
		}
		o.Ranges[k] = [2]float64{lo, hi}
	}
	n, m, ok := strings.Cut(strings.ToLower(strings.TrimSpace(l.bins.Text)), "x")
	bn, err1 := strconv.Atoi(n)
	bm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || bn < 1 || bm < 1 || bn > stats.MaxGridBins || bm > stats.MaxGridBins {
		return o, fmt.Sprintf("Bins: %q is not NxM, each 1 to %d (e.g. 12x12).", l.bins.Text, stats.MaxGridBins)
	}
	o.Bins = [2]int{bn, bm}
	b, err := strconv.Atoi(strings.TrimSpace(l.budget.Text))
	if err != nil || b < 1 || b > stats.MaxBudget {
		return o, fmt.Sprintf("Budget: %q is not a count of variants from 1 to %d.", l.budget.Text, stats.MaxBudget)
	}
	o.Budget = b
	o.Method = l.method.Selected
	if o.Seed, err = strconv.ParseUint(strings.TrimSpace(l.seed.Text), 10, 64); err != nil {
		return o, fmt.Sprintf("Seed: %q is not a seed (a whole number ≥ 0).", l.seed.Text)
	}
	for _, s := range strings.FieldsFunc(l.targets.Text, func(r rune) bool { return r == ',' || r == ';' }) {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		r, err := stats.ParseTarget(s)
		if err != nil {
			return o, "Targets: " + strings.TrimPrefix(err.Error(), "stats: ")
		}
		o.Targets = append(o.Targets, r)
	}
	if len(o.Targets) > stats.MaxTargets {
		return o, fmt.Sprintf("Targets: %d of them (at most %d).", len(o.Targets), stats.MaxTargets)
	}
	return o, ""
}

// search runs the search the form describes in the background (one still
// running is cancelled first), with the progress bar and Cancel.
func (l *labView) search() {
	t, ok := l.h.Target()
	if !ok {
		l.summary.SetText("There is no level to search.")
		return
	}
	o, msg := l.tuneOptions(t.Chain)
	if msg != "" {
		l.summary.SetText(msg)
		return
	}
	ctx, gen := l.job.start()
	l.searching = true
	l.summary.SetText(fmt.Sprintf("Searching %d variants of %s…", o.Budget, t.Name))
	o.Progress = l.job.progress(gen, 1)
	look := l.look()
	go func() {
		a, err := stats.Tune(ctx, t, o)
		l.h.Post(func() {
			if !l.job.current(gen) {
				return
			}
			l.searching = false
			if err != nil {
				l.job.end(gen)
				l.summary.SetText("Search stopped: " + err.Error())
				return
			}
			l.job.bar.SetValue(1)
			l.show(a, o.Dims, t)
			if l.onDone != nil {
				l.onDone()
			}
			l.drawThumbs(ctx, gen, look)
		})
	}()
}

// stopped says what Cancel stopped: the search, or its thumbnails.
func (l *labView) stopped() {
	if l.searching {
		l.summary.SetText("Cancelled.")
	} else {
		l.summary.SetText(l.summary.Text + " (Thumbnails stopped.)")
	}
	l.searching = false
}

// look is the selected level's look, taken on the UI goroutine for the
// thumbnails drawn in the background.
func (l *labView) look() render.Scene {
	var sc render.Scene
	sc.Theme = chain.DefaultTheme()
	l.h.Style(&sc)
	return sc
}

// show draws an archive: the summary line and the grid.
func (l *labView) show(a *stats.Archive, dims []stats.Dim, t stats.Target) {
	l.arch, l.dims, l.target, l.chosen = a, dims, t, -1
	pct := 100 * float64(a.Coverage.Filled) / float64(max(a.Coverage.Cells, 1))
	msg := fmt.Sprintf("%d of %s filled (%.0f %%) by %s: %d failed, %d outside the ranges.",
		a.Coverage.Filled, jsonfile.Count(a.Coverage.Cells, "cell"), pct, jsonfile.Count(a.Evaluated, "variant"), a.Failed, a.Outside)
	if a.Meeting != nil {
		msg += fmt.Sprintf(" %s the targets (%s).", jsonfile.Count(*a.Meeting, "cell")+jsonfile.Pick(*a.Meeting, " meets", " meet"), strings.Join(a.Targets, ", "))
	}
	if a.FirstFailure != nil {
		msg += " First failure: " + a.FirstFailure.Error
	}
	l.summary.SetText(msg + " Point at a cell for its variant; click to open it in the map.")
	l.thumbs.clear()
	l.chart.SetChart(archiveChart(a, dims))
	l.thumbs.setGrid(a)
	l.choose(-1)
}

// archiveChart is an archive's grid: filled cells coloured (by whether they
// meet the targets, when there are some), each reading out its ranges, its
// variant's parameters and seed, and its metrics.
func archiveChart(a *stats.Archive, dims []stats.Dim) *chart.Chart {
	mx, my := info(a.Axes[0]), info(a.Axes[1])
	xe, ye := gridEdges(mx, a.Ranges[0], a.Bins[0]), gridEdges(my, a.Ranges[1], a.Bins[1])
	values := make([][]float64, a.Bins[1])
	for r := range values {
		values[r] = make([]float64, a.Bins[0])
	}
	at := map[[2]int]int{}
	for i, c := range a.Cells {
		v := 1.0
		if c.Meets != nil && *c.Meets {
			v = 2
		}
		values[c.Bin[1]][c.Bin[0]] = v
		at[c.Bin] = i
	}
	scale := chart.Scale{Label: "filled", Min: 0, Max: 1, Format: func(v float64) string { return "" }}
	if a.Meeting != nil {
		scale = chart.Scale{Label: "1 found · 2 meets the targets", Min: 0, Max: 2,
			Format: func(v float64) string { return chart.Number(v) }}
	}
	heat := &chart.Heat{XEdges: xe, YEdges: ye, Values: values, Scale: scale}
	span := func(mi metricInfo, e []float64, i int) string {
		d := decimals(e[1] - e[0])
		p := math.Pow(10, float64(d))
		return chart.Number(math.Round(e[i]*p)/p) + "–" + chart.Number(math.Round(e[i+1]*p)/p) + mi.unit
	}
	heat.Tip = func(col, r int) string {
		head := fmt.Sprintf("%s %s\n%s %s", mx.short, span(mx, xe, col), my.short, span(my, ye, r))
		i, ok := at[[2]int{col, r}]
		if !ok {
			return head + "\nno variant found here"
		}
		return head + "\n" + cellText(a.Cells[i], dims, a.Axes)
	}
	title := fmt.Sprintf("Illuminated: %d of %d cells", a.Coverage.Filled, a.Coverage.Cells)
	return &chart.Chart{
		Title:  title,
		X:      chart.Axis{Label: mx.axis, Min: xe[0], Max: xe[len(xe)-1]},
		Panels: []chart.Panel{{Y: chart.Axis{Label: my.axis, Min: ye[0], Max: ye[len(ye)-1]}, Series: []chart.Series{heat}}},
	}
}

// gridEdges are n cells' edges over rng, as the chart shows them.
func gridEdges(mi metricInfo, rng [2]float64, n int) []float64 {
	out := make([]float64, n+1)
	for i := range out {
		out[i] = mi.shown(rng[0] + (rng[1]-rng[0])*float64(i)/float64(n))
	}
	return out
}

// cellText words a cell's variant: its parameters and seed, then the axes'
// metrics and the others.
func cellText(c stats.Cell, dims []stats.Dim, axes [2]string) string {
	var ms []string
	order := append([]string{axes[0], axes[1]}, stats.MetricNames...)
	seen := map[string]bool{}
	for _, m := range order {
		v, ok := c.Metrics[m]
		if !ok || seen[m] {
			continue
		}
		seen[m] = true
		ms = append(ms, info(m).short+" "+info(m).value(v))
	}
	params := paramsText(dims, c.Params)
	if params == "" {
		params = "the chain as it is"
	}
	text := fmt.Sprintf("%s · seed %d\n%s", params, c.Seed, strings.Join(ms[:min(3, len(ms))], " · "))
	if len(ms) > 3 {
		text += "\n" + strings.Join(ms[3:], " · ")
	}
	return text
}

// tapped opens the variant of the cell clicked.
func (l *labView) tapped(h chart.Hit) {
	if l.arch == nil || h.Col < 0 || h.Row < 0 {
		return
	}
	for i, c := range l.arch.Cells {
		if c.Bin == [2]int{h.Col, h.Row} {
			l.choose(i)
			l.openChosen()
			return
		}
	}
}

// choose makes cell i (-1: none) the one Open and Apply act on.
func (l *labView) choose(i int) {
	l.chosen = i
	if i < 0 || l.arch == nil {
		l.detail.SetText("Click a filled cell to open its level in the map; Apply writes its parameters into the chain.")
		l.open.Disable()
		l.apply.Disable()
		return
	}
	c := l.arch.Cells[i]
	l.detail.SetText(strings.ReplaceAll(cellText(c, l.dims, l.arch.Axes), "\n", " · "))
	l.open.Enable()
	if len(l.dims) > 0 {
		l.apply.Enable()
	} else {
		l.apply.Disable()
	}
}

// values are cell c's parameter values in the order of dims.
func values(dims []stats.Dim, c stats.Cell) []any {
	out := make([]any, len(dims))
	for k, d := range dims {
		out[k] = c.Params[d.Path]
	}
	return out
}

// variant is the chain of cell c: the searched chain with its parameters.
func (l *labView) variant(c stats.Cell) (*chain.Chain, error) {
	if len(l.dims) == 0 {
		return l.target.Chain, nil
	}
	return stats.Apply(l.target.Chain, l.dims, values(l.dims, c))
}

// openChosen shows the chosen cell's level in the map view: the chain as
// the search ran it, with the cell's parameters and master seed.
func (l *labView) openChosen() {
	if l.chosen < 0 || l.arch == nil {
		return
	}
	c := l.arch.Cells[l.chosen]
	vc, err := l.variant(c)
	if err != nil {
		l.detail.SetText("Cannot open the variant: " + err.Error())
		return
	}
	params := paramsText(l.dims, c.Params)
	if params == "" {
		params = "the chain as it is"
	}
	l.h.OpenVariant(vc, c.Seed, fmt.Sprintf("variant %s, seed %d", params, c.Seed))
}

// applyChosen writes the chosen cell's parameter values into the level's
// chain as it is now (one undo step).
func (l *labView) applyChosen() {
	if l.chosen < 0 || l.arch == nil || len(l.dims) == 0 {
		return
	}
	c := l.arch.Cells[l.chosen]
	t, ok := l.h.Target()
	if !ok {
		return
	}
	var vs []stats.Vary
	for _, d := range l.dims {
		v := exactText(c.Params[d.Path])
		vs = append(vs, stats.Vary{Path: d.Path, Lo: v, Hi: v})
	}
	dims, err := resolveAll(t.Chain, vs)
	var next *chain.Chain
	if err == nil {
		next, err = stats.Apply(t.Chain, dims, values(dims, c))
	}
	if err != nil {
		l.detail.SetText("Cannot apply the variant to the chain as it is now: " + err.Error())
		return
	}
	params := paramsText(l.dims, c.Params)
	l.h.EditLevel("Apply variant "+params, "", func(lv *projects.Level) { lv.Chain = next })
	l.detail.SetText(fmt.Sprintf("Applied %s to the chain (Undo takes it back). The map shows it with the project's seed; Open shows seed %d's level.", params, c.Seed))
}

// exactText words a value exactly, for stats.Resolve.
func exactText(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// drawThumbs draws the archive's cells' levels in the background (the
// targets' first, at most maxThumbs and thumbTiles' worth), showing them as
// they come; cached ones at once.
func (l *labView) drawThumbs(ctx context.Context, gen uint64, look render.Scene) {
	a, dims, t := l.arch, l.dims, l.target
	n := min(len(a.Cells), maxThumbs)
	if w, hgt := t.Chain.Width, t.Chain.Height; w*hgt > 0 {
		n = min(n, thumbTiles/(w*hgt))
	}
	type job struct {
		bin [2]int
		key thumbKey
		c   stats.Cell
	}
	var jobs []job
	for _, c := range a.Cells[:n] {
		k := thumbKey{t.Chain, canonicalCell(dims, c)}
		if img, ok := l.cache[k]; ok {
			l.thumbs.set(c.Bin, img)
			continue
		}
		jobs = append(jobs, job{c.Bin, k, c})
	}
	finish := func() {
		l.job.end(gen)
		if l.onThumbs != nil {
			l.onThumbs()
		}
	}
	if len(jobs) == 0 {
		finish()
		return
	}
	go func() {
		for _, j := range jobs {
			if ctx.Err() != nil {
				break
			}
			img := thumbnail(ctx, t, dims, j.c, look)
			if img == nil {
				continue
			}
			l.h.Post(func() {
				if l.job.current(gen) {
					l.cache[j.key] = img
					l.thumbs.set(j.bin, img)
				}
			})
		}
		l.h.Post(func() {
			if l.job.newest(gen) {
				finish()
			}
		})
	}()
}

// canonicalCell names a cell's variant for the thumbnail cache.
func canonicalCell(dims []stats.Dim, c stats.Cell) string {
	var b strings.Builder
	for _, d := range dims {
		b.WriteString(exactText(c.Params[d.Path]))
		b.WriteByte(0)
	}
	b.WriteString(strconv.FormatUint(c.Seed, 10))
	return b.String()
}

// thumbnail draws cell c's level small (nil when it cannot be made).
func thumbnail(ctx context.Context, t stats.Target, dims []stats.Dim, c stats.Cell, look render.Scene) image.Image {
	vc := t.Chain
	if len(dims) > 0 {
		var err error
		if vc, err = stats.Apply(t.Chain, dims, values(dims, c)); err != nil {
			return nil
		}
	}
	cfg := t.Config(c.Seed)
	cfg.NoHistory = true
	res, err := runTarget(ctx, t, vc, cfg)
	if err != nil {
		return nil
	}
	sc := render.ResultScene(res)
	sc.Theme, sc.Split, sc.Entity = look.Theme, look.Split, look.Entity
	return shrink(sc, thumbSide)
}

// runTarget runs c with cfg on t's route (a project level's acceptance
// rules).
func runTarget(ctx context.Context, t stats.Target, c *chain.Chain, cfg chain.Config) (*chain.Result, error) {
	if t.Run != nil {
		return t.Run(ctx, c, cfg)
	}
	return chain.RunConfig(ctx, c, cfg)
}
