// Package prefab holds hand-drawn map content: the prefab legend (which
// character lays down which tile, entity, start or exit), templates written in
// it, and the built-in templates (the tutorial's levels, sections and room
// vaults). The prefab builder and projects use it; it imports only chain.
package prefab

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"hewn/chain"
)

// Cell is one character of a prefab template, decoded through a legend.
type Cell struct {
	// Tile is the tile the character lays down.
	Tile chain.Tile
	// Spawn names the entity placed on the tile ("" for none).
	Spawn string
	// Start marks the player's start ('@'); Exit marks down stairs ('>').
	Start, Exit bool
	// Keep leaves the map as it is under the character (its tile, and the
	// spawn, exit or start on it); the other fields are then ignored. The
	// tutorial's legend has no such character; an extended one may.
	Keep bool
}

// Template is a parsed prefab template: W×H cells, row by row.
type Template struct {
	W, H  int
	Cells []Cell
}

// At returns the cell at column x, row y of the template.
func (t *Template) At(x, y int) Cell { return t.Cells[y*t.W+x] }

// Places reports whether the template places the entity named name.
func (t *Template) Places(name string) bool {
	return slices.ContainsFunc(t.Cells, func(c Cell) bool { return !c.Keep && c.Spawn == name })
}

// Legend maps template characters to cells. A Legend is never changed once
// made (With returns a new one), so it may be shared.
type Legend struct {
	entries []entry
	cells   map[rune]Cell
}

type entry struct {
	glyph rune
	cell  Cell
	// quiet characters work but are left out of Help (an alias, such as the
	// non-breaking space for floor).
	quiet bool
}

// floorWith is a floor cell with the named entity on it.
func floorWith(name string) Cell { return Cell{Tile: chain.Floor, Spawn: name} }

// tutorial is the tutorial's char_to_map, plus '.' and the non-breaking space
// as floor.
var tutorial = newLegend([]entry{
	{glyph: '#', cell: Cell{Tile: chain.Wall}},
	{glyph: ' ', cell: Cell{Tile: chain.Floor}},
	{glyph: '.', cell: Cell{Tile: chain.Floor}},
	{glyph: '\u00a0', cell: Cell{Tile: chain.Floor}, quiet: true},
	{glyph: '≈', cell: Cell{Tile: chain.DeepWater}},
	{glyph: '@', cell: Cell{Tile: chain.Floor, Start: true}},
	{glyph: '>', cell: Cell{Tile: chain.DownStairs, Exit: true}},
	{glyph: 'g', cell: floorWith("Goblin")},
	{glyph: 'o', cell: floorWith("Orc")},
	{glyph: 'O', cell: floorWith("Orc Leader")},
	{glyph: 'e', cell: floorWith("Dark Elf")},
	{glyph: '^', cell: floorWith("Bear Trap")},
	{glyph: '%', cell: floorWith("Rations")},
	{glyph: '!', cell: floorWith("Health Potion")},
	{glyph: '☼', cell: floorWith("Watch Fire")},
})

func newLegend(entries []entry) *Legend {
	l := &Legend{entries: entries, cells: make(map[rune]Cell, len(entries))}
	for _, e := range entries {
		l.cells[e.glyph] = e.cell
	}
	return l
}

// Tutorial returns the tutorial's legend: '#' wall, ' ' or '.' floor, '≈'
// deep water, '@' start, '>' down stairs, and the spawns 'g' Goblin, 'o' Orc,
// 'O' Orc Leader, 'e' Dark Elf, '^' Bear Trap, '%' Rations, '!' Health
// Potion and '☼' Watch Fire (Help words it).
func Tutorial() *Legend { return tutorial }

// With returns a copy of l where glyph decodes to c: a new character, or a
// new meaning for one l has (in place, so Help keeps its order). For example
// l.With('k', prefab.Cell{Tile: chain.Floor, Spawn: "Kobold"}) places a
// Kobold on floor, l.With('~', prefab.Cell{Tile: chain.ShallowWater}) lays
// shallow water.
func (l *Legend) With(glyph rune, c Cell) *Legend {
	entries := slices.Clone(l.entries)
	if i := slices.IndexFunc(entries, func(e entry) bool { return e.glyph == glyph }); i >= 0 {
		entries[i] = entry{glyph: glyph, cell: c}
	} else {
		entries = append(entries, entry{glyph: glyph, cell: c})
	}
	return newLegend(entries)
}

