package builders_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// TestSizeLimits: the builders too slow or too big for a 4096×4096 map (issue
// 14; BenchmarkGolden4096 measures them) take their golden chain up to their
// limit, and one tile wider Check reports the step's builder, naming the
// limit, and Run refuses the step with the same message before building.
func TestSizeLimits(t *testing.T) {
	chains := loadChains(t)
	for _, tc := range []struct {
		chain string
		step  int
		limit int
		who   string
	}{
		{"town", 0, 2048, "town"},
		{"prefab_sectional", 1, 1024, "prefab with mode sectional and connect"},
		{"yellow_brick_road", 5, 1024, "yellow_brick_road"},
		{"dla", 0, 512, "dla with algorithm walk_inwards"},
		{"dla_walk_outwards", 0, 512, "dla with algorithm walk_outwards"},
		{"dla_central_attractor", 0, 2048, "dla with algorithm central_attractor"},
		{"drunkards_walk", 0, 256, "drunkards_walk with spawn_mode starting_point"},
		{"drunkards_walk_open_area", 0, 256, "drunkards_walk with spawn_mode starting_point"},
		{"sub_chain_carve", -1, 2048, "dla with algorithm central_attractor"}, // nested: steps[4].params.steps[0]
	} {
		t.Run(tc.chain, func(t *testing.T) {
			c := chains[tc.chain].Clone()
			c.Width, c.Height = tc.limit, 40
			for _, p := range chain.Errors(chain.Check(c)) {
				assert.NotContains(t, p.Msg, "builds maps up to", "at the limit")
			}
			c.Width = tc.limit + 1
			path := fmt.Sprintf("steps[%d]", tc.step)
			if tc.step < 0 {
				path = "steps[4].params.steps[0]"
			}
			msg := fmt.Sprintf("%s builds maps up to %d×%d, and this one is %d×40 (make the width and height %d or less)",
				tc.who, tc.limit, tc.limit, tc.limit+1, tc.limit)
			errs := chain.Errors(chain.Check(c))
			require.Len(t, errs, 1)
			assert.Equal(t, path+".builder", errs[0].Path)
			assert.Equal(t, msg, errs[0].Msg)

			res, err := chain.Run(context.Background(), c, 1, fakeSpawner{})
			var se *chain.StepError
			require.True(t, errors.As(err, &se), "%v", err)
			assert.Equal(t, path, se.Step.Path)
			assert.Equal(t, strings.Fields(tc.who)[0], se.Step.Builder)
			assert.Contains(t, err.Error(), ": "+msg)
			if tc.step == 0 {
				assert.Zero(t, res.History.Len(), "refused before it builds")
			}
		})
	}
	// The random-spawn drunkards have no limit (2.5 s at 4096×4096).
	c := chains["drunkards_walk_open_halls"].Clone()
	c.Width, c.Height = chain.MaxSize, chain.MaxSize
	assert.Empty(t, chain.Errors(chain.Check(c)))
	// A section without connect has none.
	c = chains["prefab_sectional"].Clone()
	c.Width, c.Height = chain.MaxSize, chain.MaxSize
	c.Steps[1].Params["connect"] = false
	assert.Empty(t, chain.Errors(chain.Check(c)))
}
