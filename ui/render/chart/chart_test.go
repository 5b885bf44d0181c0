package chart

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// histogram is a ten-bin histogram of floor shares 30–70 %.
func histogram() *Chart {
	counts := []int{1, 3, 7, 12, 20, 15, 9, 4, 2, 1}
	bars := make([]Bar, len(counts))
	for i, c := range counts {
		lo := 30 + 4*float64(i)
		bars[i] = Bar{Lo: lo, Hi: lo + 4, Value: float64(c), Tip: fmt.Sprintf("floor share %g–%g %%: %d maps", lo, lo+4, c)}
	}
	return &Chart{Title: "Floor share over 74 maps", X: Axis{Label: "floor share (% of tiles)"},
		Panels: []Panel{{Y: Axis{Label: "maps", Integer: true}, Series: []Series{&Bars{Bars: bars}}}}}
}

// heatmap is a 4×3 grid of counts.
func heatmap() *Chart {
	vals := [][]float64{{0, 1, 2, 3}, {4, 0, 6, 7}, {8, 9, 0, 11}}
	return &Chart{Title: "Expressive range", X: Axis{Label: "floor share (%)"},
		Panels: []Panel{{Y: Axis{Label: "path length (steps)"}, Series: []Series{&Heat{
			XEdges: []float64{30, 40, 50, 60, 70}, YEdges: []float64{0, 10, 20, 30}, Values: vals, Scale: Scale{Label: "maps"}}}}}}
}

func TestPointingAtABarReadsItsRangeAndCount(t *testing.T) {
	c := histogram()
	_, f := Render(c, 600, 300, 1)
	for i, b := range c.Panels[0].Series[0].(*Bars).Bars {
		px, py := f.Pixel(0, (b.Lo+b.Hi)/2, b.Value/2)
		h := f.At(px, py)
		require.True(t, h.Inside)
		assert.Equal(t, 0, h.Series)
		assert.Equal(t, i, h.Index)
		assert.Equal(t, b.Tip, h.Text)
		// above the bar, in its column, still reads it: short bars are easy to point at
		_, top := f.Pixel(0, 0, 19)
		assert.Equal(t, b.Tip, f.At(px, top).Text, "bar %d's column", i)
	}
	px, py := f.Pixel(0, 48, 5)
	assert.Equal(t, "floor share 46–50 %: 20 maps", f.At(px, py).Text)
}

func TestAPointerOffTheDataReadsNothingButClampsToTheAxes(t *testing.T) {
	_, f := Render(histogram(), 600, 300, 1)
	h := f.At(0, 0)
	assert.False(t, h.Inside)
	assert.Equal(t, -1, h.Series)
	assert.Empty(t, h.Text)
	lo, _ := f.XRange()
	assert.Equal(t, lo, h.X, "left of the axis is its first value")
	h = f.At(599, 299)
	_, hi := f.XRange()
	assert.Equal(t, hi, h.X)
	assert.Equal(t, 0.0, h.Y, "below the axis is its lowest value")
}

func TestAxesHaveTicksAndLabels(t *testing.T) {
	_, f := Render(histogram(), 600, 300, 1)
	var xs, ys []string
	for _, tk := range f.XTicks() {
		xs = append(xs, tk.Label)
	}
	for _, tk := range f.YTicks(0) {
		ys = append(ys, tk.Label)
	}
	assert.Equal(t, []string{"30", "40", "50", "60", "70"}, xs)
	assert.Equal(t, []string{"0", "5", "10", "15", "20"}, ys, "whole counts only")
	lo, hi := f.YRange(0)
	assert.Equal(t, 0.0, lo, "bars grow from 0")
	assert.Greater(t, hi, 20.0, "room above the highest bar")
}

func TestPointingAtAHeatmapCellReadsItsRangesAndCount(t *testing.T) {
	c := heatmap()
	_, f := Render(c, 500, 400, 1)
	px, py := f.Pixel(0, 55, 15)
	h := f.At(px, py)
	assert.Equal(t, [3]int{0, 2, 1}, [3]int{h.Series, h.Col, h.Row})
	assert.Equal(t, "floor share (%) 50–60, path length (steps) 10–20: 6", h.Text)
	// the colour scale runs from 0 to the largest count, in whole counts
	var ticks []float64
	for _, tk := range f.ScaleTicks() {
		ticks = append(ticks, tk.Value)
		assert.Equal(t, strconv.Itoa(int(tk.Value)), tk.Label)
	}
	require.NotEmpty(t, ticks)
	assert.Equal(t, 0.0, ticks[0])
	assert.LessOrEqual(t, ticks[len(ticks)-1], 11.0)
	// a cell's own tip wins
	c.Panels[0].Series[0].(*Heat).Tip = func(col, row int) string { return fmt.Sprintf("cell %d,%d", col, row) }
	assert.Equal(t, "cell 2,1", f.At(px, py).Text)
}