// Cell decodes one character, reporting whether the legend has it.
func (l *Legend) Cell(glyph rune) (Cell, bool) {
	c, ok := l.cells[glyph]
	return c, ok
}

// Entities lists the entities the legend places, in its order, each once.
func (l *Legend) Entities() []string {
	var out []string
	for _, e := range l.entries {
		if e.cell.Spawn != "" && !e.cell.Keep && !slices.Contains(out, e.cell.Spawn) {
			out = append(out, e.cell.Spawn)
		}
	}
	return out
}

// Help describes the legend in words, for forms and error messages: its
// characters in order (those that mean the same are joined with "or"), then
// the ones that place an entity after "spawns:".
func (l *Legend) Help() string {
	var tiles, spawns []string
	for i := 0; i < len(l.entries); {
		e := l.entries[i]
		glyphs := []string{quoteGlyph(e.glyph)}
		j := i + 1
		for ; j < len(l.entries) && l.entries[j].cell == e.cell; j++ {
			if !l.entries[j].quiet {
				glyphs = append(glyphs, quoteGlyph(l.entries[j].glyph))
			}
		}
		i = j
		if e.quiet {
			continue
		}
		text := strings.Join(glyphs, " or ") + " " + cellWords(e.cell)
		if e.cell.Spawn != "" && !e.cell.Keep {
			spawns = append(spawns, text)
		} else {
			tiles = append(tiles, text)
		}
	}
	s := strings.Join(tiles, ", ")
	if len(spawns) > 0 {
		s += "; spawns: " + strings.Join(spawns, ", ")
	}
	return s
}

func quoteGlyph(r rune) string { return "'" + string(r) + "'" }

// tileWords is a tile's name in words ("down stairs").
func tileWords(t chain.Tile) string { return strings.ReplaceAll(t.String(), "_", " ") }

// Words says what the cell lays down, in words: "wall", "start", "Goblin",
// "Kobold on grass", "keeps the map as it is".
func (c Cell) Words() string { return cellWords(c) }

// cellWords says what a cell does: "wall", "start", "Goblin", "Kobold on grass".
func cellWords(c Cell) string {
	switch {
	case c.Keep:
		return "keeps the map as it is"
	case c.Spawn != "" && c.Tile == chain.Floor:
		return c.Spawn
	case c.Spawn != "":
		return c.Spawn + " on " + tileWords(c.Tile)
	case c.Start && c.Tile == chain.Floor:
		return "start"
	case c.Start:
		return "start on " + tileWords(c.Tile)
	}
	return tileWords(c.Tile) // an exit's tile names it: down stairs
}

// CharError is Parse's error for a character the legend does not know.
type CharError struct {
	// Row and Column locate the character (1-based, in characters).
	Row, Column int
	// Char is the character's bytes (not UTF-8 when the row is not).
	Char string
	// Legend is the legend's Help.
	Legend string
}

// Error reads "template row 2, column 3: unknown character "x" (the legend: ...)".
func (e *CharError) Error() string {
	return fmt.Sprintf("template row %d, column %d: unknown character %s (the legend: %s)", e.Row, e.Column, strconv.Quote(e.Char), e.Legend)
}

// Parse decodes template rows written in the tutorial's legend (see
// Legend.Parse).
func Parse(rows []string) (*Template, error) { return tutorial.Parse(rows) }

// Parse decodes template rows written in l. A trailing carriage return on a
// row is ignored. Rows may differ in length: the template is as wide as its
// longest row, and shorter rows are padded with wall (so a trimmed row never
// opens a hole). Errors name the 1-based row and column and quote the
// offending character.
func (l *Legend) Parse(rows []string) (*Template, error) {
	w := 0
	for _, row := range rows {
		w = max(w, utf8.RuneCountInString(strings.TrimSuffix(row, "\r")))
	}
	if w == 0 {
		return nil, errors.New("the template is empty (give it rows of legend characters: " + l.Help() + ")")
	}
	if w > chain.MaxSize || len(rows) > chain.MaxSize {
		return nil, fmt.Errorf("the template is %d×%d, larger than the largest map (%d×%d)", w, len(rows), chain.MaxSize, chain.MaxSize)
	}
	t := &Template{W: w, H: len(rows), Cells: make([]Cell, w*len(rows))}
	for y, row := range rows {
		row = strings.TrimSuffix(row, "\r")
		x := 0
		for i := 0; i < len(row); {
			r, size := utf8.DecodeRuneInString(row[i:])
			c, ok := l.cells[r]
			if !ok || (r == utf8.RuneError && size <= 1) {
				return nil, &CharError{Row: y + 1, Column: x + 1, Char: row[i : i+size], Legend: l.Help()}
			}
			t.Cells[y*w+x] = c
			i += size
			x++
		}
		// The rest of the row stays the zero Cell: a wall.
	}
	return t, nil
}

