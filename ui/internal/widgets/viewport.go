package widgets

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/render"
)

// Drawing is what a Viewport shows: a grid of glyph tiles that ui/render
// draws (a map's render.Scene, a game's render.GameScene).
type Drawing interface {
	// Tiles is the drawing's size in tiles (0×0: nothing to draw).
	Tiles() (w, h int)
	// DrawAt draws the tiles into dst with tile (0,0)'s top-left corner at
	// pixel origin of dst, a.Cell() pixels a tile, filling the whole of dst.
	DrawAt(dst *image.RGBA, a *render.Atlas, origin image.Point)
}

// SmallDrawing is a Drawing that can also be drawn below render.MinCell
// pixels a tile, as colours (a map's render.Scene): the viewport then fits
// and zooms out as far as the whole drawing needs, at any size, and shows an
// overview of the whole drawing while zoomed in.
type SmallDrawing interface {
	Drawing
	// DrawSmall draws the drawing into the whole of dst with tile (0,0)'s
	// top-left corner at pixel origin: cell pixels a tile (1..MinCell-1),
	// or, with shrink > 1, one pixel for every shrink×shrink tiles.
	DrawSmall(dst *image.RGBA, origin image.Point, cell, shrink int)
}

// Followed is a Drawing whose view follows one tile (a game's player): see
// Viewport.Follow.
type Followed interface {
	Drawing
	// Focus is the tile the view centres on.
	Focus() chain.Point
}

// defaultCell is the tile side a viewport starts at (until it fits its drawing).
const defaultCell = 12

// Viewport is the glyph viewport the map view and the play view share: one
// canvas.Raster into which ui/render draws only the tiles that are visible
// (at any map size the cost of a frame is bounded by the widget's pixel
// size). By default it fits the whole drawing, and the mouse wheel zooms
// around the pointer and dragging pans; in follow mode (Follow) the tile size
// is fixed and the camera centres on the drawing's focus tile. Hovering
// reports the tile under the pointer. A Tool (SetTool) takes the primary
// button's strokes instead of panning (the painter's and the map's paint
// mode), and marks (SetMarks) outline or tint tiles over the drawing.
//
// The zero value is ready to use once extended (ExtendBaseWidget), so a
// widget can embed a Viewport and add behaviour of its own (the play view
// takes the keyboard focus); NewViewport returns one on its own.
type Viewport struct {
	widget.BaseWidget

	drawing Drawing
	cell    int         // tile side in device pixels (0: defaultCell)
	shrink  int         // > 1: one device pixel for shrink×shrink tiles (cell is then 1)
	origin  image.Point // device pixel of tile (0,0)'s top-left corner
	free    bool        // the user zoomed or panned: no longer fitting the drawing
	follow  bool        // fixed cell, centred on the drawing's focus
	buf     *image.RGBA
	raster  *canvas.Raster
	scale   float32 // device pixels per Fyne unit, learnt when drawing (0: 1)
	hover   *chain.Point
	min     fyne.Size
	marks   []Mark
	// drawn is what buf shows, cell by cell (a new scene blits only the
	// cells that differ)
	drawn render.Drawn
	// tool receives the primary button's strokes (nil: dragging pans);
	// stroking is set from its press to its release, last is the tile it
	// was last told of.
	tool     Tool
	stroking bool
	last     chain.Point
	// overview is where the overview of the whole drawing shows in the
	// frame (empty: none), and its zoom; panning is set while the primary
	// button drags in it.
	overview       image.Rectangle
	overviewZoom   zoomLevel
	overviewOrigin image.Point
	panning        bool

	// OnHover is called with the tile under the pointer when it moves or the
	// drawing changes under it, and with in false when the pointer leaves.
	OnHover func(tile chain.Point, in bool)
}

// Tool receives the strokes of the mouse's primary button over a viewport
// (see SetTool), by tile: Down where it is pressed, Drag at each other tile
// the pointer moves to while pressed (tiles off the drawing included), Up
// where it is released.
type Tool interface {
	Down(tile chain.Point, mod fyne.KeyModifier)
	Drag(tile chain.Point)
	Up(tile chain.Point)
}

// Mark is an outline or a tint a viewport draws over its drawing (see
// SetMarks), in tiles: a selection, a stamped prefab, the cells a stroke
// covers.
type Mark struct {
	Rect  chain.Rect
	Color color.RGBA
	// Fill tints the tiles (Color's alpha says how strongly) instead of
	// outlining the rectangle.
	Fill bool
}

