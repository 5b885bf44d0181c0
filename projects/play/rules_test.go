package play

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

// withLegend adds map characters for the test and removes them after it.
func withLegend(t *testing.T, add map[rune]string) {
	old := map[rune]string{}
	for r, name := range add {
		if was, ok := legend[r]; ok {
			old[r] = was
		}
		legend[r] = name
	}
	t.Cleanup(func() { // the legend as it was
		for r := range add {
			if was, ok := old[r]; ok {
				legend[r] = was
			} else {
				delete(legend, r)
			}
		}
	})
}

func TestDeathDropsLoot(t *testing.T) {
	pk := testPack()
	pk.Mobs[0].LootTable = "Coward Loot"
	pk.Items = []content.Item{{Name: "Coin", Renderable: &content.Renderable{Glyph: "$", FG: "#FFFF00", BG: "#000000"}}}
	pk.LootTables = []content.LootTable{{Name: "Coward Loot", Drops: []content.LootDrop{{Name: "Coin", Weight: 1}}}}
	g := mapGame(t, pk, "#####", "#@c##", "#####")
	for range 40 {
		require.NoError(t, g.Key('l'))
		if len(g.Creatures) == 0 {
			break
		}
	}
	require.Empty(t, g.Creatures)
	its := g.ItemsAt(Point{X: 2, Y: 1})
	require.Len(t, its, 1, "the coward drops its loot where it died")
	assert.Equal(t, "Coin", its[0].Name)
}

func TestDrinkAndEat(t *testing.T) {
	withLegend(t, map[rune]string{'!': "Health Potion", '%': "Rations"})
	g := mapGame(t, content.Default(), "######", "#@!%.#", "######")
	require.NoError(t, g.Key('q'))
	assert.Equal(t, 0, g.Turn, "nothing to drink uses no turn")
	assert.Contains(t, g.Log[len(g.Log)-1], "nothing to drink")
	require.NoError(t, g.KeysString("lglg"))
	assert.Equal(t, []string{"Health Potion", "Rations"}, g.Player.Inventory)
	g.Player.HP = 10
	require.NoError(t, g.Key('q'))
	assert.Equal(t, 18, g.Player.HP, "a health potion heals 8")
	assert.Contains(t, g.Log[len(g.Log)-1], "You drink the Health Potion. You heal 8 hit points.")
	require.NoError(t, g.Key('e'))
	assert.Empty(t, g.Player.Inventory)
	assert.Contains(t, g.Log[len(g.Log)-1], "You eat the Rations.")
	g.Player.HP = g.Player.MaxHP - 1
	withLegend(t, map[rune]string{'!': "Health Potion"})
	g = mapGame(t, content.Default(), "####", "#@!#", "####")
	require.NoError(t, g.KeysString("lgq"))
	assert.Equal(t, g.Player.MaxHP, g.Player.HP, "healing stops at the maximum")
}

func TestPickUpWieldsABetterWeaponAndWearsArmour(t *testing.T) {
	withLegend(t, map[rune]string{'d': "Dagger", 'G': "Greatsword", 'a': "Leather Armor"})
	g := mapGame(t, content.Default(), "#######", "#@dGa.#", "#######")
	assert.Equal(t, "Longsword", g.Player.Weapon, "the tutorial's player starts with a longsword")
	require.NoError(t, g.KeysString("lg"))
	assert.Equal(t, "Longsword", g.Player.Weapon, "a dagger is worse")
	require.NoError(t, g.KeysString("lg"))
	assert.Equal(t, "Greatsword", g.Player.Weapon)
	assert.Equal(t, 10, g.Player.AC)
	require.NoError(t, g.KeysString("lg"))
	assert.Greater(t, g.Player.AC, 10, "leather armour raises the armour class")
	assert.Contains(t, strings.Join(g.Log, "\n"), "You wield the Greatsword.")
}

func TestWebCatchesThePlayerAndSpidersSpinThem(t *testing.T) {
	withLegend(t, map[rune]string{'w': "Web"})
	g := mapGame(t, content.Default(), "#######", "#@w...#", "#######")
	require.NoError(t, g.Key('l'))
	assert.Equal(t, Point{X: 2, Y: 1}, g.Player.Pos)
	assert.Equal(t, 3, g.Player.Stuck, "the default web holds for 3 turns")
	require.NoError(t, g.KeysString("lll"))
	assert.Equal(t, Point{X: 2, Y: 1}, g.Player.Pos, "struggling")
	assert.Equal(t, 3, strings.Count(strings.Join(g.Log, "\n"), "You struggle"))
	require.NoError(t, g.Key('l'))
	assert.Equal(t, Point{X: 3, Y: 1}, g.Player.Pos, "free again")
	assert.Nil(t, g.PropAt(Point{X: 2, Y: 1}), "walking through wipes the web out")

	// A spider leaves webs behind as it moves (seed 003).
	withLegend(t, map[rune]string{'S': "Spider"})
	g = mapGame(t, content.Default(),
		"##############",
		"#@...........#",
		"#..........S.#",
		"##############")
	for range 6 {
		require.NoError(t, g.Key('.'))
	}
	webs := 0
	for _, pr := range g.Props {
		if pr.Name == "Web" {
			webs++
		}
	}
	assert.Greater(t, webs, 0, "the spider spun webs on its way")
}

