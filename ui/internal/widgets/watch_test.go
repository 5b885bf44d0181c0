package widgets

import (
	"testing"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
)

func TestOnShowRunsWhenATabComesIntoView(t *testing.T) {
	test.NewTempApp(t)
	n := 0
	w := NewWatch(widget.NewLabel("content"), func() { n++ })
	tabs := container.NewAppTabs(container.NewTabItem("first", widget.NewLabel("x")), container.NewTabItem("watched", w))
	win := test.NewWindow(tabs)
	defer win.Close()
	before := n
	tabs.SelectIndex(1)
	assert.Equal(t, before+1, n, "opening the tab")
	w.Show()
	assert.Equal(t, before+1, n, "shown again while visible: no call")
	tabs.SelectIndex(0)
	tabs.SelectIndex(1)
	assert.Equal(t, before+2, n, "opened again")
}
