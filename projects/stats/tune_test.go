package stats

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/metrics"
	"hewn/content"
	"hewn/projects"
)

// roomsChain is a rooms-and-corridors chain with tunable room counts and sizes.
func roomsChain() *chain.Chain {
	return &chain.Chain{Name: "rooms", Depth: 1, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "simple_map"}, {Builder: "room_drawer"}, {Builder: "nearest_corridors"},
		{Builder: "room_based_starting_position"}, {Builder: "room_based_stairs"},
	}}
}

func roomsTarget() Target { return ChainTarget(roomsChain(), content.Default().Roller(), "rooms.json") }

func dims(t testing.TB, c *chain.Chain, varies ...string) []Dim {
	var out []Dim
	for _, s := range varies {
		v, err := ParseVary(s)
		require.NoError(t, err)
		d, err := Resolve(c, v)
		require.NoError(t, err)
		out = append(out, d)
	}
	return out
}

func roomsOptions(t testing.TB, method string, budget int) TuneOptions {
	return TuneOptions{
		Dims:   dims(t, roomsChain(), "steps[0].params.max_rooms=1..60", "steps[0].params.max_size=6..16"),
		Axes:   [2]string{metrics.Rooms, metrics.PathLength},
		Ranges: [2][2]float64{{0, 40}, {0, 160}},
		Bins:   [2]int{10, 10}, Budget: budget, Method: method, Seed: 7,
	}
}

func archiveJSON(t testing.TB, a *Archive) string {
	a2 := *a
	a2.Timing = nil
	b, err := json.Marshal(&a2)
	require.NoError(t, err)
	return string(b)
}

func TestElitesCoverAtLeastRandomAndMoreThanTheChainAlone(t *testing.T) {
	ctx := context.Background()
	for _, seed := range []uint64{1, 2, 3, 4} {
		oe := roomsOptions(t, MethodElites, 400)
		oe.Seed = seed
		elites, err := Tune(ctx, roomsTarget(), oe)
		require.NoError(t, err)
		or := roomsOptions(t, MethodRandom, 400)
		or.Seed = seed
		random, err := Tune(ctx, roomsTarget(), or)
		require.NoError(t, err)
		ob := roomsOptions(t, MethodRandom, 400)
		ob.Seed, ob.Dims = seed, nil
		bare, err := Tune(ctx, roomsTarget(), ob)
		require.NoError(t, err)
		t.Logf("seed %d: elites %d, random %d, unvaried %d of %d", seed, elites.Coverage.Filled, random.Coverage.Filled, bare.Coverage.Filled, elites.Coverage.Cells)
		assert.GreaterOrEqual(t, elites.Coverage.Filled, random.Coverage.Filled)
		assert.Greater(t, elites.Coverage.Filled, bare.Coverage.Filled)
		assert.Equal(t, 400, elites.Evaluated)
		assert.Equal(t, 400, elites.Evaluated)
	}
}

func TestArchivesAreDeterministic(t *testing.T) {
	ctx := context.Background()
	for _, method := range []string{MethodElites, MethodRandom} {
		o := roomsOptions(t, method, 120)
		o.Workers = 1
		a, err := Tune(ctx, roomsTarget(), o)
		require.NoError(t, err)
		o.Workers = 3
		b, err := Tune(ctx, roomsTarget(), o)
		require.NoError(t, err)
		assert.Equal(t, archiveJSON(t, a), archiveJSON(t, b), method)
		assert.Equal(t, TuneFormat, a.Format)
		assert.Equal(t, 100, a.Coverage.Cells)
		assert.Len(t, a.Cells, a.Coverage.Filled)
		assert.Equal(t, 120, a.Evaluated)
		assert.LessOrEqual(t, a.Failed+a.Outside+a.Coverage.Filled, 120)
		o.Seed++
		c, err := Tune(ctx, roomsTarget(), o)
		require.NoError(t, err)
		assert.NotEqual(t, archiveJSON(t, a), archiveJSON(t, c), "another seed, another search")
	}
}

