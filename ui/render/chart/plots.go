package chart

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// span is a range of data values being widened to cover the data.
type span struct{ lo, hi float64 }

func newSpan() span { return span{math.Inf(1), math.Inf(-1)} }

func (s *span) add(vs ...float64) {
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			s.lo, s.hi = min(s.lo, v), max(s.hi, v)
		}
	}
}

func (s span) ok() bool { return s.lo <= s.hi }

// extents are the data's spans along X and Y in a panel, with how much room
// the value axes of bars need past their ends (a fraction, for labels).
type extents struct {
	x, y           span
	xValue, yValue bool // bars grow along X (or Y): the axis starts at 0
	xRoom, yRoom   float64
}

func (r *renderer) extents(p Panel, labelRoom float64) extents {
	e := extents{x: newSpan(), y: newSpan()}
	for _, s := range p.Series {
		switch s := s.(type) {
		case *Bars:
			for _, b := range s.Bars {
				if s.Horizontal {
					e.y.add(b.Lo, b.Hi)
					e.x.add(b.Base, b.Base+b.Value)
					e.xValue = true
					if b.Label != "" {
						e.xRoom = labelRoom
					}
				} else {
					e.x.add(b.Lo, b.Hi)
					e.y.add(b.Base, b.Base+b.Value)
					e.yValue = true
					if b.Label != "" {
						e.yRoom = 0.12
					}
				}
			}
		case *Heat:
			e.x.add(s.XEdges...)
			e.y.add(s.YEdges...)
		case *Line:
			for _, pt := range s.Points {
				e.x.add(pt.X)
				e.y.add(pt.Y)
			}
			e.yValue = e.yValue || e.y.lo >= 0
		}
	}
	return e
}

// axisRange is a's range for data spanning s: its own when fixed, every
// category when categorical, else the data's (from 0 for values, with room
// past the largest).
func axisRange(a *Axis, s span, value bool, room float64) (lo, hi float64) {
	switch {
	case a.Max > a.Min:
		return a.Min, a.Max
	case len(a.Categories) > 0:
		return -0.5, float64(len(a.Categories)) - 0.5
	case !s.ok():
		return 0, 1
	}
	lo, hi = s.lo, s.hi
	if value {
		lo = min(lo, 0)
		hi = max(hi, 0)
		hi += (hi - lo) * max(room, 0.04)
	}
	if hi <= lo {
		lo, hi = lo-0.5, hi+0.5
		if value && s.lo >= 0 {
			lo, hi = 0, max(1, s.hi*1.1)
		}
	}
	return lo, hi
}

