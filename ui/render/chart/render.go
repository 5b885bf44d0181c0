package chart

import (
	"image"
	"image/color"
	stddraw "image/draw"
	"math"
	"unicode/utf8"

	"git.sr.ht/~sbinet/gg"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// MaxSide is the largest width or height Render draws, in pixels.
const MaxSide = 8192

// Layout sizes, in device-independent pixels (points: the canvas runs at
// 72 × scale dots per inch).
const (
	margin      = 6  // around the figure
	legendGap   = 12 // between legend entries
	swatch      = 10 // a legend entry's colour square
	lineSwatch  = 16 // a legend entry's line
	scaleBarW   = 12 // the colour scale's bar
	scaleGap    = 10 // between the plot and the colour scale
	tickLen     = 4
	xTickSpace  = 80 // about one labelled tick per this many points across
	yTickSpace  = 32 // and per this many up
	panelGap    = 8  // between stacked panels
	labelGutter = 3  // between a bar and its label
	maxScaleH   = 260
)

// Render draws c into a w×h image for a screen whose scale is the pixels per
// device-independent pixel (1 on most screens, 2 on HiDPI ones; text and
// lines scale with it), and returns the frame mapping its pixels back to the
// data. Sizes are clamped to 1..MaxSide and the scale to 0.5..4.
func Render(c *Chart, w, h int, scale float64) (*image.RGBA, *Frame) {
	return RenderInto(nil, c, w, h, scale)
}

// DPI is the resolution Render draws at for scale (72 at 1): charts drawn
// for two scales of the same DPI are the same.
func DPI(scale float64) int {
	if !(scale >= 0.5) {
		scale = 1
	}
	return max(1, int(math.Round(72*min(scale, 4))))
}

// RenderInto is Render drawing into dst's pixels when it has room for
// them (its old contents are painted over; nil: a new image), for callers
// that draw a chart again and again.
func RenderInto(dst *image.RGBA, c *Chart, w, h int, scale float64) (*image.RGBA, *Frame) {
	w, h = min(max(w, 1), MaxSide), min(max(h, 1), MaxSide)
	dpi := DPI(scale)
	k := 72 / float64(dpi) // points per pixel
	st := c.Style.filled()
	// the canvas draws into img itself (vgimg's own would copy it)
	var img *image.RGBA
	if dst != nil && cap(dst.Pix) >= 4*w*h {
		img = &image.RGBA{Pix: dst.Pix[:4*w*h], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	} else {
		img = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	ctx := gg.NewContextForRGBA(img)
	ctx.SetLineCapButt()
	ctx.InvertY()
	cv := vgimg.NewWith(vgimg.UseImageWithContext(img, ctx), vgimg.UseDPI(dpi))
	stddraw.Draw(img, img.Bounds(), image.NewUniform(st.Background), image.Point{}, stddraw.Src)
	r := &renderer{c: c, st: st, ts: vg.Length(st.TextSize), k: k, h: float64(img.Bounds().Dy())}
	f := &Frame{W: img.Bounds().Dx(), H: img.Bounds().Dy(), chart: c}
	r.draw(draw.New(cv), f)
	return img, f
}

// filled is s with its zero fields defaulted (from Light).
func (s Style) filled() Style {
	d := Light()
	if s.Background == nil {
		s.Background = d.Background
	}
	if s.Foreground == nil {
		s.Foreground = d.Foreground
	}
	if s.Grid == nil {
		s.Grid = d.Grid
	}
	if s.Empty == nil {
		s.Empty = d.Empty
	}
	if len(s.Palette) == 0 {
		s.Palette = d.Palette
	}
	if !(s.TextSize >= 4 && s.TextSize <= 72) {
		s.TextSize = d.TextSize
	}
	return s
}

type renderer struct {
	c  *Chart
	st Style
	ts vg.Length // tick text size
	k  float64   // points per pixel
	h  float64   // image height in pixels
}

// px turns a canvas point into image pixels (origin top left).
func (r *renderer) px(p vg.Point) (float64, float64) {
	return float64(p.X) / r.k, r.h - float64(p.Y)/r.k
}

func (r *renderer) text(size vg.Length, bold bool, xa text.XAlignment, ya text.YAlignment) text.Style {
	return textStyle(r.st.Foreground, size, bold, xa, ya)
}

// draw lays the figure out on dc: title, legend, colour scale, panels.
func (r *renderer) draw(dc draw.Canvas, f *Frame) {
	area := draw.Crop(dc, margin, -margin, margin/2, -margin)
	if area.Max.X-area.Min.X < 8 || area.Max.Y-area.Min.Y < 8 {
		return
	}
	if r.c.Title != "" {
		sty := r.text(r.ts+2, true, draw.XCenter, draw.YTop)
		t := fit(sty, r.c.Title, area.Max.X-area.Min.X)
		area.FillText(sty, vg.Point{X: area.Center().X, Y: area.Max.Y}, t)
		area.Max.Y -= sty.Height(t) + 4
	}
	area.Max.Y -= r.legend(area)
	if len(r.c.Panels) == 0 || area.Max.Y-area.Min.Y < 16 {
		return
	}
	heat, heatPanel := r.heat()
	var scaleTicks []Tick
	var lo, hi float64
	if heat != nil {
		lo, hi = heat.Scale.scaleRange(heat.Values)
		n := int(float64(min(area.Max.Y-area.Min.Y, maxScaleH)) / 2 / yTickSpace)
		scaleTicks = niceTicks(lo, hi, n, whole(heat.Values) && hi-lo >= 2, heat.Scale.format)
		area.Max.X -= r.scaleWidth(heat, scaleTicks)
	}
	var mirror vg.Length
	if r.c.X.Mirror {
		mirror = r.text(r.ts, false, draw.XCenter, draw.YBottom).Height("0") + tickLen + 2
		area.Max.Y -= mirror
	}
	plots, xt := r.plots(area, f)
	canvases := make([]draw.Canvas, len(plots))
	if len(plots) == 1 {
		canvases[0] = area
	} else {
		rows := make([][]*plot.Plot, len(plots))
		for i, p := range plots {
			rows[i] = []*plot.Plot{p}
		}
		tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadY: panelGap}
		for i, cs := range plot.Align(rows, tiles, area) {
			canvases[i] = cs[0]
			if bad(canvases[i].Rectangle) { // too small to align: plain tiles
				canvases[i] = tiles.At(area, 0, i)
			}
		}
	}
	f.xTicks = labelled(xt)
	for i, p := range plots {
		data := p.DataCanvas(canvases[i])
		if bad(data.Rectangle) || data.Max.Y-data.Min.Y < 2 || data.Max.X-data.Min.X < 2 {
			continue // no room for this panel's data: it is left out (and hits nothing)
		}
		p.Draw(canvases[i])
		trX, trY := p.Transforms(&data)
		pf := &f.panels[i]
		pf.drawn = true
		pf.left, pf.top = r.px(vg.Point{X: data.Min.X, Y: data.Max.Y})
		pf.right, pf.bottom = r.px(vg.Point{X: data.Max.X, Y: data.Min.Y})
		pf.xlo, pf.xhi, pf.ylo, pf.yhi = p.X.Min, p.X.Max, p.Y.Min, p.Y.Max
		pf.x0, _ = r.px(vg.Point{X: trX(p.X.Min)})
		pf.x1, _ = r.px(vg.Point{X: trX(p.X.Max)})
		_, pf.y0 = r.px(vg.Point{Y: trY(p.Y.Min)})
		_, pf.y1 = r.px(vg.Point{Y: trY(p.Y.Max)})
		if i == 0 && mirror > 0 {
			r.mirror(data, trX, f.xTicks)
		}
		if t := r.c.Panels[i].Title; t != "" {
			r.panelTitle(data, t, r.c.Panels[i].TitleColor)
		}
		if heat != nil && i == heatPanel {
			f.scale = scaleFrame{lo: lo, hi: hi, ticks: labelled(scaleTicks)}
			// at most maxScaleH tall, at the top: a tall chart is read in a scroll
			r.drawScale(dc, area.Max.X+scaleGap, max(data.Min.Y, data.Max.Y-maxScaleH), data.Max.Y, heat, lo, hi, scaleTicks)
		}
	}
}

// bad says r has a coordinate that is not a number.
func bad(r vg.Rectangle) bool {
	return !finite(float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y))
}

// whole says every value is a whole number (a count).
func whole(vs [][]float64) bool {
	for _, row := range vs {
		for _, v := range row {
			if !math.IsNaN(v) && v != math.Trunc(v) {
				return false
			}
		}
	}
	return true
}

// fit cuts s with an ellipsis until it is at most width wide in sty.
func fit(sty text.Style, s string, width vg.Length) string {
	if sty.Width(s) <= width {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-n]
		if sty.Width(s+"…") <= width {
			return s + "…"
		}
	}
	return ""
}

