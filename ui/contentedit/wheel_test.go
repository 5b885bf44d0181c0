package contentedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wheelOver turns the mouse wheel down over o in p's window and reports how
// far o moved up (the form scrolled by that much).
func wheelOver(t *testing.T, h *fakeHost, o fyne.CanvasObject) float32 {
	t.Helper()
	// lay the window out again, as the next frame does
	size := h.win.Canvas().Size()
	h.win.Resize(size.AddWidthHeight(1, 0))
	h.win.Resize(size)
	d := fyne.CurrentApp().Driver()
	before := d.AbsolutePositionForObject(o)
	require.True(t, o.Visible() && before.Y > 0, "the field is on screen")
	test.Scroll(h.win.Canvas(), before.AddXY(8, 8), 0, -80)
	return before.Y - d.AbsolutePositionForObject(o).Y
}

func TestTheWheelOverATextFieldScrollsTheSpawnTable(t *testing.T) {
	p, h := newFakePanel(t, "", 1024, 700)
	p.selectTab(p.spawns.obj)
	p.fresh(p.spawns.obj)
	r := p.spawns.rows[p.spawns.shown[2]]
	assert.Greater(t, wheelOver(t, h, r.weight), float32(40), "the wheel over a weight field scrolls the table")
}

func TestTheWheelOverATextFieldScrollsTheEntityForm(t *testing.T) {
	p, h := newFakePanel(t, "", 1024, 700)
	name := p.entityInput("Goblin", "name")
	require.NotNil(t, name)
	assert.Greater(t, wheelOver(t, h, name), float32(40), "the wheel over the Name field scrolls the form")
}