func TestCategoriesReadTopToBottomAndThinTheirLabels(t *testing.T) {
	names := []string{"Goblin", "Orc", "Rations"}
	bars := &Bars{Horizontal: true}
	for i := range names {
		bars.Bars = append(bars.Bars, Bar{Lo: float64(i) - 0.4, Hi: float64(i) + 0.4, Value: float64(30 - 10*i), Tip: names[i], Label: "x"})
	}
	c := &Chart{Title: "Odds", X: Axis{Label: "chance (%)"}, Panels: []Panel{{Y: Axis{Categories: names}, Series: []Series{bars}}}}
	_, f := Render(c, 400, 200, 1)
	_, y0 := f.Pixel(0, 0, 0)
	_, y2 := f.Pixel(0, 0, 2)
	assert.Less(t, y0, y2, "the first category is on top")
	px, py := f.Pixel(0, 5, 1)
	assert.Equal(t, "Orc", f.At(px, py).Text)

	depths := make([]string, 40)
	for i := range depths {
		depths[i] = strconv.Itoa(i + 1)
	}
	ticks := labelled(categoryTicks(depths, 300, 20))
	var got []string
	for _, tk := range ticks {
		got = append(got, tk.Label)
	}
	assert.Equal(t, []string{"1", "5", "10", "15", "20", "25", "30", "35", "40"}, got)
	assert.Len(t, labelled(categoryTicks(depths[:10], 300, 20)), 10, "every label when they fit")
}

func TestStacksAndGroupsReadTheBarUnderThePointer(t *testing.T) {
	lo0, hi0 := Slot(0, 0, 2)
	lo1, hi1 := Slot(0, 1, 2)
	assert.InDelta(t, -0.4, lo0, 1e-12)
	assert.InDelta(t, hi0, lo1, 1e-12)
	assert.InDelta(t, 0.4, hi1, 1e-12)
	lower := &Bars{Name: "Goblin", Bars: []Bar{{Lo: -0.3, Hi: 0.3, Value: 2, Tip: "goblins"}}}
	upper := &Bars{Name: "Orc", Bars: []Bar{{Lo: -0.3, Hi: 0.3, Base: 2, Value: 3, Tip: "orcs"}}}
	c := &Chart{X: Axis{Categories: []string{"1"}}, Panels: []Panel{{Y: Axis{Label: "deaths"}, Series: []Series{lower, upper}}}}
	_, f := Render(c, 300, 200, 1)
	at := func(y float64) string { px, py := f.Pixel(0, 0, y); return f.At(px, py).Text }
	assert.Equal(t, "goblins", at(1))
	assert.Equal(t, "orcs", at(4))
	assert.Equal(t, "orcs", at(5.1), "above the stack: its top")
}

func TestLinesReadTheNearestPointAcrossOrTheChartsReadout(t *testing.T) {
	a := &Line{Name: "floor", Points: []Point{{1, 10}, {2, 20}, {3, 30}}, Tips: []string{"a1", "a2", "a3"}}
	b := &Line{Name: "regions", Points: []Point{{1, 1}, {2, 2}, {3, 3}}}
	c := &Chart{X: Axis{Label: "snapshot", Integer: true},
		Panels: []Panel{{Y: Axis{Label: "%"}, Series: []Series{a}}, {Y: Axis{Label: "count"}, Series: []Series{b}}}}
	_, f := Render(c, 400, 300, 1)
	require.Equal(t, 2, f.Panels())
	_, top0, _, bottom0 := f.Area(0)
	_, top1, _, _ := f.Area(1)
	assert.Less(t, bottom0, top1, "panels stack top to bottom")
	assert.Less(t, top0, bottom0)
	px, py := f.Pixel(0, 2.2, 0)
	assert.Equal(t, "a2", f.At(px, py).Text)
	px, py = f.Pixel(1, 2.8, 0)
	h := f.At(px, py)
	assert.Equal(t, [3]int{1, 0, 2}, [3]int{h.Panel, h.Series, h.Index})
	assert.Equal(t, "3: 3", h.Text)
	c.Readout = func(h Hit) string { return fmt.Sprintf("snapshot %.0f", math.Round(h.X)) }
	assert.Equal(t, "snapshot 3", f.At(px, py).Text)
}

