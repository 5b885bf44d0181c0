package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects/stats"
	uistats "hewn/ui/stats"
)

// widgetsIn returns the laid-out widgets of type T under o, in order.
func widgetsIn[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	for _, x := range test.LaidOutObjects(o) {
		if w, ok := x.(T); ok {
			out = append(out, w)
		}
	}
	return out
}

// The Statistics panel sweeps the selected level over 50 seeds (typed into
// its form, Run tapped), shows the histogram and expressive range, and a
// click on the worst seed opens that seed's map in the map view.
func TestStatisticsPanelSweeps50SeedsAndOpensTheWorst(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	e.m.SelectLevel(e.m.Project().LevelByDepth(3)) // limestone caverns
	f.settle()
	e.main.SelectIndex(1)
	require.Equal(t, "Statistics", e.main.Selected().Text)
	panel := e.stats.Object()
	form := rowWith(t, panel, "Seeds")
	entries := widgetsIn[*widget.Entry](form)
	require.Len(t, entries, 2, "seeds and the first seed")
	entries[0].SetText("50")
	entries[1].SetText("100")
	done := make(chan struct{}, 1)
	e.stats.OnDone = func() { done <- struct{}{} }
	test.Tap(buttonIn(t, form, "Run"))
	for waiting := true; waiting; {
		f.q.drain()
		select {
		case <-done:
			waiting = false
		default:
		}
	}
	r := e.stats.Report()
	require.NotNil(t, r)
	assert.Equal(t, 50, r.Maps)
	assert.EqualValues(t, 100, r.From)
	assert.Equal(t, 1.0, widgetsIn[*widget.ProgressBar](panel)[0].Value)
	assert.True(t, textIn(panel, "50 maps"))
	n := 0
	for _, row := range uistats.Heat(r, stats.FloorShare, stats.PathLength) {
		for _, c := range row {
			n += c
		}
	}
	assert.Equal(t, 50-r.Failures.Count, n, "the expressive range counts every map")

	// the worst seed for floor share opens in the map view
	worstCard := cardIn(t, panel, "Worst seeds (click to open)")
	widgetsIn[*widget.Select](worstCard)[0].SetSelected(stats.FloorShare)
	var first *widget.Button
	for _, b := range widgetsIn[*widget.Button](worstCard) {
		if strings.HasPrefix(b.Text, "seed ") && first == nil {
			first = b
		}
	}
	require.NotNil(t, first)
	worst := r.Worst(stats.FloorShare, 1, false)[0]
	test.Tap(first)
	f.settle()
	assert.Equal(t, worst.Seed, e.m.Project().Seed)
	assert.Equal(t, "Map", e.main.Selected().Text)
	assert.Equal(t, chain.LevelSeed(worst.Seed, 3), e.result.Seed, "the map view shows that seed's level")
	assert.InDelta(t, worst.Metrics[stats.FloorShare], stats.Measure(e.result.State)[stats.FloorShare], 1e-12)
}
