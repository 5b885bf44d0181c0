package projects

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
)

func TestGeneratorOnDiskInMemoryAndEmbeddedAgree(t *testing.T) {
	ctx := context.Background()
	disk, err := NewGenerator(DiskFS, "example.hewn.json")
	require.NoError(t, err)
	mem, err := NewGenerator(fstest.MapFS{"example.hewn.json": {Data: ExampleJSON()}}, "example.hewn.json")
	require.NoError(t, err)
	emb, err := NewExampleGenerator()
	require.NoError(t, err)
	p, err := Example()
	require.NoError(t, err)
	assert.False(t, disk.IsChain)
	assert.Equal(t, []string{}, disk.Files(), "the example uses the embedded pack")
	require.Len(t, emb.Levels(), len(p.Levels))
	assert.Equal(t, LevelInfo{Depth: 1, Name: "The Town of Bracketon", Theme: "town", Width: 80, Height: 50}, emb.Levels()[0])
	for _, l := range p.Levels {
		want, err := p.LevelJSON(ctx, l.Depth, 9, content.Default())
		require.NoError(t, err)
		for _, g := range []*Generator{disk, mem, emb} {
			got, err := g.LevelJSON(ctx, l.Depth, 9)
			require.NoError(t, err)
			require.Equal(t, string(want), string(got), "depth %d", l.Depth)
		}
	}
}

const packProject = `{"version": 1, "name": "G", "seed": 1, "content": "spawns.json",
  "levels": [{"depth": 2, "name": "Cave", "seed": null,
    "chain": {"width": 40, "height": 20, "steps": [{"builder": "cellular_automata"},
      {"builder": "area_starting_position"}, {"builder": "place_spawn", "params": {"name": "Goblin"}}]}}]}`

func TestGeneratorReadsTheFilesTheProjectNames(t *testing.T) {
	ctx := context.Background()
	fsys := fstest.MapFS{"g/game.hewn.json": {Data: []byte(packProject)}}
	g, err := NewGenerator(fsys, "g/game.hewn.json")
	require.NoError(t, err)
	assert.Equal(t, []string{"g/spawns.json"}, g.Files())
	_, err = g.Generate(ctx, 2, 1)
	assert.EqualError(t, err, "g/spawns.json: file does not exist")

	fsys["g/spawns.json"] = &fstest.MapFile{Data: content.DefaultJSON()}
	g, err = NewGenerator(fsys, "g/game.hewn.json")
	require.NoError(t, err)
	got, err := g.LevelJSON(ctx, 2, 1)
	require.NoError(t, err)
	p, err := Decode([]byte(packProject))
	require.NoError(t, err)
	want, err := p.LevelJSON(ctx, 2, 1, content.Default())
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	fsys["g/spawns.json"] = &fstest.MapFile{Data: []byte(`{"mobs": [{"name": "Orc"}]}`)}
	g, err = NewGenerator(fsys, "g/game.hewn.json")
	require.NoError(t, err)
	_, err = g.Generate(ctx, 2, 1)
	require.Error(t, err)
	assert.Regexp(t, `^g/spawns.json: mobs\[0\]: missing`, err.Error(), "a pack with errors is refused")

	fsys["g/spawns.json"] = &fstest.MapFile{Data: content.DefaultJSON()}
	fsys["g/game.hewn.json"] = &fstest.MapFile{Data: []byte(strings.Replace(packProject, "Goblin", "Unicorn", 1))}
	g, err = NewGenerator(fsys, "g/game.hewn.json")
	require.NoError(t, err)
	_, err = g.Generate(ctx, 2, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `g/game.hewn.json: levels[0].chain.steps[2].params.name: "Unicorn" is not an entity of the content pack`)
}

