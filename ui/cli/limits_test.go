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

// An animated GIF's frames are at most 16 megapixels (issue 26: 2000×2000 at
// 4 px took 253 s and 3 GB): refused before the chain runs, naming --cell.
func TestRunRefusesGIFsOverTheLimit(t *testing.T) {
	f := writeFile(t, "big.json", `{"width": 2000, "height": 2000, "steps": [{"builder": "cellular_automata"}]}`)
	out := filepath.Join(t.TempDir(), "big.gif")
	code, _, errs := hewn("run", f, "--seed", "1", "--format", "gif", "--cell", "4", "--out", out)
	assert.Equal(t, 1, code)
	assert.Equal(t, f+": --cell 4: render: an animated GIF of a 2000×2000 map is 64 megapixels a frame even at 4 px a tile, "+
		"over the 16-megapixel limit for GIFs (maps of at most 1000000 tiles animate; export the final map as a PNG)\n", errs)
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err), "no output file")

	f = writeFile(t, "mid.json", `{"width": 500, "height": 500, "steps": [{"builder": "cellular_automata"}]}`)
	code, _, errs = hewn("run", f, "--seed", "1", "--format", "gif", "--cell", "12", "--out", out)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, f+": --cell 12: render: an animated GIF of a 500×500 map at 12 px a tile is 36 megapixels a frame, "+
		"over the 16-megapixel limit for GIFs; a cell of 8 px or less fits")
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
