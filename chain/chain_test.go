package chain_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// Test builders registered only in this test binary.
func init() {
	chain.Register(chain.Spec{Name: "t_plain", Kind: chain.Initial,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(context.Context, *chain.State, *rand.Rand) error { return nil }), nil
		}})
	chain.Register(chain.Spec{
		Name: "t_fill", Kind: chain.Initial, Help: "floor everywhere inside a border",
		Params: []chain.Param{
			{Name: "x", Type: chain.Enum, Default: "center", Choices: []string{"left", "center", "right"}},
			{Name: "n", Type: chain.Int, Default: 3, Min: 1, Max: 10},
			{Name: "f", Type: chain.Float, Default: 0.5, Min: 0, Max: 1},
			{Name: "pos", Type: chain.EnumOrNumber, Default: "left", Choices: []string{"left", "right"}, Min: 0, Max: 100},
			{Name: "rows", Type: chain.StringList},
			{Name: "bands", Type: chain.IntList},
			{Name: "on", Type: chain.Bool, Default: true},
			{Name: "preset", Type: chain.Enum, Choices: []string{"none", "big"}, Default: "none"},
		},
		Presets: map[string]chain.Values{"big": {"n": 9}},
		Makes:   chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			n := v.Int("n")
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				s.Map.Fill(s.Map.Bounds().Inset(1), chain.Floor)
				for i := 0; i < n; i++ {
					s.Map.Set(chain.Point{X: 1 + rng.IntN(s.Map.W-2), Y: 1 + rng.IntN(s.Map.H-2)}, chain.Wall)
					s.Snapshot("wall")
				}
				s.Rooms = []chain.Rect{s.Map.Bounds().Inset(1)}
				return nil
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "t_needs_rooms", Kind: chain.Meta, Needs: chain.FRooms,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				if err := s.NeedRooms(); err != nil {
					return err
				}
				return s.SetStart(s.Rooms[0].Center())
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "t_small", Kind: chain.Both, MaxSize: 64,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				s.Map.Fill(s.Map.Bounds().Inset(1), chain.Floor)
				return nil
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "t_panic", Kind: chain.Meta,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				var m map[string]int
				m["x"] = 1
				return nil
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "t_nest", Kind: chain.Meta,
		Params: []chain.Param{{Name: "steps", Type: chain.Steps}},
		New: func(v chain.Values) (chain.Builder, error) {
			steps := v.Steps("steps")
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				sub, err := s.Nested(ctx, steps)
				if err != nil {
					return err
				}
				copy(s.Map.Tiles, sub.Map.Tiles)
				return nil
			}), nil
		},
	})
}

func decode(t *testing.T, js string) (*chain.Chain, error) {
	t.Helper()
	return chain.Decode(strings.NewReader(js))
}

