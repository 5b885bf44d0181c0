package widgets

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/render"
)

// bigScene is a w×h map of rock with a floor room every 64 tiles, a start in
// the first and an exit in the last.
func bigScene(w, h int) *render.Scene {
	g := chain.NewGrid(w, h)
	for y := 8; y+16 < h; y += 64 {
		for x := 8; x+16 < w; x += 64 {
			for dy := range 16 {
				for dx := range 16 {
					g.Set(chain.Point{X: x + dx, Y: y + dy}, chain.Floor)
				}
			}
		}
	}
	start := chain.Point{X: 10, Y: 10}
	return &render.Scene{Map: g, Theme: chain.DefaultTheme(), Start: &start,
		Exits: []chain.Exit{{X: w - 60, Y: h - 60, Tile: chain.DownStairs}}}
}

// wholeInView asserts that every tile of a w×h drawing is under some pixel
// of a pw×ph view.
func wholeInView(t *testing.T, v *Viewport, w, h, pw, ph int) {
	t.Helper()
	assert.GreaterOrEqual(t, v.origin.X, 0, "the left edge shows")
	assert.GreaterOrEqual(t, v.origin.Y, 0, "the top edge shows")
	assert.LessOrEqual(t, v.origin.X+v.tilePx(w, true), pw, "the right edge shows")
	assert.LessOrEqual(t, v.origin.Y+v.tilePx(h, true), ph, "the bottom edge shows")
}

func TestFitShowsAHugeMapWhole(t *testing.T) {
	test.NewTempApp(t)
	for _, size := range []image.Point{{4096, 4096}, {2048, 1024}, {300, 200}} {
		v := NewViewport()
		w := test.NewTempWindow(t, v)
		w.Resize(fyne.NewSize(700, 500))
		pw, ph := int(v.Size().Width), int(v.Size().Height)
		v.SetDrawing(bigScene(size.X, size.Y))
		img := v.draw(pw, ph).(*image.RGBA)
		wholeInView(t, v, size.X, size.Y, pw, ph)
		_, _, shown := v.Overview()
		assert.False(t, shown, "no overview while the whole map shows")
		// the start's mark is drawn (yellow) near its tile
		at := v.origin.Add(image.Pt(v.tilePx(10, false), v.tilePx(10, false)))
		assert.Equal(t, render.StartColor, img.RGBAAt(at.X, at.Y), "%v: the start shows", size)

		// zooming out stops at the whole map; zooming in and out comes back to it
		fit := v.zoomLevel()
		v.ZoomCenter(1 / 1.25)
		assert.Equal(t, fit, v.zoomLevel(), "%v: zooming out goes no further than the whole map", size)
		for range 20 {
			v.ZoomCenter(1.25)
		}
		assert.Greater(t, v.cellSize(), render.MinCell, "%v: zoomed in to glyphs", size)
		for range 40 {
			v.ZoomCenter(1 / 1.25)
		}
		assert.Equal(t, fit, v.zoomLevel(), "%v: the wheel comes back to the whole map", size)
	}
}

func TestSmallMapsStillStopAtMinCell(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(700, 500))
	v.SetDrawing(bigScene(80, 50))
	v.draw(700, 500)
	for range 30 {
		v.ZoomCenter(1 / 1.25)
	}
	assert.Equal(t, render.MinCell, v.cellSize(), "a map that fits at 4 px is not shrunk further")
}

func TestOverviewShowsWhileZoomedInAndMovesTheView(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(700, 500))
	pw, ph := int(v.Size().Width), int(v.Size().Height)
	v.SetDrawing(bigScene(2048, 1024))
	v.draw(pw, ph)
	for range 12 {
		v.ZoomCenter(1.25)
	}
	v.draw(pw, ph)
	pos, size, shown := v.Overview()
	require.True(t, shown, "zoomed in, an overview shows the whole map")
	assert.LessOrEqual(t, size.Width, float32(overviewSide))
	assert.Greater(t, pos.X, float32(pw)/2, "in the bottom-right corner")

	// a press on the overview's bottom-right part moves the view there
	press := pos.Add(fyne.NewPos(size.Width-2, size.Height-2))
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: press}, Button: desktop.MouseButtonPrimary})
	v.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: press}, Button: desktop.MouseButtonPrimary})
	mid := v.tileAt(fyne.NewPos(float32(pw)/2, float32(ph)/2))
	assert.Greater(t, mid.X, 1900, "the view's middle is near the right edge: %v", mid)
	assert.Greater(t, mid.Y, 900)

	v.Fit()
	v.draw(pw, ph)
	_, _, shown = v.Overview()
	assert.False(t, shown)
	wholeInView(t, v, 2048, 1024, pw, ph)
}

func TestAHoveredTileIsRightBelowOnePixelATile(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(500, 500))
	v.SetDrawing(bigScene(4096, 4096))
	v.draw(500, 500)
	require.Greater(t, v.shrink, 1)
	for _, p := range []chain.Point{{X: 0, Y: 0}, {X: 4000, Y: 100}, {X: 2048, Y: 4095}} {
		got := v.tileAt(v.TilePos(p))
		assert.InDelta(t, p.X, got.X, float64(v.shrink), "%v", p)
		assert.InDelta(t, p.Y, got.Y, float64(v.shrink), "%v", p)
	}
}

func BenchmarkViewportFrameFit4096(b *testing.B) {
	test.NewTempApp(b)
	v := NewViewport()
	w := test.NewTempWindow(b, v)
	w.Resize(fyne.NewSize(1000, 700))
	v.SetDrawing(bigScene(4096, 4096))
	b.ReportAllocs()
	for b.Loop() {
		v.draw(1000, 700)
	}
}

func BenchmarkViewportFrameZoomed4096(b *testing.B) {
	test.NewTempApp(b)
	v := NewViewport()
	w := test.NewTempWindow(b, v)
	w.Resize(fyne.NewSize(1000, 700))
	v.SetDrawing(bigScene(4096, 4096))
	v.draw(1000, 700)
	for range 6 {
		v.ZoomCenter(1.25)
	}
	b.ReportAllocs()
	for b.Loop() {
		v.draw(1000, 700) // a zoomed-in frame with the overview
	}
}
