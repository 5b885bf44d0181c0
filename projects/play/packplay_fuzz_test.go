package play

import (
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// FuzzPackPlay plays the game with a fuzzed content pack, validated or not
// (the editor plays a pack with unsaved errors): the pack's spawn table rolls
// the level's spawns, every mob, prop and item of the pack is placed near the
// player too, and a bot plays. Nothing may panic, hang or allocate without
// bound whatever the pack's numbers (issue 26, point 1: a vision range of
// 100000 allocated 40 GB).
func FuzzPackPlay(f *testing.F) {
	f.Add([]byte(`{"mobs":[{"name":"Eye","blocks_tile":true,"vision_range":100000,"movement":"random","attributes":{},"faction":"X"}],`+
		`"faction_table":[{"name":"X","responses":{"Default":"attack"}}],"spawn_table":[{"name":"Eye","weight":5,"min_depth":0,"max_depth":9}]}`), uint64(1))
	f.Add([]byte(`{"mobs":[{"name":"Old One","blocks_tile":true,"vision_range":2147483647,"movement":"random_waypoint","attributes":{"might":-9000000000},`+
		`"level":9223372036854775807,"natural":{"armor_class":-5,"attacks":[{"name":"x","hit_bonus":9223372036854775807,"damage":"1000d1000000+1000000000"}]}}],`+
		`"props":[{"name":"Web","entry_trigger":{"effects":{"slow":"1000d1000000"}}},{"name":"Pit","entry_trigger":{"effects":{"damage":"-5","single_activation":"1"}}}],`+
		`"items":[{"name":"Potion","consumable":{"effects":{"provides_healing":"9223372036854775807"}}},{"name":"Plate","wearable":{"armor_class":1e308,"slot":"Torso"}}],`+
		`"spawn_table":[{"name":"Old One","weight":1,"min_depth":1,"max_depth":1},{"name":"Web","weight":1,"min_depth":1,"max_depth":1}]}`), uint64(2))
	f.Add([]byte(`{"mobs":[{"name":"Spider","blocks_tile":true,"vision_range":5000,"movement":"random","attributes":{}}],`+
		`"props":[{"name":"Web","entry_trigger":{"effects":{"slow":"3"}}}],"spawn_table":[{"name":"Spider","weight":1,"min_depth":1,"max_depth":1}]}`), uint64(3))
	p := projects.New("fuzz")
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 40, 24
	bot, err := NewBot("explorer")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, b []byte, seed uint64) {
		pk, err := content.Parse(b)
		if err != nil {
			return
		}
		g, err := New(p, pk, seed, 1)
		if err != nil {
			return
		}
		// every entity of the pack, on the floor around the player
		var names []string
		for _, m := range pk.Mobs {
			names = append(names, m.Name)
		}
		for _, pr := range pk.Props {
			names = append(names, pr.Name)
		}
		for _, it := range pk.Items {
			names = append(names, it.Name)
		}
		free := floorNear(g, len(names))
		for i, name := range names[:min(len(names), len(free))] {
			g.place(name, free[i])
		}
		g.reindex()
		PlayBot(g, bot, 60)
		_ = g.KeysString("gqe>.hjkl")
		_, err = g.MarshalJSON()
		require.NoError(t, err)
	})
}

// floorNear lists up to n walkable tiles with no creature, nearest the player
// first (row by row around it).
func floorNear(g *Game, n int) []chain.Point {
	var out []chain.Point
	for r := 1; r < max(g.Map.W, g.Map.H) && len(out) < n; r++ {
		for y := g.Player.Pos.Y - r; y <= g.Player.Pos.Y+r && len(out) < n; y++ {
			for x := g.Player.Pos.X - r; x <= g.Player.Pos.X+r && len(out) < n; x++ {
				p := chain.Point{X: x, Y: y}
				if chebyshev(p, g.Player.Pos) == r && g.Map.Walkable(p) && g.CreatureAt(p) == nil {
					out = append(out, p)
				}
			}
		}
	}
	return out
}
