package statsview

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/metrics"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/stats"
	"hewn/ui/internal/uitest"
	"hewn/ui/render/chart"
)

// newLabPanel is the panel over the starter project's BSP level (rooms
// sorted, drawn and joined), in a window large enough for the grid.
func newLabPanel(t *testing.T) (*Panel, *fakeHost) {
	t.Helper()
	test.NewTempApp(t)
	p := projects.New("Lab")
	h := &fakeHost{p: p, li: 0, q: &uitest.Queue{}, step: 0}
	pn := New(h)
	w := test.NewTempWindow(t, pn)
	w.Resize(fyne.NewSize(1000, 1100))
	h.win = w
	return pn, h
}

// addParam adds the parameter at path to the lab's varied ones, over lo..hi.
func addParam(t *testing.T, l *labView, path, lo, hi string) {
	t.Helper()
	for _, o := range l.options {
		if o.Path == path {
			l.add.SetSelected(o.Label)
			r := l.rows[len(l.rows)-1]
			require.Equal(t, path, r.opt.Path)
			r.lo.SetText(lo)
			r.hi.SetText(hi)
			return
		}
	}
	t.Fatalf("no parameter %s among the lab's options", path)
}

// runLab taps Run and waits for the archive and its thumbnails.
func runLab(t *testing.T, l *labView, h *fakeHost) *stats.Archive {
	t.Helper()
	done, thumbs := make(chan struct{}, 1), make(chan struct{}, 1)
	l.onDone = func() { done <- struct{}{} }
	l.onThumbs = func() { thumbs <- struct{}{} }
	test.Tap(l.job.run)
	require.True(t, h.q.DrainUntil(done, 2*time.Minute), "the search finished: %s", l.summary.Text)
	require.True(t, h.q.DrainUntil(thumbs, 2*time.Minute), "the thumbnails were drawn")
	require.NotNil(t, l.arch)
	return l.arch
}

