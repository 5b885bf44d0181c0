package ui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// The chart under the scrubber measures every snapshot of the map on screen:
// floor share and regions at each snapshot.
func TestHistoryChartMeasuresEverySnapshot(t *testing.T) {
	p := testProject()
	p.Levels[0].Chain.Steps = []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "center", "y": "center"}},
		{Builder: "cull_unreachable"},
	}
	f := newFixture(t, p)
	c := f.e.scrub.chart
	if c.Series() == nil {
		done := make(chan struct{}, 1)
		c.OnMeasured = func() { done <- struct{}{} }
		for waiting := true; waiting; {
			f.q.drain()
			select {
			case <-done:
				waiting = false
			default:
			}
		}
	}
	s := c.Series()
	h := f.e.result.History
	require.Len(t, s, h.Len())
	last := s[len(s)-1]
	_, sizes := chain.Regions(h.At(h.Len() - 1).Map)
	assert.Equal(t, len(sizes), last.Regions)
	assert.Greater(t, last.FloorShare, 0.2)
	for i := range s {
		walk := h.At(i).Map.Count(chain.Tile.Walkable)
		assert.InDelta(t, float64(walk)/float64(40*25), s[i].FloorShare, 1e-12, "snapshot %d", i)
	}
}

func BenchmarkHistorySeries(b *testing.B) {
	c := &chain.Chain{Width: 80, Height: 50, Steps: []chain.Step{{Builder: "cellular_automata"}, {Builder: "area_starting_position"}, {Builder: "cull_unreachable"}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		HistorySeries(res.History)
	}
}