// NewViewport returns an empty viewport that fits the first drawing it is given.
func NewViewport() *Viewport {
	v := &Viewport{}
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer implements fyne.Widget.
func (v *Viewport) CreateRenderer() fyne.WidgetRenderer {
	if v.raster == nil {
		v.raster = canvas.NewRaster(v.draw)
		v.raster.ScaleMode = canvas.ImageScalePixels
	}
	bg := canvas.NewRectangle(color.Black)
	return &viewportRenderer{v: v, objs: []fyne.CanvasObject{bg, v.raster}}
}

type viewportRenderer struct {
	v    *Viewport
	objs []fyne.CanvasObject
}

func (r *viewportRenderer) Layout(s fyne.Size) {
	for _, o := range r.objs {
		o.Resize(s)
		o.Move(fyne.NewPos(0, 0))
	}
}

func (r *viewportRenderer) MinSize() fyne.Size {
	if r.v.min.IsZero() {
		return fyne.NewSize(120, 80)
	}
	return r.v.min
}
func (r *viewportRenderer) Refresh()                     { r.v.raster.Refresh() }
func (r *viewportRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *viewportRenderer) Destroy()                     {}

// SetMinSize sets the smallest size the viewport asks of its container
// (120×80 unless set).
func (v *Viewport) SetMinSize(s fyne.Size) { v.min = s }

// SetDrawing shows d (nil: nothing). The zoom and pan stay unless the size of
// the drawing changed, in which case the view goes back to fitting it.
func (v *Viewport) SetDrawing(d Drawing) {
	ow, oh := tiles(v.drawing)
	nw, nh := tiles(d)
	if ow == 0 || oh == 0 || nw == 0 || nh == 0 || ow != nw || oh != nh {
		v.free = false
	}
	v.drawing = d
	v.Refresh()
	v.reportHover()
}

func tiles(d Drawing) (w, h int) {
	if d == nil {
		return 0, 0
	}
	return d.Tiles()
}

// SetMarks draws marks over the drawing (nil: none), in order.
func (v *Viewport) SetMarks(marks []Mark) {
	v.marks = marks
	v.Refresh()
}

// SetTool gives the primary button's strokes to t (see Tool); panning is
// then the middle button's (the wheel still zooms). nil gives dragging back
// to panning.
func (v *Viewport) SetTool(t Tool) {
	v.tool, v.stroking = t, false
}

// Drawing returns the drawing shown (nil: none).
func (v *Viewport) Drawing() Drawing { return v.drawing }

// Follow fixes the tile side at cell device pixels and centres the view on
// the drawing's focus tile (a Followed drawing's), clamped to the drawing
// (centred when it is smaller than the view). Zooming and panning stop.
func (v *Viewport) Follow(cell int) {
	v.follow, v.cell, v.shrink = true, cell, 0
	v.Refresh()
}

// cellSize returns the tile size in device pixels.
func (v *Viewport) cellSize() int {
	if v.cell == 0 {
		return defaultCell
	}
	return v.cell
}

// Fit zooms and centres so the whole drawing shows, and keeps doing so as the
// view is resized, until the user zooms or pans.
func (v *Viewport) Fit() { v.free = false; v.Refresh() }

// fitting reports whether the view is in fit mode.
func (v *Viewport) fitting() bool { return !v.free && !v.follow }

// zoom changes the tile size by factor around the device pixel at (anchor):
// from render.MaxCell pixels a tile down to the scale at which the whole
// drawing shows (not below render.MinCell when it shows whole at that
// size, or when the drawing cannot be drawn small).
func (v *Viewport) zoom(factor float64, anchor image.Point) {
	if v.follow {
		return
	}
	cur := v.zoomLevel()
	next := zoomOf(cur.scale() * factor)
	if next == cur {
		if factor > 1 {
			next = cur.finer()
		} else {
			next = cur.coarser()
		}
	}
	s, sc := v.Size(), v.pxScale()
	if lo := v.minZoom(int(s.Width*sc), int(s.Height*sc)); next.scale() < lo.scale() {
		next = lo
	}
	if next.scale() > render.MaxCell {
		next = zoomLevel{cell: render.MaxCell}
	}
	// keep the tile under the anchor in place
	r := next.scale() / cur.scale()
	v.origin.X = anchor.X - int(math.Round(float64(anchor.X-v.origin.X)*r))
	v.origin.Y = anchor.Y - int(math.Round(float64(anchor.Y-v.origin.Y)*r))
	v.cell, v.shrink = next.cell, next.shrink
	v.free = true
	v.Refresh()
}

// zoomLevel is a drawing scale: cell device pixels a tile, or, with shrink
// > 1, one pixel for shrink×shrink tiles.
type zoomLevel struct{ cell, shrink int }

// scale is the pixels a tile.
func (z zoomLevel) scale() float64 {
	if z.shrink > 1 {
		return 1 / float64(z.shrink)
	}
	return float64(z.cell)
}

// finer is the next larger scale, coarser the next smaller.
func (z zoomLevel) finer() zoomLevel {
	switch {
	case z.shrink > 2:
		return zoomLevel{cell: 1, shrink: z.shrink - 1}
	case z.shrink == 2:
		return zoomLevel{cell: 1}
	}
	return zoomLevel{cell: z.cell + 1}
}

func (z zoomLevel) coarser() zoomLevel {
	switch {
	case z.shrink > 1:
		return zoomLevel{cell: 1, shrink: z.shrink + 1}
	case z.cell > 1:
		return zoomLevel{cell: z.cell - 1}
	}
	return zoomLevel{cell: 1, shrink: 2}
}

// zoomOf is the level nearest scale s (pixels a tile).
func zoomOf(s float64) zoomLevel {
	if s >= 1 {
		return zoomLevel{cell: int(s + 0.5)}
	}
	if k := int(1/s + 0.5); k > 1 {
		return zoomLevel{cell: 1, shrink: k}
	}
	return zoomLevel{cell: 1}
}

// zoomLevel is the view's scale now.
func (v *Viewport) zoomLevel() zoomLevel { return zoomLevel{cell: v.cellSize(), shrink: v.shrink} }

// small reports whether the drawing can be drawn below render.MinCell.
func (v *Viewport) small() (SmallDrawing, bool) {
	s, ok := v.drawing.(SmallDrawing)
	return s, ok
}

// fitZoom is the largest scale at which the whole w×h-tile drawing shows in
// pw×ph pixels (a whole number of pixels a tile, or of tiles a pixel), at
// most render.MaxCell; not below render.MinCell when the drawing cannot be
// drawn small.
func (v *Viewport) fitZoom(w, h, pw, ph int) zoomLevel {
	c := min(pw/w, ph/h, render.MaxCell)
	if _, ok := v.small(); !ok {
		return zoomLevel{cell: max(c, render.MinCell)}
	}
	if c >= 1 {
		return zoomLevel{cell: c}
	}
	k := max((w+pw-1)/pw, (h+ph-1)/ph, 2)
	return zoomLevel{cell: 1, shrink: k}
}

// minZoom is the smallest scale zooming out reaches in a pw×ph view: the
// fit, or render.MinCell when the drawing shows whole at that size.
func (v *Viewport) minZoom(pw, ph int) zoomLevel {
	tw, th := tiles(v.drawing)
	if tw == 0 || th == 0 || pw <= 0 || ph <= 0 {
		return zoomLevel{cell: render.MinCell}
	}
	if fit := v.fitZoom(tw, th, pw, ph); fit.scale() < render.MinCell {
		return fit
	}
	return zoomLevel{cell: render.MinCell}
}

// px is the pixel offset from the origin of the first pixel of tile
// coordinate t at this scale (end: of the pixel after the last, for t one
// past a range).
func (z zoomLevel) px(t int, end bool) int {
	if k := z.shrink; k > 1 {
		if end {
			return -floorDiv(-t, k)
		}
		return floorDiv(t, k)
	}
	return t * z.cell
}

// tile is the tile coordinate under the pixel offset d from the origin.
func (z zoomLevel) tile(d int) int {
	if k := z.shrink; k > 1 {
		return d * k
	}
	return floorDiv(d, z.cell)
}

// tilePx is zoomLevel.px at the view's scale.
func (v *Viewport) tilePx(t int, end bool) int { return v.zoomLevel().px(t, end) }

// pxTile is zoomLevel.tile at the view's scale.
func (v *Viewport) pxTile(d int) int { return v.zoomLevel().tile(d) }

// overviewSide is the largest side of the overview, in Fyne units.
const overviewSide = 160

// overviewColor frames the overview and the part of the drawing in view.
var (
	overviewFrame = color.RGBA{0x60, 0x60, 0x60, 0xFF}
	overviewView  = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
)

// drawOverview draws, in the bottom-right corner of a pw×ph frame, the whole
// drawing small with the part in view outlined, when the view shows only
// part of a drawing that can be drawn small. A press in it moves the view
// there (see MouseDown).
func (v *Viewport) drawOverview(pw, ph int) {
	v.overview = image.Rectangle{}
	sd, ok := v.small()
	tw, th := tiles(v.drawing)
	if !ok || v.follow || tw == 0 || th == 0 {
		return
	}
	x0, y0 := v.origin.X, v.origin.Y
	if x0 >= 0 && y0 >= 0 && x0+v.tilePx(tw, true) <= pw && y0+v.tilePx(th, true) <= ph {
		return // all of it is in view
	}
	side := int(overviewSide * v.pxScale())
	bw, bh := min(side, pw/3), min(side, ph/3)
	if bw < 16 || bh < 16 {
		return
	}
	z := zoomLevel{cell: min(bw/tw, bh/th, render.MinCell-1)}
	if z.cell < 1 {
		z = zoomLevel{cell: 1, shrink: max((tw+bw-1)/bw, (th+bh-1)/bh, 2)}
	}
	margin := int(8 * v.pxScale())
	size := image.Pt(z.px(tw, true), z.px(th, true))
	r := image.Rectangle{image.Pt(pw-margin-size.X, ph-margin-size.Y), image.Pt(pw-margin, ph-margin)}
	if r.Min.X < 0 || r.Min.Y < 0 {
		return
	}
	outline(v.buf, r.Inset(-1), overviewFrame)
	sd.DrawSmall(v.buf.SubImage(r).(*image.RGBA), r.Min, z.cell, z.shrink)
	// the tiles in view, outlined
	vis := image.Rect(z.px(v.pxTile(-x0), false), z.px(v.pxTile(-y0), false),
		z.px(v.pxTile(pw-x0), true), z.px(v.pxTile(ph-y0), true)).Add(r.Min).Intersect(r)
	if !vis.Empty() {
		outline(v.buf, vis, overviewView)
	}
	v.overview, v.overviewZoom, v.overviewOrigin = r, z, r.Min
}

// outline draws a one-pixel frame just inside r in c.
func outline(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	for _, side := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y),
	} {
		tintRect(dst, side, c)
	}
}

