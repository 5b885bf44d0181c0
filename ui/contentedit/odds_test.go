package contentedit

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// tipShown says the chart draws the read-out's first line on screen.
func tipShown(c *widgets.Chart) bool {
	first, _, _ := strings.Cut(c.Readout(), "\n")
	return first != "" && len(uitest.OnScreen(c, func(t *canvas.Text) bool { return t.Text == first })) == 1
}

// Across depths, every depth column is labelled (the chart is wide enough),
// and pointing at a cell reads out the entry, the depth and its chance.
func TestOddsHeatmapLabelsItsDepthColumnsAndReadsACell(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.showTab("Across depths")
	o := p.spawns.odds
	require.Positive(t, o.heatN)
	f := o.heat.Frame()
	require.NotNil(t, f)
	var labels []string
	for _, tk := range f.XTicks() {
		labels = append(labels, tk.Label)
		assert.Equal(t, strconv.Itoa(int(tk.Value)+1), tk.Label, "the column at %v is its depth", tk.Value)
	}
	if o.heatN <= 15 {
		assert.Len(t, labels, o.heatN, "a label per depth column")
	} else {
		assert.Contains(t, labels, "1")
	}

	m := o.heat.Model()
	names := m.Panels[0].Y.Categories
	row := slices.Index(names, "Goblin")
	require.GreaterOrEqual(t, row, 0, "Goblin has a row")
	at := o.heat.PositionOf(0, 2, float64(row)) // depth 3
	scroll := o.heatObj.(*container.Scroll)
	scroll.ScrollToOffset(fyne.NewPos(0, at.Y-scroll.Size().Height/2)) // the designer scrolls to Goblin's row
	uitest.Hover(h.win, o.heat, at)
	want := h.pack.Roller().Odds(3, "")
	var goblin float64
	for _, od := range want {
		if od.Name == "Goblin" {
			goblin = od.Probability
		}
	}
	require.Positive(t, goblin)
	assert.Equal(t, "Goblin at depth 3: "+percent(goblin)+" per roll", o.heat.Readout())
	assert.True(t, tipShown(o.heat), "the read-out is on screen")
}

// The odds at a depth list the entries likeliest first, and pointing at a
// bar reads out its entry, section, weight and chance.
func TestOddsBarsAreSortedByProbabilityAndReadOut(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.showTab("Odds at a depth")
	p.setOddsDepth(4)
	o := p.spawns.odds
	odds := h.pack.Odds(4)
	require.Greater(t, len(odds), 2)
	names := o.bars.Model().Panels[0].Y.Categories
	require.Len(t, names, len(odds))
	for i := 1; i < len(names); i++ {
		assert.GreaterOrEqual(t, p.probability(names[i-1]), p.probability(names[i]), "%s before %s", names[i-1], names[i])
	}
	top := odds[0]
	for _, od := range odds[1:] {
		if od.Probability > top.Probability || (od.Probability == top.Probability && od.Name < top.Name) {
			top = od
		}
	}
	assert.Equal(t, top.Name, names[0], "the likeliest entry is on top")

	uitest.Hover(h.win, o.bars, o.bars.PositionOf(0, 100*top.Probability/2, 0))
	assert.Equal(t, top.Name+" ("+string(top.Section)+", weight "+strconv.Itoa(top.Weight)+")\n"+percent(top.Probability)+" per roll at depth 4",
		o.bars.Readout())
	assert.True(t, tipShown(o.bars), "the read-out is on screen")
	uitest.Hover(h.win, o.depthSel, fyne.NewPos(5, 5))
	assert.Empty(t, o.bars.Readout(), "the read-out goes with the pointer")
}
