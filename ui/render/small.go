package render

import (
	"image"
	"image/color"

	"hewn/chain"
)

// Small drawing: below MinCell pixels a tile glyphs do not read, so a map is
// drawn as colours: each tile a block of cell×cell pixels of its colour
// (cell 1..3), or, zoomed out further, one pixel for every shrink×shrink
// tiles, the mean of a few tiles sampled in the block. A tile's colour is
// its glyph's colour over its background (the background alone for a blank
// glyph and for walls buried in rock, which the map leaves blank); spawns,
// exits and the start are marked over it, so a 4096×4096 map can be seen
// whole in a window.

// glyphWeight is how much of a tile's colour is its glyph's (the rest its
// background's) when drawn small: enough that walls and floors of one
// background tell apart.
const glyphWeight = 170

// maxSamples is the number of tiles sampled along each axis of the block a
// pixel stands for when shrinking (2: four tiles a pixel).
const maxSamples = 2

// maxSpawnShrink is the smallest scale spawns are marked at (one pixel for
// 3×3 tiles): further out, a populated map would be all spawns.
const maxSpawnShrink = 3

// markerSize is the side in pixels of the marks of the start and exits when
// drawn small.
const markerSize = 3

// smallLooks is a theme resolved to one colour per tile type.
type smallLooks struct {
	c     [256]color.RGBA
	blank color.RGBA // a wall buried in rock
}

func (s *smallLooks) set(th chain.Theme) {
	for i := range s.c {
		t := chain.Tile(i)
		if i >= tileCount {
			t = chain.Wall
		}
		l := th.Look(t)
		s.c[i] = l.BG
		if l.Glyph != ' ' {
			s.c[i] = blend(l.BG, l.FG, glyphWeight)
		}
		if t == chain.Wall {
			s.blank = l.BG
		}
	}
}

// small is the state of one small draw.
type small struct {
	dst          *image.RGBA
	sc           *Scene
	origin       image.Point
	cell, shrink int
	main, alt    smallLooks
	split        chain.Rect
}

// DrawSmall draws sc into the whole of dst with tile (0,0)'s top-left corner
// at pixel origin, small: cell pixels a tile (1..MinCell-1) when shrink is 1,
// or one pixel for every shrink×shrink tiles (cell 1). Pixels off the map are
// filled with sc.Void. It is the editor's map view below MinCell (see the
// comment at the top of this file).
func (sc *Scene) DrawSmall(dst *image.RGBA, origin image.Point, cell, shrink int) {
	cell, shrink = max(cell, 1), max(shrink, 1)
	if shrink > 1 {
		cell = 1
	}
	s := small{dst: dst, sc: sc, origin: origin, cell: cell, shrink: shrink}
	s.fill(dst.Rect, sc.Void)
	g := sc.Map
	if g == nil || g.W <= 0 || g.H <= 0 || len(g.Tiles) < g.W*g.H {
		return
	}
	s.main.set(sc.Theme)
	if sc.Split != nil {
		if r, ok := chain.RegionRect(sc.Split.Region, g.W, g.H); ok {
			s.split = r
			s.alt.set(sc.Split.Theme)
		}
	}
	// the pixels the map covers, within dst
	area := image.Rectangle{origin, origin.Add(image.Pt(s.px(g.W), s.px(g.H)))}.Intersect(dst.Rect)
	if area.Empty() {
		return
	}
	if shrink == 1 {
		s.drawBlocks(area)
	} else {
		s.drawSampled(area)
	}
	s.drawChanged(area)
	if shrink <= maxSpawnShrink {
		for _, sp := range sc.Spawns {
			_, fg := sc.entityLook(sp.Name)
			s.mark(sp.Pos(), 1, fg)
		}
	}
	for _, e := range sc.Exits {
		t := e.Tile
		if t == chain.Wall {
			t = chain.DownStairs
		}
		s.mark(e.Pos(), markerSize, sc.Theme.Look(t).FG)
	}
	if sc.Start != nil {
		s.mark(*sc.Start, markerSize, StartColor)
	}
	if sc.ShowRooms {
		s.drawRooms()
	}
}

// px is the pixel offset of tile coordinate t from the origin.
func (s *small) px(t int) int {
	if s.shrink > 1 {
		return (t + s.shrink - 1) / s.shrink
	}
	return t * s.cell
}

// colour is how the tile at p looks small.
func (s *small) colour(p chain.Point) color.RGBA {
	g := s.sc.Map
	w := g.W
	i := p.Y*w + p.X
	t := g.Tiles[i]
	lk := &s.main
	if !s.split.Empty() && s.split.Contains(p) {
		lk = &s.alt
	}
	if t != chain.Wall {
		return lk.c[t]
	}
	// chain.Buried, unrolled inside the map (the hot path of a big map's frame)
	if p.X > 0 && p.Y > 0 && p.X < w-1 && p.Y < g.H-1 {
		ts := g.Tiles
		if ts[i-w-1] == chain.Wall && ts[i-w] == chain.Wall && ts[i-w+1] == chain.Wall &&
			ts[i-1] == chain.Wall && ts[i+1] == chain.Wall &&
			ts[i+w-1] == chain.Wall && ts[i+w] == chain.Wall && ts[i+w+1] == chain.Wall {
			return lk.blank
		}
		return lk.c[t]
	}
	if chain.Buried(g, p) {
		return lk.blank
	}
	return lk.c[t]
}