// Overview reports where the overview of the whole drawing shows in the
// widget (false: it does not, the whole drawing is in view).
func (v *Viewport) Overview() (fyne.Position, fyne.Size, bool) {
	if v.overview.Empty() {
		return fyne.Position{}, fyne.Size{}, false
	}
	sc := v.pxScale()
	r := v.overview
	return fyne.NewPos(float32(r.Min.X)/sc, float32(r.Min.Y)/sc), fyne.NewSize(float32(r.Dx())/sc, float32(r.Dy())/sc), true
}

// centreOn moves the view so that the tile under device pixel px of the
// overview is in the middle of the view.
func (v *Viewport) centreOn(px image.Point) {
	z := v.overviewZoom
	t := chain.Point{X: z.tile(px.X - v.overviewOrigin.X), Y: z.tile(px.Y - v.overviewOrigin.Y)}
	s, sc := v.Size(), v.pxScale()
	v.origin = image.Pt(int(s.Width*sc)/2-v.tilePx(t.X, false), int(s.Height*sc)/2-v.tilePx(t.Y, false))
	v.free = true
	v.Refresh()
}

// ZoomCenter zooms by factor around the middle of the view.
func (v *Viewport) ZoomCenter(factor float64) {
	s := v.Size()
	sc := v.pxScale()
	v.zoom(factor, image.Pt(int(s.Width*sc/2), int(s.Height*sc/2)))
}

