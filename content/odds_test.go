package content

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

func TestDice(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     Dice
		min, max int
		mean     float64
		str      string
	}{
		{"1d6", Dice{1, 6, 0}, 1, 6, 3.5, "1d6"},
		{"3d6+2", Dice{3, 6, 2}, 5, 20, 12.5, "3d6+2"},
		{"2d4-1", Dice{2, 4, -1}, 1, 7, 4, "2d4-1"},
		{"12", Dice{0, 0, 12}, 12, 12, 12, "12"},
		{"-3", Dice{0, 0, -3}, -3, -3, -3, "-3"},
		{" 1d10+2 ", Dice{1, 10, 2}, 3, 12, 7.5, "1d10+2"},
	} {
		d, err := ParseDice(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, d)
		assert.Equal(t, tc.min, d.Min())
		assert.Equal(t, tc.max, d.Max())
		assert.InDelta(t, tc.mean, d.Mean(), 1e-9)
		assert.Equal(t, tc.str, d.String())
		rng := newRand(7)
		sum := 0
		for range 20000 {
			v := d.Roll(rng)
			require.GreaterOrEqual(t, v, d.Min())
			require.LessOrEqual(t, v, d.Max())
			sum += v
		}
		assert.InDelta(t, tc.mean, float64(sum)/20000, 0.1, tc.in)
	}
	for _, bad := range []string{"", "d6", "1d", "1d0", "0d6", "1d6+", "1d6+x", "1x6", "2d6+1d4", "abc", "1d6--1", "1001d6", "1d9999999", "99999999999"} {
		_, err := ParseDice(bad)
		if assert.Error(t, err, bad) {
			assert.Contains(t, err.Error(), `content: bad dice "`+bad+`"`)
		}
	}
}

func oddsPack(t *testing.T) *Pack {
	src, err := os.ReadFile("testdata/full.json")
	require.NoError(t, err)
	p, err := Parse(src)
	require.NoError(t, err)
	return p
}

func TestOdds(t *testing.T) {
	p := oddsPack(t)
	// Depth 3: Orc 1, Health Potion 7+3, Longsword -1 2, Bear Trap 5 = 18. Longsword +3
	// is outside its depth range (and weight 0).
	got := p.Odds(3)
	want := []Odds{
		{Name: "Orc", Section: chain.Mobs, Weight: 1, Probability: 1.0 / 18},
		{Name: "Health Potion", Section: chain.Items, Weight: 10, Probability: 10.0 / 18},
		{Name: "Longsword -1", Section: chain.Items, Weight: 2, Probability: 2.0 / 18},
		{Name: "Bear Trap", Section: chain.Props, Weight: 5, Probability: 5.0 / 18},
	}
	assert.Equal(t, want, got)
	// add_map_depth_to_weight false adds nothing (unlike the tutorial).
	assert.Equal(t, 1, got[0].Weight)
	assert.Empty(t, p.Odds(1000))
	items := p.Roller().Odds(3, chain.Items)
	require.Len(t, items, 2)
	assert.InDelta(t, 10.0/12, items[0].Probability, 1e-12)
}

func TestRollMatchesOdds(t *testing.T) {
	p := Default()
	r := p.Roller()
	for _, depth := range []int{1, 6, 12} {
		for _, sec := range []chain.Section{chain.AnySection, chain.Mobs, chain.Items} {
			odds := r.Odds(depth, sec)
			require.NotEmpty(t, odds)
			const n = 100_000
			counts := map[string]int{}
			rng := newRand(42)
			for range n {
				name, ok := r.Roll(rng, depth, sec)
				require.True(t, ok)
				counts[name]++
			}
			for _, o := range odds {
				sd := math.Sqrt(o.Probability * (1 - o.Probability) / n)
				assert.InDelta(t, o.Probability, float64(counts[o.Name])/n, 5*sd+1e-4,
					"%s at depth %d (%s)", o.Name, depth, sec)
				delete(counts, o.Name)
			}
			assert.Empty(t, counts, "rolled names outside the odds")
		}
	}
}

func TestWeightOneSpawns(t *testing.T) {
	p := &Pack{Mobs: []Mob{{Name: "A"}}}
	p.SetSpawn(SpawnEntry{Name: "A", Weight: 1, MinDepth: 1, MaxDepth: 1})
	name, ok := p.Roll(newRand(1), 1, chain.AnySection)
	assert.True(t, ok)
	assert.Equal(t, "A", name)
	_, ok = p.Roll(newRand(1), 2, chain.AnySection)
	assert.False(t, ok)
	_, ok = p.Roll(newRand(1), 1, chain.Items)
	assert.False(t, ok)
}

func TestRollIsDeterministic(t *testing.T) {
	r := Default().Roller()
	seq := func() []string {
		rng := newRand(99)
		var out []string
		for range 50 {
			n, _ := r.Roll(rng, 5, chain.AnySection)
			out = append(out, n)
		}
		return out
	}
	assert.Equal(t, seq(), seq())
}

