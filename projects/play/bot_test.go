package play

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

func TestBotsFinishAnOpenLevelInFewerTurnsThanItsArea(t *testing.T) {
	for _, name := range BotNames {
		b, err := NewBot(name)
		require.NoError(t, err)
		g := mapGame(t, testPack(),
			"######################",
			"#@...................#",
			"#....................#",
			"#....................#",
			"#....................#",
			"#....................#",
			"#...................>#",
			"######################")
		run := PlayBot(g, b, 1000)
		assert.True(t, run.Reached, name)
		assert.True(t, run.Survived, name)
		assert.Less(t, run.Turns, 20*6, "%s: %d turns on a 20×6 room", name, run.Turns)
		assert.Equal(t, 2, g.Depth)
	}
	_, err := NewBot("borg")
	assert.ErrorContains(t, err, `unknown bot "borg"`)
}

func TestBotsSeeOnlyWhatThePlayerSees(t *testing.T) {
	// the stairs sit behind a bend: the diver must explore to find them, not
	// walk straight there
	g := mapGame(t, testPack(),
		"##########",
		"#@.......#",
		"########.#",
		"#>.......#",
		"##########")
	b, _ := NewBot("diver")
	assert.False(t, g.knownStairs(Point{X: 1, Y: 3}), "unseen at the start")
	run := PlayBot(g, b, 200)
	assert.True(t, run.Reached)
}

func TestExplorerFightsWhatAttacksIt(t *testing.T) {
	pk := testPack()
	pk.Mobs[1].HP = 1 // a brute that dies at the first hit
	pk.Mobs[1].Natural.Attacks[0].HitBonus = -100
	g := mapGame(t, pk,
		"#########",
		"#@.....B#",
		"#......>#",
		"#########")
	b, _ := NewBot("explorer")
	run := PlayBot(g, b, 500)
	assert.True(t, run.Reached)
	assert.Equal(t, 1, run.Kills["Brute"])
}

// On the example project's town the explorer reaches the stairs on every one
// of 20 seeds within 3,000 turns, and its keys replay to the same state.
func TestExplorerFinishesTheTownOn20Seeds(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := New(p, nil, seed, 1)
		require.NoError(t, err)
		b, _ := NewBot("explorer")
		run := PlayBot(g, b, 3000)
		require.True(t, run.Reached, "seed %d: %d turns, alive %v", seed, run.Turns, run.Survived)
		assert.LessOrEqual(t, run.Turns, 3000)
		if seed <= 3 {
			again, err := New(p, nil, seed, 1)
			require.NoError(t, err)
			require.NoError(t, again.KeysString(run.Keys))
			a, _ := json.Marshal(g.State())
			b, _ := json.Marshal(again.State())
			assert.Equal(t, string(a), string(b), "seed %d: the bot's keys replay", seed)
		}
	}
}

// BenchmarkExplorerDepth6 reports how many turns a second the explorer plays
// on the example project's depth 6 (the dwarven fortress).
func BenchmarkExplorerDepth6(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	b.ReportAllocs()
	turns := 0
	for i := 0; b.Loop(); i++ {
		g, err := New(p, nil, uint64(i), 6)
		require.NoError(b, err)
		bot, _ := NewBot("explorer")
		turns += PlayBot(g, bot, 3000).Turns
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/run")
}

// BenchmarkExplorerDepths1to10 is one seed of a balance sweep as the play
// engine sees it: the explorer plays depths 1-10 of the example project
// (3,000 turns at most each), the levels' generation included; a run per
// seed 1, 2, ... (the figure to profile the bots and creatures with).
func BenchmarkExplorerDepths1to10(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	pack := content.Default()
	b.ReportAllocs()
	turns := 0
	for i := 0; b.Loop(); i++ {
		for depth := 1; depth <= 10; depth++ {
			g, err := New(p, pack, uint64(1+i), depth)
			require.NoError(b, err)
			bot, _ := NewBot("explorer")
			turns += PlayBot(g, bot, 3000).Turns
		}
	}
	b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
}