func TestDecodeErrors(t *testing.T) {
	cases := map[string]struct{ in, want string }{
		"enum":          {`{"steps":[{"builder":"t_fill","params":{"x":"middle"}}]}`, `steps[0].params.x: "middle" is not one of left, center, right`},
		"unknown param": {`{"steps":[{"builder":"t_fill","params":{"size":3}}]}`, `steps[0].params.size: unknown parameter "size" for t_fill`},
		"range":         {`{"steps":[{"builder":"t_fill","params":{"n":11}}]}`, `steps[0].params.n: 11 is out of range [1, 10]`},
		"not int":       {`{"steps":[{"builder":"t_fill","params":{"n":2.5}}]}`, `steps[0].params.n: 2.5 is not an integer`},
		"type":          {`{"steps":[{"builder":"t_fill","params":{"on":"yes"}}]}`, `steps[0].params.on: "yes" is not true or false`},
		"list":          {`{"steps":[{"builder":"t_fill","params":{"rows":["a",1]}}]}`, `steps[0].params.rows: [1]: 1 is not a string`},
		"pos":           {`{"steps":[{"builder":"t_fill","params":{"pos":"top"}}]}`, `steps[0].params.pos: "top" is not one of left, right, or a number`},
		"unknown":       {`{"steps":[{"builder":"t_fill"},{"builder":"nope"}]}`, `steps[1].builder: unknown builder "nope"`},
		"step key":      {`{"steps":[{"builder":"t_fill","parms":{}}]}`, `steps[0]: unknown key "parms"`},
		"width":         {`{"width":4,"steps":[]}`, `width: 4 is out of range [8, 4096]`},
		"height":        {`{"height":5000,"steps":[]}`, `height: 5000 is out of range [8, 4096]`},
		"syntax":        {"{\n \"steps\": [\n  {\"builder\": \"t_fill\",}\n ]\n}", `line 3:`},
		"no steps":      {`{"width":10}`, `steps: missing`},
		"not object":    {`[1,2]`, `line 1:2: array is not an object`},
		"nested":        {`{"steps":[{"builder":"t_nest","params":{"steps":[{"builder":"t_fill","params":{"n":0}}]}}]}`, `steps[0].params.steps[0].params.n: 0 is out of range`},
		"trailing":      {`{"steps":[]} x`, `line 1:`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := decode(t, c.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// A chain file names its format; one without is an older file and loads
// the same; a newer one is refused naming it; a chain inside a project
// (a prefix) has no format of its own.
func TestDecodeFormat(t *testing.T) {
	c, err := decode(t, `{"format":"hewn.chain/1","width":10,"steps":[]}`)
	require.NoError(t, err)
	assert.Equal(t, 10, c.Width)
	_, err = decode(t, `{"format":"hewn.chain/2","steps":[]}`)
	require.EqualError(t, err, `format: "hewn.chain/2" is newer than this Hewn reads (hewn.chain/1); update Hewn`)
	_, err = decode(t, `{"format":"hewn.project/2","steps":[]}`)
	require.EqualError(t, err, `format: "hewn.project/2" is not a chain document (want hewn.chain/1)`)
	_, err = decode(t, `{"fromat":"hewn.chain/1","steps":[]}`)
	require.ErrorContains(t, err, `fromat: unknown key "fromat" (want format, name, depth, width, height, steps)`)
	_, err = chain.DecodeJSON([]byte(`{"format":"hewn.chain/1","steps":[]}`), "levels[0].chain")
	require.ErrorContains(t, err, `levels[0].chain.format: unknown key "format" (want name, depth, width, height, steps)`)
}

func TestDecodeNestingLimit(t *testing.T) {
	js := `{"builder":"t_fill"}`
	for i := 0; i < chain.MaxNesting+1; i++ {
		js = `{"builder":"t_nest","params":{"steps":[` + js + `]}}`
	}
	_, err := decode(t, `{"steps":[`+js+`]}`)
	require.ErrorContains(t, err, "nest deeper than 16")
}

func TestDecodeEncodeRoundTrip(t *testing.T) {
	in := `{"name":"x","depth":2,"width":20,"height":10,"steps":[{"builder":"t_fill","params":{"n":4,"rows":["ab"],"pos":7},"note":"hi"},{"builder":"t_needs_rooms","enabled":false}]}`
	c, err := decode(t, in)
	require.NoError(t, err)
	assert.Equal(t, 4, c.Steps[0].Params["n"])
	assert.Equal(t, []string{"ab"}, c.Steps[0].Params["rows"])
	assert.Equal(t, 7, c.Steps[0].Params["pos"])
	assert.True(t, c.Steps[1].Disabled)
	var b strings.Builder
	require.NoError(t, c.Encode(&b))
	c2, err := decode(t, b.String())
	require.NoError(t, err)
	var b2 strings.Builder
	require.NoError(t, c2.Encode(&b2))
	assert.Equal(t, b.String(), b2.String())
	assert.Contains(t, b.String(), `"enabled": false`)
	assert.Contains(t, b.String(), `"note": "hi"`)
}

func TestPresetsAndOverrides(t *testing.T) {
	spec, ok := chain.Lookup("t_fill")
	require.True(t, ok)
	assert.Equal(t, 3, spec.Resolve(nil).Int("n"), "defaults")
	assert.Equal(t, 9, spec.Resolve(map[string]any{"preset": "big"}).Int("n"), "preset")
	assert.Equal(t, 2, spec.Resolve(map[string]any{"preset": "big", "n": 2}).Int("n"), "explicit beats preset")
}

func TestCheck(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_needs_rooms"}, {Builder: "t_fill"}, {Builder: "t_needs_rooms"}}}
	probs := chain.Check(c)
	require.Len(t, probs, 2)
	assert.Equal(t, 0, probs[0].Step)
	assert.Contains(t, probs[0].Error(), "steps[0]: t_needs_rooms is a meta builder and needs a map")
	assert.Contains(t, probs[1].Error(), "t_needs_rooms needs rooms, but no earlier step makes any")
	c.Steps[0].Disabled = true
	assert.Empty(t, chain.Check(c))
}

func TestRunErrorsNameTheStep(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, {Builder: "t_panic"}}}
	res, err := chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "chain: steps[1] t_panic: internal error")
	assert.Equal(t, 4, res.History.Len(), "history up to the failure is kept")

	c = &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_needs_rooms"}}}
	_, err = chain.Run(context.Background(), c, 1, nil)
	var se *chain.StepError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, "steps[0]", se.Step.Path)
	assert.Contains(t, err.Error(), "needs rooms, but there are none")
}