// plots builds one gonum plot per panel, sharing X, and sizes f's panels.
func (r *renderer) plots(area draw.Canvas, f *Frame) ([]*plot.Plot, []Tick) {
	c := r.c
	width := float64(area.Max.X - area.Min.X)
	height := float64(area.Max.Y-area.Min.Y) / float64(len(c.Panels))
	tickSty := r.text(r.ts, false, draw.XCenter, draw.YTop)

	// room for labels at the ends of horizontal bars: the widest label as a
	// share of the data width (about the area less the category labels)
	labelRoom := 0.0
	for _, p := range c.Panels {
		var lw, cw vg.Length
		for _, s := range p.Series {
			if b, ok := s.(*Bars); ok && b.Horizontal {
				for _, bar := range b.Bars {
					lw = max(lw, tickSty.Width(bar.Label))
				}
			}
		}
		for _, name := range p.Y.Categories {
			cw = max(cw, tickSty.Width(name))
		}
		if lw > 0 {
			labelRoom = max(labelRoom, float64(lw+2*labelGutter)/max(width-float64(cw)-40-float64(lw), 20))
		}
	}

	xs := newSpan()
	xValue, xRoom := false, 0.0
	ex := make([]extents, len(c.Panels))
	for i, p := range c.Panels {
		ex[i] = r.extents(p, labelRoom)
		xs.add(ex[i].x.lo, ex[i].x.hi)
		xValue = xValue || ex[i].xValue
		xRoom = max(xRoom, ex[i].xRoom)
	}
	xlo, xhi := axisRange(&c.X, xs, xValue, xRoom)
	var xt []Tick
	if len(c.X.Categories) > 0 {
		var each vg.Length
		for _, name := range c.X.Categories {
			each = max(each, tickSty.Width(name))
		}
		xt = categoryTicks(c.X.Categories, width-60, float64(each)+8)
	} else {
		xt = niceTicks(xlo, xhi, int(width/xTickSpace), c.X.Integer, c.X.Format)
	}

	f.panels = make([]panelFrame, len(c.Panels))
	plots := make([]*plot.Plot, len(c.Panels))
	for i, pn := range c.Panels {
		p := plot.New()
		p.BackgroundColor = nil
		p.X.Min, p.X.Max = xlo, xhi
		p.Y.Min, p.Y.Max = axisRange(&pn.Y, ex[i].y, ex[i].yValue, ex[i].yRoom)
		var yt []Tick
		if len(pn.Y.Categories) > 0 {
			yt = categoryTicks(pn.Y.Categories, height-8, float64(tickSty.Height("Ag")))
			p.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
		} else {
			yt = niceTicks(p.Y.Min, p.Y.Max, int(height/yTickSpace), pn.Y.Integer, pn.Y.Format)
		}
		labelSty := r.text(r.ts+1, false, draw.XCenter, draw.YCenter)
		r.styleAxis(&p.X, fit(labelSty, c.X.Label, vg.Length(width)), xt)
		// labels are cut to the room they have
		r.styleAxis(&p.Y, fit(labelSty, pn.Y.Label, vg.Length(height)-4), yt)
		if i < len(c.Panels)-1 { // the shared X axis is drawn under the last panel
			p.HideX()
			p.X.Label.Text = ""
		}
		grid := &gridPlotter{col: r.st.Grid} // guide lines along numeric axes
		if len(c.X.Categories) == 0 {
			grid.x = labelled(xt)
		}
		if len(pn.Y.Categories) == 0 {
			grid.y = labelled(yt)
		}
		p.Add(grid)
		for j, s := range pn.Series {
			switch s := s.(type) {
			case *Bars:
				p.Add(&barsPlotter{b: s, col: r.seriesColor(s.Color, j), label: r.text(r.ts, false, draw.XCenter, draw.YCenter)})
			case *Heat:
				lo, hi := s.Scale.scaleRange(s.Values)
				p.Add(&heatPlotter{h: s, lo: lo, hi: hi, empty: r.st.Empty})
			case *Line:
				p.Add(&linePlotter{l: s, col: r.seriesColor(s.Color, j)})
			}
		}
		f.panels[i].yTicks = labelled(yt)
		plots[i] = p
	}
	return plots, xt
}

// styleAxis gives a gonum axis the chart's label, ticks, fonts and colours.
func (r *renderer) styleAxis(a *plot.Axis, label string, ticks []Tick) {
	fg := r.st.Foreground
	a.Label.Text = label
	a.Label.TextStyle.Color, a.Label.TextStyle.Font, a.Label.TextStyle.Handler = fg, textStyle(fg, r.ts+1, false, 0, 0).Font, handler()
	a.Label.Padding = 3
	a.Tick.Label.Color, a.Tick.Label.Font, a.Tick.Label.Handler = fg, textStyle(fg, r.ts, false, 0, 0).Font, handler()
	a.LineStyle = draw.LineStyle{Color: fg, Width: 0.75}
	a.Tick.LineStyle = draw.LineStyle{Color: fg, Width: 0.75}
	a.Tick.Length = tickLen
	a.Tick.Marker = ticker(ticks)
	a.Padding = 2
}

// gridPlotter draws guide lines at the labelled ticks, under the data.
type gridPlotter struct {
	x, y []Tick
	col  color.Color
}

