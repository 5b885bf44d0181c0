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
