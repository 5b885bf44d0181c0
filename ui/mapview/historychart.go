package mapview

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
)

// historyPoint is what the history chart plots for one snapshot.
type historyPoint struct {
	FloorShare float64 // walkable tiles / all tiles
	Regions    int     // separate walkable regions
	Spawns     int
}

// historySeries measures every snapshot of h: floor share, regions and spawns,
// so a designer sees which step changed what.
func historySeries(h *chain.History) []historyPoint {
	out := make([]historyPoint, h.Len())
	for i := range out {
		s := h.At(i)
		walk := s.Map.Count(chain.Tile.Walkable)
		_, sizes := chain.Regions(s.Map)
		out[i] = historyPoint{float64(walk) / float64(len(s.Map.Tiles)), len(sizes), len(s.Spawns)}
	}
	return out
}

// The history chart's size and colours.
const chartW, chartH = 400, 36

var (
	floorColor   = color.RGBA{0x40, 0x90, 0xFF, 0xFF}
	regionColor  = color.RGBA{0xFF, 0x90, 0x30, 0xFF}
	spawnColor   = color.RGBA{0x50, 0xD0, 0x60, 0xFF}
	cursorColor  = color.RGBA{0xFF, 0xFF, 0xFF, 0xA0}
	chartBGColor = color.RGBA{0x18, 0x18, 0x20, 0xFF}
)

// historyChart draws the series under the scrubber with a cursor at the shown
// snapshot, and its legend reads the values there. A click or a drag on the
// chart picks the snapshot under the pointer. The series is measured off the
// UI goroutine.
type historyChart struct {
	post   func(func())
	img    *canvas.Image
	area   *chartArea
	legend [3]*canvas.Text
	obj    fyne.CanvasObject
	// OnPick is called with the snapshot clicked or dragged to.
	OnPick func(i int)

	mu     sync.Mutex
	gen    uint64
	series []historyPoint
	cur    int
	// OnMeasured is called once a history's series is shown (tests).
	OnMeasured func()
}

func newHistoryChart(post func(func())) *historyChart {
	c := &historyChart{post: post}
	c.img = canvas.NewImageFromImage(image.NewRGBA(image.Rect(0, 0, chartW, chartH)))
	c.img.FillMode = canvas.ImageFillStretch
	c.img.ScaleMode = canvas.ImageScalePixels
	c.img.SetMinSize(fyne.NewSize(120, chartH))
	for i, col := range []color.RGBA{floorColor, regionColor, spawnColor} {
		c.legend[i] = canvas.NewText("", col)
		c.legend[i].TextSize = theme.CaptionTextSize()
	}
	c.area = newChartArea(c.img, c.pick)
	// the legend is as wide as its widest reading, so it does not jitter
	wide := canvas.NewText(legendText(historyPoint{FloorShare: 1}, true)[0], color.Transparent)
	wide.TextSize = theme.CaptionTextSize()
	legend := container.NewStack(wide, container.NewVBox(c.legend[0], c.legend[1], c.legend[2]))
	c.obj = container.NewBorder(nil, nil, nil, legend, c.area)
	c.relabel()
	return c
}

// legendText words p's values in the legend (only the names without them).
func legendText(p historyPoint, ok bool) [3]string {
	if !ok {
		return [3]string{"floor share", "regions", "spawns"}
	}
	return [3]string{fmt.Sprintf("floor share %.0f%%", 100*p.FloorShare),
		fmt.Sprintf("regions %d", p.Regions), fmt.Sprintf("spawns %d", p.Spawns)}
}

// relabel makes the legend read the values at the cursor.
func (c *historyChart) relabel() {
	c.mu.Lock()
	s, cur := c.series, c.cur
	c.mu.Unlock()
	var p historyPoint
	ok := cur >= 0 && cur < len(s)
	if ok {
		p = s[cur]
	}
	for i, t := range legendText(p, ok) {
		if c.legend[i].Text != t {
			c.legend[i].Text = t
			c.legend[i].Refresh()
		}
	}
}

// pick turns a position across the chart (0 at the left edge, 1 at the
// right) into the snapshot drawn there and tells OnPick.
func (c *historyChart) pick(frac float64) {
	c.mu.Lock()
	n := len(c.series)
	c.mu.Unlock()
	if n == 0 || c.OnPick == nil {
		return
	}
	c.OnPick(snapshotAt(frac, n))
}