func TestPick(t *testing.T) {
	p := oddsPack(t)
	seen := func(depth int, cat string) map[string]int {
		rng := newRand(3)
		out := map[string]int{}
		for range 2000 {
			n, ok := p.Pick(rng, depth, cat)
			if ok {
				out[n]++
			}
		}
		return out
	}
	assert.Equal(t, []string{"Longsword"}, keys(seen(1, "weapon")), "Longsword is in no spawn table: any depth")
	assert.Equal(t, []string{"Ring Mail"}, keys(seen(50, "armor")))
	assert.Equal(t, []string{"Health Potion"}, keys(seen(3, "alchemy")), "eligible within its spawn range")
	assert.Empty(t, seen(101, "alchemy"), "outside its spawn range")
	assert.Empty(t, seen(1, "gems"))
	w := seen(1, "food")
	assert.Equal(t, 2000, w["Rations"])

	d := Default().Roller()
	counts := map[string]int{}
	rng := newRand(5)
	for range 30000 {
		n, ok := d.Pick(rng, 1, "weapon")
		require.True(t, ok)
		counts[n]++
	}
	require.Greater(t, len(counts), 3)
	for n, c := range counts {
		assert.InDelta(t, 30000/len(counts), c, 400, "uniform pick of %s", n)
	}
}

func keys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestLootAndFactions(t *testing.T) {
	p := oddsPack(t)
	rng := newRand(1)
	for range 100 {
		n, ok := p.RollLoot(rng, "Animal")
		require.True(t, ok)
		assert.Equal(t, "Rations", n, "weight-0 drops never drop")
	}
	_, ok := p.RollLoot(rng, "Empty")
	assert.False(t, ok)
	_, ok = p.Roller().RollLoot(rng, "Nope")
	assert.False(t, ok)
	n, ok := p.Roller().RollLoot(rng, "Animal")
	assert.True(t, ok)
	assert.Equal(t, "Rations", n)

	assert.Equal(t, Ignore, p.Reaction("Townsfolk", "Player"))
	assert.Equal(t, Flee, p.Reaction("Townsfolk", "Cave Goblins"), "Default")
	assert.Equal(t, Ignore, p.Reaction("Player", "Townsfolk"), "no responses: ignore")
	assert.Equal(t, Ignore, p.Reaction("Nobody", "Townsfolk"))
	f := Faction{Name: "X", Responses: StringMap{{"Default", "hug"}}}
	assert.Equal(t, Ignore, f.Reaction("Y"), "invalid values count as ignore")
}

func TestMagicNames(t *testing.T) {
	p := oddsPack(t)
	assert.Equal(t, []string{"Longsword +1", "Longsword +2", "Longsword +3", "Longsword +4", "Longsword +5", "Longsword -1"}, MagicNames(&p.Items[1]))
	assert.Nil(t, MagicNames(&p.Items[0]))
	s, ok := p.SectionOf("Longsword +4")
	assert.True(t, ok)
	assert.Equal(t, chain.Items, s)
	assert.Contains(t, p.Names(), "Longsword -1")
}

func TestRollTablesAgreeWithScan(t *testing.T) {
	r := Default().Roller()
	require.NotEmpty(t, r.tables)
	scan := *r
	scan.tabled = false // force the scanning path
	for _, sec := range []chain.Section{chain.AnySection, chain.Items, chain.Mobs, chain.Props} {
		a, b := newRand(8), newRand(8)
		for i := range 2000 {
			d := i%14 - 1
			n1, ok1 := r.Roll(a, d, sec)
			n2, ok2 := scan.Roll(b, d, sec)
			require.Equal(t, ok1, ok2)
			require.Equal(t, n1, n2, "depth %d %s", d, sec)
		}
	}
	_, ok := r.Roll(newRand(1), 3, "monsters")
	assert.False(t, ok, "unknown section")
}

func TestHugeWeightsDoNotOverflow(t *testing.T) {
	p := &Pack{Mobs: []Mob{{Name: "A"}, {Name: "B"}}}
	p.SetSpawn(SpawnEntry{Name: "A", Weight: math.MaxInt, MinDepth: math.MinInt, MaxDepth: math.MaxInt, AddMapDepthToWeight: true})
	p.SetSpawn(SpawnEntry{Name: "B", Weight: math.MaxInt - 1, MinDepth: 0, MaxDepth: 1 << 40})
	p.SetDrop("T", "A", math.MaxInt)
	p.SetDrop("T", "B", math.MaxInt)
	r := p.Roller()
	assert.Empty(t, r.tables, "a huge depth span scans instead of tabulating")
	for _, d := range []int{-1, 0, 5, math.MaxInt} {
		_, ok := r.Roll(newRand(1), d, chain.AnySection)
		assert.True(t, ok, "depth %d", d)
	}
	_, ok := p.RollLoot(newRand(1), "T")
	assert.True(t, ok)
	odds := p.Odds(5)
	require.Len(t, odds, 2)
	assert.InDelta(t, 1.0, odds[0].Probability+odds[1].Probability, 1e-9)
}

// TestRollerWithOnlyInvertedDepthsRollsNothing checks a spawn table whose
// every entry has min_depth above max_depth (as while a designer types a new
// range) gives a roller that rolls nothing: it panicked building its tables.
func TestRollerWithOnlyInvertedDepthsRollsNothing(t *testing.T) {
	p, err := Parse([]byte(`{"mobs":[{"name":"Orc"}],"spawn_table":[{"name":"Orc","weight":1,"min_depth":5,"max_depth":3}]}`))
	require.NoError(t, err)
	assert.NotEmpty(t, p.Validate(), "Validate reports the range")
	r := p.Roller()
	for depth := 0; depth <= 6; depth++ {
		_, ok := r.Roll(newRand(1), depth, chain.AnySection)
		assert.False(t, ok, "depth %d", depth)
	}
}
