package ui

import (
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2/canvas"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
	"hewn/ui/render"
	"hewn/ui/render/chart"
)

// idle runs the UI goroutine's queue until done holds (the background work
// an edit started has posted its outcome), or fails after a minute.
func (f *fixture) idle(t *testing.T, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		f.settle()
		if done() {
			return
		}
		require.True(t, time.Now().Before(deadline), "the UI did not catch up")
		runtime.Gosched()
	}
}

// historyPlotted reports whether the history chart under the map plots h:
// one point per snapshot, the floor share of each.
func historyPlotted(c *widgets.Chart, h *chain.History) bool {
	m := c.Model()
	if m == nil || len(m.Panels) == 0 || len(m.Panels[0].Series) == 0 {
		return false
	}
	floor, ok := m.Panels[0].Series[0].(*chart.Line)
	if !ok || len(floor.Points) != h.Len() {
		return false
	}
	for i, p := range floor.Points {
		g := h.At(i).Map
		if math.Abs(p.Y-100*float64(g.Count(chain.Tile.Walkable))/float64(len(g.Tiles))) > 1e-9 {
			return false
		}
	}
	return true
}

// After an edit, every panel on screen in the default window (the Chain tab
// beside the Map tab) shows the new state: the map drawn is the new run's,
// its status line, scrubber and history chart are the new run's, and the
// step's row and parameter form read the new value. (The benchmark
// BenchmarkEditToMapShown80x50 times the same edit.)
func TestAnEditShowsOnEveryVisiblePanel(t *testing.T) {
	p := uitest.Project()
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 80, 50
	f := newFixture(t, p)
	e := f.e
	require.Equal(t, "Chain", e.tabs.Selected().Text, "the sidebar shows the chain")
	require.Equal(t, "Map", e.main.Selected().Text, "the big area shows the map")
	plot := uitest.FindOne[*widgets.Chart](t, e.mapv, nil)
	f.steps(t).Select(0)
	f.settle()
	for _, rooms := range []int{17, 4, 12} {
		before := f.result()
		e.m.SetParam(model.StepPath{0}, "max_rooms", rooms)
		f.settle()
		r := f.result()
		require.NotSame(t, before, r, "a new run is shown")
		assert.Equal(t, rooms, r.Chain.Steps[0].Params["max_rooms"])
		// the map
		sc := f.scene(t)
		require.NotNil(t, sc)
		assert.Equal(t, r.State.Map.Tiles, sc.Map.Tiles, "the map drawn is the new run's last snapshot")
		// its status line and scrubber
		assert.True(t, f.says(fmt.Sprintf("%d×%d · %s · %s", 80, 50, jsonfile.Count(r.History.Len(), "snapshot"),
			jsonfile.Count(len(r.State.Rooms), "room"))), "the status line reads the new run")
		assert.NotNil(t, uitest.LabelWith(e.mapv, fmt.Sprintf("%d/%d · ", r.History.Len(), r.History.Len())), "the scrubber browses the new history")
		assert.False(t, f.says("Generating"), "the run ended: its map replaced the line")
		// the chain panel: the step's row and its form
		assert.True(t, uitest.TextIn(f.steps(t), fmt.Sprintf("max_rooms=%d", rooms)), "the step's row")
		assert.Equal(t, fmt.Sprint(rooms), f.param(t, "Max rooms").Text, "the parameter form")
		// the history chart under the scrubber, by the time the UI is idle
		f.idle(t, func() bool { return historyPlotted(plot, r.History) })
		last := r.History.At(r.History.Len() - 1)
		_, sizes := chain.Regions(last.Map)
		assert.NotEmpty(t, uitest.OnScreen(e.mapv, func(tx *canvas.Text) bool { return tx.Text == fmt.Sprintf("regions %d", len(sizes)) }),
			"the chart's legend reads the shown snapshot")
	}
}

// A run still going says so on the status line.
func TestASlowRunSaysGenerating(t *testing.T) {
	f := newFixture(t, uitest.Project())
	require.NoError(t, f.e.m.AddStep(nil, -1, "ui_test_slow"))
	<-uitest.SlowStarted
	f.q.Drain()
	assert.True(t, f.says("Generating…"))
	f.e.m.RemoveStep(nil, 1)
	<-uitest.SlowCancelled
	f.settle()
	assert.False(t, f.says("Generating…"))
}

// The prefab painter's tab, off screen, does not follow each edit but
// catches up when it is shown: its live preview is the run on screen.
func TestThePainterOffScreenCatchesUpWhenShown(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	live := func() *render.Scene {
		for _, v := range uitest.FindAll[*widgets.Viewport](e.prefabs, nil) {
			if sc, ok := v.Drawing().(*render.Scene); ok {
				return sc
			}
		}
		return nil
	}
	for _, rooms := range []int{4, 15} {
		e.m.SetParam(model.StepPath{0}, "max_rooms", rooms)
		f.settle()
		e.selectMain("Prefabs")
		sc := live()
		require.NotNil(t, sc)
		assert.Equal(t, f.result().State.Map.Tiles, sc.Map.Tiles, "the live preview shows the run on screen")
		e.selectMain("Map")
	}
}
