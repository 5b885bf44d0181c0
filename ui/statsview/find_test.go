package statsview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"
)

// cardIn returns the card under o titled or subtitled title, so tests find a
// panel's section whatever else the panel holds.
func cardIn(t *testing.T, o fyne.CanvasObject, title string) *widget.Card {
	t.Helper()
	for _, c := range widgetsIn[*widget.Card](o) {
		if c.Title == title || c.Subtitle == title {
			return c
		}
	}
	require.FailNow(t, "no card titled "+title)
	return nil
}

// rowWith returns the container under o that holds a label reading text
// among its own objects (a form row such as "Seeds [ ] from [ ]").
func rowWith(t *testing.T, o fyne.CanvasObject, text string) *fyne.Container {
	t.Helper()
	for _, x := range test.LaidOutObjects(o) {
		c, ok := x.(*fyne.Container)
		if !ok {
			continue
		}
		for _, y := range c.Objects {
			if l, ok := y.(*widget.Label); ok && l.Text == text {
				return c
			}
		}
	}
	require.FailNow(t, "no row with a label "+text)
	return nil
}
