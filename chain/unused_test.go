package chain_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// unusedSeen records, step by step, what t_unused saw: Unused of a
// rectangle left of x = 10 and of one right of it.
var unusedSeen [][2]bool

func init() {
	chain.Register(chain.Spec{Name: "t_unused", Kind: chain.Both,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(_ context.Context, s *chain.State, _ *rand.Rand) error {
				unusedSeen = append(unusedSeen, [2]bool{s.Unused(chain.R(0, 0, 10, 5)), s.Unused(chain.R(10, 0, 10, 5))})
				return nil
			}), nil
		}})
	chain.Register(chain.Spec{Name: "t_nest_within", Kind: chain.Meta,
		Params: []chain.Param{{Name: "steps", Type: chain.Steps, Default: []chain.Step{}}},
		New: func(v chain.Values) (chain.Builder, error) {
			steps := v.Steps("steps")
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				_, err := s.NestedWithin(ctx, steps, chain.R(10, 0, 10, 5)) // the right half kept
				return err
			}), nil
		}})
}

// TestUnusedOnlyInANestedRunsLastStep checks Unused: true only for a
// rectangle outside what the parent keeps, in the last step that runs of a
// NestedWithin run, and never when history is recorded.
func TestUnusedOnlyInANestedRunsLastStep(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 8, Steps: []chain.Step{
		{Builder: "t_plain"},
		{Builder: "t_unused"},
		{Builder: "t_nest_within", Params: map[string]any{"steps": []chain.Step{
			{Builder: "t_plain"}, {Builder: "t_unused"}, {Builder: "t_unused"}, {Builder: "t_unused", Disabled: true}}}},
		{Builder: "t_unused"},
	}}
	for _, history := range []bool{false, true} {
		unusedSeen = nil
		_, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1, NoHistory: !history})
		require.NoError(t, err)
		last := !history // the left rectangle is unused in the nested run's last step, without history
		assert.Equal(t, [][2]bool{{false, false}, {false, false}, {last, false}, {false, false}}, unusedSeen, "history %v", history)
	}
}
