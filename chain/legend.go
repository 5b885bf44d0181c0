package chain

// LegendEntry gives a prefab template character a meaning: a project's legend
// is a list of them extending the tutorial's (package chain/prefab decodes
// templates and prefab files with it; Config.Legend carries it into a run).
// Its fields are those of a prefab.Cell: the tile the character lays, the
// entity it places on it ("" for none), whether it marks the start or an
// exit, or whether it keeps the map as it is (the others are then ignored).
type LegendEntry struct {
	Glyph             rune
	Tile              Tile
	Spawn             string
	Start, Exit, Keep bool
}