// fitTo computes the scale and origin showing the whole w×h-tile drawing
// in pw×ph pixels (see fitZoom), centred.
func (v *Viewport) fitTo(w, h, pw, ph int) {
	z := v.fitZoom(w, h, pw, ph)
	v.cell, v.shrink = z.cell, z.shrink
	v.origin = image.Pt((pw-v.tilePx(w, true))/2, (ph-v.tilePx(h, true))/2)
}

// followTo centres the view of pw×ph pixels on tile p of a w×h-tile drawing.
func (v *Viewport) followTo(p chain.Point, w, h, pw, ph int) {
	c := v.cellSize()
	cam := chain.Point{X: camera(p.X, pw/c+1, w), Y: camera(p.Y, ph/c+1, h)}
	v.origin = image.Pt(-cam.X*c, -cam.Y*c)
}

// camera is the first tile of a view of view tiles over size tiles centred
// on tile p and clamped to the drawing (centred when the drawing is smaller).
func camera(p, view, size int) int {
	if size <= view {
		return -(view - size) / 2
	}
	return min(max(p-view/2, 0), size-view)
}

// draw is the raster generator: it draws the visible tiles into a w×h image
// (reused between frames of the same size).
func (v *Viewport) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if s := v.Size(); s.Width > 0 {
		v.scale = float32(w) / s.Width
	}
	if v.buf == nil || v.buf.Rect.Dx() != w || v.buf.Rect.Dy() != h {
		v.buf = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	tw, th := tiles(v.drawing)
	if tw == 0 || th == 0 {
		clear(v.buf.Pix)
		v.drawn.Forget()
		return v.buf
	}
	v.place(w, h)
	if sd, ok := v.small(); ok && (v.shrink > 1 || v.cellSize() < render.MinCell) {
		sd.DrawSmall(v.buf, v.origin, v.cellSize(), v.shrink)
		v.drawn.Forget()
	} else {
		atlas, err := render.NewAtlas(max(v.cellSize(), render.MinCell))
		if err != nil {
			clear(v.buf.Pix)
			v.drawn.Forget()
			return v.buf
		}
		if d, ok := v.drawing.(drawnDrawing); ok {
			d.DrawAtDrawn(v.buf, atlas, v.origin, &v.drawn)
		} else {
			v.drawing.DrawAt(v.buf, atlas, v.origin)
			v.drawn.Forget()
		}
	}
	for _, m := range v.marks {
		v.drawMark(m)
	}
	v.drawOverview(w, h)
	if len(v.marks) > 0 || !v.overview.Empty() {
		v.drawn.Forget() // drawn over the cells
	}
	return v.buf
}

