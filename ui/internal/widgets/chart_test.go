package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
	"hewn/ui/render/chart"
)

// counts is a histogram of five bins.
func counts() *chart.Chart {
	bars := &chart.Bars{}
	for i, n := range []int{2, 5, 9, 4, 1} {
		lo := float64(10 * i)
		bars.Bars = append(bars.Bars, chart.Bar{Lo: lo, Hi: lo + 10, Value: float64(n), Tip: "bin " + chart.Number(lo) + "\nmaps " + chart.Number(float64(n))})
	}
	return &chart.Chart{Title: "maps", X: chart.Axis{Label: "x"}, Panels: []chart.Panel{{Y: chart.Axis{Label: "maps"}, Series: []chart.Series{bars}}}}
}

// chartWindow shows a chart widget alone in a window of size s.
func chartWindow(t *testing.T, m *chart.Chart, s fyne.Size) (*Chart, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	c := NewChart(fyne.NewSize(200, 120))
	c.SetChart(m)
	w := a.NewWindow("chart")
	w.SetContent(container.NewStack(c))
	w.Resize(s)
	t.Cleanup(w.Close)
	return c, w
}

// Pointing at a bar shows its read-out in a box beside the pointer, line by
// line; leaving the chart hides it.
func TestChartShowsTheReadoutUnderThePointer(t *testing.T) {
	c, w := chartWindow(t, counts(), fyne.NewSize(500, 300))
	pos := c.PositionOf(0, 25, 1)
	uitest.Hover(w, c, pos)
	assert.Equal(t, "bin 20\nmaps 9", c.Readout())
	shown := uitest.OnScreen(c, func(t *canvas.Text) bool { return t.Text == "bin 20" || t.Text == "maps 9" })
	require.Len(t, shown, 2, "both lines on screen")
	assert.Less(t, shown[0].Position().Y, shown[1].Position().Y)
	assert.Greater(t, shown[0].Position().X, pos.X, "right of the pointer")
	// near the right edge the box goes to the pointer's left, inside the chart
	right := c.PositionOf(0, 45, 0.5)
	uitest.Hover(w, c, right)
	assert.Equal(t, "bin 40\nmaps 1", c.Readout())
	box := uitest.OnScreen(c, func(r *canvas.Rectangle) bool { return r.Visible() && r.StrokeWidth > 0 })
	require.NotEmpty(t, box)
	assert.LessOrEqual(t, box[0].Position().X+box[0].Size().Width, c.Size().Width)
	// off the data: nothing
	uitest.Hover(w, c, fyne.NewPos(1, 1))
	assert.Empty(t, c.Readout())
	uitest.Hover(w, c, pos)
	test.MoveMouse(w.Canvas(), fyne.NewPos(-10, -10))
	assert.Empty(t, c.Readout(), "the read-out goes when the pointer leaves")
}

// The chart is drawn at the widget's size, again when it is resized, and
// not again when nothing changed.
func TestChartRendersAtItsSize(t *testing.T) {
	c, w := chartWindow(t, counts(), fyne.NewSize(500, 300))
	c.mu.Lock()
	assert.Nil(t, c.frame, "not drawn before it is painted or pointed at")
	c.mu.Unlock()
	f := c.Frame()
	require.NotNil(t, f)
	assert.Equal(t, int(c.Size().Width), f.W)
	assert.Equal(t, int(c.Size().Height), f.H)
	assert.Same(t, f, c.Frame(), "no change, no new render")
	w.Resize(fyne.NewSize(700, 400))
	assert.Equal(t, int(c.Size().Width), c.Frame().W)
	img := c.paint(701, 400) // the painter may round a pixel the other way
	assert.Equal(t, 701, img.Bounds().Dx())
	assert.Same(t, c.frame, c.Frame(), "a pixel off: the painted frame is the one pointed at")
	c.SetChart(nil)
	assert.Nil(t, c.Frame())
	assert.Equal(t, -1, c.HitAt(fyne.NewPos(10, 10)).Series)
}

// Clicks and drags report the data under the pointer; the marker stands at
// its data X over every panel.
func TestChartReportsClicksAndDragsAndDrawsAMarker(t *testing.T) {
	c, _ := chartWindow(t, counts(), fyne.NewSize(500, 300))
	var taps, drags []chart.Hit
	c.OnTap = func(h chart.Hit) { taps = append(taps, h) }
	c.OnDrag = func(h chart.Hit) { drags = append(drags, h) }
	test.TapAt(c, c.PositionOf(0, 12, 1))
	require.Len(t, taps, 1)
	assert.Equal(t, 1, taps[0].Index)
	assert.InDelta(t, 12, taps[0].X, 0.5)
	c.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(c.Size().Width, 0)}})
	require.Len(t, drags, 1)
	lo, hi := c.Frame().XRange()
	assert.Equal(t, hi, drags[0].X, "past the right edge: the axis's end")
	assert.Less(t, lo, hi)

	c.SetMarker(30)
	at := c.PositionOf(0, 30, 0)
	assert.True(t, c.marker.Visible())
	assert.InDelta(t, at.X, c.marker.Position1.X, 0.01)
	assert.InDelta(t, at.Y, c.marker.Position2.Y, 0.01, "down to the axis")
	c.HideMarker()
	assert.False(t, c.marker.Visible())
}

// A chart drawn ahead (off the UI goroutine) is shown without being drawn
// again, and so is the one it replaced when it comes back.
func TestChartPredrawnIsShownWithoutDrawingAgain(t *testing.T) {
	first := counts()
	c, _ := chartWindow(t, first, fyne.NewSize(500, 300))
	c.KeepDrawings(2)
	f0 := c.Frame()
	require.NotNil(t, f0)
	m := counts()
	draw := c.Predraw()
	done := make(chan struct{})
	go func() { draw(m); close(done) }()
	<-done
	c.SetChart(m)
	f1 := c.Frame()
	require.NotNil(t, f1)
	c.mu.Lock()
	assert.Same(t, m, c.kept[0].key.model)
	assert.Same(t, f1, c.kept[0].frame, "the frame drawn ahead")
	c.mu.Unlock()
	c.SetChart(first)
	assert.Same(t, f0, c.Frame(), "kept")
	img := c.paint(int(c.Size().Width+0.5), int(c.Size().Height+0.5))
	c.mu.Lock()
	assert.Same(t, c.last, img, "painted at the screen's scale: the frame Frame drew")
	c.mu.Unlock()
	assert.Same(t, f0, c.Frame())
}
