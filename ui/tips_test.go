package ui

import (
	"testing"

	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// Every button that shows only an icon says what it does when the pointer
// rests on it, in every tab of the sidebar and the big area.
func TestEveryIconButtonHasATip(t *testing.T) {
	f := newFixture(t, projects.New("Tips"))
	f.e.m.SelectStep(0)
	check := func(where string) {
		// (Fyne's own: a select entry's drop-down and the tab bar's ⋯ have none)
		fyneOwn := map[string]bool{theme.MenuDropDownIcon().Name(): true, theme.MoreHorizontalIcon().Name(): true}
		for _, b := range uitest.OnScreen(f.e.root, func(b *widget.Button) bool { return b.Text == "" && b.Icon != nil && !fyneOwn[b.Icon.Name()] }) {
			t.Errorf("%s: an icon button (%s) without a tip", where, b.Icon.Name())
		}
		for _, b := range uitest.OnScreen(f.e.root, func(b *widgets.IconButton) bool { return b.Tip == "" }) {
			t.Errorf("%s: an icon button (%s) with an empty tip", where, b.Icon.Name())
		}
	}
	for i := range f.e.tabs.Items {
		f.e.tabs.SelectIndex(i)
		for j := range f.e.main.Items {
			f.e.main.SelectIndex(j)
			f.settle()
			check(f.e.tabs.Items[i].Text + " / " + f.e.main.Items[j].Text)
		}
	}
}

func TestAnIconButtonsTipShowsWhileThePointerRestsOnIt(t *testing.T) {
	f := newFixture(t, projects.New("Tips"))
	fit := uitest.FindOne(t, f.e.mapv, func(b *widgets.IconButton) bool { return b.Tip == "Fit the whole map (Ctrl+0)" })
	fit.MouseIn(&desktop.MouseEvent{})
	tip := uitest.LabelWith(f.e.tips.Layer(), "Fit the whole map")
	require.NotNil(t, tip)
	assert.True(t, tip.Visible())
	assert.Less(t, tip.Size().Width, float32(400), "a short tip is as wide as its text")
	fit.MouseOut()
	assert.Empty(t, uitest.OnScreen(f.e.tips.Layer(), func(l *widget.Label) bool { return l.Text != "" }), "gone when the pointer leaves")
}
