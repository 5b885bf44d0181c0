package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tallForm is a column of n label-and-entry rows and the entries.
func tallForm(n int) (*fyne.Container, []*widget.Entry) {
	box := container.NewVBox()
	var entries []*widget.Entry
	for range n {
		e := widget.NewEntry()
		e.SetText("text")
		entries = append(entries, e)
		box.Add(container.NewGridWithColumns(2, widget.NewLabel("field"), e))
	}
	return box, entries
}

func TestTheWheelOverAnEntryScrollsTheForm(t *testing.T) {
	test.NewTempApp(t)
	// without FormScroll the entry keeps the wheel: the form stands still
	box, entries := tallForm(30)
	plain := container.NewVScroll(box)
	w := test.NewTempWindow(t, plain)
	w.Resize(fyne.NewSize(300, 300))
	over := fyne.CurrentApp().Driver().AbsolutePositionForObject(entries[1]).AddXY(10, 10)
	test.Scroll(w.Canvas(), over, 0, -60)
	require.Zero(t, plain.Offset.Y, "Fyne's own behaviour changed: the entry no longer takes the wheel")

	box, entries = tallForm(30)
	s, o := NewFormVScroll(box)
	w.SetContent(o)
	w.Resize(fyne.NewSize(300, 300))
	over = fyne.CurrentApp().Driver().AbsolutePositionForObject(entries[1]).AddXY(10, 10)
	test.Scroll(w.Canvas(), over, 0, -60)
	assert.InDelta(t, 60, s.Offset.Y, 0.5, "the wheel over an entry scrolls the form")

	// a button under the layer still takes a click
	tapped := false
	b := widget.NewButton("go", func() { tapped = true })
	box.Add(b)
	box.Refresh()
	s.ScrollToBottom()
	test.TapCanvas(w.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(b).AddXY(5, 5))
	assert.True(t, tapped, "a click still reaches the form")
}
