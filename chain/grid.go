package chain

// Grid is a rectangular map of tiles, stored row by row.
type Grid struct {
	W, H  int
	Tiles []Tile
}

// NewGrid returns a w×h grid filled with walls.
func NewGrid(w, h int) *Grid { return &Grid{W: w, H: h, Tiles: make([]Tile, w*h)} }

// Clone returns a deep copy of g.
func (g *Grid) Clone() *Grid {
	return &Grid{W: g.W, H: g.H, Tiles: append([]Tile(nil), g.Tiles...)}
}

// Bounds is the rectangle covering the whole grid.
func (g *Grid) Bounds() Rect { return Rect{0, 0, g.W, g.H} }

// In reports whether p lies on the grid.
func (g *Grid) In(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < g.W && p.Y < g.H }

// Idx is the index of p in Tiles. p must be on the grid.
func (g *Grid) Idx(p Point) int { return p.Y*g.W + p.X }

// Pt is the point at index i of Tiles.
func (g *Grid) Pt(i int) Point { return Point{i % g.W, i / g.W} }

// At returns the tile at p; off-grid points read as Wall.
func (g *Grid) At(p Point) Tile {
	if !g.In(p) {
		return Wall
	}
	return g.Tiles[p.Y*g.W+p.X]
}

// Set writes t at p; off-grid writes are ignored, so builders can never write out of bounds.
func (g *Grid) Set(p Point, t Tile) {
	if g.In(p) {
		g.Tiles[p.Y*g.W+p.X] = t
	}
}

// Walkable reports whether p is on the grid and walkable.
func (g *Grid) Walkable(p Point) bool { return g.In(p) && g.Tiles[p.Y*g.W+p.X].Walkable() }

// Fill sets every tile of r (clipped to the grid) to t.
func (g *Grid) Fill(r Rect, t Tile) {
	r = r.Intersect(g.Bounds())
	if r.Empty() {
		return
	}
	if r.W == g.W { // whole rows: one run of tiles
		fillTiles(g.Tiles[r.Y*g.W:r.Y2()*g.W], t)
		return
	}
	for y := r.Y; y < r.Y2(); y++ {
		fillTiles(g.Tiles[y*g.W+r.X:y*g.W+r.X2()], t)
	}
}

// fillTiles sets every tile of run to t: cleared at once for wall (the zero
// tile), else copied in doubling blocks.
func fillTiles(run []Tile, t Tile) {
	if t == Wall {
		clear(run)
		return
	}
	run[0] = t
	for n := 1; n < len(run); n *= 2 {
		copy(run[n:], run[:n])
	}
}

// Count returns how many tiles satisfy f.
func (g *Grid) Count(f func(Tile) bool) int {
	n := 0
	for _, t := range g.Tiles {
		if f(t) {
			n++
		}
	}
	return n
}

// Inner reports whether p is on the grid and not on its outer border.
func (g *Grid) Inner(p Point) bool { return p.X > 0 && p.Y > 0 && p.X < g.W-1 && p.Y < g.H-1 }

// WallBorder turns the outermost ring of tiles into walls.
func (g *Grid) WallBorder() {
	for x := 0; x < g.W; x++ {
		g.Tiles[x] = Wall
		g.Tiles[(g.H-1)*g.W+x] = Wall
	}
	for y := 0; y < g.H; y++ {
		g.Tiles[y*g.W] = Wall
		g.Tiles[y*g.W+g.W-1] = Wall
	}
}
