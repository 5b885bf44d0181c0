package chain_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// streams records, per t_rec tag, the first numbers its step's source yielded.
var (
	streamsMu sync.Mutex
	streams   = map[string][]uint64{}
)

func init() {
	chain.Register(chain.Spec{
		Name: "t_rec", Kind: chain.Meta, Help: "records the first numbers of its source under its tag",
		Params: []chain.Param{{Name: "tag", Type: chain.String, Default: ""}},
		New: func(v chain.Values) (chain.Builder, error) {
			tag := v.String("tag")
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, rng *rand.Rand) error {
				streamsMu.Lock()
				defer streamsMu.Unlock()
				streams[tag] = []uint64{rng.Uint64(), rng.Uint64(), rng.Uint64()}
				return nil
			}), nil
		},
	})
}

// recordStreams runs c and returns the numbers each t_rec step drew, by tag.
func recordStreams(t *testing.T, c *chain.Chain) map[string][]uint64 {
	t.Helper()
	streamsMu.Lock()
	clear(streams)
	streamsMu.Unlock()
	_, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 11, NoHistory: true})
	require.NoError(t, err)
	streamsMu.Lock()
	defer streamsMu.Unlock()
	out := map[string][]uint64{}
	for k, v := range streams {
		out[k] = slices.Clone(v)
	}
	return out
}

func rec(tag string) chain.Step {
	return chain.Step{Builder: "t_rec", Params: map[string]any{"tag": tag}}
}

// keysChain has recording steps at the top level and inside a nested list.
func keysChain() *chain.Chain {
	return &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{
		{Builder: "t_fill"},
		rec("a"),
		{Builder: "t_fill", Params: map[string]any{"n": 2}},
		rec("b"),
		{Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{{Builder: "t_fill"}, rec("c"), rec("d")}}},
		rec("e"),
	}}
}

func insertAt(steps []chain.Step, i int, s chain.Step) []chain.Step {
	return slices.Insert(slices.Clone(steps), i, s)
}

// Inserting, removing or disabling a step leaves every other step's stream unchanged.
func TestStepStreamsSurviveEdits(t *testing.T) {
	want := recordStreams(t, keysChain())
	require.Len(t, want, 5)
	for k, v := range want {
		for k2, v2 := range want {
			if k != k2 {
				require.NotEqual(t, v, v2, "%s and %s share a stream", k, k2)
			}
		}
	}
	same := func(t *testing.T, c *chain.Chain, what string, skip string) {
		t.Helper()
		got := recordStreams(t, c)
		for tag, w := range want {
			if tag == skip {
				continue
			}
			assert.Equal(t, w, got[tag], "%s: stream of %s changed", what, tag)
		}
	}
	base := keysChain()
	extra := chain.Step{Builder: "t_plain"}
	for i := 1; i <= len(base.Steps); i++ {
		c := keysChain()
		c.Steps = insertAt(c.Steps, i, extra)
		same(t, c, "insert at top", "")
		c = keysChain()
		c.Steps = insertAt(c.Steps, i, chain.Step{Builder: "t_fill", Disabled: true})
		same(t, c, "insert a disabled step", "")
	}
	for i := 0; i <= 3; i++ {
		c := keysChain()
		nested := c.Steps[4].Params["steps"].([]chain.Step)
		c.Steps[4].Params["steps"] = insertAt(nested, i, chain.Step{Builder: "t_plain"})
		same(t, c, "insert nested", "")
	}
	for i, s := range base.Steps {
		c := keysChain()
		c.Steps[i].Disabled = true
		tag, _ := s.Params["tag"].(string)
		if s.Builder == "t_nest" {
			got := recordStreams(t, c)
			assert.Equal(t, want["a"], got["a"])
			assert.Equal(t, want["b"], got["b"])
			assert.Equal(t, want["e"], got["e"])
			continue
		}
		same(t, c, "disable", tag)
	}
	// Removing a step of another builder (the second fill) changes no recorded stream.
	c := keysChain()
	c.Steps = slices.Delete(c.Steps, 2, 3)
	same(t, c, "remove", "")
	// Removing the nested list's first fill keeps c and d.
	c = keysChain()
	c.Steps[4].Params["steps"] = []chain.Step{rec("c"), rec("d")}
	same(t, c, "remove nested", "")
}

// An explicit id keeps a step's stream when the step moves, and moving it
// disturbs no other step.
func TestStepIDKeepsTheStreamWhenMoved(t *testing.T) {
	boss := rec("boss")
	boss.ID = "boss"
	steps := []chain.Step{{Builder: "t_fill"}, boss, rec("x"), {Builder: "t_plain"}, rec("y")}
	c := &chain.Chain{Width: 20, Height: 10, Steps: steps}
	want := recordStreams(t, c)
	for to := 1; to < len(steps); to++ {
		moved := slices.Delete(slices.Clone(steps), 1, 2)
		moved = slices.Insert(moved, to, boss)
		got := recordStreams(t, &chain.Chain{Width: 20, Height: 10, Steps: moved})
		assert.Equal(t, want, got, "boss moved to %d", to)
	}
	// Without the id, moving it past x swaps their streams.
	boss.ID = ""
	plain := recordStreams(t, &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, boss, rec("x")}})
	swapped := recordStreams(t, &chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill"}, rec("x"), boss}})
	assert.Equal(t, plain["boss"], swapped["x"])
	assert.NotEqual(t, plain["boss"], swapped["boss"])
}

