package content

import "testing"

// FuzzParseSmall is FuzzLoad on small packs only (FuzzLoad's big seeds run at
// a few dozen inputs a second), with the same checks (checkPackInput).
func FuzzParseSmall(f *testing.F) {
	for _, s := range []string{
		`{"mobs":[{"name":"Orc","blocks_tile":true,"vision_range":8,"movement":"static","attributes":{},"faction":"Orcs"}],` +
			`"spawn_table":[{"name":"Orc","weight":3,"min_depth":1,"max_depth":9,"add_map_depth_to_weight":true}],` +
			`"faction_table":[{"name":"Orcs","responses":{"Default":"attack"}}]}`,
		`{"items":[{"name":"Dagger","weapon":{"range":"melee","attribute":"Might","base_damage":"1d4+1","hit_bonus":0}}],"loot_tables":[{"name":"l","drops":[{"name":"Dagger","weight":1}]}]}`,
		`{"spawn_table":[{"name":"Goblin","weight":99999999999999999999999999,"min_depth":0,"max_depth":9223372036854775808}]}`,
		`{"spawn_table":[{"name":"Goblin","weight":1e400}],"x":[1e400,-0.0,1E-7]}`,
		"\xef\xbb\xbf{\"props\":[{\"name\":\"\\ud800\"}]}",
		`{"spells":[{"name":"Zap","mana_cost":-1,"effects":{"ranged":"6","damage":"3d6"}}],"weapon_traits":[{"name":"x","effects":{}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Add([]byte(basePack))
	f.Fuzz(checkPackInput)
}
