package statsview

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
	"hewn/ui/internal/uitest"
	"hewn/ui/render"
	"hewn/ui/render/chart"
)

// replay is a replay the panel asked for.
type replay struct {
	seed  uint64
	depth int
	keys  string
}

// fakeHost sweeps level li of the example project with the default pack and
// records the seeds and replays the panel opens.
type fakeHost struct {
	p       *projects.Project
	li      int
	q       *uitest.Queue
	opened  []uint64
	replays []replay
	win     fyne.Window
	// the lab's: the selected step, the saved version, the variants opened,
	// the edits made (labels) and the projects before them
	step     int
	saved    *projects.Project
	variants []variant
	edits    []string
	undo     []*projects.Project
}

func (h *fakeHost) Target() (stats.Target, bool) {
	if h.li < 0 {
		return stats.Target{}, false
	}
	return stats.LevelTarget(h.p, h.li, content.Default().Roller(), h.p.Levels[h.li].Name), true
}

func (h *fakeHost) BalanceTarget(bot string, depths []int, maxTurns int) (stats.BalanceTarget, bool) {
	var have []int
	for _, d := range depths {
		if h.p.LevelByDepth(d) >= 0 {
			have = append(have, d)
		}
	}
	if len(have) == 0 {
		return stats.BalanceTarget{}, false
	}
	return stats.BalanceTarget{Name: h.p.Name, Project: h.p, Depths: have, Bot: bot, MaxTurns: maxTurns}, true
}

func (h *fakeHost) OpenSeed(m uint64) { h.opened = append(h.opened, m) }
func (h *fakeHost) OpenReplay(m uint64, d int, k string) {
	h.replays = append(h.replays, replay{m, d, k})
}
func (h *fakeHost) Post(f func())  { h.q.Post(f) }
func (h *fakeHost) StepIndex() int { return h.step }
func (h *fakeHost) SavedTarget() (stats.Target, string) {
	if h.saved == nil {
		return stats.Target{}, "the project has no saved file yet"
	}
	return stats.LevelTarget(h.saved, h.li, content.Default().Roller(), "saved"), ""
}
func (h *fakeHost) OpenVariant(c *chain.Chain, m uint64, label string) {
	h.variants = append(h.variants, variant{c, m, label})
}
func (h *fakeHost) EditLevel(label, key string, f func(l *projects.Level)) {
	h.undo = append(h.undo, h.p)
	h.p = h.p.Clone()
	f(&h.p.Levels[h.li])
	h.edits = append(h.edits, label)
}
func (h *fakeHost) Style(sc *render.Scene) { sc.SetThemes(h.p.Theme(h.li)) }

// variant is a variant the panel asked the map to show.
type variant struct {
	c     *chain.Chain
	seed  uint64
	label string
}

// newPanel is the panel over the example project's level at depth, in a window.
func newPanel(t *testing.T, depth int) (*Panel, *fakeHost) {
	t.Helper()
	test.NewTempApp(t)
	p, err := projects.Example()
	require.NoError(t, err)
	h := &fakeHost{p: p, li: p.LevelByDepth(depth), q: &uitest.Queue{}}
	pn := New(h)
	w := test.NewTempWindow(t, pn)
	w.Resize(fyne.NewSize(900, 800))
	h.win = w
	return pn, h
}

// widgetsIn returns the laid-out widgets of type T under o, in order.
func widgetsIn[T fyne.CanvasObject](o fyne.CanvasObject) []T { return uitest.FindAll[T](o, nil) }

