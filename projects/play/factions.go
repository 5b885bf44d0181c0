package play

import "hewn/content"

// factions numbers the faction names met in a game (the player's is 0) and
// remembers how each reacts to each (content.Pack.Reaction, a lookup by
// name): creatures ask it for every creature near them every turn. A game's
// pack never changes under it (an edit of the content makes a new pack).
type factions struct {
	index map[string]int
	names []string
	react [][]content.Response // [mine][theirs], "" until looked up
	// [mine][theirs]: mine does not ignore theirs (reactsRow)
	rows [][]bool
	// on the level: the factions of its creatures (present) and, per
	// faction, whether it reacts to any of them (0 unknown, 1 no, 2 yes)
	present []bool
	reacts  []int8
}

// levelFactions notes the factions of the level's creatures (placed when it
// is entered; one placed later is noted by placed).
func (g *Game) levelFactions() {
	f := &g.facs
	f.present = make([]bool, len(f.names))
	f.reacts = make([]int8, len(f.names))
	for _, c := range g.Creatures {
		f.present[c.fac] = true
	}
}

// placed notes the faction of a creature placed on the level.
func (g *Game) placed(c *Creature) {
	f := &g.facs
	if c.fac < len(f.present) && !f.present[c.fac] {
		f.present[c.fac] = true
		clear(f.reacts)
	}
}

// reactsToAny reports whether creature c reacts (attacks or flees) to any
// faction of the level's creatures: when it does not, it has no creature to
// look for.
func (g *Game) reactsToAny(c *Creature) bool {
	f := &g.facs
	if c.fac >= len(f.reacts) {
		return true // (not noted: look)
	}
	if f.reacts[c.fac] == 0 {
		f.reacts[c.fac] = 1
		for theirs, ok := range f.present {
			if ok && g.reaction(c, theirs) != content.Ignore {
				f.reacts[c.fac] = 2
				break
			}
		}
	}
	return f.reacts[c.fac] == 2
}

// factionOf returns the number of faction name, numbering it when new.
func (g *Game) factionOf(name string) int {
	f := &g.facs
	if f.index == nil {
		f.index, f.names = map[string]int{PlayerFaction: 0}, []string{PlayerFaction}
	}
	i, ok := f.index[name]
	if !ok {
		i = len(f.names)
		f.index[name] = i
		f.names = append(f.names, name)
	}
	return i
}

// reaction is how creature c reacts to faction theirs (a number of factionOf).
func (g *Game) reaction(c *Creature, theirs int) content.Response {
	f := &g.facs
	mine := c.fac
	for len(f.react) <= mine {
		f.react = append(f.react, nil)
	}
	row := f.react[mine]
	if len(row) <= theirs {
		row = append(row, make([]content.Response, theirs+1-len(row))...)
		f.react[mine] = row
	}
	if row[theirs] == "" {
		row[theirs] = g.pack.Reaction(f.names[mine], f.names[theirs])
	}
	return row[theirs]
}

// reactsRow returns, per faction number, whether c reacts (attacks or
// flees) to the faction.
func (g *Game) reactsRow(c *Creature) []bool {
	f := &g.facs
	for len(f.rows) <= c.fac {
		f.rows = append(f.rows, nil)
	}
	row := f.rows[c.fac]
	if len(row) != len(f.names) {
		row = make([]bool, len(f.names))
		for t := range row {
			row[t] = g.reaction(c, t) != content.Ignore
		}
		f.rows[c.fac] = row
	}
	return row
}