// drawnDrawing is a Drawing that draws again only the cells that changed
// since the last drawing into the same buffer (a map's render.Scene).
type drawnDrawing interface {
	DrawAtDrawn(dst *image.RGBA, a *render.Atlas, origin image.Point, d *render.Drawn)
}

// place sets the tile size and origin for a view of pw×ph device pixels
// when the view fits or follows its drawing (a free view keeps its own).
func (v *Viewport) place(pw, ph int) {
	tw, th := tiles(v.drawing)
	if tw == 0 || th == 0 || pw <= 0 || ph <= 0 {
		return
	}
	switch f, ok := v.drawing.(Followed); {
	case v.follow && ok:
		v.followTo(f.Focus(), tw, th, pw, ph)
	case !v.free && !v.follow:
		v.fitTo(tw, th, pw, ph)
	}
}

// placeNow places the view for its current size (before an event is turned
// into a tile: the view may not have been drawn at this size yet).
func (v *Viewport) placeNow() {
	s, sc := v.Size(), v.pxScale()
	v.place(int(s.Width*sc), int(s.Height*sc))
}

// markAlpha is how strongly an outline's colour covers the drawing.
const markAlpha = 230

// drawMark draws m into the frame buffer.
func (v *Viewport) drawMark(m Mark) {
	if m.Rect.Empty() {
		return
	}
	r := image.Rect(v.tilePx(m.Rect.X, false), v.tilePx(m.Rect.Y, false),
		v.tilePx(m.Rect.X2(), true), v.tilePx(m.Rect.Y2(), true)).Add(v.origin)
	if m.Fill {
		tintRect(v.buf, r, m.Color)
		return
	}
	t := max(1, v.cellSize()/6)
	if v.shrink > 1 {
		t = 1
	}
	c := m.Color
	c.A = markAlpha
	for _, side := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+t), image.Rect(r.Min.X, r.Max.Y-t, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, r.Min.Y+t, r.Min.X+t, r.Max.Y-t), image.Rect(r.Max.X-t, r.Min.Y+t, r.Max.X, r.Max.Y-t),
	} {
		tintRect(v.buf, side, c)
	}
}

