package render

import (
	"image"
	"image/color"
	"slices"
	"unicode/utf8"

	"hewn/chain"
)

// tileCount is the number of tile types chain defines.
var tileCount = len(chain.Tiles())

// looks is a theme resolved per tile type.
type looks struct {
	l   [256]chain.Look
	box bool
}

func (lk *looks) set(th chain.Theme) {
	for i := 0; i < tileCount; i++ {
		lk.l[i] = th.Look(chain.Tile(i))
	}
	w := lk.l[chain.Wall]
	for i := tileCount; i < len(lk.l); i++ {
		lk.l[i] = w
	}
	lk.box = th.BoxWalls
}

// frame is the per-draw state; it lives on the stack of Draw.
type frame struct {
	a       *Atlas
	dst     *image.RGBA
	sc      *Scene
	origin  image.Point     // pixel of tile (0,0)'s top-left corner
	clip    image.Rectangle // pixels that may be written
	tiles   chain.Rect      // tiles (on the map) to draw
	main    looks
	alt     looks
	split   chain.Rect
	sorted  bool
	hasGrid bool
	// keys, while the tiles are composed for a Drawn, is the cell each
	// tile of tiles gets (blit records it; flush draws the ones that
	// changed)
	keys []cellKey
}

// Drawn remembers what a frame buffer shows cell by cell, so that drawing a
// scene into it again (Scene.DrawAtDrawn) blits only the cells that differ
// from the last drawing: after an edit, the tiles the edit changed. The zero
// value remembers nothing.
type Drawn struct {
	dst    *image.RGBA
	origin image.Point
	clip   image.Rectangle
	atlas  *Atlas
	tiles  chain.Rect
	keys   []cellKey // by tile of tiles, row by row
	spare  []cellKey
}

// Forget makes the next drawing blit every cell (something else drew into
// the buffer).
func (d *Drawn) Forget() { d.dst = nil }

// matches says d remembers the cells of f's buffer, placed as f's.
func (d *Drawn) matches(f *frame) bool {
	return d.dst == f.dst && d.origin == f.origin && d.clip == f.clip && d.atlas == f.a &&
		d.tiles == f.tiles && len(d.keys) == f.tiles.W*f.tiles.H
}

// Draw draws the tiles of view (tile coordinates) into dst, tile view.X, view.Y
// at dst.Bounds().Min, one cell of a.Cell() pixels per tile, clipped to dst.
// Only the tiles of view are drawn (cells outside the map are filled with
// sc.Void); then, on top, the highlight of changed tiles, spawns, exits, the
// start and, with ShowRooms, room outlines and corridor traces. With a
// box-walled theme, walls take box-drawing glyphs from their neighbours
// (chain.WallGlyph); in every theme, walls buried in rock (chain.Buried) are
// left blank, so solid rock reads as empty space, as in the tutorial's games.
// Draw holds the atlas's lock while it runs, so sc.Entity must not draw.
func (a *Atlas) Draw(dst *image.RGBA, sc *Scene, view chain.Rect) {
	n := a.cell
	origin := dst.Rect.Min.Sub(image.Pt(view.X*n, view.Y*n))
	px := image.Rect(view.X*n, view.Y*n, view.X2()*n, view.Y2()*n).Add(origin)
	a.draw(dst, sc, origin, px.Intersect(dst.Rect), nil)
}

// DrawAt draws the scene with tile (0,0)'s top-left corner at pixel origin of
// dst (which may lie outside dst, for panning by pixels), filling the whole of
// dst: only the tiles that show in dst are drawn, and pixels off the map are
// filled with sc.Void.
func (a *Atlas) DrawAt(dst *image.RGBA, sc *Scene, origin image.Point) {
	a.draw(dst, sc, origin, dst.Rect, nil)
}

// DrawAtDrawn is DrawAt blitting only the cells that differ from what d
// remembers of dst (every cell when d remembers another buffer or
// placement), and remembering the new ones in d.
func (a *Atlas) DrawAtDrawn(dst *image.RGBA, sc *Scene, origin image.Point, d *Drawn) {
	a.draw(dst, sc, origin, dst.Rect, d)
}

// TileAt returns the tile under pixel px when tile (0,0)'s top-left corner is at
// pixel origin (as for DrawAt). The tile may be off the map.
func (a *Atlas) TileAt(origin, px image.Point) chain.Point {
	return chain.Point{X: floorDiv(px.X-origin.X, a.cell), Y: floorDiv(px.Y-origin.Y, a.cell)}
}

