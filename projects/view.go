package projects

import (
	"fmt"
	"image/color"
	"strings"
	"unicode/utf8"

	"hewn/chain"
	"hewn/content"
)

// View is a generated level as the editor's map view draws it (without the
// step highlight and the rooms overlay), cell by cell: the level's theme (its
// split theme inside the split's region), box-drawn walls and walls buried in
// rock left blank (chain.DrawnGlyph); over the tiles, the spawns in their
// entity's glyph and colour (content.EntityLooks), the exits and the start
// '@'. It is what a game draws to show the designer's map as the designer
// saw it; the runtime module returns it as JSON.
type View struct {
	// Format is ViewFormat.
	Format string `json:"format"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Glyphs holds one string per row, one glyph per cell.
	Glyphs []string `json:"glyphs"`
	// FG and BG hold one string per row: each cell's foreground (background)
	// colour as six hex digits, RRGGBB.
	FG []string `json:"fg"`
	BG []string `json:"bg"`
}

// tileLooks is a theme resolved per tile type (tile types past the known
// ones look like walls, as the map view draws them).
type tileLooks struct {
	l   [256]chain.Look
	box bool
}

func resolveLooks(th chain.Theme) *tileLooks {
	lk := &tileLooks{box: th.BoxWalls}
	n := len(chain.Tiles())
	for i := range lk.l {
		if i < n {
			lk.l[i] = th.Look(chain.Tile(i))
		} else {
			lk.l[i] = lk.l[chain.Wall]
		}
	}
	return lk
}

// View draws the generated level (see View).
func (g *Generated) View() View {
	s := g.Result.State
	m := s.Map
	main, split, region := g.Project.Theme(g.Index)
	lks := resolveLooks(main)
	var alt *tileLooks
	var altRect chain.Rect
	if split != nil {
		if r, ok := chain.RegionRect(region, m.W, m.H); ok {
			alt, altRect = resolveLooks(*split), r
		}
	}
	lookFor := func(p chain.Point, t chain.Tile) chain.Look {
		lk := lks
		if alt != nil && altRect.Contains(p) {
			lk = alt
		}
		l := lk.l[t]
		l.Glyph = chain.DrawnGlyph(m, p, t, l.Glyph, lk.box)
		return l
	}
	cells := make([]chain.Look, len(m.Tiles))
	for i, t := range m.Tiles {
		cells[i] = lookFor(m.Pt(i), t)
	}
	overlay := func(p chain.Point, glyph rune, fg color.RGBA) {
		if m.In(p) {
			c := &cells[m.Idx(p)]
			c.Glyph, c.FG = glyph, fg
		}
	}
	entity := content.EntityLooks(g.Pack)
	for _, sp := range s.Spawns {
		glyph, fg, ok := entity(sp.Name)
		if !ok {
			glyph, _ = utf8.DecodeRuneInString(sp.Name)
			if glyph == utf8.RuneError {
				glyph = '?'
			}
			fg = chain.EntityFallback
		}
		overlay(sp.Pos(), glyph, fg)
	}
	for _, e := range s.Exits {
		t := e.Tile
		if t == chain.Wall {
			t = chain.DownStairs
		}
		if m.In(e.Pos()) {
			l := lookFor(e.Pos(), t)
			overlay(e.Pos(), l.Glyph, l.FG)
		}
	}
	if s.Start != nil {
		overlay(*s.Start, '@', chain.StartColor)
	}
	v := View{Format: ViewFormat, Width: m.W, Height: m.H, Glyphs: make([]string, m.H), FG: make([]string, m.H), BG: make([]string, m.H)}
	var gb, fb, bb strings.Builder
	for y := 0; y < m.H; y++ {
		gb.Reset()
		fb.Reset()
		bb.Reset()
		for _, c := range cells[y*m.W : (y+1)*m.W] {
			gb.WriteRune(c.Glyph)
			fmt.Fprintf(&fb, "%02X%02X%02X", c.FG.R, c.FG.G, c.FG.B)
			fmt.Fprintf(&bb, "%02X%02X%02X", c.BG.R, c.BG.G, c.BG.B)
		}
		v.Glyphs[y], v.FG[y], v.BG[y] = gb.String(), fb.String(), bb.String()
	}
	return v
}

// Look returns how the cell (x, y) is drawn; ok is false off the view.
func (v View) Look(x, y int) (l chain.Look, ok bool) {
	if x < 0 || y < 0 || x >= v.Width || y >= v.Height || y >= len(v.Glyphs) {
		return chain.Look{}, false
	}
	row := []rune(v.Glyphs[y])
	if x >= len(row) || len(v.FG[y]) < 6*(x+1) || len(v.BG[y]) < 6*(x+1) {
		return chain.Look{}, false
	}
	fg, err1 := chain.ParseHex("#" + v.FG[y][6*x:6*x+6])
	bg, err2 := chain.ParseHex("#" + v.BG[y][6*x:6*x+6])
	return chain.Look{Glyph: row[x], FG: fg, BG: bg}, err1 == nil && err2 == nil
}