func TestRenderIsDeterministicAndScales(t *testing.T) {
	img1, f1 := Render(histogram(), 300, 150, 1)
	img2, _ := Render(histogram(), 300, 150, 1)
	assert.True(t, bytes.Equal(img1.Pix, img2.Pix), "same chart, same pixels")
	img3, f3 := Render(histogram(), 600, 300, 2)
	assert.Equal(t, [2]int{600, 300}, [2]int{img3.Bounds().Dx(), img3.Bounds().Dy()})
	x1, y1 := f1.Pixel(0, 50, 10)
	x3, y3 := f3.Pixel(0, 50, 10)
	assert.InDelta(t, 2*x1, x3, 2, "twice the pixels per unit")
	assert.InDelta(t, 2*y1, y3, 2)
	dark := histogram()
	dark.Style = Dark()
	img4, _ := Render(dark, 300, 150, 1)
	assert.Equal(t, color.RGBAModel.Convert(Dark().Background), img4.At(1, 1), "the style's background")
}

// Drawn into another drawing's pixels, a chart is the same as drawn anew.
func TestRenderIntoPaintsOverTheOldPixels(t *testing.T) {
	want, _ := Render(histogram(), 300, 150, 1)
	dark := histogram()
	dark.Style = Dark()
	old, _ := Render(dark, 320, 160, 1) // larger: room for the new one
	got, _ := RenderInto(old, histogram(), 300, 150, 1)
	assert.Equal(t, want.Rect, got.Rect)
	assert.True(t, bytes.Equal(want.Pix, got.Pix), "the same pixels")
	small, _ := Render(histogram(), 10, 10, 1)
	got, _ = RenderInto(small, histogram(), 300, 150, 1) // no room: a new image
	assert.True(t, bytes.Equal(want.Pix, got.Pix))
}

func TestRenderTakesOddInputWithoutPanicking(t *testing.T) {
	nan := math.NaN()
	for name, c := range map[string]*Chart{
		"empty":     {},
		"no series": {Title: "t", Panels: []Panel{{}}},
		"nan bars":  {Panels: []Panel{{Series: []Series{&Bars{Bars: []Bar{{Lo: nan, Hi: 1, Value: nan}}}}}}},
		"inf line":  {Panels: []Panel{{Series: []Series{&Line{Points: []Point{{math.Inf(1), 1}, {0, nan}}}}}}},
		"ragged heat": {Panels: []Panel{{Series: []Series{&Heat{XEdges: []float64{0, 1, 2}, YEdges: []float64{0},
			Values: [][]float64{{1}, {2, 3, 4}}}}}}},
		"one point": {Panels: []Panel{{Series: []Series{&Line{Points: []Point{{1, 1}}}}}}},
		"fixed":     {X: Axis{Min: 5, Max: 5}, Panels: []Panel{{Y: Axis{Categories: []string{}}}}},
		"three panels": {Title: "t", X: Axis{Label: "x"}, Panels: []Panel{
			{Title: "a", Series: []Series{&Line{Points: []Point{{1, 1}, {2, 2}}}}},
			{Title: "b", Series: []Series{&Line{Points: []Point{{1, 1}, {2, 3}}}}},
			{Title: "c", Series: []Series{&Line{Points: []Point{{1, 5}, {2, 2}}}}}}},
	} {
		for _, sz := range [][2]int{{0, 0}, {1, 1}, {30, 20}, {580, 100}, {580, 140}, {400, 300}, {MaxSide + 10, 2}} {
			assert.NotPanics(t, func() {
				img, f := Render(c, sz[0], sz[1], 1)
				f.At(float64(sz[0]/2), float64(sz[1]/2))
				assert.LessOrEqual(t, img.Bounds().Dx(), MaxSide)
			}, "%s at %v", name, sz)
		}
	}
}

func TestNiceTicks(t *testing.T) {
	values := func(ts []Tick) (out []string) {
		for _, tk := range ts {
			out = append(out, tk.Label)
		}
		return out
	}
	assert.Equal(t, []string{"0", "20", "40", "60", "80", "100"}, values(niceTicks(0, 100, 5, false, nil)))
	assert.Equal(t, []string{"0", "1", "2", "3"}, values(niceTicks(0, 3.2, 6, true, nil)), "whole numbers only")
	assert.Equal(t, []string{"0.40", "0.45", "0.50"}, values(niceTicks(0.4, 0.52, 3, false, nil)))
	assert.Equal(t, []string{"0.0", "2.5", "5.0"}, values(niceTicks(0, 5, 2, false, nil)))
	assert.Len(t, niceTicks(0, 10, 1, true, nil), 2, "at least two labels")
	assert.Equal(t, []string{"0 %", "50 %", "100 %"}, values(niceTicks(0, 100, 2, false, func(v float64) string { return Number(v) + " %" })))
	assert.Nil(t, niceTicks(1, 1, 3, false, nil))
	assert.Equal(t, "0.125", Number(0.125))
	assert.Equal(t, "3", Number(3.0004))
}

