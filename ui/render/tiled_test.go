package render

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders"
	"hewn/content"
)

func TestTiledMapMirrorsTheLevel(t *testing.T) {
	c := &chain.Chain{Name: "rooms", Depth: 2, Width: 50, Height: 30, Steps: []chain.Step{
		{Builder: "bsp_dungeon"}, {Builder: "room_drawer"}, {Builder: "nearest_corridors"},
		{Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"}, {Builder: "room_based_spawner"},
	}}
	pack := content.Default()
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 3, Spawner: pack.Roller(), NoHistory: true})
	require.NoError(t, err)
	sc := ResultScene(res)
	th, _ := chain.FindTheme("dungeon", nil)
	sc.Theme = th
	require.NotEmpty(t, sc.Spawns)
	data, img, err := Tiled(sc, TiledOptions{Name: "rooms", Depth: 2, Seed: 1 << 60, Tileset: "rooms.tileset.png", Cell: 12,
		Object: func(name string) (string, []TiledProperty) {
			return "mob", []TiledProperty{{"hp", "int", 7}}
		}})
	require.NoError(t, err)

	var m struct {
		Type, Orientation, Version string
		Width, Height              int
		TileWidth                  int `json:"tilewidth"`
		Properties                 []TiledProperty
		Layers                     []struct {
			Type, Name    string
			Data          []int
			Width, Height int
			Objects       []struct {
				ID                  int
				Name, Type          string
				X, Y, Width, Height int
				Properties          []TiledProperty
			}
		}
		Tilesets []struct {
			FirstGID                int `json:"firstgid"`
			Columns                 int
			TileCount               int `json:"tilecount"`
			Image                   string
			ImageWidth, ImageHeight int `json:"-"`
			IW                      int `json:"imagewidth"`
			IH                      int `json:"imageheight"`
			Tiles                   []struct {
				ID         int
				Properties []TiledProperty
			}
		}
	}
	require.NoError(t, json.Unmarshal(data, &m))
	assert.Equal(t, "map", m.Type)
	assert.Equal(t, "orthogonal", m.Orientation)
	assert.Equal(t, TiledVersion, m.Version)
	assert.Equal(t, 50, m.Width)
	assert.Equal(t, 30, m.Height)
	assert.Equal(t, 12, m.TileWidth)
	assert.Contains(t, m.Properties, TiledProperty{"seed", "string", "1152921504606846976"})
	require.Len(t, m.Layers, 2)
	tl, ol := m.Layers[0], m.Layers[1]
	assert.Equal(t, "tilelayer", tl.Type)
	assert.Equal(t, "objectgroup", ol.Type)
	require.Len(t, tl.Data, 50*30)
	require.Len(t, m.Tilesets, 1)
	ts := m.Tilesets[0]
	assert.Equal(t, 1, ts.FirstGID)
	assert.Equal(t, "rooms.tileset.png", ts.Image)
	assert.Equal(t, len(ts.Tiles), ts.TileCount)
	rows := (ts.TileCount + ts.Columns - 1) / ts.Columns
	assert.Equal(t, ts.Columns*12, ts.IW)
	assert.Equal(t, rows*12, ts.IH)
	assert.Equal(t, image2(ts.IW, ts.IH), image2(img.Bounds().Dx(), img.Bounds().Dy()), "the image is as declared")
	// each gid's tile property names the map's tile there
	name := map[int]string{}
	for _, tile := range ts.Tiles {
		for _, p := range tile.Properties {
			if p.Name == "tile" {
				name[tile.ID+1] = p.Value.(string)
			}
		}
	}
	for i, gid := range tl.Data {
		require.GreaterOrEqual(t, gid, 1)
		require.LessOrEqual(t, gid, ts.TileCount)
		assert.Equal(t, res.State.Map.Tiles[i].String(), name[gid], "tile %d", i)
	}
	// objects: the start, each exit and each spawn, on their cells
	assert.Len(t, ol.Objects, 1+len(res.State.Exits)+len(res.State.Spawns))
	assert.Equal(t, "start", ol.Objects[0].Type)
	assert.Equal(t, res.State.Start.X*12, ol.Objects[0].X)
	sp := res.State.Spawns[0]
	o := ol.Objects[1+len(res.State.Exits)]
	assert.Equal(t, sp.Name, o.Name)
	assert.Equal(t, "mob", o.Type)
	assert.Equal(t, sp.X*12, o.X)
	assert.Equal(t, sp.Y*12, o.Y)
	assert.Equal(t, 12, o.Width)
	ids := map[int]bool{}
	for _, o := range ol.Objects {
		assert.False(t, ids[o.ID], "object ids are unique")
		ids[o.ID] = true
	}

	again, _, err := Tiled(sc, TiledOptions{Name: "rooms", Depth: 2, Seed: 1 << 60, Tileset: "rooms.tileset.png", Cell: 12,
		Object: func(string) (string, []TiledProperty) { return "mob", []TiledProperty{{"hp", "int", 7}} }})
	require.NoError(t, err)
	assert.Equal(t, string(data), string(again), "deterministic")
}

func image2(w, h int) [2]int { return [2]int{w, h} }
