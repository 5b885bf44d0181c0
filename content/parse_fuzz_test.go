package content

import (
	"bytes"
	"testing"

	"hewn/chain"
)

// FuzzParseSmall is FuzzLoad on small packs only (FuzzLoad's big seeds run at
// a few dozen inputs a second): parse, validate, roll, export, and the export
// parses to a fixed point.
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
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		_ = p.Validate()
		_ = p.Odds(3)
		r := p.Roller()
		rng := newRand(1)
		_, _ = r.Roll(rng, 3, chain.AnySection)
		_, _ = r.Pick(rng, 3, "weapon")
		out, _ := p.MarshalJSON()
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("export does not parse: %v\n%s", err, out)
		}
		again, _ := q.MarshalJSON()
		if !bytes.Equal(out, again) {
			t.Fatalf("export is not a fixed point:\n%s\n---\n%s", out, again)
		}
	})
}