// Plot implements plot.Plotter.
func (g *gridPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.LineStyle{Color: g.col, Width: 0.5}
	for _, t := range g.x {
		if x := trX(t.Value); c.ContainsX(x) {
			c.StrokeLine2(sty, x, c.Min.Y, x, c.Max.Y)
		}
	}
	for _, t := range g.y {
		if y := trY(t.Value); c.ContainsY(y) {
			c.StrokeLine2(sty, c.Min.X, y, c.Max.X, y)
		}
	}
}

// barsPlotter draws Bars.
type barsPlotter struct {
	b     *Bars
	col   color.Color
	label text.Style
}

// finite says every v is a number.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// Plot implements plot.Plotter.
func (bp *barsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, b := range bp.b.Bars {
		if !finite(b.Lo, b.Hi, b.Base, b.Value) {
			continue
		}
		var x0, x1, y0, y1 vg.Length
		if bp.b.Horizontal {
			x0, x1 = trX(b.Base), trX(b.Base+b.Value)
			y0, y1 = trY(b.Lo), trY(b.Hi)
			y0, y1 = inset(y0, y1)
		} else {
			x0, x1 = trX(b.Lo), trX(b.Hi)
			y0, y1 = trY(b.Base), trY(b.Base+b.Value)
			x0, x1 = inset(x0, x1)
		}
		if b.Value != 0 {
			c.FillPolygon(bp.col, c.ClipPolygonXY(rect(x0, y0, x1, y1)))
		}
		if b.Label == "" {
			continue
		}
		sty := bp.label
		var at vg.Point
		if bp.b.Horizontal {
			sty.XAlign = draw.XLeft
			at = vg.Point{X: max(x0, x1) + labelGutter, Y: (y0 + y1) / 2}
		} else {
			sty.YAlign = draw.YBottom
			at = vg.Point{X: (x0 + x1) / 2, Y: max(y0, y1) + labelGutter}
		}
		c.FillText(sty, at, b.Label)
	}
}

// inset narrows a bar's span by a point at each side (when it stays at least
// two points wide), so neighbouring bars stay apart.
func inset(a, b vg.Length) (vg.Length, vg.Length) {
	if a > b {
		a, b = b, a
	}
	if b-a > 4 {
		return a + 0.5, b - 0.5
	}
	return a, b
}

// heatPlotter draws a Heat's cells.
type heatPlotter struct {
	h      *Heat
	lo, hi float64
	empty  color.Color
}

// Plot implements plot.Plotter.
func (hp *heatPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	h := hp.h
	for r := 0; r+1 < len(h.YEdges) && r < len(h.Values); r++ {
		row := h.Values[r]
		for col := 0; col+1 < len(h.XEdges) && col < len(row); col++ {
			if !finite(h.XEdges[col], h.XEdges[col+1], h.YEdges[r], h.YEdges[r+1]) {
				continue
			}
			v := row[col]
			fill := hp.empty
			if v != 0 && !math.IsNaN(v) {
				fill = h.Scale.color(v, hp.lo, hp.hi)
			}
			x0, x1 := inset(trX(h.XEdges[col]), trX(h.XEdges[col+1]))
			y0, y1 := inset(trY(h.YEdges[r]), trY(h.YEdges[r+1]))
			c.FillPolygon(fill, c.ClipPolygonXY(rect(x0, y0, x1, y1)))
		}
	}
}

// linePlotter draws a Line, with a dot at each point when they are few.
type linePlotter struct {
	l   *Line
	col color.Color
}

// Plot implements plot.Plotter.
func (lp *linePlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	pts := make([]vg.Point, 0, len(lp.l.Points))
	for _, pt := range lp.l.Points {
		if finite(pt.X, pt.Y) {
			pts = append(pts, vg.Point{X: trX(pt.X), Y: trY(pt.Y)})
		}
	}
	if len(pts) > 1 {
		c.StrokeLines(draw.LineStyle{Color: lp.col, Width: 1.5}, c.ClipLinesXY(pts)...)
	}
	if len(pts) == 1 || len(pts) <= 40 {
		dot := draw.GlyphStyle{Color: lp.col, Radius: 2, Shape: draw.CircleGlyph{}}
		for _, pt := range pts {
			c.DrawGlyph(dot, pt)
		}
	}
}
