package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects/stats"
	"hewn/ui/internal/uitest"
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
	for i, tab := range e.main.Items {
		if tab.Text == "Statistics" {
			e.main.SelectIndex(i)
		}
	}
	require.Equal(t, "Statistics", e.main.Selected().Text)
	panel := e.stats.Object()
	form := rowWith(t, panel, "Seeds")
	entries := widgetsIn[*widget.Entry](form)
	require.Len(t, entries, 2, "seeds and the first seed")
	entries[0].SetText("50")
	entries[1].SetText("100")
	bar := widgetsIn[*widget.ProgressBar](panel)
	require.Len(t, bar, 1)
	assert.False(t, bar[0].Visible(), "no bar before a sweep runs")
	done := make(chan struct{}, 1)
	e.stats.OnDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, form, "Run"))
	assert.True(t, bar[0].Visible(), "the bar shows once the sweep runs")
	require.True(t, f.q.DrainUntil(done, 2*time.Minute), "the sweep finished")
	r := e.stats.Report()
	require.NotNil(t, r)
	assert.Equal(t, 50, r.Maps)
	assert.EqualValues(t, 100, r.From)
	assert.Equal(t, 1.0, widgetsIn[*widget.ProgressBar](panel)[0].Value)
	assert.True(t, uitest.TextIn(panel, "50 maps"))
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
	assert.Equal(t, chain.LevelSeed(worst.Seed, 3), f.result().Seed, "the map view shows that seed's level")
	assert.InDelta(t, worst.Metrics[stats.FloorShare], stats.Measure(f.result().State)[stats.FloorShare], 1e-12)
}

// The Balance view runs the explorer over 20 seeds of the woods and opens a
// death as a replay of the bot's run in the Play tab.
func TestBalanceViewOver20SeedsOpensADeathReplay(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	panel := e.stats.Object()
	entry := func(initial string) *widget.Entry {
		for _, en := range widgetsIn[*widget.Entry](panel) {
			if en.Text == initial {
				return en
			}
		}
		t.Fatalf("no entry showing %q", initial)
		return nil
	}
	entry("200").SetText("20") // seeds
	entry("1-10").SetText("2") // depths
	done := make(chan struct{}, 1)
	e.stats.OnBalanceDone(func() { done <- struct{}{} })
	test.Tap(uitest.ButtonIn(t, panel, "Run bots"))
	if !f.q.DrainUntil(done, 2*time.Minute) {
		var all []string
		for _, l := range widgetsIn[*widget.Label](panel) {
			all = append(all, l.Text)
		}
		t.Fatalf("no balance report; the panel says: %q", all)
	}
	r := e.stats.Balance()
	require.NotNil(t, r)
	require.Len(t, r.Depths, 1)
	assert.Equal(t, 20, r.Depths[0].Runs+r.Depths[0].Failed)
	assert.True(t, uitest.TextIn(panel, "depth 2: survived"))
	var death *widget.Button
	for _, b := range widgetsIn[*widget.Button](panel) {
		if strings.Contains(b.Text, "killed by") && death == nil {
			death = b
		}
	}
	require.NotNil(t, death, "the explorer dies somewhere in the woods")
	test.Tap(death)
	assert.Equal(t, "Play", e.main.Selected().Text)
	side := uitest.LabelWith(e.playPanel, "Underfoot:") // the play panel's sidebar
	require.NotNil(t, side, "the replay is on screen")
	assert.Contains(t, side.Text, "(dead)", "the replay ends where the bot died")
	assert.Contains(t, side.Text, "\nDepth 2\n")
}
