package ui

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/render"
)

// MapView is the map widget: one canvas.Raster into which ui/render draws only
// the tiles that are visible (at any map size the cost of a frame is bounded by
// the widget's pixel size). The mouse wheel zooms around the pointer, dragging
// pans, and hovering reports the tile, its coordinates and what is there.
type MapView struct {
	widget.BaseWidget

	scene  *render.Scene
	cell   int         // tile side in device pixels
	origin image.Point // device pixel of tile (0,0)'s top-left corner
	fit    bool        // fit mode: every frame zooms to show the whole map, until the user zooms or pans
	buf    *image.RGBA
	raster *canvas.Raster
	scale  float32 // device pixels per Fyne unit, learnt when drawing
	hover  *chain.Point

	// OnHover is called with a status line for the tile under the pointer ("" when it leaves).
	OnHover func(status string)
}

// NewMapView returns an empty map view that fits the first map it is given.
func NewMapView() *MapView {
	mv := &MapView{cell: 12, fit: true, scale: 1}
	mv.raster = canvas.NewRaster(mv.draw)
	mv.raster.ScaleMode = canvas.ImageScalePixels
	mv.ExtendBaseWidget(mv)
	return mv
}

// CreateRenderer implements fyne.Widget.
func (mv *MapView) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Black)
	return &mapRenderer{mv: mv, objs: []fyne.CanvasObject{bg, mv.raster}}
}

type mapRenderer struct {
	mv   *MapView
	objs []fyne.CanvasObject
}

func (r *mapRenderer) Layout(s fyne.Size) {
	for _, o := range r.objs {
		o.Resize(s)
		o.Move(fyne.NewPos(0, 0))
	}
}
func (r *mapRenderer) MinSize() fyne.Size           { return fyne.NewSize(120, 80) }
func (r *mapRenderer) Refresh()                     { r.mv.raster.Refresh() }
func (r *mapRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *mapRenderer) Destroy()                     {}

// SetScene shows sc (nil: nothing). The zoom and pan stay unless the map size
// changed, in which case the view goes back to fitting the map.
func (mv *MapView) SetScene(sc *render.Scene) {
	old := mv.scene
	if old == nil || old.Map == nil || sc == nil || sc.Map == nil || old.Map.W != sc.Map.W || old.Map.H != sc.Map.H {
		mv.fit = true
	}
	mv.scene = sc
	mv.raster.Refresh()
	mv.reportHover()
}

// Scene returns the scene shown.
func (mv *MapView) Scene() *render.Scene { return mv.scene }

// SetShowRooms toggles the rooms and corridors overlay.
func (mv *MapView) SetShowRooms(on bool) {
	if mv.scene != nil {
		sc := *mv.scene
		sc.ShowRooms = on
		mv.scene = &sc
		mv.raster.Refresh()
	}
}

// Cell returns the tile size in device pixels.
func (mv *MapView) Cell() int { return mv.cell }

// Fit zooms and centres so the whole map shows, and keeps doing so as the view
// is resized, until the user zooms or pans.
func (mv *MapView) Fit() { mv.fit = true; mv.raster.Refresh() }

// Fitting reports whether the view is in fit mode.
func (mv *MapView) Fitting() bool { return mv.fit }

// Zoom changes the tile size by factor around the device pixel at (anchor).
func (mv *MapView) Zoom(factor float64, anchor image.Point) {
	c := int(float64(mv.cell)*factor + 0.5)
	if c == mv.cell {
		if factor > 1 {
			c++
		} else {
			c--
		}
	}
	c = min(max(c, render.MinCell), render.MaxCell)
	// keep the tile under the anchor in place
	mv.origin.X = anchor.X - (anchor.X-mv.origin.X)*c/mv.cell
	mv.origin.Y = anchor.Y - (anchor.Y-mv.origin.Y)*c/mv.cell
	mv.cell = c
	mv.fit = false
	mv.raster.Refresh()
}

// ZoomCenter zooms by factor around the middle of the view.
func (mv *MapView) ZoomCenter(factor float64) {
	s := mv.Size()
	mv.Zoom(factor, image.Pt(int(s.Width*mv.scale/2), int(s.Height*mv.scale/2)))
}

