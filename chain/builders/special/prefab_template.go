package special

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain"
)

// Cell is one character of a prefab template, decoded through the legend.
type Cell struct {
	// Tile is the tile the character lays down.
	Tile chain.Tile
	// Spawn names the entity placed on the tile ("" for none).
	Spawn string
	// Start marks the player's start ('@'); Exit marks down stairs ('>').
	Start, Exit bool
}

// Template is a parsed prefab template: W×H cells, row by row.
type Template struct {
	W, H  int
	Cells []Cell
}

// At returns the cell at column x, row y of the template.
func (t *Template) At(x, y int) Cell { return t.Cells[y*t.W+x] }

// LegendHelp describes the prefab legend in words, for forms and error messages.
const LegendHelp = `'#' wall, ' ' or '.' floor, '≈' deep water, '@' start, '>' down stairs; ` +
	`spawns: 'g' Goblin, 'o' Orc, 'O' Orc Leader, 'e' Dark Elf, '^' Bear Trap, '%' Rations, '!' Health Potion, '☼' Watch Fire`

// legendCell decodes one template character (the tutorial's char_to_map, plus
// '.' and the non-breaking space as floor).
func legendCell(r rune) (Cell, bool) {
	floor := func(name string) Cell { return Cell{Tile: chain.Floor, Spawn: name} }
	switch r {
	case '#':
		return Cell{Tile: chain.Wall}, true
	case ' ', '.', '\u00a0':
		return floor(""), true
	case '≈':
		return Cell{Tile: chain.DeepWater}, true
	case '@':
		return Cell{Tile: chain.Floor, Start: true}, true
	case '>':
		return Cell{Tile: chain.DownStairs, Exit: true}, true
	case 'g':
		return floor("Goblin"), true
	case 'o':
		return floor("Orc"), true
	case 'O':
		return floor("Orc Leader"), true
	case 'e':
		return floor("Dark Elf"), true
	case '^':
		return floor("Bear Trap"), true
	case '%':
		return floor("Rations"), true
	case '!':
		return floor("Health Potion"), true
	case '☼':
		return floor("Watch Fire"), true
	}
	return Cell{}, false
}

// ParseTemplate decodes template rows written in the tutorial's prefab legend
// (see LegendHelp). A trailing carriage return on a row is ignored. Rows may
// differ in length: the template is as wide as its longest row, and shorter
// rows are padded with wall (so a trimmed row never opens a hole). Errors name
// the 1-based row and column and quote the offending character.
func ParseTemplate(rows []string) (*Template, error) {
	w := 0
	for _, row := range rows {
		w = max(w, utf8.RuneCountInString(strings.TrimSuffix(row, "\r")))
	}
	if w == 0 {
		return nil, errors.New("the template is empty (give it rows of legend characters: " + LegendHelp + ")")
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
			c, ok := legendCell(r)
			if !ok || (r == utf8.RuneError && size <= 1) {
				return nil, fmt.Errorf("template row %d, column %d: unknown character %s (the legend: %s)",
					y+1, x+1, strconv.Quote(row[i:i+size]), LegendHelp)
			}
			t.Cells[y*w+x] = c
			i += size
			x++
		}
		// The rest of the row stays the zero Cell: a wall.
	}
	return t, nil
}