// Size is the pixel size of a w×h tile area.
func (a *Atlas) Size(w, h int) image.Point { return image.Pt(w*a.cell, h*a.cell) }

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func (a *Atlas) draw(dst *image.RGBA, sc *Scene, origin image.Point, clip image.Rectangle, d *Drawn) {
	if clip.Empty() || sc == nil {
		if d != nil {
			d.Forget()
		}
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	f := frame{a: a, dst: dst, sc: sc, origin: origin, clip: clip}
	n := a.cell
	// The tiles whose cells meet clip, and those of them on the map.
	all := chain.Rect{X: floorDiv(clip.Min.X-origin.X, n), Y: floorDiv(clip.Min.Y-origin.Y, n)}
	all.W = floorDiv(clip.Max.X-1-origin.X, n) + 1 - all.X
	all.H = floorDiv(clip.Max.Y-1-origin.Y, n) + 1 - all.Y
	g := sc.Map
	f.hasGrid = g != nil && g.W > 0 && g.H > 0 && len(g.Tiles) >= g.W*g.H
	if f.hasGrid {
		f.tiles = all.Intersect(g.Bounds())
	}
	f.fillVoid(all)
	if !f.hasGrid || f.tiles.Empty() {
		if d != nil {
			d.Forget()
		}
		return
	}
	var prev []cellKey
	if d != nil {
		if d.matches(&f) {
			prev = d.keys
		}
		n := f.tiles.W * f.tiles.H
		if cap(d.spare) < n {
			d.spare = make([]cellKey, n)
		}
		f.keys = d.spare[:n]
	}
	f.main.set(sc.Theme)
	if sc.Split != nil {
		if r, ok := chain.RegionRect(sc.Split.Region, g.W, g.H); ok {
			f.split = r
			f.alt.set(sc.Split.Theme)
		}
	}
	f.sorted = slices.IsSorted(sc.Changed)
	f.drawTiles()
	for _, i := range sc.Changed {
		if i >= 0 && i < g.W*g.H {
			if p := g.Pt(i); f.tiles.Contains(p) {
				l := f.look(p)
				f.blit(p, l.Glyph, l.FG, tint(l.BG))
			}
		}
	}
	for _, s := range sc.Spawns {
		g, fg := f.entity(s.Name)
		f.overlay(s.Pos(), g, fg)
	}
	for _, e := range sc.Exits {
		t := e.Tile
		if t == chain.Wall {
			t = chain.DownStairs
		}
		l := f.lookFor(e.Pos(), t)
		f.overlay(e.Pos(), l.Glyph, l.FG)
	}
	if sc.Start != nil {
		f.overlay(*sc.Start, '@', StartColor)
	}
	if d != nil {
		keys := f.keys
		f.flush(prev)
		d.dst, d.origin, d.clip, d.atlas, d.tiles = f.dst, f.origin, f.clip, a, f.tiles
		d.keys, d.spare = keys, d.keys
	}
	if sc.ShowRooms {
		f.drawRooms()
		if d != nil {
			d.Forget() // the outlines lie over cells
		}
	}
}

// flush blits the composed cells that differ from prev (all: nil), then
// stops composing.
func (f *frame) flush(prev []cellKey) {
	keys := f.keys
	f.keys = nil
	t := f.tiles
	for i, k := range keys {
		if prev == nil || prev[i] != k {
			f.blit(chain.Point{X: t.X + i%t.W, Y: t.Y + i/t.W}, k.g, k.fg, k.bg)
		}
	}
}

// fillVoid fills the cells of all that lie off the map with the void colour.
func (f *frame) fillVoid(all chain.Rect) {
	t := f.tiles
	if !f.hasGrid || t.Empty() {
		f.fill(f.cellRect(all.X, all.Y, all.W, all.H), f.sc.Void)
		return
	}
	// Above, below, left and right of the on-map tiles.
	f.fill(f.cellRect(all.X, all.Y, all.W, t.Y-all.Y), f.sc.Void)
	f.fill(f.cellRect(all.X, t.Y2(), all.W, all.Y2()-t.Y2()), f.sc.Void)
	f.fill(f.cellRect(all.X, t.Y, t.X-all.X, t.H), f.sc.Void)
	f.fill(f.cellRect(t.X2(), t.Y, all.X2()-t.X2(), t.H), f.sc.Void)
}

// cellRect is the pixel rectangle of a w×h block of tiles at x, y.
func (f *frame) cellRect(x, y, w, h int) image.Rectangle {
	if w <= 0 || h <= 0 {
		return image.Rectangle{}
	}
	n := f.a.cell
	return image.Rect(x*n, y*n, (x+w)*n, (y+h)*n).Add(f.origin)
}

// fill paints r (clipped) in c.
func (f *frame) fill(r image.Rectangle, c color.RGBA) {
	r = r.Intersect(f.clip)
	if r.Empty() {
		return
	}
	d := f.dst
	row := d.Pix[d.PixOffset(r.Min.X, r.Min.Y):]
	w := r.Dx() * 4
	first := row[:w]
	for i := 0; i < w; i += 4 {
		first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
	}
	for y := 1; y < r.Dy(); y++ {
		copy(row[y*d.Stride:y*d.Stride+w], first)
	}
}

// lookFor is how tile t at p is drawn (the split theme inside its region).
func (f *frame) lookFor(p chain.Point, t chain.Tile) chain.Look {
	lk := &f.main
	if !f.split.Empty() && f.split.Contains(p) {
		lk = &f.alt
	}
	l := lk.l[t]
	l.Glyph = chain.DrawnGlyph(f.sc.Map, p, t, l.Glyph, lk.box)
	return l
}

// look is how the map tile at p is drawn.
func (f *frame) look(p chain.Point) chain.Look { return f.lookFor(p, f.sc.Map.At(p)) }

func (f *frame) drawTiles() {
	g := f.sc.Map
	t := f.tiles
	for y := t.Y; y < t.Y2(); y++ {
		row := g.Tiles[y*g.W : y*g.W+g.W]
		for x := t.X; x < t.X2(); x++ {
			p := chain.Point{X: x, Y: y}
			l := f.lookFor(p, row[x])
			f.blit(p, l.Glyph, l.FG, l.BG)
		}
	}
}

// blit copies the composed cell (glyph g, fg over bg) to tile p, clipped.
func (f *frame) blit(p chain.Point, g rune, fg, bg color.RGBA) {
	if f.keys != nil && f.tiles.Contains(p) { // composing: drawn by flush
		f.keys[(p.Y-f.tiles.Y)*f.tiles.W+p.X-f.tiles.X] = cellKey{g, fg, bg}
		return
	}
	n := f.a.cell
	x0, y0 := f.origin.X+p.X*n, f.origin.Y+p.Y*n
	r := image.Rect(x0, y0, x0+n, y0+n).Intersect(f.clip)
	if r.Empty() {
		return
	}
	src := f.a.composed(g, fg, bg)
	d := f.dst
	w := r.Dx() * 4
	so := ((r.Min.Y-y0)*n + (r.Min.X - x0)) * 4
	do := d.PixOffset(r.Min.X, r.Min.Y)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		copy(d.Pix[do:do+w], src[so:so+w])
		so += n * 4
		do += d.Stride
	}
}

