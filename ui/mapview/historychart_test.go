package mapview

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/internal/uitest"
)

// The chart under the scrubber measures every snapshot of the map on screen:
// floor share and regions at each snapshot.
func TestHistoryChartMeasuresEverySnapshot(t *testing.T) {
	p := uitest.Project()
	p.Levels[0].Chain.Steps = []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "center", "y": "center"}},
		{Builder: "cull_unreachable"},
	}
	f := newFixture(t, p)
	s := measured(t, f)
	h := f.result().History
	require.Len(t, s, h.Len())
	last := s[len(s)-1]
	_, sizes := chain.Regions(h.At(h.Len() - 1).Map)
	assert.Equal(t, len(sizes), last.Regions)
	assert.Greater(t, last.FloorShare, 0.2)
	for i := range s {
		walk := h.At(i).Map.Count(chain.Tile.Walkable)
		assert.InDelta(t, float64(walk)/float64(40*25), s[i].FloorShare, 1e-12, "snapshot %d", i)
	}
}

// measured waits until the chart under the scrubber has measured the history
// on screen and returns its series.
func measured(t *testing.T, f *fixture) []historyPoint {
	t.Helper()
	c := f.p.scrub.chart
	if c.Series() == nil {
		done := make(chan struct{}, 1)
		c.OnMeasured = func() { done <- struct{}{} }
		require.True(t, f.h.q.DrainUntil(done, time.Minute), "the chart measured the history")
	}
	return c.Series()
}

// A click on the chart shows the snapshot drawn there, a drag scrubs, and
// the legend reads the values at the shown snapshot.
func TestHistoryChartClickShowsTheSnapshotThereAndTheLegendReadsIt(t *testing.T) {
	p := uitest.Project()
	p.Levels[0].Chain.Steps = []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "cull_unreachable"}}
	f := newFixture(t, p)
	s := measured(t, f)
	c, sc := f.p.scrub.chart, f.p.scrub
	require.Greater(t, len(s), 4)
	w := c.plot.Size().Width
	require.Greater(t, w, float32(0))

	mid := (len(s) - 1) / 2
	test.TapAt(c.plot, c.plot.PositionOf(0, float64(mid+1), 50))
	f.h.q.Drain()
	assert.Equal(t, mid, sc.Current(), "a click on the middle snapshot's place shows it")
	test.TapAt(c.plot, fyne.NewPos(0, 1))
	f.h.q.Drain()
	assert.Equal(t, 0, sc.Current(), "the left edge is the first snapshot")
	assert.Equal(t, fmt.Sprintf("floor share %.0f%%", 100*s[0].FloorShare), c.legend[0].Text)
	c.plot.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(w, 1)}})
	f.h.q.Drain()
	last := len(s) - 1
	assert.Equal(t, last, sc.Current(), "a drag to the right edge reaches the last snapshot")
	assert.Equal(t, fmt.Sprintf("regions %d", s[last].Regions), c.legend[1].Text)
	assert.Equal(t, fmt.Sprintf("spawns %d", s[last].Spawns), c.legend[2].Text)
	mx, _ := c.plot.Frame().Pixel(0, float64(last+1), 0)
	assert.InDelta(t, float32(mx), c.plot.PositionOf(0, float64(last+1), 0).X, 0.5)
}

// Pointing at the chart reads out the snapshot under the pointer: its step
// and builder, floor share, regions and spawns; the axes say what they count.
func TestHistoryChartHoverReadsTheSnapshotUnderThePointer(t *testing.T) {
	p := uitest.Project()
	p.Levels[0].Chain.Steps = []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "cull_unreachable"}}
	f := newFixture(t, p)
	s := measured(t, f)
	c := f.p.scrub.chart
	h := f.result().History
	k := len(s) / 3
	uitest.Hover(f.w, c.plot, c.plot.PositionOf(1, float64(k+1), 0)) // the regions' panel
	want := fmt.Sprintf("%s\nfloor share %.0f%%, regions %d, spawns %d", snapshotLabel(h, k), 100*s[k].FloorShare, s[k].Regions, s[k].Spawns)
	assert.Equal(t, want, c.plot.Readout())
	assert.Contains(t, c.plot.Readout(), fmt.Sprintf("%d/%d · ", k+1, len(s)))

	m := c.plot.Model()
	assert.Equal(t, "snapshot", m.X.Label)
	assert.Equal(t, []string{"floor share (%)", "regions", "spawns"}, []string{m.Panels[0].Title, m.Panels[1].Title, m.Panels[2].Title})
	fr := c.plot.Frame()
	lo, hi := fr.YRange(0)
	assert.Equal(t, [2]float64{0, 100}, [2]float64{lo, hi}, "floor share on a 0–100 %% axis")
	assert.NotEmpty(t, fr.XTicks(), "the snapshots axis is labelled")
	assert.NotEmpty(t, fr.YTicks(1), "the regions axis is labelled")
	assert.NotEmpty(t, fr.YTicks(2), "the spawns axis is labelled")
}

func BenchmarkHistorySeries(b *testing.B) {
	c := &chain.Chain{Width: 80, Height: 50, Steps: []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "cull_unreachable"}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		historySeries(res.History)
	}
}