// A builder with a MaxSize takes maps up to it; Check reports a larger chain at
// the step's builder (nested steps too: they run on a map of the chain's size)
// and Run refuses the step with the same message, naming the step.
func TestBuilderSizeLimit(t *testing.T) {
	const msg = "t_small builds maps up to 64×64, and this one is 65×40 (make the width and height 64 or less)"
	c := &chain.Chain{Width: 64, Height: 64, Steps: []chain.Step{{Builder: "t_small"}}}
	assert.Empty(t, chain.Check(c))
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)

	c.Width, c.Height = 65, 40
	probs := chain.Check(c)
	require.Len(t, probs, 1)
	assert.Equal(t, "steps[0].builder", probs[0].Path)
	assert.Equal(t, 0, probs[0].Step)
	assert.False(t, probs[0].Warning)
	assert.Equal(t, msg, probs[0].Msg)
	res, err := chain.Run(context.Background(), c, 1, nil)
	var se *chain.StepError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, "steps[0]", se.Step.Path)
	assert.Equal(t, "chain: steps[0] t_small: "+msg, err.Error())
	assert.Zero(t, res.History.Len(), "the step is refused before it builds anything")

	c.Steps = []chain.Step{{Builder: "t_fill"}, {Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{{Builder: "t_fill"}, {Builder: "t_small"}}}}}
	probs = chain.Check(c)
	require.Len(t, probs, 1)
	assert.Equal(t, "steps[1].params.steps[1].builder", probs[0].Path)
	assert.Equal(t, 1, probs[0].Step)
	assert.Equal(t, msg, probs[0].Msg)
	_, err = chain.Run(context.Background(), c, 1, nil)
	require.True(t, errors.As(err, &se))
	assert.Equal(t, "steps[1].params.steps[1]", se.Step.Path)
	assert.Equal(t, "chain: steps[1].params.steps[1] t_small: "+msg, err.Error())

	c.Steps[1].Disabled = true // a disabled step is neither checked nor run
	assert.Empty(t, chain.Check(c))
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}}}
	_, err := chain.Run(ctx, c, 1, nil)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestEditingALaterStepKeepsEarlierSnapshots(t *testing.T) {
	c := &chain.Chain{Width: 30, Height: 12, Steps: []chain.Step{{Builder: "t_fill"}, {Builder: "t_fill", Params: map[string]any{"n": 2}}}}
	a, err := chain.Run(context.Background(), c, 5, nil)
	require.NoError(t, err)
	c.Steps[1].Params["n"] = 7
	b, err := chain.Run(context.Background(), c, 5, nil)
	require.NoError(t, err)
	i := a.History.LastOf(0)
	require.Equal(t, i, b.History.LastOf(0))
	assert.Equal(t, a.History.At(i).Map.Tiles, b.History.At(i).Map.Tiles)
	assert.NotEqual(t, a.State.Map.Tiles, b.State.Map.Tiles)
}

