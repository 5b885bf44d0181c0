package chart

import (
	"fmt"
	"math"
	"sort"
)

// Frame is where a render put things: each panel's data area and axis
// ranges in image pixels (origin top left), so a pixel maps back to data
// and data to pixels, and the ticks it labelled.
type Frame struct {
	// W and H are the image size in pixels.
	W, H   int
	chart  *Chart
	panels []panelFrame
	xTicks []Tick
	scale  scaleFrame
}

// panelFrame is one panel's data area and its transforms' ends.
type panelFrame struct {
	left, right, top, bottom float64 // data area, pixels
	xlo, xhi, ylo, yhi       float64 // axis ranges, data
	x0, x1, y0, y1           float64 // pixels of xlo, xhi, ylo, yhi
	yTicks                   []Tick
	drawn                    bool // false: no room was left for its data
}

// scaleFrame is the colour scale's range and labelled ticks.
type scaleFrame struct {
	lo, hi float64
	ticks  []Tick
}

// Panels is how many panels were drawn.
func (f *Frame) Panels() int { return len(f.panels) }

// XTicks are the labelled ticks of the X axis.
func (f *Frame) XTicks() []Tick { return f.xTicks }

// YTicks are the labelled ticks of panel i's Y axis.
func (f *Frame) YTicks(i int) []Tick {
	if i < 0 || i >= len(f.panels) {
		return nil
	}
	return f.panels[i].yTicks
}

// ScaleTicks are the colour scale's labelled ticks (none without a heatmap).
func (f *Frame) ScaleTicks() []Tick { return f.scale.ticks }

// XRange is the X axis range (every panel's).
func (f *Frame) XRange() (lo, hi float64) {
	if len(f.panels) == 0 {
		return 0, 0
	}
	return f.panels[0].xlo, f.panels[0].xhi
}

// YRange is panel i's Y axis range.
func (f *Frame) YRange(i int) (lo, hi float64) {
	if i < 0 || i >= len(f.panels) {
		return 0, 0
	}
	return f.panels[i].ylo, f.panels[i].yhi
}

// Area is panel i's data area in pixels (left, top, right, bottom).
func (f *Frame) Area(i int) (left, top, right, bottom float64) {
	if i < 0 || i >= len(f.panels) {
		return 0, 0, 0, 0
	}
	p := f.panels[i]
	return p.left, p.top, p.right, p.bottom
}

// Pixel is where data point (x, y) of panel i is drawn, in pixels.
func (f *Frame) Pixel(i int, x, y float64) (px, py float64) {
	if i < 0 || i >= len(f.panels) {
		return 0, 0
	}
	p := f.panels[i]
	if !p.drawn {
		return 0, 0
	}
	return lerp(p.x0, p.x1, (x-p.xlo)/(p.xhi-p.xlo)), lerp(p.y0, p.y1, (y-p.ylo)/(p.yhi-p.ylo))
}

func lerp(a, b, t float64) float64 { return a + t*(b-a) }

// data is the data point drawn at pixel (px, py) in panel p, clamped to the
// axes' ranges.
func (p *panelFrame) data(px, py float64) (x, y float64) {
	x = lerp(p.xlo, p.xhi, (px-p.x0)/(p.x1-p.x0))
	y = lerp(p.ylo, p.yhi, (py-p.y0)/(p.y1-p.y0))
	return clamp(x, p.xlo, p.xhi), clamp(y, p.ylo, p.yhi)
}

func clamp(v, lo, hi float64) float64 {
	if math.IsNaN(v) {
		return lo
	}
	return min(max(v, lo), hi)
}

// At is what lies under pixel (px, py): the panel there (or the nearest),
// the data point (clamped to the axes), and, inside the data area, the
// series drawn there with its read-out. Off every panel's data area, Hit has
// Inside false and Series -1 but still the nearest data point, so a click
// left of the axis picks the first value.
func (f *Frame) At(px, py float64) Hit {
	h := Hit{Series: -1, Index: -1, Col: -1, Row: -1}
	if len(f.panels) == 0 {
		return h
	}
	best := math.Inf(1)
	for i, p := range f.panels {
		if !p.drawn {
			continue
		}
		d := 0.0
		if py < p.top {
			d = p.top - py
		} else if py > p.bottom {
			d = py - p.bottom
		}
		if d < best {
			best, h.Panel = d, i
		}
	}
	if math.IsInf(best, 1) {
		return h // no panel had room
	}
	p := &f.panels[h.Panel]
	h.X, h.Y = p.data(px, py)
	h.Inside = px >= p.left && px <= p.right && py >= p.top && py <= p.bottom
	if !h.Inside {
		return h
	}
	f.hitSeries(&h, px, py)
	if f.chart.Readout != nil {
		h.Text = f.chart.Readout(h)
	}
	return h
}