// legendEntry is a named series: its name, colour and whether it is a line.
type legendEntry struct {
	name string
	col  color.Color
	line bool
}

func (r *renderer) legendEntries() []legendEntry {
	var out []legendEntry
	seen := map[string]bool{}
	for _, p := range r.c.Panels {
		for i, s := range p.Series {
			n := s.name()
			if n == "" || seen[n] {
				continue
			}
			seen[n] = true
			switch s := s.(type) {
			case *Bars:
				out = append(out, legendEntry{n, r.seriesColor(s.Color, i), false})
			case *Line:
				out = append(out, legendEntry{n, r.seriesColor(s.Color, i), true})
			}
		}
	}
	return out
}

func (r *renderer) seriesColor(c color.Color, i int) color.Color {
	if c != nil {
		return c
	}
	return r.st.Color(i)
}

// legend draws the legend rows at the top of area (each centred, entries
// wrapping to a new row when the width is used up) and returns their height.
func (r *renderer) legend(area draw.Canvas) vg.Length {
	entries := r.legendEntries()
	if len(entries) == 0 {
		return 0
	}
	sty := r.text(r.ts+1, false, draw.XLeft, draw.YCenter)
	rowH := sty.Height("Ag") + 4
	width := area.Max.X - area.Min.X
	entryW := func(e legendEntry) vg.Length {
		w := vg.Length(swatch)
		if e.line {
			w = lineSwatch
		}
		return w + 4 + sty.Width(e.name)
	}
	// split into rows
	var rows [][]legendEntry
	var rowW []vg.Length
	for _, e := range entries {
		w := entryW(e)
		if n := len(rows); n > 0 && rowW[n-1]+legendGap+w <= width {
			rows[n-1] = append(rows[n-1], e)
			rowW[n-1] += legendGap + w
			continue
		}
		rows = append(rows, []legendEntry{e})
		rowW = append(rowW, w)
	}
	y := area.Max.Y - rowH/2
	for i, row := range rows {
		x := area.Center().X - rowW[i]/2
		for _, e := range row {
			if e.line {
				area.StrokeLine2(draw.LineStyle{Color: e.col, Width: 2}, x, y, x+lineSwatch, y)
				x += lineSwatch
			} else {
				area.FillPolygon(e.col, rect(x, y-swatch/2, x+swatch, y+swatch/2))
				x += swatch
			}
			x += 4
			area.FillText(sty, vg.Point{X: x, Y: y}, e.name)
			x += sty.Width(e.name) + legendGap
		}
		y -= rowH
	}
	return rowH*vg.Length(len(rows)) + 2
}