// fitTo computes the cell size and origin showing the whole map in w×h pixels:
// the largest integer cell at which every tile shows, centred.
func (mv *MapView) fitTo(w, h int) {
	if mv.scene == nil || mv.scene.Map == nil || w <= 0 || h <= 0 {
		return
	}
	g := mv.scene.Map
	c := min(w/g.W, h/g.H)
	mv.cell = min(max(c, render.MinCell), render.MaxCell)
	mv.origin = image.Pt((w-g.W*mv.cell)/2, (h-g.H*mv.cell)/2)
}

// draw is the raster generator: it draws the visible tiles into a w×h image
// (reused between frames of the same size).
func (mv *MapView) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if s := mv.Size(); s.Width > 0 {
		mv.scale = float32(w) / s.Width
	}
	if mv.buf == nil || mv.buf.Rect.Dx() != w || mv.buf.Rect.Dy() != h {
		mv.buf = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	if mv.fit {
		mv.fitTo(w, h)
	}
	if mv.scene == nil || mv.scene.Map == nil {
		clear(mv.buf.Pix)
		return mv.buf
	}
	atlas, err := render.NewAtlas(mv.cell)
	if err != nil {
		clear(mv.buf.Pix)
		return mv.buf
	}
	atlas.DrawAt(mv.buf, mv.scene, mv.origin)
	return mv.buf
}

// devicePx converts a position in the widget to device pixels.
func (mv *MapView) devicePx(p fyne.Position) image.Point {
	return image.Pt(int(p.X*mv.scale), int(p.Y*mv.scale))
}

// TileAt returns the map tile under a position in the widget.
func (mv *MapView) TileAt(p fyne.Position) chain.Point {
	px := mv.devicePx(p)
	return chain.Point{X: floorDiv(px.X-mv.origin.X, mv.cell), Y: floorDiv(px.Y-mv.origin.Y, mv.cell)}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Scrolled zooms around the pointer (fyne.Scrollable).
func (mv *MapView) Scrolled(e *fyne.ScrollEvent) {
	f := 1.25
	if e.Scrolled.DY < 0 {
		f = 1 / f
	}
	mv.Zoom(f, mv.devicePx(e.Position))
}

// Dragged pans (fyne.Draggable).
func (mv *MapView) Dragged(e *fyne.DragEvent) {
	mv.origin.X += int(e.Dragged.DX * mv.scale)
	mv.origin.Y += int(e.Dragged.DY * mv.scale)
	mv.fit = false
	mv.raster.Refresh()
}

// DragEnd implements fyne.Draggable.
func (mv *MapView) DragEnd() {}

// MouseIn implements desktop.Hoverable.
func (mv *MapView) MouseIn(e *desktop.MouseEvent) { mv.MouseMoved(e) }

// MouseMoved reports the hovered tile.
func (mv *MapView) MouseMoved(e *desktop.MouseEvent) {
	p := mv.TileAt(e.Position)
	mv.hover = &p
	mv.reportHover()
}

// MouseOut implements desktop.Hoverable.
func (mv *MapView) MouseOut() {
	mv.hover = nil
	if mv.OnHover != nil {
		mv.OnHover("")
	}
}

func (mv *MapView) reportHover() {
	if mv.OnHover == nil || mv.hover == nil {
		return
	}
	mv.OnHover(describeTile(mv.scene, *mv.hover))
}

// describeTile is the hover status of tile p: coordinates, tile name, and the
// start, exits and spawns there.
func describeTile(sc *render.Scene, p chain.Point) string {
	if sc == nil || sc.Map == nil || !sc.Map.In(p) {
		return ""
	}
	parts := []string{fmt.Sprintf("(%d, %d) %s", p.X, p.Y, sc.Map.At(p))}
	if sc.Start != nil && *sc.Start == p {
		parts = append(parts, "start")
	}
	for _, e := range sc.Exits {
		if e.Pos() == p {
			parts = append(parts, "exit")
		}
	}
	var names []string
	for _, s := range sc.Spawns {
		if s.Pos() == p {
			names = append(names, s.Name)
		}
	}
	if len(names) > 0 {
		parts = append(parts, "spawns: "+strings.Join(names, ", "))
	}
	for i, r := range sc.Rooms {
		if r.Contains(p) {
			parts = append(parts, fmt.Sprintf("room %d", i+1))
			break
		}
	}
	return strings.Join(parts, " · ")
}