// hitSeries finds the series under the pointer at h's data point: a heatmap
// cell, else the bar whose rectangle holds it, else the bar whose column (or
// row) does, else the line point nearest across.
func (f *Frame) hitSeries(h *Hit, px, py float64) {
	pn := f.chart.Panels[h.Panel]
	for si := len(pn.Series) - 1; si >= 0; si-- {
		if hm, ok := pn.Series[si].(*Heat); ok {
			c, r := edgeIndex(hm.XEdges, h.X), edgeIndex(hm.YEdges, h.Y)
			if c >= 0 && r >= 0 && r < len(hm.Values) && c < len(hm.Values[r]) {
				h.Series, h.Col, h.Row, h.Index = si, c, r, r*(len(hm.XEdges)-1)+c
				h.Text = f.heatTip(hm, c, r)
				return
			}
		}
	}
	for _, strict := range []bool{true, false} {
		for si := len(pn.Series) - 1; si >= 0; si-- {
			b, ok := pn.Series[si].(*Bars)
			if !ok {
				continue
			}
			for bi, bar := range b.Bars {
				across, along := h.X, h.Y
				if b.Horizontal {
					across, along = h.Y, h.X
				}
				lo, hi := min(bar.Lo, bar.Hi), max(bar.Lo, bar.Hi)
				if across < lo || across > hi {
					continue
				}
				v0, v1 := min(bar.Base, bar.Base+bar.Value), max(bar.Base, bar.Base+bar.Value)
				if strict && (along < v0 || along > v1) {
					continue
				}
				h.Series, h.Index = si, bi
				h.Text = f.barTip(b, bar)
				return
			}
		}
	}
	bestD, bestDy := math.Inf(1), math.Inf(1)
	for si, s := range pn.Series {
		l, ok := s.(*Line)
		if !ok {
			continue
		}
		for pi, pt := range l.Points {
			x, y := f.Pixel(h.Panel, pt.X, pt.Y)
			d, dy := math.Abs(x-px), math.Abs(y-py)
			if d < bestD-0.5 || (d <= bestD+0.5 && dy < bestDy) {
				bestD, bestDy = d, dy
				h.Series, h.Index = si, pi
			}
		}
	}
	if h.Series >= 0 {
		l := pn.Series[h.Series].(*Line)
		if h.Index < len(l.Tips) {
			h.Text = l.Tips[h.Index]
		} else {
			pt := l.Points[h.Index]
			h.Text = fmt.Sprintf("%s: %s", f.chart.X.format(pt.X), pn.Y.format(pt.Y))
		}
	}
}

// edgeIndex is the cell of edges holding v (the last cell includes its top
// edge), or -1.
func edgeIndex(edges []float64, v float64) int {
	n := len(edges) - 1
	if n < 1 || v < edges[0] || v > edges[n] {
		return -1
	}
	i := sort.Search(n, func(i int) bool { return edges[i+1] > v })
	return min(i, n-1)
}

func (f *Frame) heatTip(hm *Heat, c, r int) string {
	if hm.Tip != nil {
		return hm.Tip(c, r)
	}
	x, y := &f.chart.X, &f.chart.Panels[0].Y
	for _, p := range f.chart.Panels {
		for _, s := range p.Series {
			if s == Series(hm) {
				y = &p.Y
			}
		}
	}
	return fmt.Sprintf("%s %s–%s, %s %s–%s: %s", x.Label, x.format(hm.XEdges[c]), x.format(hm.XEdges[c+1]),
		y.Label, y.format(hm.YEdges[r]), y.format(hm.YEdges[r+1]), hm.Scale.format(hm.Values[r][c]))
}

func (f *Frame) barTip(b *Bars, bar Bar) string {
	if bar.Tip != "" {
		return bar.Tip
	}
	return fmt.Sprintf("%s–%s: %s", Number(bar.Lo), Number(bar.Hi), Number(bar.Value))
}