// The Statistics panel sweeps the selected level over 50 seeds (typed into
// its form, Run tapped), shows the histogram and expressive range, and a
// click on the worst seed asks the editor to open that seed.
func TestStatisticsPanelSweeps50SeedsAndOpensTheWorst(t *testing.T) {
	panel, h := newPanel(t, 3) // limestone caverns
	form := rowWith(t, panel, "Seeds")
	entries := widgetsIn[*widget.Entry](form)
	require.Len(t, entries, 2, "seeds and the first seed")
	entries[0].SetText("50")
	entries[1].SetText("100")
	bar := widgetsIn[*widget.ProgressBar](panel)
	require.Len(t, bar, 1)
	assert.False(t, bar[0].Visible(), "no bar before a sweep runs")
	done := make(chan struct{}, 1)
	panel.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, form, "Run"))
	assert.True(t, bar[0].Visible(), "the bar shows once the sweep runs")
	require.True(t, h.q.DrainUntil(done, 2*time.Minute), "the sweep finished")
	r := panel.report
	require.NotNil(t, r)
	assert.Equal(t, 50, r.Maps)
	assert.EqualValues(t, 100, r.From)
	assert.Equal(t, 1.0, widgetsIn[*widget.ProgressBar](panel)[0].Value)
	assert.True(t, uitest.TextIn(panel, "50 maps"))
	n := 0
	for _, row := range heatCounts(reportData{r}, stats.FloorShare, stats.PathLength) {
		for _, c := range row {
			n += int(c)
		}
	}
	assert.Equal(t, 50-r.Failures.Count, n, "the expressive range counts every map")

	// the worst seed for floor share opens
	worstCard := cardIn(t, panel, "Worst seeds (click to open)")
	widgetsIn[*widget.Select](worstCard)[0].SetSelected(stats.FloorShare)
	var first *widget.Button
	for _, b := range widgetsIn[*widget.Button](worstCard) {
		if strings.HasPrefix(b.Text, "seed ") && first == nil {
			first = b
		}
	}
	require.NotNil(t, first)
	worst := r.Worst(stats.FloorShare, 1, false)[0]
	test.Tap(first)
	assert.Equal(t, []uint64{worst.Seed}, h.opened)
}

func TestSweepRefusesBadFormValues(t *testing.T) {
	panel, h := newPanel(t, 3)
	entries := widgetsIn[*widget.Entry](rowWith(t, panel, "Seeds"))
	entries[0].SetText("0")
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, `Seeds: "0" is not a count from 1 to 1000000.`))
	entries[0].SetText("5")
	entries[1].SetText("-1")
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, `From: "-1" is not a seed`))
	entries[1].SetText("1")
	h.li = -1
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, "There is no level to sweep."))
}

