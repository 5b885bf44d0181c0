package prefab_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

func TestLegendEveryCharacter(t *testing.T) {
	want := map[string]prefab.Cell{
		"#":      {Tile: chain.Wall},
		" ":      {Tile: chain.Floor},
		".":      {Tile: chain.Floor},
		"\u00a0": {Tile: chain.Floor},
		"≈":      {Tile: chain.DeepWater},
		"@":      {Tile: chain.Floor, Start: true},
		">":      {Tile: chain.DownStairs, Exit: true},
		"g":      {Tile: chain.Floor, Spawn: "Goblin"},
		"o":      {Tile: chain.Floor, Spawn: "Orc"},
		"O":      {Tile: chain.Floor, Spawn: "Orc Leader"},
		"e":      {Tile: chain.Floor, Spawn: "Dark Elf"},
		"^":      {Tile: chain.Floor, Spawn: "Bear Trap"},
		"%":      {Tile: chain.Floor, Spawn: "Rations"},
		"!":      {Tile: chain.Floor, Spawn: "Health Potion"},
		"☼":      {Tile: chain.Floor, Spawn: "Watch Fire"},
	}
	for ch, cell := range want {
		tm, err := prefab.Parse([]string{ch})
		require.NoError(t, err, "%q", ch)
		require.Equal(t, 1, tm.W, "%q", ch)
		assert.Equal(t, cell, tm.At(0, 0), "%q", ch)
	}
}

func TestParseTemplateErrors(t *testing.T) {
	for _, tc := range []struct {
		rows []string
		want []string
	}{
		{[]string{"###", "# x", "###"}, []string{"row 2, column 3", `"x"`}},
		{[]string{"≈≈Z"}, []string{"row 1, column 3", `"Z"`}},
		{[]string{"#", "#\xff#"}, []string{"row 2, column 2", `"\xff"`}},
		{[]string{"#\t#"}, []string{"row 1, column 2", `"\t"`}},
		{nil, []string{"empty"}},
		{[]string{"", ""}, []string{"empty"}},
	} {
		_, err := prefab.Parse(tc.rows)
		require.Error(t, err, "%q", tc.rows)
		for _, w := range tc.want {
			assert.Contains(t, err.Error(), w, "%q", tc.rows)
		}
	}
}

func TestParseTemplateRaggedRowsPadWithWall(t *testing.T) {
	tm, err := prefab.Parse([]string{"g", "   \r", ""})
	require.NoError(t, err)
	assert.Equal(t, 3, tm.W)
	assert.Equal(t, 3, tm.H)
	assert.Equal(t, "Goblin", tm.At(0, 0).Spawn)
	assert.Equal(t, chain.Wall, tm.At(1, 0).Tile)
	assert.Equal(t, chain.Wall, tm.At(2, 0).Tile)
	assert.Equal(t, chain.Floor, tm.At(2, 1).Tile, "the trailing carriage return is dropped")
	assert.Equal(t, chain.Wall, tm.At(0, 2).Tile)
}

func TestBuiltinLibraryParses(t *testing.T) {
	names := prefab.Names()
	assert.Contains(t, names, "wfc_populated")
	assert.Contains(t, names, "orc_camp")
	assert.Contains(t, names, "underground_fort")
	for _, n := range names {
		b, ok := prefab.Lookup(n)
		require.True(t, ok, n)
		_, err := prefab.Parse(b.Rows)
		require.NoError(t, err, n)
	}
	level, _ := prefab.Lookup("wfc_populated")
	assert.Equal(t, 80, level.Template.W)
	assert.Equal(t, 43, level.Template.H)
	_, ok := prefab.Lookup("nope")
	assert.False(t, ok)
}