// CellOf returns the cell a legend entry gives its character.
func CellOf(e chain.LegendEntry) Cell {
	if e.Keep {
		return Cell{Keep: true}
	}
	return Cell{Tile: e.Tile, Spawn: e.Spawn, Start: e.Start, Exit: e.Exit}
}

// EntryOf returns the legend entry that gives glyph the cell c.
func EntryOf(glyph rune, c Cell) chain.LegendEntry {
	return chain.LegendEntry{Glyph: glyph, Tile: c.Tile, Spawn: c.Spawn, Start: c.Start, Exit: c.Exit, Keep: c.Keep}
}

// Entries lists the legend's characters and their cells in its order,
// leaving out the quiet aliases (the non-breaking space for floor).
func (l *Legend) Entries() []chain.LegendEntry {
	out := make([]chain.LegendEntry, 0, len(l.entries))
	for _, e := range l.entries {
		if !e.quiet {
			out = append(out, EntryOf(e.glyph, e.cell))
		}
	}
	return out
}

// Glyph returns the legend's first character (in its order, aliases last)
// that decodes to exactly c, reporting whether there is one.
func (l *Legend) Glyph(c Cell) (rune, bool) {
	if c.Keep {
		c = Cell{Keep: true}
	}
	for _, e := range l.entries {
		if !e.quiet && e.cell == c {
			return e.glyph, true
		}
	}
	return 0, false
}

// CheckEntry reports why l cannot take the entry e (nil when it can): a
// character that is not one printable character, or one l already has with
// another meaning (a project's legend extends the tutorial's and may not
// change what its characters mean). An entry l already has with the same
// meaning is fine.
func (l *Legend) CheckEntry(e chain.LegendEntry) error {
	switch {
	case e.Glyph == utf8.RuneError || !utf8.ValidRune(e.Glyph):
		return fmt.Errorf("%s is not a character", strconv.QuoteRune(e.Glyph))
	case unicode.IsControl(e.Glyph) || (unicode.IsSpace(e.Glyph) && e.Glyph != ' ' && e.Glyph != '\u00a0'):
		return fmt.Errorf("%s cannot stand in a template row (pick a printable character)", strconv.QuoteRune(e.Glyph))
	case e.Keep && (e.Spawn != "" || e.Start || e.Exit || e.Tile != chain.Wall):
		return errors.New("keep leaves the map as it is: give it no tile, entity, start or exit")
	case e.Start && e.Exit:
		return errors.New("a character marks the start or an exit, not both")
	}
	if have, ok := l.cells[e.Glyph]; ok && have != CellOf(e) {
		return fmt.Errorf("%s already means %s in the legend; pick another character", quoteGlyph(e.Glyph), cellWords(have))
	}
	return nil
}

// Extend returns l with the entries added in order (see CheckEntry), or the
// first entry's error, "entry 2: 'g' already means Goblin in the legend; ...".
func (l *Legend) Extend(entries []chain.LegendEntry) (*Legend, error) {
	for i, e := range entries {
		if err := l.CheckEntry(e); err != nil {
			return nil, fmt.Errorf("entry %d: %w", i, err)
		}
		if _, same := l.cells[e.Glyph]; !same {
			l = l.With(e.Glyph, CellOf(e))
		}
	}
	return l, nil
}

// ForRun returns the legend of a run's templates and prefab files: the
// tutorial's, extended by the run's own (chain.State.Legend, a project's).
func ForRun(s *chain.State) (*Legend, error) {
	if len(s.Legend) == 0 {
		return tutorial, nil
	}
	l, err := tutorial.Extend(s.Legend)
	if err != nil {
		return nil, fmt.Errorf("the project's legend: %w", err)
	}
	return l, nil
}

// Crop returns the top-left w×h part of t (w ≤ t.W, h ≤ t.H).
func (t *Template) Crop(w, h int) *Template {
	c := &Template{W: w, H: h, Cells: make([]Cell, w*h)}
	for y := range h {
		copy(c.Cells[y*w:(y+1)*w], t.Cells[y*t.W:y*t.W+w])
	}
	return c
}