func TestNestedHistoryAndPaths(t *testing.T) {
	c, err := decode(t, `{"width":20,"height":10,"steps":[{"builder":"t_fill","params":{"n":1}},{"builder":"t_nest","params":{"steps":[{"builder":"t_fill","params":{"n":2}}]}}]}`)
	require.NoError(t, err)
	res, err := chain.Run(context.Background(), c, 3, nil)
	require.NoError(t, err)
	var paths []string
	for i := 0; i < res.History.Len(); i++ {
		ref, _ := res.History.StepOf(i)
		paths = append(paths, ref.Path)
		if strings.Contains(ref.Path, ".params.steps") {
			assert.Equal(t, 1, ref.Index)
			assert.Equal(t, 1, ref.Depth)
		}
	}
	assert.Equal(t, []string{"steps[0]", "steps[0]", "steps[1].params.steps[0]", "steps[1].params.steps[0]", "steps[1].params.steps[0]", "steps[1]"}, paths)
}

func TestSeedsDiffer(t *testing.T) {
	c := &chain.Chain{Width: 30, Height: 12, Steps: []chain.Step{{Builder: "t_fill", Params: map[string]any{"n": 10}}}}
	a, _ := chain.Run(context.Background(), c, 1, nil)
	b, _ := chain.Run(context.Background(), c, 2, nil)
	a2, _ := chain.Run(context.Background(), c, 1, nil)
	assert.NotEqual(t, a.State.Map.Tiles, b.State.Map.Tiles)
	assert.Equal(t, a.State.Map.Tiles, a2.State.Map.Tiles)
	assert.NotEqual(t, chain.LevelSeed(1, 1), chain.LevelSeed(1, 2))
}

func TestNearestWalkable(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(10, 10)}
	_, err := s.NearestWalkable(chain.Point{X: 5, Y: 5})
	assert.ErrorIs(t, err, chain.ErrNoWalkable)
	require.ErrorContains(t, s.SetStart(chain.Point{X: 1, Y: 1}), "cannot place the start")
	s.Map.Set(chain.Point{X: 8, Y: 2}, chain.Floor)
	s.Map.Set(chain.Point{X: 2, Y: 8}, chain.Floor)
	p, err := s.NearestWalkable(chain.Point{X: 7, Y: 3})
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 8, Y: 2}, p)
	q, err := s.AddExit(chain.Point{X: 0, Y: 9})
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 2, Y: 8}, q)
	assert.Equal(t, chain.DownStairs, s.Map.At(q))
}

func TestDistanceMapAndPath(t *testing.T) {
	g := chain.NewGrid(10, 5)
	g.Fill(chain.R(1, 1, 8, 3), chain.Floor)
	g.Fill(chain.R(5, 1, 1, 3), chain.Wall)
	d := chain.DistanceMap(g, []chain.Point{{X: 1, Y: 1}})
	assert.Equal(t, 0, d[g.Idx(chain.Point{X: 1, Y: 1})])
	assert.Equal(t, chain.Unreachable, d[g.Idx(chain.Point{X: 7, Y: 2})])
	g.Set(chain.Point{X: 5, Y: 2}, chain.Floor)
	d = chain.DistanceMap(g, []chain.Point{{X: 1, Y: 1}})
	assert.Equal(t, 6, d[g.Idx(chain.Point{X: 7, Y: 2})])
	path := chain.Path(g, chain.Point{X: 1, Y: 1}, chain.Point{X: 8, Y: 3}, chain.TileCost(g))
	require.NotEmpty(t, path)
	assert.Equal(t, chain.Point{X: 1, Y: 1}, path[0])
	assert.Equal(t, chain.Point{X: 8, Y: 3}, path[len(path)-1])
	assert.Contains(t, path, chain.Point{X: 5, Y: 2})
}