func TestGeneratorErrorsNameTheFile(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ name, data, err string }{
		{"syntax", `{"levels": [`, "bad.json:1:13: "},
		{"field", `{"version": 1, "name": "x", "seed": 1, "levels": [{"depth": 1, "name": "a", "seed": null,
			"chain": {"width": 40, "height": 20, "steps": [{"builder": "maze", "params": {"nope": 1}}]}}]}`,
			`bad.json: levels[0].chain.steps[0].params.nope: unknown parameter "nope"`},
		{"chain", `{"width": 40, "height": 20, "steps": [{"builder": "nope"}]}`, `bad.json: steps[0].builder: unknown builder "nope"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewGenerator(fstest.MapFS{"bad.json": {Data: []byte(tc.data)}}, "bad.json")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
	_, err := NewGenerator(fstest.MapFS{}, "none.json")
	assert.EqualError(t, err, "none.json: file does not exist")
	_, err = NewGenerator(nil, "none.json")
	assert.Error(t, err)

	g, err := NewExampleGenerator()
	require.NoError(t, err)
	_, err = g.Generate(ctx, 99, 1)
	assert.EqualError(t, err, "example.hewn.json: no level has depth 99 (its depths: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)")

	// A run that fails names the file and the step.
	g, err = NewGenerator(fstest.MapFS{"c.json": {Data: []byte(`{"width": 40, "height": 20, "steps": [{"builder": "room_drawer"}]}`)}}, "c.json")
	require.NoError(t, err)
	assert.True(t, g.IsChain)
	_, err = g.Generate(ctx, 3, 1)
	require.Error(t, err)
	assert.Regexp(t, `^c\.json: steps\[0\] room_drawer: `, err.Error())
}

func TestGeneratorRunsAChainAtTheDepthAsked(t *testing.T) {
	data := []byte(`{"name": "c", "depth": 4, "width": 40, "height": 20, "steps": [{"builder": "cellular_automata"}]}`)
	g, err := NewGenerator(fstest.MapFS{"c.json": {Data: data}}, "c.json")
	require.NoError(t, err)
	assert.Equal(t, []LevelInfo{{Depth: 4, Name: "c", Width: 40, Height: 20}}, g.Levels())
	a, err := g.Generate(context.Background(), 7, 3)
	require.NoError(t, err)
	assert.Equal(t, 7, a.Level().Depth)
	assert.Equal(t, 4, g.Project.Levels[0].Chain.Depth, "the opened chain is unchanged")
}

// The prefab files a project or chain names are read from its folder in the
// file set, and listed by Files for a host to supply.
func TestGeneratorReadsPrefabFiles(t *testing.T) {
	ctx := context.Background()
	xp, err := os.ReadFile("../chain/prefab/tutorial/wfc-populated.xp")
	require.NoError(t, err)
	level := func(source string) string {
		return `{"version": 1, "name": "P", "seed": 1, "levels": [{"depth": 1, "name": "One", "seed": null,
			"chain": {"width": 80, "height": 50, "steps": [{"builder": "prefab", "params": {"mode": "level", ` + source + `}}]}}]}`
	}
	fsys := fstest.MapFS{
		"g/p.hewn.json":     {Data: []byte(level(`"file": "maps/../maps/wfc.xp"`))},
		"g/named.hewn.json": {Data: []byte(level(`"name": "wfc_populated"`))},
		"g/c.json":          {Data: []byte(`{"name": "One", "width": 80, "height": 50, "steps": [{"builder": "prefab", "params": {"mode": "level", "file": "maps/wfc.xp"}}]}`)},
		"g/maps/wfc.xp":     {Data: xp},
	}
	named, err := NewGenerator(fsys, "g/named.hewn.json")
	require.NoError(t, err)
	want, err := named.LevelJSON(ctx, 1, 5)
	require.NoError(t, err)
	for _, name := range []string{"g/p.hewn.json", "g/c.json"} {
		g, err := NewGenerator(fsys, name)
		require.NoError(t, err)
		assert.Equal(t, []string{"g/maps/wfc.xp"}, g.Files(), name)
		got, err := g.LevelJSON(ctx, 1, 5)
		require.NoError(t, err, name)
		assert.Equal(t, string(want), string(got), name)
	}
	delete(fsys, "g/maps/wfc.xp")
	g, err := NewGenerator(fsys, "g/c.json")
	require.NoError(t, err)
	_, err = g.LevelJSON(ctx, 1, 5)
	assert.ErrorContains(t, err, "maps/wfc.xp: file does not exist")

	emb, err := NewExampleGenerator()
	require.NoError(t, err)
	assert.Equal(t, noFiles{}, emb.Project.FileSystem(), "the embedded example reads no file")
}
