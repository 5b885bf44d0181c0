package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// childEnv makes the test binary print a replay's state and exit (see TestMain).
const childEnv = "HEWN_PLAY_REPLAY_CHILD"

// replayKeys is the replay the determinism test plays in several processes.
const replayKeys = "lllljjjjhhhhkkkkyubn.g>1234567896..........hjkl"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		b, err := replayJSON()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.Stdout.Write(b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// replayJSON plays replayKeys on the example project's depth 3 with seed 42.
func replayJSON() ([]byte, error) {
	p, err := projects.Example()
	if err != nil {
		return nil, err
	}
	g, err := New(p, nil, 42, 3)
	if err != nil {
		return nil, err
	}
	if err := g.KeysString(replayKeys); err != nil {
		return nil, err
	}
	return json.Marshal(g.State())
}

// testPack is a tiny pack: a coward that flees everyone, a brute that attacks
// everyone and always hits, a post that blocks nothing, a hidden trap and a door.
func testPack() *content.Pack {
	pk := &content.Pack{}
	ren := func(g string) *content.Renderable { return &content.Renderable{Glyph: g, FG: "#FFFFFF", BG: "#000000"} }
	pk.Mobs = []content.Mob{
		{Name: "Coward", Renderable: ren("c"), VisionRange: 10, Movement: content.MoveStatic, HP: 5, Faction: "Cowards"},
		{Name: "Brute", Renderable: ren("B"), VisionRange: 10, Movement: content.MoveStatic, HP: 50, Faction: "Brutes",
			Natural: &content.Natural{ArmorClass: 10, Attacks: []content.NaturalAttack{{Name: "smash", HitBonus: 100, Damage: "2"}}}},
		{Name: "Sleeper", Renderable: ren("s"), VisionRange: 10, Movement: content.MoveStatic, HP: 5, Faction: "Sleepers"},
	}
	trap := content.EntryTrigger{}
	trap.Effects.Set("damage", "3")
	trap.Effects.Set("single_activation", "1")
	pk.Props = []content.Prop{
		{Name: "Pit", Renderable: ren("^"), Hidden: true, EntryTrigger: &trap},
		{Name: "Door", Renderable: ren("+"), BlocksTile: true, BlocksVisibility: true, DoorOpen: true},
	}
	var cow, bru content.Faction
	cow.Name, bru.Name = "Cowards", "Brutes"
	cow.Responses.Set("Default", "flee")
	bru.Responses.Set("Default", "attack")
	bru.Responses.Set("Brutes", "ignore")
	pk.FactionTable = []content.Faction{cow, bru}
	return pk
}

var legend = map[rune]string{'c': "Coward", 'B': "Brute", 's': "Sleeper", '^': "Pit", '+': "Door"}

// mapGame builds a game on an ASCII map: # wall, . floor, > down stairs, @ the
// player; other characters are spawns of legend standing on floor.
func mapGame(t testing.TB, pack *content.Pack, rows ...string) *Game {
	t.Helper()
	h, w := len(rows), len([]rune(rows[0]))
	s := &chain.State{Map: chain.NewGrid(w, h), Depth: 1}
	for y, row := range rows {
		for x, r := range []rune(row) {
			p := chain.Point{X: x, Y: y}
			switch r {
			case '#':
				s.Map.Set(p, chain.Wall)
			case '>':
				s.Map.Set(p, chain.DownStairs)
				s.Exits = append(s.Exits, chain.Exit{X: x, Y: y, Tile: chain.DownStairs})
			default:
				s.Map.Set(p, chain.Floor)
				if r == '@' {
					s.Start = &p
				} else if name, ok := legend[r]; ok {
					s.AddSpawn(p, name)
				}
			}
		}
	}
	proj := projects.New("test")
	g := newGame(proj, pack, 1)
	require.NoError(t, g.load(s, 1))
	return g
}

func TestWallsBlock(t *testing.T) {
	g := mapGame(t, testPack(),
		"#####",
		"#@..#",
		"#####")
	require.NoError(t, g.Key('h'))
	assert.Equal(t, Point{X: 1, Y: 1}, g.Player.Pos)
	assert.Equal(t, 0, g.Turn, "bumping a wall uses no turn")
	require.NoError(t, g.Key('k'))
	require.NoError(t, g.Key('y'))
	assert.Equal(t, Point{X: 1, Y: 1}, g.Player.Pos)
	require.NoError(t, g.Key('l'))
	assert.Equal(t, Point{X: 2, Y: 1}, g.Player.Pos)
}

func TestDiagonalMoves(t *testing.T) {
	// Diagonals need only the target walkable (the tutorial's rule), even between walls.
	g := mapGame(t, testPack(),
		"#####",
		"#@#.#",
		"##.##",
		"#.#.#",
		"#####")
	require.NoError(t, g.Key('n'))
	assert.Equal(t, Point{X: 2, Y: 2}, g.Player.Pos)
	require.NoError(t, g.Key('9'))
	assert.Equal(t, Point{X: 3, Y: 1}, g.Player.Pos)
	require.NoError(t, g.Key('1'))
	require.NoError(t, g.Key('b'))
	assert.Equal(t, Point{X: 1, Y: 3}, g.Player.Pos)
	require.NoError(t, g.Key('u'))
	require.NoError(t, g.Key('3'))
	assert.Equal(t, Point{X: 3, Y: 3}, g.Player.Pos)
	assert.Equal(t, 6, g.Turn)
}

func TestUnknownKey(t *testing.T) {
	g := mapGame(t, testPack(), "###", "#@#", "###")
	err := g.Key('x')
	var ke *KeyError
	require.True(t, errors.As(err, &ke))
	assert.Equal(t, 'x', ke.Key)
	assert.Contains(t, err.Error(), `'x'`)
	assert.Empty(t, g.Keys)
	assert.Error(t, CheckKeys("hjk!"))
	assert.NoError(t, CheckKeys("hjklyubn123456789.>g"))
}

// FOV is symmetric: on several maps, a sees b exactly when b sees a.
func TestFOVSymmetric(t *testing.T) {
	maps := [][]string{{
		"##########",
		"#........#",
		"#..#..#..#",
		"#.....#..#",
		"#.##.....#",
		"#....#.#.#",
		"##########",
	}}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3 { // random pillar fields
		rows := make([]string, 16)
		for y := range rows {
			var b strings.Builder
			for x := range 24 {
				if x == 0 || y == 0 || x == 23 || y == 15 || rng.IntN(5) == 0 {
					b.WriteByte('#')
				} else {
					b.WriteByte('.')
				}
			}
			rows[y] = b.String()
		}
		rows[1] = "#@" + rows[1][2:]
		maps = append(maps, rows)
	}
	for mi, rows := range maps {
		if !strings.Contains(strings.Join(rows, ""), "@") {
			rows[1] = "#@" + rows[1][2:]
		}
		g := mapGame(t, testPack(), rows...)
		var floor []Point
		for i, tl := range g.Map.Tiles {
			if tl.Walkable() {
				floor = append(floor, g.Map.Pt(i))
			}
		}
		seen, pairs := 0, 0
		for i, a := range floor {
			for _, b := range floor[i+1:] {
				ab, ba := g.Sees(a, b, 30), g.Sees(b, a, 30)
				require.Equal(t, ab, ba, "map %d: %v sees %v: %v, the other way: %v", mi, a, b, ab, ba)
				pairs++
				if ab {
					seen++
				}
			}
		}
		assert.Greater(t, seen, 0)
		assert.Less(t, seen, pairs, "map %d: walls hide something", mi)
	}
}

func TestFOVWallsAndDoorsBlockSight(t *testing.T) {
	g := mapGame(t, testPack(),
		"#########",
		"#@..+...#",
		"#########")
	assert.True(t, g.Visible(Point{X: 3, Y: 1}))
	assert.True(t, g.Visible(Point{X: 4, Y: 1}), "the door itself is seen")
	assert.False(t, g.Visible(Point{X: 5, Y: 1}), "a closed door blocks sight")
	assert.True(t, g.Remembered(Point{X: 3, Y: 1}))
	require.NoError(t, g.KeysString("ll"))
	require.NoError(t, g.Key('l')) // opens the door
	assert.Equal(t, Point{X: 3, Y: 1}, g.Player.Pos)
	assert.True(t, g.Visible(Point{X: 7, Y: 1}), "an open door lets sight through")
	require.NoError(t, g.KeysString("hh"))
	assert.True(t, g.Remembered(Point{X: 7, Y: 1}))
}

func TestFleeingCreatureMovesAway(t *testing.T) {
	g := mapGame(t, testPack(),
		"##############",
		"#@..c........#",
		"#............#",
		"##############")
	c := g.Creatures[0]
	d0 := chebyshev(c.Pos, g.Player.Pos)
	require.NoError(t, g.KeysString("...."))
	d1 := chebyshev(c.Pos, g.Player.Pos)
	assert.Greater(t, d1, d0)
}

func TestAttackingCreatureClosesInAndHits(t *testing.T) {
	g := mapGame(t, testPack(),
		"##############",
		"#@.......B...#",
		"#............#",
		"##############")
	c := g.Creatures[0]
	d0 := chebyshev(c.Pos, g.Player.Pos)
	require.NoError(t, g.Key('.'))
	assert.Less(t, chebyshev(c.Pos, g.Player.Pos), d0)
	for range 10 {
		require.NoError(t, g.Key('.'))
	}
	assert.Equal(t, 1, chebyshev(c.Pos, g.Player.Pos))
	assert.Less(t, g.Player.HP, g.Player.MaxHP)
	assert.Contains(t, strings.Join(g.Log, "\n"), "smash hits you")
}

func TestCreaturesFightByFaction(t *testing.T) {
	// The brute attacks the sleeper (its Default is attack); the sleeper's faction
	// is not in the table, so it ignores everyone.
	g := mapGame(t, testPack(),
		"#########",
		"#@######",
		"#.#Bs...#",
		"#########")
	for range 10 {
		require.NoError(t, g.Key('.'))
	}
	for _, c := range g.Creatures {
		assert.NotEqual(t, "Sleeper", c.Name, "the brute kills the sleeper")
	}
}

func TestPlayerKillsCreature(t *testing.T) {
	g := mapGame(t, testPack(),
		"#####",
		"#@c##",
		"#####")
	for range 40 {
		require.NoError(t, g.Key('l'))
		if len(g.Creatures) == 0 {
			break
		}
	}
	assert.Empty(t, g.Creatures)
	assert.Contains(t, strings.Join(g.Log, "\n"), "The Coward dies.")
}

func TestHiddenTrapFiresOnce(t *testing.T) {
	g := mapGame(t, testPack(),
		"######",
		"#@^..#",
		"######")
	assert.Nil(t, g.PropAt(Point{X: 2, Y: 1}), "hidden")
	require.NoError(t, g.Key('l'))
	assert.Equal(t, g.Player.MaxHP-3, g.Player.HP)
	require.NoError(t, g.KeysString("hl"))
	assert.Equal(t, g.Player.MaxHP-3, g.Player.HP, "a single-activation trap fires once")
	assert.Equal(t, 1, strings.Count(strings.Join(g.Log, "\n"), "trigger the Pit"))
}

func TestDefaultPackTrapFires(t *testing.T) {
	pk := content.Default()
	legend['T'] = "Bear Trap"
	defer delete(legend, 'T')
	g := mapGame(t, pk, "#####", "#@T.#", "#####")
	require.NoError(t, g.KeysString("lhl"))
	assert.Equal(t, g.Player.MaxHP-6, g.Player.HP)
}

func TestPickUp(t *testing.T) {
	pk := content.Default()
	legend['!'] = "Health Potion"
	defer delete(legend, '!')
	g := mapGame(t, pk, "#####", "#@!.#", "#####")
	require.NoError(t, g.Key('g'))
	assert.Equal(t, 0, g.Turn, "nothing to pick up uses no turn")
	require.NoError(t, g.KeysString("lg"))
	assert.Equal(t, []string{"Health Potion"}, g.Player.Inventory)
	assert.Empty(t, g.Items)
}

func TestStairsDescend(t *testing.T) {
	g := mapGame(t, testPack(), "#####", "#@>.#", "#####")
	require.NoError(t, g.Key('>'))
	assert.Equal(t, 1, g.Depth, "not on the stairs")
	require.NoError(t, g.KeysString("l>"))
	assert.Equal(t, 2, g.Depth)
	assert.Equal(t, 80, g.Map.W, "depth 2 is the project's chain run at depth 2")

	p, err := projects.Example()
	require.NoError(t, err)
	g, err = New(p, nil, 9, 1)
	require.NoError(t, err)
	require.NotEmpty(t, g.Exits)
	g.Player.Pos = g.Exits[0]
	hp := g.Player.HP
	require.NoError(t, g.Key('>'))
	assert.Equal(t, 2, g.Depth)
	assert.Equal(t, hp, g.Player.HP, "the same player")
}

func TestSameSeedSameState(t *testing.T) {
	a, err := replayJSON()
	require.NoError(t, err)
	b, err := replayJSON()
	require.NoError(t, err)
	assert.Equal(t, a, b)
	for _, procs := range []string{"1", "2"} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=1", "GOMAXPROCS="+procs)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		require.NoError(t, err, stderr.String())
		assert.Equal(t, string(a), string(out), "a child process replays to the same bytes")
	}
	var st State
	require.NoError(t, json.Unmarshal(a, &st))
	assert.Equal(t, replayKeys, st.Keys)
	assert.Equal(t, 3, st.Depth)
}