func FuzzDecode(f *testing.F) {
	f.Add(`{"steps":[{"builder":"t_fill","params":{"x":"left","n":3,"rows":["a"],"bands":[1,2],"pos":3}}]}`)
	f.Add(`{"width":8,"height":8,"steps":[{"builder":"t_nest","params":{"steps":[{"builder":"t_fill"}]}}]}`)
	f.Add(`{"steps":[{"builder":"t_fill","params":{"f":1e400}}]}`)
	f.Fuzz(func(t *testing.T, js string) {
		c, err := chain.Decode(strings.NewReader(js))
		if err != nil {
			return
		}
		var b strings.Builder
		require.NoError(t, c.Encode(&b))
		_, err = chain.Decode(strings.NewReader(b.String()))
		require.NoError(t, err, "re-encoding a decoded chain gives a valid chain")
		if c.Width*c.Height <= 64*64 {
			_, _ = chain.Run(context.Background(), c, 1, nil)
		}
	})
}

// The engine enforces a spec's declared needs before the builder runs.
func TestRunEnforcesNeeds(t *testing.T) {
	if _, ok := chain.Lookup("t_needs_start"); !ok { // registered once (go test -count=N)
		registerNeedsStart()
	}
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, {Builder: "t_needs_start"}}}
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Equal(t, "chain: steps[1] t_needs_start: needs a start position, but none is placed", err.Error())
}

// registerNeedsStart registers a meta builder that needs a start.
func registerNeedsStart() {
	chain.Register(chain.Spec{
		Name: "t_needs_start", Kind: chain.Meta, Needs: chain.FStart,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				s.Map.Set(*s.Start, chain.DownStairs) // would panic without a start
				return nil
			}), nil
		},
	})
}

func TestNoHistoryGivesTheSameLevel(t *testing.T) {
	c := &chain.Chain{Width: 30, Height: 12, Steps: []chain.Step{{Builder: "t_fill", Params: map[string]any{"n": 10}}}}
	a, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 4})
	require.NoError(t, err)
	b, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 4, NoHistory: true})
	require.NoError(t, err)
	assert.Equal(t, a.State.Map.Tiles, b.State.Map.Tiles)
	assert.Equal(t, 11, a.History.Len())
	assert.Equal(t, 0, b.History.Len())
}

func TestExitsAvoidTheStartAndEachOther(t *testing.T) {
	s := &chain.State{Map: chain.NewGrid(10, 10)}
	s.Map.Fill(chain.R(1, 1, 3, 1), chain.Floor)
	require.NoError(t, s.SetStart(chain.Point{X: 1, Y: 1}))
	a, err := s.AddExit(chain.Point{X: 1, Y: 1})
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 2, Y: 1}, a, "not on the start")
	b, err := s.AddExit(chain.Point{X: 1, Y: 1})
	require.NoError(t, err)
	assert.Equal(t, chain.Point{X: 3, Y: 1}, b, "not on another exit")
	_, err = s.AddExit(chain.Point{X: 1, Y: 1})
	assert.ErrorIs(t, err, chain.ErrNoFreeTile)
	assert.Len(t, s.Exits, 2)
}

func TestCheckInitialStepStartsAfresh(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, {Builder: "t_fill"}, {Builder: "t_needs_rooms"}}}
	assert.Empty(t, chain.Check(c), "the second fill makes rooms again")
	c.Steps[1].Builder = "t_plain"
	probs := chain.Check(c)
	require.Len(t, probs, 1, "an initial step drops the rooms made before it")
	assert.Contains(t, probs[0].Error(), "steps[2]: t_needs_rooms needs rooms")
}

// The engine starts an initial-only builder on a fresh level.
func TestInitialStepStartsAFreshLevel(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, {Builder: "t_needs_rooms"}, {Builder: "t_plain"}}}
	res, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)
	s := res.State
	assert.Nil(t, s.Start, "the start of the earlier map is gone")
	assert.Nil(t, s.Rooms)
	assert.Equal(t, 0, s.Map.Count(chain.Tile.Walkable), "solid rock: t_plain draws nothing")
}
