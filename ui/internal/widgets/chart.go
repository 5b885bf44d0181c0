package widgets

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/ui/render/chart"
)

// Chart shows a chart.Chart at the widget's size, drawn only when it is
// painted (a chart in a hidden tab costs nothing) and again only when the
// size, the screen's scale, the theme's colours or the chart change. The
// pointer over it shows a read-out of the data underneath (the bar's range
// and count, the cell's ranges and count, the point's values) in a tooltip;
// clicks and drags report the hit to OnTap and OnDrag. A marker (a vertical
// line at a data X, e.g. the shown snapshot) is drawn over the image without
// drawing the chart again.
type Chart struct {
	widget.BaseWidget
	// OnTap is called with what lies under a click; OnDrag with what lies
	// under the pointer as it drags (nil: ignored).
	OnTap, OnDrag func(chart.Hit)

	mu     sync.Mutex // model, frame, key, last, kept: the painter reads them
	model  *chart.Chart
	min    fyne.Size
	frame  *chart.Frame
	key    chartKey
	last   *image.RGBA
	kept   []rendered  // the last charts drawn, newest first
	keepN  int         // how many drawings kept (KeepDrawings)
	spare  *image.RGBA // the pixels of a drawing no longer kept, to draw into
	raster *canvas.Raster

	marker   *canvas.Line
	markerX  float64
	markerOn bool

	decoration fyne.CanvasObject

	tipBox   *canvas.Rectangle
	tipLines []*canvas.Text
	tip      string
	pointer  fyne.Position
	hovering bool
}

// chartKey is what a rendered image depends on.
type chartKey struct {
	model  *chart.Chart
	w, h   int
	dpi    int // the scale as chart.Render uses it (72 at 1)
	text   float32
	bg, fg color.NRGBA
}

// near says k and o differ at most by a pixel in size.
func (k chartKey) near(o chartKey) bool {
	dw, dh := k.w-o.w, k.h-o.h
	k.w, k.h = o.w, o.h
	return k == o && dw*dw <= 1 && dh*dh <= 1
}

// rendered is a chart drawn: the image, its frame and what it depends on.
type rendered struct {
	key   chartKey
	img   *image.RGBA
	frame *chart.Frame
}

// NewChart is an empty chart widget at least min large.
func NewChart(min fyne.Size) *Chart {
	c := &Chart{min: min, keepN: 1}
	c.raster = canvas.NewRaster(c.paint)
	c.raster.ScaleMode = canvas.ImageScaleFastest
	c.marker = canvas.NewLine(theme.Color(theme.ColorNamePrimary))
	c.marker.StrokeWidth = 2
	c.marker.Hide()
	c.tipBox = canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	c.tipBox.StrokeColor = theme.Color(theme.ColorNameForeground)
	c.tipBox.StrokeWidth = 1
	c.tipBox.CornerRadius = 3
	c.tipBox.Hide()
	c.ExtendBaseWidget(c)
	return c
}

// SetChart shows m (nil: nothing), drawn when next painted.
func (c *Chart) SetChart(m *chart.Chart) {
	c.mu.Lock()
	c.model = m
	c.mu.Unlock()
	if c.hovering {
		c.hover(c.pointer)
	}
	c.placeMarker()
	c.raster.Refresh()
}

// Model is the chart shown (nil: none).
func (c *Chart) Model() *chart.Chart {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.model
}

// SetMinSize sets the smallest size the widget asks for.
func (c *Chart) SetMinSize(s fyne.Size) {
	c.min = s
	c.Refresh()
}

// SetMarker draws the marker at data x (along the shared X axis).
func (c *Chart) SetMarker(x float64) {
	c.markerX, c.markerOn = x, true
	c.placeMarker()
}

// HideMarker removes the marker.
func (c *Chart) HideMarker() {
	c.markerOn = false
	c.marker.Hide()
}

// Frame is the frame of the chart as shown at the widget's size (drawn now
// if it was not yet), for positions; nil without a chart or a size.
func (c *Chart) Frame() *chart.Frame {
	s, sc := c.Size(), c.scale()
	_, f := c.render(int(s.Width*sc+0.5), int(s.Height*sc+0.5), sc, true)
	return f
}