func rect(x0, y0, x1, y1 vg.Length) []vg.Point {
	return []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}

// heat is the first heatmap and its panel (nil: none).
func (r *renderer) heat() (*Heat, int) {
	for i, p := range r.c.Panels {
		for _, s := range p.Series {
			if h, ok := s.(*Heat); ok {
				return h, i
			}
		}
	}
	return nil, -1
}

// scaleWidth is the room the colour scale takes at the right.
func (r *renderer) scaleWidth(h *Heat, ticks []Tick) vg.Length {
	sty := r.text(r.ts, false, draw.XLeft, draw.YCenter)
	var lw vg.Length
	for _, t := range ticks {
		lw = max(lw, sty.Width(t.Label))
	}
	w := vg.Length(scaleGap+scaleBarW+tickLen+2) + lw
	if h.Scale.Label != "" {
		w += r.text(r.ts+1, false, draw.XCenter, draw.YTop).Height(h.Scale.Label) + 4
	}
	return w
}

// drawScale draws the colour scale from x0 between y0 and y1: the colour bar,
// its ticks and labels, and its rotated label.
func (r *renderer) drawScale(c draw.Canvas, x0, y0, y1 vg.Length, h *Heat, lo, hi float64, ticks []Tick) {
	if y1-y0 < 4 {
		return
	}
	const steps = 64
	for i := range steps {
		ya := y0 + (y1-y0)*vg.Length(i)/steps
		yb := y0 + (y1-y0)*vg.Length(i+1)/steps
		c.FillPolygon(h.Scale.color(lo+(hi-lo)*(float64(i)+0.5)/steps, lo, hi), rect(x0, ya, x0+scaleBarW, yb+0.5))
	}
	line := draw.LineStyle{Color: r.st.Foreground, Width: 0.75}
	c.StrokeLines(line, []vg.Point{{X: x0, Y: y0}, {X: x0 + scaleBarW, Y: y0}, {X: x0 + scaleBarW, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}})
	sty := r.text(r.ts, false, draw.XLeft, draw.YCenter)
	var lw vg.Length
	for _, t := range ticks {
		y := y0 + (y1-y0)*vg.Length((t.Value-lo)/(hi-lo))
		c.StrokeLine2(line, x0+scaleBarW, y, x0+scaleBarW+tickLen, y)
		c.FillText(sty, vg.Point{X: x0 + scaleBarW + tickLen + 2, Y: y}, t.Label)
		lw = max(lw, sty.Width(t.Label))
	}
	if h.Scale.Label != "" {
		ls := r.text(r.ts+1, false, draw.XCenter, draw.YTop)
		ls.Rotation = math.Pi / 2 // reads upwards, as the vertical axes' labels
		c.FillText(ls, vg.Point{X: x0 + scaleBarW + tickLen + 4 + lw, Y: (y0 + y1) / 2}, fit(ls, h.Scale.Label, y1-y0))
	}
}