// Every cell's variant reproduces: its params on the chain, run with its
// seed, give its metrics.
func TestCellsReproduce(t *testing.T) {
	o := roomsOptions(t, MethodElites, 80)
	a, err := Tune(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	for _, c := range a.Cells[:5] {
		values := []any{c.Params[o.Dims[0].Path], c.Params[o.Dims[1].Path]}
		vc, err := Apply(roomsChain(), o.Dims, values)
		require.NoError(t, err)
		res, err := chain.RunConfig(context.Background(), vc, chain.Config{Master: c.Seed, Spawner: content.Default().Roller()})
		require.NoError(t, err)
		assert.Equal(t, c.Metrics, metrics.Measure(res.State))
		assert.GreaterOrEqual(t, c.Metrics[metrics.Rooms], float64(c.Bin[0])*4)
		assert.Less(t, c.Metrics[metrics.Rooms], float64(c.Bin[0]+1)*4)
	}
}

func archiveRoundTrip(t *testing.T, a *Archive) *Archive {
	b, err := json.Marshal(a)
	require.NoError(t, err)
	var out Archive
	require.NoError(t, json.Unmarshal(b, &out))
	return &out
}

func shardsOf(t *testing.T, o TuneOptions, n int) []*Archive {
	var out []*Archive
	for i := range n {
		o.Shard, o.Shards = i, n
		a, err := Tune(context.Background(), roomsTarget(), o)
		require.NoError(t, err)
		assert.Equal(t, []int{i}, a.Shard)
		out = append(out, archiveRoundTrip(t, a))
	}
	return out
}

func TestRandomShardsMergeToOneRun(t *testing.T) {
	o := roomsOptions(t, MethodRandom, 150)
	one, err := Tune(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	for _, n := range []int{2, 3} {
		parts := shardsOf(t, o, n)
		m, err := MergeTune(parts[len(parts)-1:]...) // one shard alone stays a shard
		require.NoError(t, err)
		assert.Equal(t, n, m.Shards)
		m, err = MergeTune(parts...)
		require.NoError(t, err)
		assert.Equal(t, archiveJSON(t, archiveRoundTrip(t, one)), archiveJSON(t, m), "%d shards", n)
		assert.Len(t, m.Timing, n)
	}
}

// Elites shard by island: any number of shards up to the islands merges to
// the one run with that many islands.
func TestElitesShardsMergeToOneRunWithTheSameIslands(t *testing.T) {
	o := roomsOptions(t, MethodElites, 160)
	o.Islands = 4
	one, err := Tune(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	assert.Equal(t, 4, one.Islands)
	for _, n := range []int{2, 4} {
		m, err := MergeTune(shardsOf(t, o, n)...)
		require.NoError(t, err)
		assert.Equal(t, archiveJSON(t, archiveRoundTrip(t, one)), archiveJSON(t, m), "%d shards", n)
	}
	// by default a sharded search has one island per shard
	o.Islands = 0
	parts := shardsOf(t, o, 2)
	assert.Equal(t, 2, parts[0].Islands)
	o.Islands, o.Shards = 1, 2
	_, err = Tune(context.Background(), roomsTarget(), o)
	assert.ErrorContains(t, err, "2 shards but 1 islands")
}

func TestMergeRefusesAnotherSearch(t *testing.T) {
	o := roomsOptions(t, MethodRandom, 40)
	parts := shardsOf(t, o, 2)
	_, err := MergeTune(parts[0], parts[0])
	assert.ErrorContains(t, err, "shard 0 appears twice")
	o.Seed++
	other := shardsOf(t, o, 2)
	_, err = MergeTune(parts[0], other[1])
	assert.ErrorContains(t, err, "archive 2 is of another search")
	o.Seed--
	o.Bins = [2]int{5, 5}
	_, err = MergeTune(parts[0], shardsOf(t, o, 2)[1])
	assert.ErrorContains(t, err, "other axes, ranges, bins or targets")
	bad := archiveRoundTrip(t, parts[1])
	if len(bad.Cells) > 0 {
		bad.Cells[0].Bin[0] = (bad.Cells[0].Bin[0] + 5) % 10
		_, err = MergeTune(parts[0], bad)
		assert.ErrorContains(t, err, "its metrics do not fall in it")
	}
}

func TestTargetsRankVariantsThatMeetThemFirst(t *testing.T) {
	o := roomsOptions(t, MethodElites, 200)
	r1, err := ParseTarget("rooms>=15")
	require.NoError(t, err)
	r2, err := ParseTarget("path_length=60..120")
	require.NoError(t, err)
	o.Targets = append(o.Targets, r1, r2)
	a, err := Tune(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	assert.Equal(t, []string{"rooms>=15", "path_length=60..120"}, a.Targets)
	require.NotNil(t, a.Meeting)
	require.Positive(t, *a.Meeting)
	for i, c := range a.Cells {
		require.NotNil(t, c.Meets)
		meets := c.Metrics[metrics.Rooms] >= 15 && c.Metrics[metrics.PathLength] >= 60 && c.Metrics[metrics.PathLength] <= 120
		assert.Equal(t, meets, *c.Meets)
		assert.Equal(t, i < *a.Meeting, *c.Meets, "meeting cells come first")
	}
	m, err := MergeTune(archiveRoundTrip(t, a))
	require.NoError(t, err)
	assert.Equal(t, archiveJSON(t, archiveRoundTrip(t, a)), archiveJSON(t, m))
}

func TestParseTargetAndRange(t *testing.T) {
	for in, want := range map[string]string{"rooms>=8": "rooms>=8", "path_length<=90": "path_length<=90",
		"floor_share=0.4..0.7": "floor_share=0.4..0.7", "exits=1": "exits=1..1", "spawns.Goblin>=2": "spawns.Goblin>=2"} {
		r, err := ParseTarget(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, TargetString(r))
	}
	for in, want := range map[string]string{"rooms>8": "no >=, <= or =", "rooms>=x": `"x" is not a number`,
		"room>=1": `unknown metric "room"`, "rooms=9..3": "the range 9..3 is empty"} {
		_, err := ParseTarget(in)
		assert.ErrorContains(t, err, want, in)
	}
	m, lo, hi, err := ParseRange("rooms=0..40")
	require.NoError(t, err)
	assert.Equal(t, "rooms", m)
	assert.Equal(t, [2]float64{0, 40}, [2]float64{lo, hi})
	_, _, _, err = ParseRange("rooms=4..4")
	assert.ErrorContains(t, err, "LO < HI")
}

func TestVaryIsCheckedAgainstTheDescriptors(t *testing.T) {
	c := roomsChain()
	c.Steps = append(c.Steps,
		chain.Step{Builder: "sub_chain", Params: map[string]any{"region": "right_half", "steps": []chain.Step{
			{Builder: "voronoi"}, {Builder: "cellular_automata"}}}},
		chain.Step{Builder: "door_placement", Disabled: true})
	for in, want := range map[string]string{
		"steps[0].params.max_rooms=1..60":                               "int 1..60",
		"steps[0].params.max_rooms=7":                                   "int 7..7",
		"steps[0].params.max_rooms=*":                                   "int 1..500",
		"steps[5].params.steps[0].params.distance=*":                    "enum [pythagoras manhattan chebyshev]",
		"steps[5].params.steps[0].params.distance=manhattan..chebyshev": "enum [manhattan chebyshev]",
		"steps[0].params.draw=*":                                        "bool [false true]",
		"steps[5].params.region=left_half..right_half":                  "enum [left_half right_half]",
		"steps[5].params.steps[1].params.wall_percent=40..60":           "int 40..60",
	} {
		v, err := ParseVary(in)
		require.NoError(t, err, in)
		d, err := Resolve(c, v)
		require.NoError(t, err, in)
		got := d.Type() + " "
		if d.Numeric {
			got += formatValue(d.Lo) + ".." + formatValue(d.Hi)
		} else {
			got += fmt.Sprint(d.Choices)
		}
		assert.Equal(t, want, got, in)
	}
	for in, want := range map[string]string{
		"steps[0].params.max_rooms=0..60":                               `steps[0].params.max_rooms: 0 is out of range [1, 500]`,
		"steps[0].params.max_rooms=1.5..60":                             `steps[0].params.max_rooms: "1.5" is not an integer`,
		"steps[0].params.max_rooms=9..3":                                `the range 9..3 is empty`,
		"steps[0].params.max_roms=1..3":                                 `steps[0].params.max_roms: simple_map has no parameter "max_roms" (it has max_rooms, min_size, max_size, draw)`,
		"steps[9].params.x=1..3":                                        `steps[9]: there is no such step (the list has 7)`,
		"steps[5].params.steps[4].params.seeds=1..3":                    `steps[5].params.steps[4]: there is no such step (the list has 2)`,
		"steps[6].params.x=1..3":                                        `steps[6]: the step is disabled`,
		"steps[5].params.steps[0].params.distance=taxi":                 `"taxi" is not one of pythagoras, manhattan, chebyshev`,
		"steps[5].params.steps[0].params.distance=chebyshev..manhattan": `chebyshev comes after manhattan`,
		"steps[5].params.steps=1..2":                                    `steps is a steps parameter; only int, float, bool, enum, region and position parameters can be varied`,
		"steps[0].params.draw=maybe":                                    `"maybe" is not one of false, true`,
	} {
		v, err := ParseVary(in)
		require.NoError(t, err, in)
		_, err = Resolve(c, v)
		assert.ErrorContains(t, err, want, in)
	}
	for in, want := range map[string]string{
		"steps[0].params.max_rooms":     "is not PATH=LO..HI",
		"step[0].params.max_rooms=1..2": "is not steps[N].params.NAME",
		"steps[0].params.max_rooms=1..": "is not LO..HI",
	} {
		_, err := ParseVary(in)
		assert.ErrorContains(t, err, want, in)
	}
}

// A variant whose level fails (here: caves all wall, so no start) counts as
// failed, and the archive names the first.
func TestFailingVariantsCount(t *testing.T) {
	o := roomsOptions(t, MethodRandom, 30)
	o.Dims = dims(t, caveChain(), "steps[0].params.wall_percent=100")
	a, err := Tune(context.Background(), ChainTarget(caveChain(), nil, "caves"), o)
	require.NoError(t, err)
	assert.Equal(t, 30, a.Failed)
	assert.Empty(t, a.Cells)
	require.NotNil(t, a.FirstFailure)
	assert.Equal(t, [2]int{0, 0}, a.FirstFailure.At)
	assert.Contains(t, a.FirstFailure.Error, "chain: steps[1] area_starting_position: ")
}

// A project level's acceptance rules apply to every variant (the facade's
// route): each cell's level meets them.
func TestTuneAProjectLevelKeepsItsRules(t *testing.T) {
	p := projects.New("Lab")
	p.Levels[0].Accept = &projects.Accept{Tries: 30, Rules: []projects.Rule{{Metric: metrics.Rooms, Min: f64(12)}}}
	tg := LevelTarget(p, 0, content.Default().Roller(), "lab")
	o := TuneOptions{Dims: dims(t, p.Levels[0].Chain, "steps[0].params.tries=20..240"),
		Axes: [2]string{metrics.Rooms, metrics.PathLength}, Ranges: [2][2]float64{{0, 40}, {0, 160}}, Bins: [2]int{8, 8}, Budget: 60}
	a, err := Tune(context.Background(), tg, o)
	require.NoError(t, err)
	require.NotEmpty(t, a.Cells)
	for _, c := range a.Cells {
		assert.GreaterOrEqual(t, c.Metrics[metrics.Rooms], 12.0)
	}
}
