package render

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func TestImagesOverTheLimitAreRefusedNamingAFittingCell(t *testing.T) {
	assert.NoError(t, CheckSize(80, 50, 64))
	assert.NoError(t, CheckSize(4096, 4096, 1))
	err := CheckSize(2048, 2048, 64)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "2048×2048")
	assert.Contains(t, err.Error(), "a cell of 3 px or less fits")
	assert.Equal(t, 3, FitCell(2048, 2048))
	sc := &Scene{Map: chain.NewGrid(2048, 2048)}
	_, err = Render(sc, 64) // refused before allocating 17 GB
	assert.ErrorContains(t, err, "megapixel")
}

// TestGIFLimits: a GIF frame holds at most MaxGIFPixels, and a large map's
// animation keeps fewer snapshots so the frames hold GIFPixelBudget in all
// (issue 26).
func TestGIFLimits(t *testing.T) {
	assert.NoError(t, CheckGIFSize(1000, 1000, 4))
	assert.ErrorContains(t, CheckGIFSize(1001, 1000, 4), "even at 4 px a tile")
	assert.Equal(t, 8, FitGIFCell(500, 500))
	for _, n := range []int{10, 1000} {
		idx := GIFFramesFor(n, 1000, 1000, GIFOptions{Cell: 4})
		assert.LessOrEqual(t, len(idx)*4000*4000, GIFPixelBudget, "%d snapshots of 16 megapixels", n)
		assert.Equal(t, []int{0, n - 1}, []int{idx[0], idx[len(idx)-1]}, "the first and the last")
	}
	assert.Equal(t, GIFFrames(200, GIFOptions{}), GIFFramesFor(200, 80, 50, GIFOptions{Cell: 12}), "a small map keeps its frames")
	assert.LessOrEqual(t, len(GIFFramesFor(1000, 80, 50, GIFOptions{Cell: 12}))*960*600, GIFPixelBudget)
}

func TestGIFStopsWhenCancelledAndReportsProgress(t *testing.T) {
	h := chain.NewHistory(20, 20)
	res := historyOf(t)
	h = res.History
	var last, total int
	var buf bytes.Buffer
	require.NoError(t, GIF(&buf, h, Scene{}, GIFOptions{Progress: func(d, n int) { last, total = d, n }}))
	assert.Equal(t, total, last)
	assert.Equal(t, 2*len(GIFFrames(h.Len(), GIFOptions{})), total)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, GIF(&buf, h, Scene{}, GIFOptions{Context: ctx}), context.Canceled)
}

func historyOf(t *testing.T) *chain.Result {
	t.Helper()
	c := &chain.Chain{Width: 30, Height: 20, Steps: []chain.Step{{Builder: "cellular_automata"}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(t, err)
	return res
}