// The Balance view runs the explorer over 20 seeds of the woods and asks the
// editor to replay a death: the bot's keys from that seed end in its death.
func TestBalanceViewOver20SeedsOpensADeathReplay(t *testing.T) {
	panel, h := newPanel(t, 3)
	entry := func(initial string) *widget.Entry {
		for _, en := range widgetsIn[*widget.Entry](panel) {
			if en.Text == initial {
				return en
			}
		}
		t.Fatalf("no entry showing %q", initial)
		return nil
	}
	entry("200").SetText("20") // seeds
	entry("1-10").SetText("2") // depths
	done := make(chan struct{}, 1)
	panel.balance.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, panel, "Run bots"))
	if !h.q.DrainUntil(done, 2*time.Minute) {
		var all []string
		for _, l := range widgetsIn[*widget.Label](panel) {
			all = append(all, l.Text)
		}
		t.Fatalf("no balance report; the panel says: %q", all)
	}
	r := panel.balance.report
	require.NotNil(t, r)
	require.Len(t, r.Depths, 1)
	assert.Equal(t, 20, r.Depths[0].Runs+r.Depths[0].Failed)
	assert.True(t, uitest.TextIn(panel, "depth 2: survived"))

	// the rates chart: survival and exit per depth on a 0–100 % axis, each bar read out
	h.win.Resize(fyne.NewSize(900, 2600)) // every chart on screen
	rates := panel.balance.rates
	d := r.Depths[0]
	var ys []string
	for _, tk := range rates.Frame().YTicks(0) {
		ys = append(ys, tk.Label)
	}
	assert.Equal(t, "0", ys[0])
	assert.Equal(t, "100", ys[len(ys)-1], "rates up to 100 %")
	assert.Equal(t, "runs (%)", rates.Model().Panels[0].Y.Label)
	assert.Equal(t, "depth", rates.Model().X.Label)
	lo, hi := chart.Slot(0, 0, 2)
	uitest.Hover(h.win, rates, rates.PositionOf(0, (lo+hi)/2, 1))
	survived := int(math.Round(d.Survival * float64(d.Runs)))
	assert.Equal(t, fmt.Sprintf("depth 2: survived in %.0f %% of runs (%d of %d)", 100*d.Survival, survived, d.Runs), rates.Readout())
	lo, hi = chart.Slot(0, 1, 2)
	uitest.Hover(h.win, rates, rates.PositionOf(0, (lo+hi)/2, 1))
	assert.Contains(t, rates.Readout(), fmt.Sprintf("depth 2: reached the exit in %.0f %% of runs", 100*d.ReachedExit))

	// deaths by creature: a stack per depth, a legend entry per killer
	killers := panel.balance.killers
	require.NotEmpty(t, d.Deaths)
	var names []string
	for _, s := range killers.Model().Panels[0].Series {
		names = append(names, s.(*chart.Bars).Name)
	}
	assert.ElementsMatch(t, slices.Collect(maps.Keys(d.Deaths)), names)
	uitest.Hover(h.win, killers, killers.PositionOf(0, 0, 0.5))
	assert.Regexp(t, `^depth 2: .+ killed the bot in \d+ of `+strconv.Itoa(d.Runs)+` runs$`, killers.Readout())

	var death *widget.Button
	for _, b := range widgetsIn[*widget.Button](panel) {
		if strings.Contains(b.Text, "killed by") && death == nil {
			death = b
		}
	}
	require.NotNil(t, death, "the explorer dies somewhere in the woods")
	test.Tap(death)
	require.Len(t, h.replays, 1)
	rp := h.replays[0]
	assert.Equal(t, 2, rp.depth)
	g, err := play.New(h.p, nil, rp.seed, rp.depth)
	require.NoError(t, err)
	require.NoError(t, g.KeysString(rp.keys))
	assert.False(t, g.Alive(), "the replay ends where the bot died")
	assert.Equal(t, 2, g.Depth)
}

// sweep runs the panel's sweep over n seeds from 1 and waits for its report.
func sweep(t *testing.T, panel *Panel, h *fakeHost, n int) *stats.Report {
	t.Helper()
	entries := widgetsIn[*widget.Entry](rowWith(t, panel, "Seeds"))
	entries[0].SetText(strconv.Itoa(n))
	entries[1].SetText("1")
	done := make(chan struct{}, 1)
	panel.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, panel, "Run"))
	require.True(t, h.q.DrainUntil(done, 2*time.Minute), "the sweep finished")
	require.NotNil(t, panel.report)
	return panel.report
}

