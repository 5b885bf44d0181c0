package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func TestRunRefusesImagesOverTheLimitNamingACellThatFits(t *testing.T) {
	f := writeFile(t, "big.json", `{"width": 2048, "height": 2048, "steps": [{"builder": "cellular_automata"}]}`)
	out := filepath.Join(t.TempDir(), "big.png")
	code, _, errs := hewn("run", f, "--seed", "1", "--format", "png", "--cell", "64", "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, f+": --cell 64: render: a 2048×2048 map at 64 px a tile")
	assert.Contains(t, errs, "a cell of 3 px or less fits")
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "no output file")
}

func TestImageRenderingStopsWhenInterrupted(t *testing.T) {
	c := &chain.Chain{Width: 40, Height: 30, Steps: []chain.Step{{Builder: "cellular_automata"}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, format := range []string{"png", "gif"} {
		var buf bytes.Buffer
		err := writeImage(ctx, &buf, format, &target{chain: c}, res, 8)
		assert.ErrorIs(t, err, context.Canceled, format)
	}
}

func TestRunRefusesAContentPathOutsideTheProject(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "p", "x.hewn.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(proj), 0o755))
	require.NoError(t, os.WriteFile(proj, []byte(`{"version": 1, "name": "x", "seed": 1, "content": "../../etc/passwd",
  "levels": [{"depth": 1, "name": "a", "chain": {"width": 20, "height": 20, "steps": [{"builder": "simple_map"}]}}]}`), 0o644))
	code, _, errs := hewn("run", proj, "--depth", "1")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, proj+`: content: "../../etc/passwd" is outside the project's folder`)
	assert.NotContains(t, errs, "root:")
	code, _, errs = hewn("run", proj, "--depth", "1", "--content", "default")
	assert.Equal(t, 0, code, errs)
}