// SetDecoration draws o over the chart's image and under the read-out, at
// the chart's size (nil: none): marks a panel places by data with
// PositionOf, such as thumbnails in a grid's cells. The pointer's events go
// to the chart unless o takes them.
func (c *Chart) SetDecoration(o fyne.CanvasObject) {
	c.decoration = o
	if o != nil {
		o.Move(fyne.Position{})
		o.Resize(c.Size())
	}
	c.Refresh()
}

// Readout is the read-out shown for the pointer ("" when it is not over data).
func (c *Chart) Readout() string { return c.tip }

// PositionOf is where data point (x, y) of panel i is, in the widget.
func (c *Chart) PositionOf(i int, x, y float64) fyne.Position {
	f := c.Frame()
	if f == nil {
		return fyne.Position{}
	}
	px, py := f.Pixel(i, x, y)
	sx, sy := c.pixelsPerUnit()
	return fyne.NewPos(float32(px)/sx, float32(py)/sy)
}

// HitAt is what lies under pos (in the widget).
func (c *Chart) HitAt(pos fyne.Position) chart.Hit {
	f := c.Frame()
	if f == nil {
		return chart.Hit{Series: -1, Index: -1, Col: -1, Row: -1}
	}
	sx, sy := c.pixelsPerUnit()
	return f.At(float64(pos.X*sx), float64(pos.Y*sy))
}

// pixelsPerUnit is how many image pixels a unit of the widget spans.
func (c *Chart) pixelsPerUnit() (float32, float32) {
	s := c.Size()
	c.mu.Lock()
	f := c.frame
	c.mu.Unlock()
	if f == nil || s.Width <= 0 || s.Height <= 0 {
		return 1, 1
	}
	return float32(f.W) / s.Width, float32(f.H) / s.Height
}

// scale is the screen's pixels per unit (1 without a window).
func (c *Chart) scale() float32 {
	if app := fyne.CurrentApp(); app != nil {
		if cv := app.Driver().CanvasForObject(c); cv != nil && cv.Scale() > 0 {
			return cv.Scale()
		}
	}
	return 1
}

// paint is the raster's generator: the chart at w×h pixels.
func (c *Chart) paint(w, h int) image.Image {
	sc, s := c.scale(), c.Size()
	// the screen's scale, as Frame and Predraw draw at, unless the painter
	// paints at another (more than a pixel off it)
	if s.Width > 0 && math.Abs(float64(w)-float64(s.Width*sc)) > 1 {
		sc = float32(w) / s.Width
	}
	img, _ := c.render(w, h, sc, false)
	return img
}

// keyFor is the key of the chart shown drawn at w×h pixels for screen scale
// sc with the theme's colours (on the UI goroutine: it reads the theme).
func (c *Chart) keyFor(m *chart.Chart, w, h int, sc float32) chartKey {
	bg, fg := theme.Color(theme.ColorNameBackground), theme.Color(theme.ColorNameForeground)
	return chartKey{model: m, w: w, h: h, dpi: chart.DPI(float64(sc)),
		text: theme.CaptionTextSize(),
		bg:   color.NRGBAModel.Convert(bg).(color.NRGBA), fg: color.NRGBAModel.Convert(fg).(color.NRGBA)}
}

// draw draws key's chart into dst's pixels if it has room (any goroutine:
// it reads nothing of the widget).
func draw(dst *image.RGBA, key chartKey, sc float32) rendered {
	m := *key.model
	if m.Style.Background == nil {
		m.Style = chart.Themed(key.bg, key.fg)
		m.Style.TextSize = float64(key.text)
	}
	img, f := chart.RenderInto(dst, &m, key.w, key.h, float64(sc))
	return rendered{key, img, f}
}

// takeSpare is the spare pixels, now the caller's (nil: none). The caller
// holds c.mu.
func (c *Chart) takeSpare() *image.RGBA {
	s := c.spare
	c.spare = nil
	return s
}