// overlay draws glyph g in fg over the background of the tile at p (tinted when
// p changed), if p is drawn.
func (f *frame) overlay(p chain.Point, g rune, fg color.RGBA) {
	if !f.tiles.Contains(p) {
		return
	}
	bg := f.look(p).BG
	if f.changed(f.sc.Map.Idx(p)) {
		bg = tint(bg)
	}
	f.blit(p, g, fg, bg)
}

func (f *frame) changed(i int) bool {
	if f.sorted {
		_, ok := slices.BinarySearch(f.sc.Changed, i)
		return ok
	}
	return slices.Contains(f.sc.Changed, i)
}

// entity is how the spawn called name is drawn.
func (f *frame) entity(name string) (rune, color.RGBA) {
	if f.sc.Entity != nil {
		if g, fg, ok := f.sc.Entity(name); ok {
			return g, fg
		}
	}
	g, _ := utf8.DecodeRuneInString(name)
	if g == utf8.RuneError {
		g = '?'
	}
	return g, EntityFallback
}

func tint(bg color.RGBA) color.RGBA { return blend(bg, HighlightColor, highlightAlpha) }

// drawRooms outlines rooms and traces corridors.
func (f *frame) drawRooms() {
	n := f.a.cell
	th := max(1, n/12)
	for _, c := range f.sc.Corridors {
		s := max(2, n/4)
		for i, p := range c {
			cx, cy := f.origin.X+p.X*n+n/2, f.origin.Y+p.Y*n+n/2
			f.fill(image.Rect(cx-s/2, cy-s/2, cx-s/2+s, cy-s/2+s), CorridorColor)
			if i == 0 {
				continue
			}
			q := c[i-1]
			if d := p.Add(chain.Point{X: -q.X, Y: -q.Y}); abs(d.X)+abs(d.Y) == 1 {
				qx, qy := f.origin.X+q.X*n+n/2, f.origin.Y+q.Y*n+n/2
				r := image.Rect(min(cx, qx)-s/2, min(cy, qy)-s/2, max(cx, qx)-s/2+s, max(cy, qy)-s/2+s)
				f.fill(r, CorridorColor)
			}
		}
	}
	for _, rm := range f.sc.Rooms {
		r := f.cellRect(rm.X, rm.Y, rm.W, rm.H)
		if r.Empty() {
			continue
		}
		f.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+th), RoomColor)
		f.fill(image.Rect(r.Min.X, r.Max.Y-th, r.Max.X, r.Max.Y), RoomColor)
		f.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+th, r.Max.Y), RoomColor)
		f.fill(image.Rect(r.Max.X-th, r.Min.Y, r.Max.X, r.Max.Y), RoomColor)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