// snapshotAt is the snapshot of n drawn at frac across the chart (see
// redraw's x).
func snapshotAt(frac float64, n int) int {
	return min(max(int(math.Round(frac*float64(n-1))), 0), n-1)
}

// chartArea shows the chart image and reports clicks and drags on it as a
// fraction of its width.
type chartArea struct {
	widget.BaseWidget
	img  *canvas.Image
	pick func(frac float64)
}

func newChartArea(img *canvas.Image, pick func(float64)) *chartArea {
	a := &chartArea{img: img, pick: pick}
	a.ExtendBaseWidget(a)
	return a
}

// CreateRenderer draws the image.
func (a *chartArea) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(a.img) }

func (a *chartArea) at(p fyne.Position) {
	if w := a.Size().Width; w > 0 {
		a.pick(float64(p.X / w))
	}
}

// Tapped picks the snapshot under the pointer.
func (a *chartArea) Tapped(ev *fyne.PointEvent) { a.at(ev.Position) }

// Dragged scrubs through the snapshots under the pointer.
func (a *chartArea) Dragged(ev *fyne.DragEvent) { a.at(ev.Position) }

// DragEnd ends a drag.
func (a *chartArea) DragEnd() {}

// Cursor is a pointer over the chart: it is clickable.
func (a *chartArea) Cursor() desktop.Cursor { return desktop.PointerCursor }

// set measures h in the background and shows it (nil clears the chart).
func (c *historyChart) set(h *chain.History) {
	c.mu.Lock()
	c.gen++
	gen := c.gen
	c.series = nil
	c.mu.Unlock()
	c.redraw()
	c.relabel()
	if h == nil || h.Len() == 0 {
		return
	}
	go func() {
		s := historySeries(h)
		c.post(func() {
			c.mu.Lock()
			current := gen == c.gen
			if current {
				c.series = s
			}
			c.mu.Unlock()
			if current {
				c.redraw()
				c.relabel()
				if c.OnMeasured != nil {
					c.OnMeasured()
				}
			}
		})
	}()
}

// mark moves the cursor to snapshot i.
func (c *historyChart) mark(i int) {
	c.mu.Lock()
	changed := c.cur != i
	c.cur = i
	c.mu.Unlock()
	if changed {
		c.redraw()
		c.relabel()
	}
}

// Series returns the measured series (nil while measuring).
func (c *historyChart) Series() []historyPoint {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.series
}

func (c *historyChart) redraw() {
	c.mu.Lock()
	s, cur := c.series, c.cur
	c.mu.Unlock()
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	for i := range img.Pix {
		img.Pix[i] = [4]uint8{chartBGColor.R, chartBGColor.G, chartBGColor.B, chartBGColor.A}[i%4]
	}
	if n := len(s); n > 0 {
		maxR, maxS := 1, 1
		for _, p := range s {
			maxR, maxS = max(maxR, p.Regions), max(maxS, p.Spawns)
		}
		x := func(i int) int { return i * (chartW - 1) / max(n-1, 1) }
		y := func(v float64) int { return chartH - 2 - int(v*float64(chartH-4)) }
		line := func(val func(historyPoint) float64, col color.RGBA) {
			for i := 1; i < n; i++ {
				drawLine(img, x(i-1), y(val(s[i-1])), x(i), y(val(s[i])), col)
			}
			if n == 1 {
				img.SetRGBA(0, y(val(s[0])), col)
			}
		}
		line(func(p historyPoint) float64 { return float64(p.Spawns) / float64(maxS) }, spawnColor)
		line(func(p historyPoint) float64 { return float64(p.Regions) / float64(maxR) }, regionColor)
		line(func(p historyPoint) float64 { return p.FloorShare }, floorColor)
		if cur >= 0 && cur < n {
			for yy := 0; yy < chartH; yy++ {
				img.SetRGBA(x(cur), yy, cursorColor)
			}
		}
	}
	c.img.Image = img
	c.img.Refresh()
}

// drawLine draws a straight line (Bresenham).
func drawLine(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := 1, 1
	if x0 > x1 {
		sx = -1
	}
	if y0 > y1 {
		sy = -1
	}
	err := dx + dy
	for {
		img.SetRGBA(x0, y0, c)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			x0 += sx
		}
		if e2 <= dx {
			err += dx
			y0 += sy
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