func TestStepKeys(t *testing.T) {
	steps := []chain.Step{{Builder: "a"}, {Builder: "b"}, {Builder: "a", Disabled: true}, {Builder: "a", ID: "mine"}, {Builder: "a"}}
	assert.Equal(t, []string{"a#0", "b#0", "a#1", "mine", "a#2"}, chain.StepKeys(steps, ""))
	assert.Equal(t, []string{"sub_chain#0/a#0", "sub_chain#0/b#0", "sub_chain#0/a#1", "sub_chain#0/mine", "sub_chain#0/a#2"},
		chain.StepKeys(steps, "sub_chain#0"))

	c, err := decode(t, `{"width":20,"height":10,"steps":[{"builder":"t_fill"},{"builder":"t_nest","id":"lair","params":{"steps":[{"builder":"t_fill"},{"builder":"t_nest","params":{"steps":[{"builder":"t_fill"}]}}]}}]}`)
	require.NoError(t, err)
	res, err := chain.Run(context.Background(), c, 3, nil)
	require.NoError(t, err)
	var keys []string
	for i := 0; i < res.History.Len(); i++ {
		ref, _ := res.History.StepOf(i)
		if !slices.Contains(keys, ref.Key) {
			keys = append(keys, ref.Key)
		}
	}
	assert.Equal(t, []string{"t_fill#0", "lair/t_fill#0", "lair/t_nest#0/t_fill#0", "lair/t_nest#0", "lair"}, keys)
}

func TestStepIDDecodeEncode(t *testing.T) {
	in := `{"width":20,"height":10,"steps":[{"builder":"t_fill","id":"room-1.a_b"},{"builder":"t_plain"}]}`
	c, err := decode(t, in)
	require.NoError(t, err)
	assert.Equal(t, "room-1.a_b", c.Steps[0].ID)
	assert.Empty(t, c.Steps[1].ID)
	var b strings.Builder
	require.NoError(t, c.Encode(&b))
	assert.Contains(t, b.String(), `{ "builder": "t_fill", "id": "room-1.a_b" }`)
	assert.Equal(t, 1, strings.Count(b.String(), `"id"`), "an absent id stays absent")
	c2, err := decode(t, b.String())
	require.NoError(t, err)
	assert.Equal(t, c, c2)

	cases := map[string]struct{ in, want string }{
		"empty":     {`{"steps":[{"builder":"t_fill","id":""}]}`, `steps[0].id: "" is empty`},
		"charset":   {`{"steps":[{"builder":"t_fill","id":"a b"}]}`, `steps[0].id: "a b" holds ' '`},
		"slash":     {`{"steps":[{"builder":"t_fill","id":"a/b"}]}`, `steps[0].id: "a/b" holds '/'`},
		"hash":      {`{"steps":[{"builder":"t_fill","id":"a#0"}]}`, `steps[0].id: "a#0" holds '#'`},
		"type":      {`{"steps":[{"builder":"t_fill","id":7}]}`, `steps[0].id: 7 is not a string`},
		"long":      {`{"steps":[{"builder":"t_fill","id":"` + strings.Repeat("x", 65) + `"}]}`, `is longer than 64 characters`},
		"duplicate": {`{"steps":[{"builder":"t_fill","id":"a"},{"builder":"t_plain","id":"a"}]}`, `steps[1].id: "a" is already the id of steps[0]`},
		"nested dup": {`{"steps":[{"builder":"t_fill"},{"builder":"t_nest","params":{"steps":[{"builder":"t_fill","id":"a"},{"builder":"t_fill","id":"a"}]}}]}`,
			`steps[1].params.steps[1].id: "a" is already the id of steps[1].params.steps[0]`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := decode(t, tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	// The same id in different lists is fine.
	_, err = decode(t, `{"steps":[{"builder":"t_fill","id":"a"},{"builder":"t_nest","params":{"steps":[{"builder":"t_fill","id":"a"}]}}]}`)
	require.NoError(t, err)

	// Check flags ids of chains built in code.
	probs := chain.Check(&chain.Chain{Width: 20, Height: 10, Steps: []chain.Step{{Builder: "t_fill", ID: "a"}, {Builder: "t_plain", ID: "a"}, {Builder: "t_plain", ID: "b c"}}})
	require.Len(t, probs, 2)
	assert.Equal(t, `steps[1].id: "a" is already the id of steps[0] (ids are unique within a step list)`, probs[0].Error())
	assert.Contains(t, probs[1].Error(), `steps[2].id: "b c" holds ' '`)
}

// TestStepKeysShortAndLongLists checks StepKeys against numbering with a map
// of counts, on lists short enough to count the earlier steps and long
// enough for its map, with repeated builders and some IDs.
func TestStepKeysShortAndLongLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for range 300 {
		steps := make([]chain.Step, rng.IntN(70))
		for i := range steps {
			steps[i].Builder = []string{"a", "b", "c"}[rng.IntN(3)]
			if rng.IntN(5) == 0 {
				steps[i].ID = fmt.Sprint("id", i)
			}
		}
		want := make([]string, len(steps))
		seen := map[string]int{}
		for i, s := range steps {
			want[i] = "p/" + s.ID
			if s.ID == "" {
				want[i] = fmt.Sprintf("p/%s#%d", s.Builder, seen[s.Builder])
				seen[s.Builder]++
			}
		}
		require.Equal(t, want, chain.StepKeys(steps, "p"))
	}
}