// render is the chart drawn at w×h pixels for screen scale sc: the last one
// when nothing it depends on changed (near: or its size is a pixel off, as
// the painter may round it), or one drawn before and kept.
func (c *Chart) render(w, h int, sc float32, near bool) (image.Image, *chart.Frame) {
	m := c.Model()
	if m == nil || w < 1 || h < 1 {
		c.mu.Lock()
		c.frame, c.last, c.key = nil, nil, chartKey{}
		c.mu.Unlock()
		return image.NewRGBA(image.Rect(0, 0, 1, 1)), nil
	}
	key := c.keyFor(m, w, h, sc)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frame != nil && (key == c.key || near && c.key.near(key)) {
		return c.last, c.frame
	}
	r, ok := c.find(key, near)
	if !ok {
		r = draw(c.takeSpare(), key, sc)
	}
	c.keep(r)
	c.last, c.frame, c.key = r.img, r.frame, r.key
	return c.last, c.frame
}

// find is the kept drawing of key (near: or a pixel off in size).
func (c *Chart) find(key chartKey, near bool) (rendered, bool) {
	for _, r := range c.kept {
		if r.key == key {
			return r, true
		}
	}
	if near {
		for _, r := range c.kept {
			if r.key.near(key) {
				return r, true
			}
		}
	}
	return rendered{}, false
}

// keep puts r first among the kept drawings (the oldest goes, its pixels
// kept to draw into, unless it is the one shown: the painter may hold it).
// The caller holds c.mu.
func (c *Chart) keep(r rendered) {
	kept := []rendered{r}
	for _, o := range c.kept {
		switch {
		case o.key == r.key:
		case len(kept) < c.keepN || o.img == c.last:
			kept = append(kept, o)
		case o.img != r.img && c.keepN > 1:
			c.spare = o.img
		}
	}
	c.kept = kept
}

// KeepDrawings keeps the last n charts drawn (at least 1, the one shown),
// and the pixels of the one let go to draw into: a panel that swaps between a
// few models (a placeholder while it measures, the data, a chart drawn ahead
// by Predraw) shows each again without drawing it, and draws without
// allocating. A widget keeps only the chart shown unless told.
func (c *Chart) KeepDrawings(n int) {
	c.mu.Lock()
	c.keepN = max(n, 1)
	c.mu.Unlock()
}

// Predraw returns a function drawing m as the widget would show it now (at
// its size, the screen's scale and the theme's colours), to call off the UI
// goroutine (Predraw itself runs on it): SetChart(m) afterwards shows m
// without drawing it on the UI goroutine. Before the widget has a size the
// function does nothing (m is drawn when painted).
func (c *Chart) Predraw() func(m *chart.Chart) {
	s, sc := c.Size(), c.scale()
	w, h := int(s.Width*sc+0.5), int(s.Height*sc+0.5)
	if w < 1 || h < 1 {
		return func(*chart.Chart) {}
	}
	key := c.keyFor(nil, w, h, sc)
	return func(m *chart.Chart) {
		if m == nil {
			return
		}
		k := key
		k.model = m
		c.mu.Lock()
		spare := c.takeSpare()
		c.mu.Unlock()
		r := draw(spare, k, sc)
		c.mu.Lock()
		defer c.mu.Unlock()
		c.keep(r)
	}
}

// placeMarker puts the marker line at its data X across every panel.
func (c *Chart) placeMarker() {
	if !c.markerOn {
		c.marker.Hide()
		return
	}
	f := c.Frame()
	if f == nil || f.Panels() == 0 {
		c.marker.Hide()
		return
	}
	sx, sy := c.pixelsPerUnit()
	px, _ := f.Pixel(0, c.markerX, 0)
	_, top, _, _ := f.Area(0)
	_, _, _, bottom := f.Area(f.Panels() - 1)
	x := float32(px) / sx
	c.marker.Position1 = fyne.NewPos(x, float32(top)/sy)
	c.marker.Position2 = fyne.NewPos(x, float32(bottom)/sy)
	c.marker.StrokeColor = theme.Color(theme.ColorNamePrimary)
	c.marker.Show()
	c.marker.Refresh()
}

// hover shows the read-out for the pointer at pos.
func (c *Chart) hover(pos fyne.Position) {
	c.pointer, c.hovering = pos, true
	h := c.HitAt(pos)
	c.showTip(h.Text, pos)
}