// Pointing at a histogram bar reads out its range and count; pointing at an
// expressive-range cell reads out its two ranges and count; both charts name
// their axes with units.
func TestStatisticsChartsReadOutWhatIsUnderThePointer(t *testing.T) {
	panel, h := newPanel(t, 3)
	h.win.Resize(fyne.NewSize(900, 1600))
	r := sweep(t, panel, h, 40)

	hist := panel.hist
	m := hist.Model()
	assert.Equal(t, "floor share (% of tiles)", m.X.Label)
	assert.Equal(t, "maps", m.Panels[0].Y.Label)
	assert.NotEmpty(t, hist.Frame().XTicks())
	bins := r.Metrics[stats.FloorShare].Histogram
	top := 0
	for i, b := range bins {
		if b.Count > bins[top].Count {
			top = i
		}
	}
	bar := m.Panels[0].Series[0].(*chart.Bars).Bars[top]
	assert.InDelta(t, 100*bins[top].Lo, bar.Lo, 1e-9, "shares in per cent")
	uitest.Hover(h.win, hist, hist.PositionOf(0, (bar.Lo+bar.Hi)/2, bar.Value/2))
	got := regexp.MustCompile(`^floor share ([0-9.]+)–([0-9.]+) %: (.*)$`).FindStringSubmatch(hist.Readout())
	require.Len(t, got, 4, hist.Readout())
	width := 100 * (bins[top].Hi - bins[top].Lo)
	for i, edge := range []float64{bins[top].Lo, bins[top].Hi} {
		v, err := strconv.ParseFloat(got[1+i], 64)
		require.NoError(t, err)
		assert.InDelta(t, 100*edge, v, width/10, "the bin's edges in per cent, to a tenth of its width")
	}
	total := r.Maps - r.Failures.Count
	assert.Equal(t, fmt.Sprintf("%d maps (%.0f %% of %d)", bins[top].Count, 100*float64(bins[top].Count)/float64(total), total), got[3])

	heat := panel.heat
	counts := heatCounts(reportData{r}, stats.FloorShare, stats.PathLength)
	hm := heat.Model().Panels[0].Series[0].(*chart.Heat)
	assert.Equal(t, "path length to exit (steps)", heat.Model().Panels[0].Y.Label)
	assert.NotEmpty(t, heat.Frame().ScaleTicks(), "a colour scale")
	row, col := 0, 0
	for ri, rr := range counts {
		for ci, n := range rr {
			if n > counts[row][col] {
				row, col = ri, ci
			}
		}
	}
	uitest.Hover(h.win, heat, heat.PositionOf(0, (hm.XEdges[col]+hm.XEdges[col+1])/2, (hm.YEdges[row]+hm.YEdges[row+1])/2))
	lines := strings.Split(heat.Readout(), "\n")
	require.Len(t, lines, 3, heat.Readout())
	assert.Regexp(t, `^floor share [0-9.]+–[0-9.]+ %$`, lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "path length "), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], fmt.Sprintf("%d maps", int(counts[row][col]))), lines[2])
}

// The worst seeds rank by a metric that differs between seeds: path length
// at first (reachable share is 1 on every map of these caverns).
func TestWorstSeedsRankByAMetricThatDiffers(t *testing.T) {
	panel, h := newPanel(t, 3)
	r := sweep(t, panel, h, 30)
	require.Equal(t, r.Metrics[stats.ReachableShare].Min, r.Metrics[stats.ReachableShare].Max, "reachable share is constant here")
	assert.Equal(t, stats.PathLength, panel.worstBy.Selected)
	var values []string
	for _, b := range widgetsIn[*widget.Button](cardIn(t, panel, "Worst seeds (click to open)")) {
		if strings.HasPrefix(b.Text, "seed ") && !strings.Contains(b.Text, "failed") {
			_, v, ok := strings.Cut(b.Text, "path length ")
			require.True(t, ok, b.Text)
			values = append(values, v)
		}
	}
	require.NotEmpty(t, values)
	assert.NotEqual(t, values[0], values[len(values)-1], "the list ranks seeds that differ: %q", values)
	assert.True(t, uitest.TextIn(panel, "Ranked by path length, lowest first."))

	// a constant metric, picked by the designer, ranks nothing and says so
	panel.worstBy.SetSelected(stats.ReachableShare)
	assert.True(t, uitest.TextIn(panel, "Reachable floor is the same on every map"))
	// the next sweep keeps the designer's pick
	sweep(t, panel, h, 10)
	assert.Equal(t, stats.ReachableShare, panel.worstBy.Selected)
}

// fakeData is a sweep whose metrics vary or not as told.
type fakeData map[string]bool

func (d fakeData) Bins(string) []stats.Bin                      { return nil }
func (d fakeData) Varies(m string) bool                         { return d[m] }
func (d fakeData) Pairs(string, string, func(float64, float64)) {}
func (d fakeData) Worst(string, int, bool) []stats.Sample       { return nil }

func TestWorstDefaultSkipsConstantMetrics(t *testing.T) {
	assert.Equal(t, stats.PathLength, worstDefault(fakeData{stats.PathLength: true, stats.Rooms: true}, stats.Rooms))
	assert.Equal(t, stats.Rooms, worstDefault(fakeData{stats.Rooms: true, stats.FloorShare: true}, stats.Rooms), "else the histogram's")
	assert.Equal(t, stats.DeadEnds, worstDefault(fakeData{stats.DeadEnds: true}, stats.Rooms), "else the first that varies")
}
