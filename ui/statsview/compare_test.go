package statsview

import (
	"fmt"
	"regexp"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects/stats"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/render/chart"
)

// sweepCompared runs the Sweep tab over n seeds with Compare ticked.
func sweepCompared(t *testing.T, panel *Panel, h *fakeHost, n int) {
	t.Helper()
	panel.compare.SetChecked(true)
	sweep(t, panel, h, n)
}

// "What did my edit do?": the saved version had 30 BSP tries, the chain now
// 240; the sweep compares both over the same seeds: histograms overlaid, the
// expressive range's difference on a diverging scale, and the percentiles
// that moved.
func TestCompareWithSavedShowsWhatTheEditMoved(t *testing.T) {
	panel, h := newLabPanel(t)
	h.win.Resize(fyne.NewSize(1000, 1800))
	h.saved = h.p.Clone()
	h.saved.Levels[0].Chain = h.p.Levels[0].Chain.Clone()
	h.saved.Levels[0].Chain.Steps[0].Params = map[string]any{"tries": 30}
	sweepCompared(t, panel, h, 60)
	require.NotNil(t, panel.base)
	assert.Equal(t, panel.report.From, panel.base.From, "the same seeds")
	assert.Equal(t, panel.report.Seeds, panel.base.Seeds)
	assert.Less(t, panel.base.Metrics[stats.Rooms].Mean, panel.report.Metrics[stats.Rooms].Mean, "more tries, more rooms")
	assert.Contains(t, panel.summary.Text, "Compared with the saved file over the same seeds")

	// the histograms overlaid: the saved bars under the current ones, each read out
	panel.metric.SetSelected(stats.Rooms)
	m := panel.hist.Model()
	series := m.Panels[0].Series
	require.Len(t, series, 2)
	assert.Equal(t, "saved", series[0].(*chart.Bars).Name)
	assert.Equal(t, "now", series[1].(*chart.Bars).Name)
	now := series[1].(*chart.Bars).Bars
	top := 0
	for i, b := range now {
		if b.Value > now[top].Value {
			top = i
		}
	}
	uitest.Hover(h.win, panel.hist, panel.hist.PositionOf(0, (now[top].Lo+now[top].Hi)/2, now[top].Value/2))
	assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`^rooms [0-9–]+: now %d maps, saved \d+ \([+-]\d+\)$`, int(now[top].Value))), panel.hist.Readout())

	// the expressive range's difference, on a diverging scale
	hm := panel.heat.Model().Panels[0].Series[0].(*chart.Heat)
	assert.True(t, hm.Scale.Diverging)
	neg, pos := false, false
	for _, row := range hm.Values {
		for _, v := range row {
			neg, pos = neg || v < 0, pos || v > 0
		}
	}
	assert.True(t, neg && pos, "some cells gained maps, others lost them")

	// the percentiles that moved
	assert.True(t, panel.changed.Visible())
	assert.True(t, uitest.TextIn(panel.changed, "Compared with the saved file: 60 maps then, 60 now"))
	b, n := panel.base.Metrics[stats.Rooms], panel.report.Metrics[stats.Rooms]
	mi := info(stats.Rooms)
	assert.True(t, uitest.TextIn(panel.changed, mi.value(b.P50)+" → "+mi.value(n.P50)), "the median rooms, saved → now")

	// unticked, the next sweep is the plain one
	panel.compare.SetChecked(false)
	sweep(t, panel, h, 20)
	assert.Nil(t, panel.base)
	assert.False(t, panel.changed.Visible())
	assert.Len(t, panel.hist.Model().Panels[0].Series, 1)
}

// A project without a saved file compares with the previous sweep's chain,
// and says so; before any sweep it says why there is nothing to compare.
func TestCompareWithoutASavedFile(t *testing.T) {
	panel, h := newLabPanel(t)
	sweepCompared(t, panel, h, 20)
	assert.Nil(t, panel.base)
	assert.True(t, panel.changed.Visible())
	assert.True(t, uitest.TextIn(panel.changed, "The project has no saved file yet: nothing to compare with yet (the next sweep compares with this one)."))
	sweepCompared(t, panel, h, 20)
	require.NotNil(t, panel.base)
	assert.Contains(t, panel.summary.Text, "Compared with the previous sweep's chain (the project has no saved file yet)")
	assert.True(t, uitest.TextIn(panel.changed, "No percentile moved"), "the same chain: nothing moved")
}

// The Sensitivity tab plots each parameter of the selected step: a chart
// per parameter, a panel per metric with the mean and the 10th-90th
// percentiles at each value, each point read out.
func TestSensitivityPlotsTheSelectedStepsParameters(t *testing.T) {
	panel, h := newLabPanel(t)
	panel.tabs.SelectIndex(2)
	s := panel.sens
	assert.Equal(t, []string{"tries", "draw"}, s.params.Options(), "the BSP step's parameters")
	s.params.SetSelected([]string{"tries"})
	s.metrics.SetSelected([]string{stats.Rooms, stats.PathLength})
	s.points.SetText("4")
	s.seeds.SetText("12")
	done := make(chan struct{}, 1)
	s.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, s.obj, "Run"))
	require.True(t, h.q.DrainUntil(done, 2*time.Minute), s.summary.Text)
	require.NotNil(t, s.result)
	require.Len(t, s.charts.Objects, 1, "one chart per parameter")
	pe := s.result.Params[0]
	assert.Equal(t, []any{1, 3334, 6667, 10000}, pe.Values)
	ch := s.charts.Objects[0].(interface{ Model() *chart.Chart }).Model()
	require.Len(t, ch.Panels, 2, "a panel per metric, in the reports' order")
	assert.Equal(t, "path length (steps)", ch.Panels[0].Title)
	assert.Equal(t, "rooms", ch.Panels[1].Title)
	assert.Equal(t, "tries", ch.X.Label)
	mean := ch.Panels[1].Series[2].(*chart.Line)
	require.Len(t, mean.Points, 4)
	assert.InDelta(t, pe.Metrics[stats.Rooms][1].Mean, mean.Points[1].Y, 1e-9)
	assert.Contains(t, mean.Tips[1], fmt.Sprintf("tries 3334: rooms mean %s (p10 ", info(stats.Rooms).precise(pe.Metrics[stats.Rooms][1].Mean, 2)))

	w := s.charts.Objects[0].(*widgets.Chart)
	uitest.Hover(h.win, w, w.PositionOf(1, mean.Points[1].X, mean.Points[1].Y))
	assert.Equal(t, mean.Tips[1], w.Readout(), "pointing at a value reads it")

	// another step: its parameters
	h.step = 1
	panel.Update()
	assert.Equal(t, []string{"sort"}, s.params.Options())
	h.step = -1
	panel.Update()
	assert.True(t, uitest.TextIn(s.obj, "Select a step in the Chain tab"))
}