// tintRect blends c (by its alpha) over the pixels of r in dst.
func tintRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	a := uint32(c.A)
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*(255-a) + uint32(y)*a + 127) / 255) }
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):]
		for i := 0; i < r.Dx()*4; i += 4 {
			row[i], row[i+1], row[i+2] = mix(row[i], c.R), mix(row[i+1], c.G), mix(row[i+2], c.B)
		}
	}
}

// pxScale is the device pixels per Fyne unit (1 until the first frame says).
func (v *Viewport) pxScale() float32 {
	if v.scale == 0 {
		return 1
	}
	return v.scale
}

// devicePx converts a position in the widget to device pixels.
func (v *Viewport) devicePx(p fyne.Position) image.Point {
	sc := v.pxScale()
	return image.Pt(int(p.X*sc), int(p.Y*sc))
}

// tileAt returns the drawing's tile under a position in the widget.
func (v *Viewport) tileAt(p fyne.Position) chain.Point {
	v.placeNow()
	px := v.devicePx(p)
	return chain.Point{X: v.pxTile(px.X - v.origin.X), Y: v.pxTile(px.Y - v.origin.Y)}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// TilePos returns where the centre of tile t is in the widget: to put a
// pop-up over a tile, or a test's pointer.
func (v *Viewport) TilePos(t chain.Point) fyne.Position {
	v.placeNow()
	sc := v.pxScale()
	half := float32(v.cellSize()) / 2
	if v.shrink > 1 {
		half = 0.5
	}
	return fyne.NewPos((float32(v.origin.X+v.tilePx(t.X, false))+half)/sc, (float32(v.origin.Y+v.tilePx(t.Y, false))+half)/sc)
}

// Scrolled zooms around the pointer (fyne.Scrollable).
func (v *Viewport) Scrolled(e *fyne.ScrollEvent) {
	f := 1.25
	if e.Scrolled.DY < 0 {
		f = 1 / f
	}
	v.zoom(f, v.devicePx(e.Position))
}

// Dragged pans (fyne.Draggable), or, while the primary button strokes a
// tool, tells the tool of each new tile under the pointer.
func (v *Viewport) Dragged(e *fyne.DragEvent) {
	if v.panning {
		v.centreOn(v.devicePx(e.Position))
		return
	}
	if v.stroking {
		if t := v.tileAt(e.Position); t != v.last {
			v.last = t
			v.tool.Drag(t)
		}
		return
	}
	if v.follow {
		return
	}
	v.origin.X += int(e.Dragged.DX * v.pxScale())
	v.origin.Y += int(e.Dragged.DY * v.pxScale())
	v.free = true
	v.Refresh()
}

// DragEnd implements fyne.Draggable.
func (v *Viewport) DragEnd() { v.panning = false }

// MouseDown starts a tool's stroke on the primary button (desktop.Mouseable);
// pressed in the overview, it moves the view there (and dragging on follows).
func (v *Viewport) MouseDown(e *desktop.MouseEvent) {
	if e.Button == desktop.MouseButtonPrimary && v.devicePx(e.Position).In(v.overview) {
		v.panning = true // a press in the overview moves the view there
		v.centreOn(v.devicePx(e.Position))
		return
	}
	if v.tool == nil || e.Button != desktop.MouseButtonPrimary {
		return
	}
	v.stroking = true
	v.last = v.tileAt(e.Position)
	v.tool.Down(v.last, e.Modifier)
}

// MouseUp ends a tool's stroke (desktop.Mouseable).
func (v *Viewport) MouseUp(e *desktop.MouseEvent) {
	if v.panning && e.Button == desktop.MouseButtonPrimary {
		v.panning = false
		return
	}
	if !v.stroking || e.Button != desktop.MouseButtonPrimary {
		return
	}
	v.stroking = false
	v.tool.Up(v.tileAt(e.Position))
}

// MouseIn implements desktop.Hoverable.
func (v *Viewport) MouseIn(e *desktop.MouseEvent) { v.MouseMoved(e) }

// MouseMoved reports the hovered tile.
func (v *Viewport) MouseMoved(e *desktop.MouseEvent) {
	p := v.tileAt(e.Position)
	v.hover = &p
	v.reportHover()
}

// MouseOut implements desktop.Hoverable.
func (v *Viewport) MouseOut() {
	v.hover = nil
	if v.OnHover != nil {
		v.OnHover(chain.Point{}, false)
	}
}

func (v *Viewport) reportHover() {
	if v.OnHover == nil || v.hover == nil {
		return
	}
	v.OnHover(*v.hover, true)
}
