package prefabedit

import (
	"fmt"
	"image/color"
	"slices"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/paint"
	"hewn/ui/render"
)

// keepLook draws "keep what is there" in the palette.
var keepLook = chain.Look{Glyph: '?', FG: color.RGBA{0xFF, 0x80, 0xFF, 0xFF}, BG: color.RGBA{0x40, 0x00, 0x40, 0xFF}}

// refreshBrushes lists the brushes: the legend's characters, then the tile
// kinds, the content pack's entities and "keep what is there" that it has
// no character for (painting one gives it a character of its own in the
// project's legend), each drawn in the painter's theme.
func (p *Panel) refreshBrushes() {
	pr := p.h.Project()
	l := pr.PrefabLegend()
	sc := &render.Scene{}
	p.style(sc)
	subject := brushSubject{legend: pr.Legend, pack: p.h.Pack(), theme: sc.Theme.Name, themes: pr.Themes, looks: sc.Entity != nil}
	if subject.same(p.brushesOf) {
		return
	}
	p.brushesOf = subject
	look := func(c prefab.Cell) (rune, color.RGBA, color.RGBA) {
		lk := sc.Theme.Look(c.Tile)
		switch {
		case c.Keep:
			return keepLook.Glyph, keepLook.FG, keepLook.BG
		case c.Spawn != "":
			g, fg := []rune(c.Spawn)[0], render.EntityFallback
			if sc.Entity != nil {
				if eg, efg, ok := sc.Entity(c.Spawn); ok {
					g, fg = eg, efg
				}
			}
			return g, fg, lk.BG
		case c.Start:
			return '@', render.StartColor, lk.BG
		}
		return lk.Glyph, lk.FG, lk.BG
	}
	var cells []prefab.Cell
	var brushes []paint.Brush
	add := func(c prefab.Cell, label, group string) {
		g, fg, bg := look(c)
		cells = append(cells, c)
		brushes = append(brushes, paint.Brush{Label: label, Glyph: g, FG: fg, BG: bg, Group: group})
	}
	for _, e := range l.Entries() {
		c := prefab.CellOf(e)
		if first, _ := l.Glyph(c); first != e.Glyph {
			continue // an alias ('.' beside ' ' for floor)
		}
		add(c, fmt.Sprintf("'%c' %s", e.Glyph, c.Words()), "legend")
	}
	for _, t := range chain.Tiles() {
		if c := (prefab.Cell{Tile: t}); !has(l, c) {
			add(c, c.Words(), "tile")
		}
	}
	if pk := p.h.Pack(); pk != nil {
		for _, n := range pk.Names() {
			if c := (prefab.Cell{Tile: chain.Floor, Spawn: n}); !has(l, c) {
				add(c, n, "entity")
			}
		}
	}
	if c := (prefab.Cell{Keep: true}); !has(l, c) {
		add(c, "keep what is there", "mark")
	}
	p.brushes = cells
	p.pal.SetBrushes(brushes)
	if i := p.pal.Selected(); i >= 0 {
		p.brush = cells[i]
	}
}

// brushSubject is what the brushes are drawn from: the legend, the pack,
// the theme (the project's themes, edited as a whole new list each time)
// and whether entity looks were there.
type brushSubject struct {
	legend []projects.LegendEntry
	pack   *content.Pack
	theme  string
	themes []chain.Theme
	looks  bool
}

func (a brushSubject) same(b brushSubject) bool {
	return slices.Equal(a.legend, b.legend) && a.pack == b.pack && a.theme == b.theme && a.looks == b.looks &&
		len(a.themes) == len(b.themes) && (len(a.themes) == 0 || &a.themes[0] == &b.themes[0])
}

func has(l *prefab.Legend, c prefab.Cell) bool {
	_, ok := l.Glyph(c)
	return ok
}

// pickCell makes c the brush, selecting its palette entry (an entity the
// palette lacks, as a spawn of a pack that no longer has it, is kept as the
// brush all the same).
func (p *Panel) pickCell(c prefab.Cell) {
	p.brush = c
	for i, b := range p.brushes {
		if b == c {
			p.pal.Select(i)
			return
		}
	}
}
