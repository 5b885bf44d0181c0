package prefab

import (
	"errors"
	"fmt"
	"sync"
	"unicode"

	"hewn/chain"
)

// Source is the part of a level Capture reads: its map, start, exits and
// spawns (a chain.State's or a chain.Snapshot's fields; see SourceOf).
type Source struct {
	Map    *chain.Grid
	Start  *chain.Point
	Exits  []chain.Exit
	Spawns []chain.Spawn
}

// SourceOf returns the level s holds.
func SourceOf(s *chain.State) Source {
	return Source{Map: s.Map, Start: s.Start, Exits: s.Exits, Spawns: s.Spawns}
}

// Captured is a rectangle of a level written as template rows: what the
// editor's Lock region (a sectional prefab step at the rectangle's x and y),
// Save selection as prefab and Bake (a level prefab step of the whole map)
// store.
type Captured struct {
	// Rect is the part of the map captured: the rectangle asked for, cut to
	// the map.
	Rect chain.Rect
	// Written holds the rows, one character a tile, the legend they are
	// written in and the characters Capture gave to cells the legend had
	// none for (a tile, an entity, a start or an exit on another tile): a
	// project's legend takes them.
	Written
	// Dropped counts the spawns left out because another spawn stood on the
	// same tile before them (a template cell places one).
	Dropped int
}

// Capture writes the rectangle r of the level src as template rows through l:
// each tile becomes the character of l that lays its tile with the spawn,
// start or exit standing on it, the legend's first such character in its
// order (floor is ' ', the tutorial's). A cell l has no character for gets a
// fresh one (see Captured.Added): an entity's initial when it is free, a
// tile's own glyph when free, else the next free character that REXPaint can
// draw too (CP437), so the rows can always be written to a .xp. Parsing
// Rows with Legend gives back the captured tiles, spawns, start and exits.
func Capture(l *Legend, src Source, r chain.Rect) (*Captured, error) {
	if src.Map == nil {
		return nil, errors.New("capture: no map")
	}
	g := src.Map
	r = r.Intersect(g.Bounds())
	if r.Empty() {
		return nil, errors.New("capture: the rectangle lies off the map")
	}
	cells := make([]Cell, r.W*r.H)
	at := func(p chain.Point) *Cell { return &cells[(p.Y-r.Y)*r.W+p.X-r.X] }
	r.Each(func(p chain.Point) { at(p).Tile = g.At(p) })
	out := &Captured{Rect: r}
	taken := make([]bool, len(cells))
	for _, sp := range src.Spawns {
		if p := sp.Pos(); r.Contains(p) {
			if i := (p.Y-r.Y)*r.W + p.X - r.X; taken[i] {
				out.Dropped++
			} else {
				taken[i], cells[i].Spawn = true, sp.Name
			}
		}
	}
	for _, e := range src.Exits {
		if r.Contains(e.Pos()) {
			at(e.Pos()).Exit = true
		}
	}
	if src.Start != nil && r.Contains(*src.Start) {
		at(*src.Start).Start = true
	}
	written, err := l.Write(&Template{W: r.W, H: r.H, Cells: cells})
	if err != nil {
		return nil, err
	}
	out.Written = *written
	return out, nil
}

// Written is a template written as rows (see Legend.Write).
type Written struct {
	// Rows are the template rows, one character a cell.
	Rows []string
	// Legend is the legend the rows are written in: the one given, extended
	// by Added.
	Legend *Legend
	// Added are the characters given to cells the legend had none for, in
	// the order the rows first use them.
	Added []chain.LegendEntry
}

// Write writes t as template rows in l: each cell becomes l's first
// character (in its order) that decodes to it (floor is ' ', the tutorial's;
// a cell that keeps the map, the legend's keep character). A cell l has no
// character for gets a fresh one, as Capture gives them (see Captured.Added),
// so the rows can always be written to a .xp too. Parsing the rows with the
// returned legend gives back t.
func (l *Legend) Write(t *Template) (*Written, error) {
	out := &Written{Legend: l}
	glyphs := map[Cell]rune{}
	rows := make([]rune, 0, t.W)
	for y := range t.H {
		rows = rows[:0]
		for x := range t.W {
			c := t.Cells[y*t.W+x]
			if c.Keep {
				c = Cell{Keep: true}
			}
			ch, ok := glyphs[c]
			if !ok {
				if ch, ok = out.Legend.Glyph(c); !ok {
					var err error
					if ch, err = fresh(out.Legend, c); err != nil {
						return nil, err
					}
					out.Legend = out.Legend.With(ch, c)
					out.Added = append(out.Added, EntryOf(ch, c))
				}
				glyphs[c] = ch
			}
			rows = append(rows, ch)
		}
		out.Rows = append(out.Rows, string(rows))
	}
	return out, nil
}

// pool is the order fresh characters are tried in, after a cell's own
// suggestions: letters, digits, punctuation, then CP437's other pictures.
var pool = sync.OnceValue(func() []rune {
	out := []rune("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789&*+-=~;:?$\"'`|_/\\()[]{}<,")
	for code := 1; code < 255; code++ {
		if r := cp437[code]; code < 32 || code > 126 {
			out = append(out, r)
		}
	}
	return out
})

// fresh picks a character l does not have for c (see Capture).
func fresh(l *Legend, c Cell) (rune, error) {
	var want []rune
	if c.Spawn != "" {
		for _, r := range c.Spawn {
			want = append(want, unicode.ToLower(r), unicode.ToUpper(r))
			break
		}
	}
	switch {
	case c.Start:
		want = append(want, '☺', '☻')
	case c.Exit:
		want = append(want, '▼', '↓')
	case c.Keep:
		want = append(want, '?', '░')
	case c.Spawn == "":
		want = append(want, c.Tile.Props().Glyph)
	}
	for _, r := range append(want, pool()...) {
		if _, taken := l.cells[r]; taken {
			continue
		}
		if _, ok := CP437Code(r); ok && r != 0 && r != ' ' && r != '\u00a0' {
			return r, nil
		}
	}
	return 0, fmt.Errorf("capture: more kinds of cell than characters to write them with (%d)", len(pool()))
}