func TestStateJSONShape(t *testing.T) {
	g := mapGame(t, testPack(), "#####", "#@.c#", "#####")
	b, err := g.MarshalJSON()
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	for _, k := range []string{"player", "depth", "turn", "alive", "log", "creatures", "keys"} {
		assert.Contains(t, m, k)
	}
	assert.Equal(t, map[string]any{"x": 1.0, "y": 1.0, "hp": 30.0}, m["player"])
	assert.Equal(t, []any{map[string]any{"name": "Coward", "x": 3.0, "y": 1.0, "hp": 5.0}}, m["creatures"])
}

func FuzzKeys(f *testing.F) {
	for _, s := range []string{"", "hjkl", "yubn12346789", ">g.", "x", "\x00\xff", "hhhhhhhhhhhhhhhhhh>>>>", "5555555555", "gqe", "lgqelgqe"} {
		f.Add(s)
	}
	p := projects.New("fuzz")
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 40, 25
	f.Fuzz(func(t *testing.T, keys string) {
		if len(keys) > 300 {
			keys = keys[:300]
		}
		g, err := New(p, nil, 5, 1)
		require.NoError(t, err)
		for _, r := range keys {
			err := g.Key(r)
			if ValidKey(r) {
				require.NoError(t, err)
			} else {
				var ke *KeyError
				require.ErrorAs(t, err, &ke)
			}
		}
		_, err = g.MarshalJSON()
		require.NoError(t, err)
	})
}

// One turn with 50 creatures chasing the player on an 80×50 map.
func BenchmarkTurn50(b *testing.B) {
	rows := make([]string, 50)
	for y := range rows {
		var sb strings.Builder
		for x := range 80 {
			switch {
			case x == 0 || y == 0 || x == 79 || y == 49 || (x%7 == 3 && y%5 == 2):
				sb.WriteByte('#')
			case x == 40 && y == 25:
				sb.WriteByte('@')
			case x%8 == 4 && y%8 == 4:
				sb.WriteByte('G')
			default:
				sb.WriteByte('.')
			}
		}
		rows[y] = sb.String()
	}
	legend['G'] = "Goblin"
	defer delete(legend, 'G')
	g := mapGame(b, content.Default(), rows...)
	for len(g.Creatures) > 50 {
		g.Creatures = g.Creatures[:50]
	}
	g.reindex()
	require.Len(b, g.Creatures, 50)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g.Player.HP = 1 << 30
		if err := g.Key('.'); err != nil {
			b.Fatal(err)
		}
	}
}
