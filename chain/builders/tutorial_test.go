package builders_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// tutorialSeeds is how many master seeds each tutorial depth is run with.
const tutorialSeeds = 200

// loadTutorial reads testdata/tutorial/depthNN.json: the chains of the Rust
// roguelike tutorial's level_builder (chapter 74), one step per chain.with.
func loadTutorial(t testing.TB, depth int) *chain.Chain {
	t.Helper()
	path := filepath.Join("testdata", "tutorial", fmt.Sprintf("depth%02d.json", depth))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	c, err := chain.DecodeJSON(data, "")
	require.NoError(t, err, path)
	require.Equal(t, depth, c.Depth, path)
	require.Empty(t, chain.Check(c), path)
	return c
}

// TestTutorialDepths runs each of the tutorial's ten depths over 200 seeds: no
// failure, a walkable start, at least one exit, and every exit reachable.
func TestTutorialDepths(t *testing.T) {
	seeds := tutorialSeeds
	if testing.Short() {
		seeds = 20
	}
	for depth := 1; depth <= 10; depth++ {
		c := loadTutorial(t, depth)
		t.Run(fmt.Sprintf("depth%02d", depth), func(t *testing.T) {
			t.Parallel()
			for seed := uint64(0); seed < uint64(seeds); seed++ {
				r, err := chain.RunConfig(context.Background(), c, chain.Config{Master: seed, Spawner: fakeSpawner{}, NoHistory: true})
				require.NoError(t, err, "seed %d", seed)
				s := r.State
				require.NotNil(t, s.Start, "seed %d: no start", seed)
				require.True(t, s.Map.Walkable(*s.Start), "seed %d: start %v not walkable", seed, *s.Start)
				require.NotEmpty(t, s.Exits, "seed %d: no exit", seed)
				dist := chain.DistanceMap(s.Map, []chain.Point{*s.Start})
				for _, e := range s.Exits {
					require.Equal(t, chain.DownStairs, s.Map.At(e.Pos()), "seed %d: exit %v", seed, e)
					require.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(e.Pos())], "seed %d: exit %v unreachable", seed, e)
				}
				checkInvariants(t, r, true, seed)
			}
		})
	}
}