// The Illuminate view through the UI: two parameters of two steps varied
// (the BSP's tries, the sorter's order), the grid run over rooms and path
// length with targets; every filled cell shows a thumbnail of its level;
// pointing at a cell reads its variant's parameters, seed and metrics;
// clicking opens exactly that level; Apply writes its parameters into the
// chain as one edit.
func TestIlluminateRunsHoversOpensAndApplies(t *testing.T) {
	panel, h := newLabPanel(t)
	panel.tabs.SelectIndex(1)
	l := panel.lab
	require.NotEmpty(t, l.options)
	assert.Equal(t, "steps[0].params.tries", l.options[0].Path, "the selected step's parameters first")
	addParam(t, l, "steps[0].params.tries", "5", "240")
	addParam(t, l, "steps[1].params.sort", "leftmost", "central")
	l.xr[0].SetText("0")
	l.xr[1].SetText("32")
	l.yr[0].SetText("0")
	l.yr[1].SetText("160")
	l.bins.SetText("8x8")
	l.budget.SetText("300")
	l.targets.SetText("rooms=8..12, path_length>=100")
	a := runLab(t, l, h)
	assert.Equal(t, 300, a.Evaluated)
	assert.Greater(t, a.Coverage.Filled, 10)
	require.NotNil(t, a.Meeting)
	assert.Contains(t, l.summary.Text, "cells meet the targets (rooms=8..12, path_length>=100)")
	assert.Equal(t, len(a.Cells), l.thumbs.count(), "a thumbnail per filled cell")

	// the grid: axes named with units, a cell per filled bin
	m := l.chart.Model()
	assert.Equal(t, "rooms (count)", m.X.Label)
	assert.Equal(t, "path length to exit (steps)", m.Panels[0].Y.Label)
	hm := m.Panels[0].Series[0].(*chart.Heat)
	filled := 0
	for _, row := range hm.Values {
		for _, v := range row {
			if v > 0 {
				filled++
			}
		}
	}
	assert.Equal(t, a.Coverage.Filled, filled)

	// hovering a cell reads its variant
	c := a.Cells[0]
	centre := func(bin [2]int) fyne.Position {
		return l.chart.PositionOf(0, (hm.XEdges[bin[0]]+hm.XEdges[bin[0]+1])/2, (hm.YEdges[bin[1]]+hm.YEdges[bin[1]+1])/2)
	}
	uitest.Hover(h.win, l.chart, centre(c.Bin))
	read := l.chart.Readout()
	assert.Contains(t, read, "tries="+valueText(c.Params["steps[0].params.tries"]))
	assert.Contains(t, read, "sort="+valueText(c.Params["steps[1].params.sort"]))
	assert.Contains(t, read, "seed "+valueText(c.Seed))
	assert.Contains(t, read, "rooms "+valueText(c.Metrics[stats.Rooms]))
	var empty [2]int
	for i := range a.Bins[0] {
		for j := range a.Bins[1] {
			if hm.Values[j][i] == 0 {
				empty = [2]int{i, j}
			}
		}
	}
	uitest.Hover(h.win, l.chart, centre(empty))
	assert.Contains(t, l.chart.Readout(), "no variant found here")

	// a click opens exactly that level
	l.chart.Tapped(&fyne.PointEvent{Position: centre(c.Bin)})
	require.Len(t, h.variants, 1)
	v := h.variants[0]
	assert.Equal(t, c.Seed, v.seed)
	assert.Contains(t, v.label, "seed "+valueText(c.Seed))
	tg := stats.LevelTarget(h.p, 0, content.Default().Roller(), "lab")
	cfg := tg.Config(v.seed)
	res, err := tg.Run(context.Background(), v.c, cfg)
	require.NoError(t, err)
	assert.Equal(t, c.Metrics, metrics.Measure(res.State), "the opened level is the cell's")
	assert.Equal(t, c.Params["steps[0].params.tries"], v.c.Steps[0].Params["tries"])

	// Apply writes the parameters into the chain, one edit
	assert.True(t, uitest.TextIn(panel, "tries="))
	test.Tap(uitest.ButtonIn(t, panel, "Apply to chain"))
	require.Len(t, h.edits, 1)
	assert.Contains(t, h.edits[0], "Apply variant tries=")
	st := h.p.Levels[0].Chain.Steps
	assert.Equal(t, c.Params["steps[0].params.tries"], st[0].Params["tries"])
	assert.Equal(t, c.Params["steps[1].params.sort"], st[1].Params["sort"])
	assert.Nil(t, h.undo[0].Levels[0].Chain.Steps[0].Params["tries"], "the project before the edit is untouched")

	// the same search again draws its thumbnails from the cache
	runLab(t, l, h)
	assert.Equal(t, len(a.Cells), l.thumbs.count())
}

// Refused form values say why; Cancel stops a search, which shows nothing.
func TestIlluminateRefusesBadValuesAndCancels(t *testing.T) {
	panel, h := newLabPanel(t)
	l := panel.lab
	addParam(t, l, "steps[0].params.tries", "5", "99999")
	l.search()
	assert.Contains(t, l.summary.Text, "steps[0].params.tries")
	l.rows[0].hi.SetText("240")
	l.bins.SetText("8 by 8")
	l.search()
	assert.Equal(t, `Bins: "8 by 8" is not NxM, each 1 to 64 (e.g. 12x12).`, l.summary.Text)
	l.bins.SetText("8x8")
	l.targets.SetText("rooms>>3")
	l.search()
	assert.Contains(t, l.summary.Text, "Targets: ")
	l.targets.SetText("")
	l.y.SetSelected(stats.Rooms)
	l.search()
	assert.Equal(t, "Pick two different metrics for the grid's axes.", l.summary.Text)
	l.y.SetSelected(stats.PathLength)

	l.budget.SetText("1000000")
	l.search()
	assert.True(t, l.job.cancelB.Visible() && !l.job.cancelB.Disabled(), "Cancel is on while the search runs")
	test.Tap(l.job.cancelB)
	assert.True(t, l.job.cancelB.Disabled())
	h.q.DrainUntil(make(chan struct{}), 200*time.Millisecond)
	assert.Nil(t, l.arch, "a cancelled search shows nothing")
	assert.Equal(t, "Cancelled.", l.summary.Text)
}