// The tutorial legend's words, as the prefab builder's help and errors give them.
func TestTutorialHelp(t *testing.T) {
	assert.Equal(t, `'#' wall, ' ' or '.' floor, '≈' deep water, '@' start, '>' down stairs; `+
		`spawns: 'g' Goblin, 'o' Orc, 'O' Orc Leader, 'e' Dark Elf, '^' Bear Trap, '%' Rations, '!' Health Potion, '☼' Watch Fire`,
		prefab.Tutorial().Help())
	assert.Equal(t, []string{"Goblin", "Orc", "Orc Leader", "Dark Elf", "Bear Trap", "Rations", "Health Potion", "Watch Fire"},
		prefab.Tutorial().Entities())
}

func TestLegendWithExtendsACopy(t *testing.T) {
	tut := prefab.Tutorial()
	l := tut.With('k', prefab.Cell{Tile: chain.Floor, Spawn: "Kobold"}).
		With('~', prefab.Cell{Tile: chain.ShallowWater}).
		With('g', prefab.Cell{Tile: chain.Grass, Spawn: "Gnome"}).
		With('?', prefab.Cell{Keep: true})
	tm, err := l.Parse([]string{"k~g?"})
	require.NoError(t, err)
	assert.Equal(t, []prefab.Cell{{Tile: chain.Floor, Spawn: "Kobold"}, {Tile: chain.ShallowWater},
		{Tile: chain.Grass, Spawn: "Gnome"}, {Keep: true}}, tm.Cells)
	assert.True(t, tm.Places("Kobold"))
	assert.False(t, tm.Places("Goblin"))
	assert.Contains(t, l.Help(), "'~' shallow water, '?' keeps the map as it is; spawns: 'g' Gnome on grass, ")
	assert.True(t, strings.HasSuffix(l.Help(), "'☼' Watch Fire, 'k' Kobold"), l.Help())

	_, err = tut.Parse([]string{"k"})
	require.Error(t, err, "the tutorial's legend is unchanged")
	c, ok := tut.Cell('g')
	assert.True(t, ok)
	assert.Equal(t, "Goblin", c.Spawn)
}

func TestFind(t *testing.T) {
	project := map[string][]string{"camp": {"#g#"}, "orc_camp": {"o"}, "bad": {"x"}}
	e, err := prefab.Tutorial().Find("camp", project)
	require.NoError(t, err)
	assert.Equal(t, 3, e.Template.W)
	assert.Empty(t, e.PlaceX, "a project prefab has no placement of its own")
	e, err = prefab.Tutorial().Find("orc_camp", project)
	require.NoError(t, err)
	assert.Equal(t, 1, e.Template.W, "the project's template comes first")
	e, err = prefab.Tutorial().Find("underground_fort", nil)
	require.NoError(t, err)
	assert.Equal(t, "right", e.PlaceX)
	assert.Equal(t, "top", e.PlaceY)

	_, err = prefab.Tutorial().Find("bad", project)
	assert.ErrorContains(t, err, `project prefab "bad": template row 1, column 1: unknown character "x"`)
	_, err = prefab.Tutorial().Find("nope", project)
	assert.EqualError(t, err, `unknown prefab "nope" (built-in: `+strings.Join(prefab.Names(), ", ")+`; project: bad, camp, orc_camp)`)
	_, err = prefab.Tutorial().Find("nope", nil)
	assert.EqualError(t, err, `unknown prefab "nope" (built-in: `+strings.Join(prefab.Names(), ", ")+`)`)
	assert.Equal(t, []string{"totally_not_a_trap", "checkerboard", "silly_smile"}, prefab.Vaults())
}

func FuzzParse(f *testing.F) {
	f.Add("###\n#@#\n###")
	f.Add(" ≈≈☼\n\xff\n")
	f.Add("")
	f.Add("g\r\n  \n>")
	f.Fuzz(func(t *testing.T, text string) {
		rows := strings.Split(text, "\n")
		tm, err := prefab.Parse(rows)
		if err != nil {
			return
		}
		require.Len(t, tm.Cells, tm.W*tm.H)
		require.Equal(t, len(rows), tm.H)
	})
}