// panelTitle writes a panel's title in the top left corner of its data area,
// on a box of the background so lines under it do not cross it.
func (r *renderer) panelTitle(data draw.Canvas, t string, col color.Color) {
	if col == nil {
		col = r.st.Foreground
	}
	sty := textStyle(col, r.ts, true, draw.XLeft, draw.YTop)
	t = fit(sty, t, data.Max.X-data.Min.X-8)
	w, h := sty.Width(t), sty.Height(t)
	x, y := data.Min.X+3, data.Max.Y-1
	bg := r.st.Background
	if c, ok := color.NRGBAModel.Convert(bg).(color.NRGBA); ok {
		c.A = 0xD0
		bg = c
	}
	data.FillPolygon(bg, rect(x-2, y-h-1, x+w+2, y+1))
	data.FillText(sty, vg.Point{X: x, Y: y}, t)
}

// mirror labels the X ticks above the data area too.
func (r *renderer) mirror(data draw.Canvas, trX func(float64) vg.Length, ticks []Tick) {
	sty := r.text(r.ts, false, draw.XCenter, draw.YBottom)
	line := draw.LineStyle{Color: r.st.Foreground, Width: 0.75}
	y := data.Max.Y + 2
	for _, t := range ticks {
		x := trX(t.Value)
		if !data.ContainsX(x) {
			continue
		}
		data.StrokeLine2(line, x, y, x, y+tickLen)
		data.FillText(sty, vg.Point{X: x, Y: y + tickLen}, t.Label)
	}
}