// drawBlocks draws each tile of area as a cell×cell block.
func (s *small) drawBlocks(area image.Rectangle) {
	n, g := s.cell, s.sc.Map
	t0 := chain.Point{X: floorDiv(area.Min.X-s.origin.X, n), Y: floorDiv(area.Min.Y-s.origin.Y, n)}
	t1 := chain.Point{X: floorDiv(area.Max.X-1-s.origin.X, n), Y: floorDiv(area.Max.Y-1-s.origin.Y, n)}
	for y := max(t0.Y, 0); y <= min(t1.Y, g.H-1); y++ {
		for x := max(t0.X, 0); x <= min(t1.X, g.W-1); x++ {
			p := chain.Point{X: x, Y: y}
			at := s.origin.Add(image.Pt(x*n, y*n))
			s.fill(image.Rect(at.X, at.Y, at.X+n, at.Y+n), s.colour(p))
		}
	}
}

// drawSampled draws each pixel of area as the mean of the tiles sampled in
// the shrink×shrink block it stands for.
func (s *small) drawSampled(area image.Rectangle) {
	k, g := s.shrink, s.sc.Map
	ns := min(k, maxSamples)
	var offs [maxSamples]int
	for i := range ns {
		offs[i] = (2*i + 1) * k / (2 * ns)
	}
	d := s.dst
	for py := area.Min.Y; py < area.Max.Y; py++ {
		ty := (py - s.origin.Y) * k
		row := d.Pix[d.PixOffset(area.Min.X, py):]
		for px := area.Min.X; px < area.Max.X; px++ {
			tx := (px - s.origin.X) * k
			var r, gr, b, a, n uint32
			for _, oy := range offs[:ns] {
				y := ty + oy
				if y >= g.H {
					y = g.H - 1
				}
				for _, ox := range offs[:ns] {
					x := tx + ox
					if x >= g.W {
						x = g.W - 1
					}
					c := s.colour(chain.Point{X: x, Y: y})
					r, gr, b, a = r+uint32(c.R), gr+uint32(c.G), b+uint32(c.B), a+uint32(c.A)
					n++
				}
			}
			i := (px - area.Min.X) * 4
			row[i], row[i+1], row[i+2], row[i+3] = uint8(r/n), uint8(gr/n), uint8(b/n), uint8(a/n)
		}
	}
}

// drawChanged tints the pixels of changed tiles (each pixel once).
func (s *small) drawChanged(area image.Rectangle) {
	if len(s.sc.Changed) == 0 {
		return
	}
	g := s.sc.Map
	done := make([]bool, area.Dx()*area.Dy())
	for _, i := range s.sc.Changed {
		if i < 0 || i >= g.W*g.H {
			continue
		}
		p := g.Pt(i)
		r := s.tileRect(p, 1).Intersect(area)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				j := (y-area.Min.Y)*area.Dx() + x - area.Min.X
				if done[j] {
					continue
				}
				done[j] = true
				o := s.dst.PixOffset(x, y)
				px := s.dst.Pix[o : o+4 : o+4]
				c := tint(color.RGBA{px[0], px[1], px[2], px[3]})
				px[0], px[1], px[2], px[3] = c.R, c.G, c.B, c.A
			}
		}
	}
}

// tileRect is the pixels of tile p, at least min pixels a side (centred on it).
func (s *small) tileRect(p chain.Point, least int) image.Rectangle {
	var at image.Point
	side := s.cell
	if s.shrink > 1 {
		at = s.origin.Add(image.Pt(floorDiv(p.X, s.shrink), floorDiv(p.Y, s.shrink)))
		side = 1
	} else {
		at = s.origin.Add(image.Pt(p.X*s.cell, p.Y*s.cell))
	}
	if side < least {
		at = at.Sub(image.Pt((least-side)/2, (least-side)/2))
		side = least
	}
	return image.Rect(at.X, at.Y, at.X+side, at.Y+side)
}

// mark paints the pixels of tile p, at least least pixels a side, in c.
func (s *small) mark(p chain.Point, least int, c color.RGBA) {
	if !s.sc.Map.In(p) {
		return
	}
	s.fill(s.tileRect(p, least), c)
}

// drawRooms outlines rooms and traces corridors, one pixel wide.
func (s *small) drawRooms() {
	for _, c := range s.sc.Corridors {
		for _, p := range c {
			s.fill(s.tileRect(p, 1), CorridorColor)
		}
	}
	for _, rm := range s.sc.Rooms {
		a, b := s.tileRect(chain.Point{X: rm.X, Y: rm.Y}, 1), s.tileRect(chain.Point{X: rm.X2() - 1, Y: rm.Y2() - 1}, 1)
		r := image.Rectangle{a.Min, b.Max}
		s.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), RoomColor)
		s.fill(image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), RoomColor)
		s.fill(image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), RoomColor)
		s.fill(image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y), RoomColor)
	}
}

// fill paints r (clipped to dst) in c.
func (s *small) fill(r image.Rectangle, c color.RGBA) {
	r = r.Intersect(s.dst.Rect)
	if r.Empty() {
		return
	}
	d := s.dst
	w := r.Dx() * 4
	row := d.Pix[d.PixOffset(r.Min.X, r.Min.Y):]
	first := row[:w]
	for i := 0; i < w; i += 4 {
		first[i], first[i+1], first[i+2], first[i+3] = c.R, c.G, c.B, c.A
	}
	for y := 1; y < r.Dy(); y++ {
		copy(row[y*d.Stride:y*d.Stride+w], first)
	}
}

// entityLook is how the spawn called name is drawn (see frame.entity).
func (sc *Scene) entityLook(name string) (rune, color.RGBA) {
	f := frame{sc: sc}
	return f.entity(name)
}
