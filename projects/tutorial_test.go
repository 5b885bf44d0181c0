package projects

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// resolved returns steps as they run: every parameter with its value (defaults
// filled in, nested steps too) and no notes (free text).
func resolved(t *testing.T, steps []chain.Step) []chain.Step {
	out := make([]chain.Step, len(steps))
	for i, s := range steps {
		spec, ok := chain.Lookup(s.Builder)
		require.True(t, ok, s.Builder)
		c := s.Clone()
		c.Note = ""
		c.Params = spec.Resolve(c.Params)
		for k, v := range c.Params {
			if nested, ok := v.([]chain.Step); ok {
				c.Params[k] = resolved(t, nested)
			}
		}
		out[i] = c
	}
	return out
}

// TestExampleDepthsAreTheTutorials checks that depths 1-10 of the example
// project are, step for step, the chains of the Rust roguelike tutorial's
// level_builder (chapter 74) kept under chain/builders/testdata/tutorial, which
// chain/builders runs over 200 seeds each.
func TestExampleDepthsAreTheTutorials(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	byDepth := map[int]*chain.Chain{}
	for _, l := range p.Levels {
		byDepth[l.Depth] = l.Chain
	}
	for depth := 1; depth <= 10; depth++ {
		path := filepath.Join("..", "chain", "builders", "testdata", "tutorial", fmt.Sprintf("depth%02d.json", depth))
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		want, err := chain.DecodeJSON(data, "")
		require.NoError(t, err, path)
		got, ok := byDepth[depth]
		require.True(t, ok, "the example has no depth %d", depth)
		assert.Equal(t, want.Width, got.Width, "depth %d", depth)
		assert.Equal(t, want.Height, got.Height, "depth %d", depth)
		assert.Equal(t, resolved(t, want.Steps), resolved(t, got.Steps), "depth %d differs from %s", depth, path)
	}
}
