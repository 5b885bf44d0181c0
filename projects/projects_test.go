package projects

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const v1 = `{
  "version": 1, "name": "Bracketon", "seed": 1234, "content": "spawns.json",
  "themes": [ { "name": "limestone2", "tiles": { "wall": { "glyph": "#", "fg": "#A0A0A0", "bg": "#000000" } } } ],
  "prefabs": [ { "name": "orc_camp2", "template": [ "#####", "#o O#", "#####" ] } ],
  "levels": [ { "depth": 1, "name": "Start", "theme": "limestone2", "seed": null,
                "chain": { "width": 40, "height": 20, "steps": [ { "builder": "simple_map" } ] } },
              { "depth": 2, "name": "Pinned", "seed": 99, "theme_split": { "region": "right_half", "theme": "dungeon" },
                "chain": { "width": 40, "height": 20, "steps": [ { "builder": "simple_map", "params": { "max_rooms": 5 }, "enabled": false, "note": "off" } ] } } ]
}`

func TestRoundTrip(t *testing.T) {
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	assert.Equal(t, "Bracketon", p.Name)
	assert.Equal(t, uint64(1234), p.Seed)
	require.Len(t, p.Levels, 2)
	assert.Equal(t, uint64(99), *p.Levels[1].Seed)
	assert.True(t, p.Levels[1].Chain.Steps[0].Disabled)
	assert.Equal(t, 5, p.Levels[1].Chain.Steps[0].Params["max_rooms"])
	assert.Equal(t, "Pinned", p.Levels[1].Chain.Name, "chain name mirrors the level")
	a, err := p.Bytes()
	require.NoError(t, err)
	q, err := Decode(a)
	require.NoError(t, err)
	b, err := q.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b), "encode(decode(encode)) is stable")
	assert.Contains(t, string(a), `"seed": null`)
	assert.Contains(t, string(a), `"enabled": false`)
}

func TestCloneIsDeep(t *testing.T) {
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	q := p.Clone()
	q.Levels[0].Chain.Steps[0].Builder = "x"
	*q.Levels[1].Seed = 5
	q.Themes[0].Tiles["floor"] = q.Themes[0].Tiles["wall"]
	q.Prefabs[0].Template[0] = "....."
	assert.Equal(t, "simple_map", p.Levels[0].Chain.Steps[0].Builder)
	assert.Equal(t, uint64(99), *p.Levels[1].Seed)
	assert.NotContains(t, p.Themes[0].Tiles, "floor")
	assert.Equal(t, "#####", p.Prefabs[0].Template[0])
}

func TestDecodeErrorsNamePaths(t *testing.T) {
	cases := map[string]struct{ in, want string }{
		"bad param":     {`{"version":1,"name":"x","seed":1,"levels":[{"depth":1,"name":"a","chain":{"steps":[{"builder":"simple_map","params":{"max_rooms":"many"}}]}}]}`, `levels[0].chain.steps[0].params.max_rooms: "many" is not a number`},
		"unknown key":   {`{"version":1,"name":"x","seed":1,"levelz":[]}`, `levelz: unknown key "levelz"`},
		"no levels":     {`{"version":1,"name":"x","seed":1}`, `levels: missing`},
		"newer":         {`{"format":"hewn.project/9","levels":[]}`, `format: "hewn.project/9" is newer than this Hewn reads (hewn.project/2); update Hewn`},
		"other kind":    {`{"format":"hewn.chain/1","levels":[]}`, `format: "hewn.chain/1" is not a project document (want hewn.project/2)`},
		"version 7":     {`{"version":7,"levels":[]}`, `version: 7 is not 1 (a newer project names its format instead: "format": "hewn.project/2")`},
		"both":          {`{"format":"hewn.project/2","version":1,"levels":[]}`, `version: unknown key "version"`},
		"syntax":        {"{\n  \"name\": \"x\",\n  oops\n}", `line 3:3`},
		"split region":  {`{"version":1,"levels":[{"depth":1,"name":"a","theme_split":{"region":"middle","theme":"x"},"chain":{"steps":[]}}]}`, `levels[0].theme_split.region: "middle" is not one of`},
		"width":         {`{"version":1,"levels":[{"depth":1,"name":"a","chain":{"width":5000,"steps":[]}}]}`, `levels[0].chain.width: 5000 is out of range`},
		"bad theme":     {`{"version":1,"themes":[{"name":"t","tiles":{"wall":{"glyph":"##","fg":"#000000","bg":"#000000"}}}],"levels":[]}`, `themes[0].tiles.wall.glyph: "##" is not exactly one character`},
		"unknown tile":  {`{"version":1,"themes":[{"name":"t","tiles":{"lava":{"glyph":"#","fg":"#000000","bg":"#000000"}}}],"levels":[]}`, `themes[0].tiles.lava: unknown tile "lava" (want wall, floor,`},
		"bad colour":    {`{"version":1,"themes":[{"name":"t","tiles":{"wall":{"glyph":"#","fg":"red","bg":"#000000"}}}],"levels":[]}`, `themes[0].tiles.wall.fg: "red" is not a colour (want #RRGGBB)`},
		"prefab row":    {`{"version":1,"prefabs":[{"name":"p","template":["#",1]}],"levels":[]}`, `prefabs[0].template[1]: 1 is not a string`},
		"prefab name":   {`{"version":1,"prefabs":[{"template":["#"]}],"levels":[]}`, `prefabs[0].name: missing`},
		"seed":          {`{"version":1,"seed":-4,"levels":[]}`, `seed: -4 is not a non-negative integer seed`},
		"settings":      {`{"version":1,"settings":{"cell_size":"big"},"levels":[]}`, `settings.cell_size: "big" is not an integer`},
		"level not obj": {`{"version":1,"levels":[3]}`, `levels[0]: 3 is not a level object`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Decode([]byte(c.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestMigrateV0(t *testing.T) {
	old := `{"name":"Old","master_seed":77,"levels":[{"depth":3,"name":"Cave","width":30,"height":20,"steps":[{"builder":"simple_map"}]}]}`
	p, err := Decode([]byte(old))
	require.NoError(t, err)
	assert.Equal(t, uint64(77), p.Seed)
	require.Len(t, p.Levels, 1)
	assert.Equal(t, 30, p.Levels[0].Chain.Width)
	assert.Equal(t, 20, p.Levels[0].Chain.Height)
	b, err := p.Bytes()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "{\n  \"format\": \"hewn.project/2\",\n"), "saved in the newest format")
	assert.NotContains(t, string(b), "master_seed")
	assert.NotContains(t, string(b), `"version"`)
}

// A version 1 project ("version": 1) loads and saves as version 2 ("format"
// first, no "version"); a version 2 file then loads and saves byte-identical.
func TestMigrateV1(t *testing.T) {
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	b, err := p.Bytes()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "{\n  \"format\": \"hewn.project/2\",\n"))
	assert.NotContains(t, string(b), `"version"`)
	p2, err := Decode(b)
	require.NoError(t, err)
	b2, err := p2.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(b), string(b2))
}

func TestSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.hewn.json")
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	require.NoError(t, p.Save(path))
	assert.Equal(t, path, p.Path)
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	// A save interrupted mid-write leaves the old file intact and no temp file behind.
	writeHook = func(f *os.File, data []byte) (int, error) {
		n, _ := f.Write(data[:len(data)/2])
		return n, errors.New("disk full")
	}
	defer func() { writeHook = nil }()
	p.Name = "Changed"
	err = p.Save(filepath.Join(dir, "p.hewn.json"))
	require.ErrorContains(t, err, "disk full")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temp file left behind")

	writeHook = nil
	require.NoError(t, p.Save(path))
	q, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, "Changed", q.Name)
	assert.Equal(t, filepath.Join(dir, "spawns.json"), q.ContentPath())
}

func TestLevelSeeds(t *testing.T) {
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	assert.Equal(t, uint64(99), p.LevelSeed(1), "pinned")
	a := p.LevelSeed(0)
	p.Seed++
	assert.NotEqual(t, a, p.LevelSeed(0), "derived from the project seed")
	r1, err := p.Run(context.Background(), 0, nil)
	require.NoError(t, err)
	r2, err := p.Run(context.Background(), 0, nil)
	require.NoError(t, err)
	var b1, b2 bytes.Buffer
	require.NoError(t, r1.Level().WriteJSON(&b1))
	require.NoError(t, r2.Level().WriteJSON(&b2))
	assert.Equal(t, b1.String(), b2.String())
	_, err = p.Run(context.Background(), 5, nil)
	assert.ErrorContains(t, err, "no level 5")
}

func TestCheck(t *testing.T) {
	p, err := Decode([]byte(v1))
	require.NoError(t, err)
	p.Levels[0].Theme = "nope"
	p.Levels = append(p.Levels, p.Levels[0].Clone())
	errs, warns := p.Check()
	joined := strings.Join(errs, "\n")
	assert.Contains(t, joined, `levels[0].theme: unknown theme "nope"`)
	assert.Contains(t, joined, `content: "spawns.json" cannot be read`)
	assert.Contains(t, strings.Join(warns, "\n"), "levels[2].depth: 1 is also the depth of levels[0]")
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(v1))
	f.Add([]byte(withLegend))
	f.Add(ExampleJSON())
	f.Add([]byte(`{"levels":[{"chain":{"steps":[{"builder":"sub_chain","params":{"steps":[{"builder":"sub_chain"}]}}]}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(data)
		if err != nil {
			return
		}
		b, err := p.Bytes()
		require.NoError(t, err)
		_, err = Decode(b)
		require.NoError(t, err, "a decoded project re-encodes to a valid one")
	})
}

func TestSplitRegionsAreTheHalves(t *testing.T) {
	assert.Equal(t, []string{"left_half", "right_half", "top_half", "bottom_half"}, SplitRegions)
}