// showTip shows text in a box beside pos, kept inside the widget.
func (c *Chart) showTip(text string, pos fyne.Position) {
	c.tip = text
	if text == "" {
		c.tipBox.Hide()
		for _, t := range c.tipLines {
			t.Hide()
		}
		return
	}
	lines := strings.Split(text, "\n")
	for len(c.tipLines) < len(lines) {
		c.tipLines = append(c.tipLines, canvas.NewText("", theme.Color(theme.ColorNameForeground)))
	}
	size := theme.CaptionTextSize() + 1
	const pad = 5
	var w, h float32
	for i, t := range c.tipLines {
		if i >= len(lines) {
			t.Hide()
			continue
		}
		t.Text, t.TextSize, t.Color = lines[i], size, theme.Color(theme.ColorNameForeground)
		ts := t.MinSize()
		w, h = max(w, ts.Width), h+ts.Height
		t.Show()
	}
	box := fyne.NewSize(w+2*pad, h+2*pad)
	at := pos.Add(fyne.NewPos(14, 14))
	s := c.Size()
	if at.X+box.Width > s.Width {
		at.X = max(0, pos.X-14-box.Width)
	}
	if at.Y+box.Height > s.Height {
		at.Y = max(0, pos.Y-8-box.Height)
	}
	c.tipBox.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	c.tipBox.StrokeColor = theme.Color(theme.ColorNameSeparator)
	c.tipBox.Move(at)
	c.tipBox.Resize(box)
	c.tipBox.Show()
	c.tipBox.Refresh()
	y := at.Y + pad
	for _, t := range c.tipLines[:len(lines)] {
		t.Move(fyne.NewPos(at.X+pad, y))
		t.Resize(t.MinSize())
		y += t.MinSize().Height
		t.Refresh()
	}
	c.Refresh()
}

// MouseIn shows the read-out under the pointer.
func (c *Chart) MouseIn(ev *desktop.MouseEvent) { c.hover(ev.Position) }

// MouseMoved follows the pointer with the read-out.
func (c *Chart) MouseMoved(ev *desktop.MouseEvent) { c.hover(ev.Position) }

// MouseOut hides the read-out.
func (c *Chart) MouseOut() {
	c.hovering = false
	c.showTip("", fyne.Position{})
}

// Tapped reports the hit under the click to OnTap.
func (c *Chart) Tapped(ev *fyne.PointEvent) {
	if c.OnTap != nil && c.model != nil {
		c.OnTap(c.HitAt(ev.Position))
	}
}

// Dragged reports the hit under the pointer to OnDrag.
func (c *Chart) Dragged(ev *fyne.DragEvent) {
	if c.OnDrag != nil && c.model != nil {
		c.OnDrag(c.HitAt(ev.Position))
	}
}

// DragEnd ends a drag.
func (c *Chart) DragEnd() {}

// Cursor is a pointer where clicks do something.
func (c *Chart) Cursor() desktop.Cursor {
	if c.OnTap != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// CreateRenderer implements fyne.Widget.
func (c *Chart) CreateRenderer() fyne.WidgetRenderer { return &chartRenderer{c: c} }

type chartRenderer struct{ c *Chart }

func (r *chartRenderer) Layout(s fyne.Size) {
	r.c.raster.Resize(s)
	r.c.raster.Move(fyne.Position{})
	if d := r.c.decoration; d != nil {
		d.Move(fyne.Position{})
		d.Resize(s)
	}
	r.c.placeMarker()
}

func (r *chartRenderer) MinSize() fyne.Size { return r.c.min }

func (r *chartRenderer) Refresh() {
	r.c.raster.Refresh() // drawn again if the theme changed
	r.c.placeMarker()
}

func (r *chartRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.c.raster}
	if r.c.decoration != nil {
		objs = append(objs, r.c.decoration)
	}
	objs = append(objs, r.c.marker, r.c.tipBox)
	for _, t := range r.c.tipLines {
		objs = append(objs, t)
	}
	return objs
}

func (r *chartRenderer) Destroy() {}
