package chainedit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

func TestStepWarningShowsInFullOnHover(t *testing.T) {
	p := uitest.Project()
	p.Levels[0].Chain.Steps = []chain.Step{{Builder: "cellular_automata"}, {Builder: "sub_chain", Params: map[string]any{
		"steps": []chain.Step{{Builder: "room_drawer"}, {Builder: "room_based_stairs"}}}}}
	f := newFixture(t, p)
	e := f.p
	warn := uitest.OnScreen(e.steps.obj, func(l *widgets.TipLabel) bool {
		return strings.HasPrefix(l.Text, "⚠") && l.Importance == widget.WarningImportance
	})
	require.Len(t, warn, 1, "the sub_chain's row warns")
	full := "⚠ params.steps[0]: room_drawer is a meta builder and needs a map, but no earlier step makes one (start with an initial builder)"
	shown := func() []*widget.Label {
		return uitest.OnScreen(e.steps.obj, func(l *widget.Label) bool {
			return strings.HasPrefix(l.Text, full) && l.Truncation == fyne.TextTruncateOff
		})
	}
	assert.Empty(t, shown(), "no tip before the pointer comes")
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(warn[0]).Add(fyne.NewPos(warn[0].Size().Width/2, warn[0].Size().Height/2))
	test.MoveMouse(f.w.Canvas(), at)
	tip := shown()
	require.Len(t, tip, 1, "the pointer on the warning shows it in full")
	assert.Contains(t, tip[0].Text, "room_based_stairs needs rooms, but no earlier step makes any")
	top, bottom := d.AbsolutePositionForObject(e.steps.obj).Y, d.AbsolutePositionForObject(tip[0]).Y+tip[0].Size().Height
	assert.GreaterOrEqual(t, d.AbsolutePositionForObject(tip[0]).Y, top)
	assert.LessOrEqual(t, bottom, top+e.steps.obj.Size().Height, "the tip fits the step list (the form under it would hide it)")
	test.MoveMouse(f.w.Canvas(), fyne.NewPos(900, 400))
	assert.Empty(t, shown(), "the tip goes with the pointer")
}
