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