func TestRandomWaypointCreaturesWander(t *testing.T) {
	withLegend(t, map[rune]string{'G': "Town Guard"})
	rows := []string{
		"####################",
		"#@#................#",
		"###................#",
		"#..........G.......#",
		"#..................#",
		"####################",
	}
	g := mapGame(t, content.Default(), rows...)
	c := g.Creatures[0]
	start, moved := c.Pos, 0
	last := c.Pos
	for range 30 {
		require.NoError(t, g.Key('.'))
		require.True(t, g.Map.Walkable(c.Pos))
		if c.Pos != last {
			moved++
			assert.LessOrEqual(t, chebyshev(c.Pos, last), 1, "one step a turn")
		}
		last = c.Pos
	}
	assert.Greater(t, moved, 10, "a random_waypoint creature keeps walking to its waypoints (from %v)", start)
}

func TestCheatsWalkThroughWallsAndInvulnerable(t *testing.T) {
	g := mapGame(t, testPack(),
		"#########",
		"#@#....B#",
		"#########")
	g.SetCheats(Cheats{WalkThroughWalls: true})
	require.NoError(t, g.Key('l'))
	assert.Equal(t, Point{X: 2, Y: 1}, g.Player.Pos, "through the wall")
	require.NoError(t, g.Key('k'))
	assert.Equal(t, Point{X: 2, Y: 0}, g.Player.Pos, "onto the border")
	require.NoError(t, g.Key('k'))
	assert.Equal(t, Point{X: 2, Y: 0}, g.Player.Pos, "never off the map")
	g.SetCheats(Cheats{WalkThroughWalls: true, Invulnerable: true})
	require.NoError(t, g.KeysString("n..........."))
	assert.Equal(t, g.Player.MaxHP, g.Player.HP, "the brute's hits do nothing")
	assert.Contains(t, strings.Join(g.Log, "\n"), "smash hits you")
	assert.Equal(t, []CheatChange{{At: 0, Cheats: Cheats{WalkThroughWalls: true}}, {At: 3, Cheats: Cheats{WalkThroughWalls: true, Invulnerable: true}}}, g.CheatLog)
}

func TestSessionReplaysToTheSameState(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	g, err := New(p, nil, 77, 1)
	require.NoError(t, err)
	require.NoError(t, g.KeysString("hhhjjj"))
	g.SetCheats(Cheats{WalkThroughWalls: true})
	require.NoError(t, g.KeysString("kkkkkkkkkklllll"))
	g.SetCheats(Cheats{})
	require.NoError(t, g.KeysString("...."))
	b, err := MarshalSession(g.Session())
	require.NoError(t, err)
	assert.Contains(t, string(b), `"walk_through_walls": true`)

	s, err := ParseSession(b)
	require.NoError(t, err)
	h, err := Replay(p, nil, s)
	require.NoError(t, err)
	want, _ := g.MarshalJSON()
	got, _ := h.MarshalJSON()
	assert.JSONEq(t, string(want), string(got))
	assert.Equal(t, g.CheatLog, h.CheatLog)

	r, err := NewReplayer(p, nil, s)
	require.NoError(t, err)
	assert.Equal(t, 25, r.Left())
	for range 5 {
		require.True(t, r.Step())
	}
	assert.Equal(t, "hhhjj", string(r.Game.Keys))
	assert.Equal(t, 20, r.Left())

	for _, bad := range []string{`{`, `{"version": 2}`, `{"version": 1, "keys": "hx"}`, `{"version": 1, "keys": "h", "cheats": [{"at": 5}]}`} {
		_, err := ParseSession([]byte(bad))
		assert.Error(t, err, bad)
	}
}