func TestThemedFollowsTheBackground(t *testing.T) {
	d := Themed(Dark().Background, Dark().Foreground)
	assert.Equal(t, Dark().Palette[0], d.Color(0), "a dark theme leads with sky blue")
	l := Themed(Light().Background, Light().Foreground)
	assert.Equal(t, Light().Palette[0], l.Color(0))
	assert.Equal(t, l.Color(0), l.Color(len(l.Palette)), "the palette wraps")
	assert.Equal(t, Viridis(0), viridis[0])
	assert.Equal(t, Viridis(1), viridis[len(viridis)-1])
	assert.Equal(t, Viridis(math.NaN()), viridis[0])
}

func BenchmarkRenderHistogram600x300(b *testing.B) {
	c := histogram()
	b.ReportAllocs()
	for b.Loop() {
		Render(c, 600, 300, 1)
	}
}

func BenchmarkRenderHeatmap20x20(b *testing.B) {
	vals := make([][]float64, 20)
	edges := make([]float64, 21)
	for i := range vals {
		vals[i] = make([]float64, 20)
		for j := range vals[i] {
			vals[i][j] = float64((i * j) % 9)
		}
	}
	for i := range edges {
		edges[i] = float64(i)
	}
	c := &Chart{Title: "range", X: Axis{Label: "x"}, Panels: []Panel{{Y: Axis{Label: "y"},
		Series: []Series{&Heat{XEdges: edges, YEdges: edges, Values: vals, Scale: Scale{Label: "maps"}}}}}}
	b.ReportAllocs()
	for b.Loop() {
		Render(c, 600, 400, 1)
	}
}

func BenchmarkHit(b *testing.B) {
	_, f := Render(histogram(), 600, 300, 1)
	b.ReportAllocs()
	for b.Loop() {
		f.At(300, 150)
	}
}

// A mirrored X axis is labelled above the data too: the data area starts
// lower, by a row of labels.
func TestMirroredAxisMakesRoomAboveTheData(t *testing.T) {
	c := heatmap()
	_, f := Render(c, 500, 400, 1)
	_, top, _, _ := f.Area(0)
	c.X.Mirror = true
	_, f = Render(c, 500, 400, 1)
	_, mtop, _, _ := f.Area(0)
	assert.Greater(t, mtop, top+8)
	assert.Equal(t, len(f.XTicks()), 5)
}

// BenchmarkRenderBars82 draws a spawn table's odds at a depth: 82 labelled
// horizontal bars, 900×1730 (what the Content panel paints after an edit).
func BenchmarkRenderBars82(b *testing.B) {
	names := make([]string, 82)
	bars := &Bars{Horizontal: true}
	for i := range names {
		names[i] = fmt.Sprintf("Entity number %d", i)
		v := 10 / float64(i+1)
		bars.Bars = append(bars.Bars, Bar{Lo: float64(i) - 0.4, Hi: float64(i) + 0.4, Value: v, Label: fmt.Sprintf("%.1f %%", v)})
	}
	c := &Chart{Title: "Spawn odds at depth 1", X: Axis{Label: "chance per roll (%)", Mirror: true},
		Panels: []Panel{{Y: Axis{Categories: names}, Series: []Series{bars}}}}
	b.ReportAllocs()
	for b.Loop() {
		Render(c, 900, 1730, 1)
	}
}

// The fast text path puts the same glyphs where gonum/plot's own does.
func TestFastTextDrawsWhereThePlainHandlerDoes(t *testing.T) {
	ink := func(fast bool) (img *image.RGBA, box image.Rectangle) {
		cv := vgimg.NewWith(vgimg.UseWH(200, 60), vgimg.UseDPI(72), vgimg.UseBackgroundColor(color.White))
		dc := draw.New(cv)
		sty := textStyle(color.Black, 12, false, draw.XCenter, draw.YCenter)
		if !fast {
			sty.Handler = handler().(*fastText).Plain
		}
		dc.FillText(sty, vg.Point{X: 100, Y: 30}, "Goblin 10.8 %")
		img = cv.Image().(*image.RGBA)
		box = image.Rectangle{Min: img.Bounds().Max, Max: img.Bounds().Min}
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		return img, box
	}
	_, fast := ink(true)
	_, plain := ink(false)
	require.False(t, fast.Empty())
	for _, d := range []int{fast.Min.X - plain.Min.X, fast.Min.Y - plain.Min.Y, fast.Max.X - plain.Max.X, fast.Max.Y - plain.Max.Y} {
		assert.LessOrEqual(t, d*d, 1, "fast %v, plain %v", fast, plain)
	}
}
