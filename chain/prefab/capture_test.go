package prefab_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

func TestCaptureWritesTheLevelInTheLegend(t *testing.T) {
	g := chain.NewGrid(10, 6)
	g.Fill(chain.R(1, 1, 8, 4), chain.Floor)
	g.Fill(chain.R(6, 1, 3, 2), chain.Grass)
	g.Set(chain.Point{X: 2, Y: 4}, chain.DeepWater)
	g.Set(chain.Point{X: 8, Y: 4}, chain.DownStairs)
	start := chain.Point{X: 7, Y: 1} // on grass: no tutorial character
	src := prefab.Source{Map: g, Start: &start, Exits: []chain.Exit{{X: 8, Y: 4, Tile: chain.DownStairs}},
		Spawns: []chain.Spawn{{X: 2, Y: 2, Name: "Goblin"}, {X: 3, Y: 2, Name: "Kobold"}, {X: 3, Y: 2, Name: "Bat"},
			{X: 4, Y: 3, Name: "kobold"}, {X: 6, Y: 2, Name: "Goblin"}}}
	c, err := prefab.Capture(prefab.Tutorial(), src, chain.R(0, 0, 12, 6))
	require.NoError(t, err)
	assert.Equal(t, chain.R(0, 0, 10, 6), c.Rect, "cut to the map")
	assert.Equal(t, []string{
		"##########",
		"#     \"☺\"#",
		"# gk  G\"\"#",
		"#   K    #",
		"# ≈     >#",
		"##########",
	}, c.Rows)
	assert.Equal(t, []chain.LegendEntry{
		{Glyph: '"', Tile: chain.Grass},
		{Glyph: '☺', Tile: chain.Grass, Start: true},
		{Glyph: 'k', Tile: chain.Floor, Spawn: "Kobold"},
		{Glyph: 'G', Tile: chain.Grass, Spawn: "Goblin"},
		{Glyph: 'K', Tile: chain.Floor, Spawn: "kobold"},
	}, c.Added)
	assert.Equal(t, 1, c.Dropped, "the bat shares the kobold's tile")

	// The rows parse back, through the extended legend, to what was captured.
	tm, err := c.Legend.Parse(c.Rows)
	require.NoError(t, err)
	for y := range 6 {
		for x := range 10 {
			assert.Equal(t, g.At(chain.Point{X: x, Y: y}), tm.At(x, y).Tile, "(%d,%d)", x, y)
		}
	}
	assert.True(t, tm.At(7, 1).Start)
	assert.True(t, tm.At(8, 4).Exit)
	assert.Equal(t, "Kobold", tm.At(3, 2).Spawn)
	// And they can be written to a REXPaint image.
	_, err = prefab.XPFromRows(c.Rows, func(rune) (prefab.RGB, prefab.RGB) { return prefab.RGB{}, prefab.RGB{} })
	require.NoError(t, err)

	// A part of the map; what lies outside is not captured.
	c, err = prefab.Capture(prefab.Tutorial(), src, chain.R(1, 2, 3, 2))
	require.NoError(t, err)
	assert.Equal(t, []string{" gk", "   "}, c.Rows)
	assert.Equal(t, []chain.LegendEntry{{Glyph: 'k', Tile: chain.Floor, Spawn: "Kobold"}}, c.Added)

	// A legend that has the characters already adds none.
	l, err := prefab.Tutorial().Extend([]chain.LegendEntry{{Glyph: 'K', Tile: chain.Floor, Spawn: "Kobold"}})
	require.NoError(t, err)
	c, err = prefab.Capture(l, src, chain.R(1, 2, 3, 2))
	require.NoError(t, err)
	assert.Equal(t, []string{" gK", "   "}, c.Rows)
	assert.Empty(t, c.Added)

	_, err = prefab.Capture(l, src, chain.R(20, 20, 3, 3))
	assert.EqualError(t, err, "capture: the rectangle lies off the map")
}

func TestLegendEntries(t *testing.T) {
	l, err := prefab.Tutorial().Extend([]chain.LegendEntry{
		{Glyph: 'T', Tile: chain.Grass}, {Glyph: 'D', Tile: chain.Floor, Spawn: "Black Dragon"},
		{Glyph: 'g', Tile: chain.Floor, Spawn: "Goblin"}, // the tutorial's own meaning: fine
		{Glyph: '?', Keep: true}, {Glyph: '<', Tile: chain.UpStairs, Exit: true},
	})
	require.NoError(t, err)
	entries := l.Entries()
	assert.Len(t, entries, 14+4, "the tutorial's (no alias) and the four new")
	assert.Equal(t, chain.LegendEntry{Glyph: '<', Tile: chain.UpStairs, Exit: true}, entries[len(entries)-1])
	g, ok := l.Glyph(prefab.Cell{Tile: chain.Floor})
	assert.True(t, ok)
	assert.Equal(t, ' ', g)
	assert.Contains(t, l.Help(), "'T' grass")
	assert.Contains(t, l.Help(), "'D' Black Dragon")

	for _, tc := range []struct {
		e    chain.LegendEntry
		want string
	}{
		{chain.LegendEntry{Glyph: 'g', Tile: chain.Grass}, "entry 0: 'g' already means Goblin in the legend; pick another character"},
		{chain.LegendEntry{Glyph: '#', Tile: chain.Floor}, "entry 0: '#' already means wall in the legend"},
		{chain.LegendEntry{Glyph: '\t', Tile: chain.Floor}, `entry 0: '\t' cannot stand in a template row`},
		{chain.LegendEntry{Glyph: 'S', Start: true, Exit: true}, "entry 0: a character marks the start or an exit, not both"},
		{chain.LegendEntry{Glyph: 'K', Keep: true, Spawn: "Orc"}, "entry 0: keep leaves the map as it is"},
	} {
		_, err := prefab.Tutorial().Extend([]chain.LegendEntry{tc.e})
		assert.ErrorContains(t, err, tc.want)
	}
	_, err = prefab.Tutorial().Extend([]chain.LegendEntry{{Glyph: 'T', Tile: chain.Grass}, {Glyph: 'T', Tile: chain.Road}})
	assert.EqualError(t, err, "entry 1: 'T' already means grass in the legend; pick another character")
}

// Write gives a template's cells the legend's characters, and fresh ones to
// cells it lacks (a keep cell, grass, a Kobold), so the rows parse back.
func TestWriteGivesFreshCharactersAndParsesBack(t *testing.T) {
	tm := &prefab.Template{W: 3, H: 2, Cells: []prefab.Cell{
		{Tile: chain.Wall}, {Keep: true}, {Tile: chain.Grass},
		{Tile: chain.Floor, Spawn: "Kobold"}, {Tile: chain.Floor, Start: true}, {Tile: chain.Floor, Spawn: "Goblin"},
	}}
	w, err := prefab.Tutorial().Write(tm)
	require.NoError(t, err)
	assert.Equal(t, []string{"#?\"", "k@g"}, w.Rows)
	require.Len(t, w.Added, 3)
	assert.True(t, w.Added[0].Keep)
	back, err := w.Legend.Parse(w.Rows)
	require.NoError(t, err)
	assert.Equal(t, tm, back)
}