// A session names its format; an older one ("version": 1) reads the same; a
// newer one is refused naming it.
func TestSessionFormat(t *testing.T) {
	b, err := MarshalSession(Session{Format: SessionFormat, Seed: 3, Depth: 1, StartDepth: 1, Keys: "hj"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "{\n  \"format\": \"hewn.session/1\",\n"), string(b))
	s, err := ParseSession(b)
	require.NoError(t, err)
	assert.Equal(t, SessionFormat, s.Format)
	old, err := ParseSession([]byte(`{"version": 1, "seed": 3, "depth": 1, "start_depth": 1, "keys": "hj"}`))
	require.NoError(t, err)
	assert.Equal(t, s, old, "an older session migrates")
	for in, want := range map[string]string{
		`{"format": "hewn.session/2", "keys": ""}`:               `format: "hewn.session/2" is newer than this Hewn reads (hewn.session/1); update Hewn`,
		`{"format": "hewn.play/1", "keys": ""}`:                  `format: "hewn.play/1" is not a session document (want hewn.session/1)`,
		`{"keys": ""}`:                                           `format: missing (want "hewn.session/1")`,
		`{"version": 2, "keys": ""}`:                             `version: 2 is not 1 (a newer session names its format instead: "hewn.session/1")`,
		`{"format": "hewn.session/1", "version": 1, "keys": ""}`: `version: unknown key "version" (a session names its format alone)`,
	} {
		_, err := ParseSession([]byte(in))
		require.EqualError(t, err, want, in)
		assert.EqualError(t, jsonfile.WithFile("s.json", err), "s.json: "+want)
	}
}

// FuzzSession: any bytes either fail to parse or replay without a panic.
func FuzzSession(f *testing.F) {
	f.Add([]byte(`{"version": 1, "seed": 3, "start_depth": 1, "keys": "hjkl.g>qe", "cheats": [{"at": 2, "walk_through_walls": true}]}`))
	f.Add([]byte(`{"version": 1, "seed": 3, "start_depth": 2, "keys": ""}`))
	f.Add([]byte(`{"version": 1, "seed": 3, "start_depth": 0, "keys": "h", "cheats": [{"at": 1, "invulnerable": true}, {"at": 0}]}`))
	// issue 26 point 10: bounds, duplicate keys, a byte-order mark
	f.Add([]byte(`{"version": 1, "seed": 18446744073709551615, "start_depth": 9223372036854775807, "depth": -1, "keys": ""}`))
	f.Add([]byte(`{"version": 1, "seed": 1, "seed": 2, "start_depth": 1, "keys": ""}`))
	f.Add([]byte("\xef\xbb\xbf{\"format\": \"hewn.session/1\", \"seed\": 1, \"start_depth\": 3, \"keys\": \">>>>>>\"}"))
	p := projects.New("fuzz")
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 30, 20
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ParseSession(b)
		if err != nil {
			return
		}
		if len(s.Keys) > 200 {
			s.Keys = s.Keys[:200]
			s.Cheats = nil
		}
		s.StartDepth = min(max(s.StartDepth, -2), 3)
		if g, err := Replay(p, nil, s); err == nil {
			_, err = g.MarshalJSON()
			require.NoError(t, err)
		}
	})
}

// The death message names the killer with its article ("an Orc Leader",
// "a Brute"), so the balance chart's killers read as English.
func TestTheKillerIsNamedWithItsArticle(t *testing.T) {
	for name, want := range map[string]string{"Brute": "a Brute", "Orc Leader": "an Orc Leader"} {
		pk := testPack()
		pk.Mobs[1].Name = name
		withLegend(t, map[rune]string{'B': name})
		g := mapGame(t, pk, "#####", "#@B##", "#####")
		g.Player.HP = 1
		require.NoError(t, g.Key('.'))
		assert.Equal(t, want, killer(g.Log), strings.Join(g.Log, "\n"))
	}
}

// TestPackNumbersAreClampedInPlay (issue 26, point 1): a pack the validator
// refuses (an editor's pack may hold errors) still plays: a vision range of
// 2147483647 made the game allocate (2v+1)² booleans per creature (a slice
// error here, 40 GB at 100000), a level of 2^62 looped for ever; the game
// clamps every number to content's bounds.
func TestPackNumbersAreClampedInPlay(t *testing.T) {
	pk := testPack()
	for i := range pk.Mobs {
		pk.Mobs[i].VisionRange = 2147483647
	}
	pk.Mobs[0].HP, pk.Mobs[0].Level = 0, 1<<62 // Coward: hit points from its level
	pk.Mobs[1].Natural.Attacks[0].HitBonus = -1 << 62
	require.True(t, content.HasErrors(pk.Validate()))
	g := mapGame(t, pk,
		"##############",
		"#@.......B.c.#",
		"#..........s.#",
		"##############")
	for _, c := range g.Creatures {
		assert.LessOrEqual(t, c.vision, content.MaxVisionRange, c.Name)
	}
	assert.Equal(t, 1+content.MaxLevel*8, g.Creatures[1].MaxHP, "level clamped to content.MaxLevel")
	require.NoError(t, g.KeysString(strings.Repeat(".", 20)))
	for _, c := range g.Creatures {
		assert.LessOrEqual(t, len(c.fov), (2*content.MaxVisionRange+1)*(2*content.MaxVisionRange+1), c.Name)
	}
}
