package mapview

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"hewn/chain"
	"hewn/ui/internal/widgets"
	"hewn/ui/render/chart"
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
		rs, release := chain.Spans(s.Map) // the regions without a label per tile
		regions := len(rs.Sizes)
		release()
		out[i] = historyPoint{float64(walk) / float64(len(s.Map.Tiles)), regions, len(s.Spawns)}
	}
	return out
}

// The history chart's height and its series' colours (Okabe–Ito: legible
// on light and dark themes alike).
const chartH = 160

var (
	floorColor  = color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}
	regionColor = color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}
	spawnColor  = color.NRGBA{0x00, 0x9E, 0x73, 0xFF}
)

// historyChart plots the series under the scrubber, snapshots along X: floor
// share (%) above, regions and spawns (counts) below, with a marker at the
// shown snapshot; its legend reads the values there and the pointer reads
// the values of the snapshot under it. A click or a drag on the chart picks
// the snapshot under the pointer. The series is measured off the UI
// goroutine.
type historyChart struct {
	post   func(func())
	plot   *widgets.Chart
	legend [3]*canvas.Text
	obj    fyne.CanvasObject
	// OnPick is called with the snapshot clicked or dragged to.
	OnPick func(i int)

	// empty is the chart without a series (one model: drawn once)
	empty *chart.Chart

	mu     sync.Mutex
	gen    uint64
	hist   *chain.History
	series []historyPoint
	model  *chart.Chart // the chart of series (nil while measuring)
	cur    int
	// OnMeasured is called once a history's series is shown (tests).
	OnMeasured func()
}

func newHistoryChart(post func(func())) *historyChart {
	c := &historyChart{post: post, empty: historyModel(nil, nil)}
	c.plot = widgets.NewChart(fyne.NewSize(160, chartH))
	c.plot.KeepDrawings(2) // the empty chart and the history's
	c.plot.OnTap = func(h chart.Hit) { c.pick(h.X) }
	c.plot.OnDrag = c.plot.OnTap
	for i, col := range []color.Color{floorColor, regionColor, spawnColor} {
		c.legend[i] = canvas.NewText("", col)
		c.legend[i].TextSize = theme.CaptionTextSize()
	}
	// the legend is as wide as its widest reading, so it does not jitter
	wide := canvas.NewText(legendText(historyPoint{FloorShare: 1, Regions: 999, Spawns: 999}, true)[0], color.Transparent)
	wide.TextSize = theme.CaptionTextSize()
	legend := container.NewStack(wide, container.NewVBox(c.legend[0], c.legend[1], c.legend[2]))
	c.obj = container.NewBorder(nil, nil, nil, container.NewCenter(legend), c.plot)
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

// pick tells OnPick the snapshot drawn at x along the chart's axis.
func (c *historyChart) pick(x float64) {
	c.mu.Lock()
	n := len(c.series)
	c.mu.Unlock()
	if n == 0 || c.OnPick == nil {
		return
	}
	c.OnPick(snapshotAt(x, n))
}

// snapshotAt is the snapshot of n drawn nearest x (snapshot i is drawn at
// x = i+1, as the scrubber counts them).
func snapshotAt(x float64, n int) int {
	return min(max(int(math.Round(x))-1, 0), n-1)
}

// historyModel is the chart of series s of history h (no series: empty
// axes).
func historyModel(h *chain.History, s []historyPoint) *chart.Chart {
	// unnamed: the legend at the chart's right names them and reads their
	// values at the shown snapshot
	floor := &chart.Line{Color: floorColor}
	regions := &chart.Line{Color: regionColor}
	spawns := &chart.Line{Color: spawnColor}
	for i, p := range s {
		x := float64(i + 1)
		floor.Points = append(floor.Points, chart.Point{X: x, Y: 100 * p.FloorShare})
		regions.Points = append(regions.Points, chart.Point{X: x, Y: float64(p.Regions)})
		spawns.Points = append(spawns.Points, chart.Point{X: x, Y: float64(p.Spawns)})
	}
	x := chart.Axis{Label: "snapshot", Integer: true}
	if len(s) <= 1 {
		x.Min, x.Max = 0.5, 1.5
	}
	m := &chart.Chart{
		Title: "Along the history (click or drag to show a snapshot)",
		X:     x,
		Panels: []chart.Panel{
			{Title: "floor share (%)", TitleColor: floorColor, Y: chart.Axis{Min: 0, Max: 100}, Series: []chart.Series{floor}},
			{Title: "regions", TitleColor: regionColor, Y: chart.Axis{Integer: true}, Series: []chart.Series{regions}},
			{Title: "spawns", TitleColor: spawnColor, Y: chart.Axis{Integer: true}, Series: []chart.Series{spawns}},
		},
	}
	if len(s) == 0 {
		m.Title = "Along the history: no snapshots yet"
		return m
	}
	m.Readout = func(hit chart.Hit) string {
		i := snapshotAt(hit.X, len(s))
		t := legendText(s[i], true)
		return snapshotLabel(h, i) + "\n" + strings.Join(t[:], ", ")
	}
	return m
}

// set measures h in the background and shows it (nil clears the chart).
func (c *historyChart) set(h *chain.History) {
	c.mu.Lock()
	c.gen++
	gen := c.gen
	c.series, c.model = nil, nil
	c.hist = h
	c.mu.Unlock()
	c.redraw()
	c.relabel()
	if h == nil || h.Len() == 0 {
		return
	}
	predraw := c.plot.Predraw()
	go func() {
		// measured and drawn here: the UI goroutine only shows the chart
		s := historySeries(h)
		c.mu.Lock()
		superseded := gen != c.gen
		c.mu.Unlock()
		if superseded { // another history came meanwhile: its chart is drawn
			return
		}
		m := historyModel(h, s)
		predraw(m)
		c.post(func() {
			c.mu.Lock()
			current := gen == c.gen
			if current {
				c.series, c.model = s, m
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

// redraw shows the measured series (none: an empty chart) and the marker
// at the shown snapshot.
func (c *historyChart) redraw() {
	c.mu.Lock()
	h, s, m, cur := c.hist, c.series, c.model, c.cur
	c.mu.Unlock()
	if len(s) == 0 || h == nil || m == nil {
		c.plot.HideMarker()
		if c.plot.Model() != c.empty {
			c.plot.SetChart(c.empty)
		}
		return
	}
	if c.plot.Model() != m {
		c.plot.SetChart(m)
	}
	if cur >= 0 && cur < len(s) {
		c.plot.SetMarker(float64(cur + 1))
	} else {
		c.plot.HideMarker()
	}
}
