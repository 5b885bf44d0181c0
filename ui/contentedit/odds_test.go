package contentedit

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOddsHeatmapLabelsItsDepthColumns(t *testing.T) {
	p, _ := newFakePanel(t, "", 1280, 800)
	p.showTab("Across depths")
	o := p.spawns.odds
	require.Positive(t, o.heatN)
	ticks := o.heatAxis.Objects
	require.Len(t, ticks, o.heatN, "a label per depth column")
	for i, tk := range ticks {
		want := ""
		if d := i + 1; o.heatN <= 15 || d == 1 || d%5 == 0 {
			want = strconv.Itoa(d)
		}
		assert.Equal(t, want, tk.(*canvas.Text).Text, "depth %d", i+1)
	}
}
