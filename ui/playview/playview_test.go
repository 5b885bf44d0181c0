package playview

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

type fakeHost struct {
	p       *projects.Project
	focused fyne.Focusable
}

func (h *fakeHost) Project() *projects.Project { return h.p }
func (h *fakeHost) Pack() *content.Pack        { return nil }
func (h *fakeHost) Level() (uint64, int, bool) { return 11, 3, true }
func (h *fakeHost) Focus(obj fyne.Focusable)   { h.focused = obj }

func TestPanelPlaysKeys(t *testing.T) {
	test.NewTempApp(t)
	p, err := projects.Example()
	require.NoError(t, err)
	h := &fakeHost{p: p}
	pn := New(h)
	w := test.NewTempWindow(t, pn.Object())
	w.Resize(fyne.NewSize(900, 600))
	assert.Nil(t, pn.Game())
	pn.Start()
	g := pn.Game()
	require.NotNil(t, g)
	assert.Equal(t, 3, g.Depth)
	assert.Equal(t, pn.View(), h.focused)
	before := g.Turn
	for _, r := range "....." {
		pn.View().TypedRune(r)
	}
	pn.View().TypedRune('x') // not a game key: ignored
	pn.View().TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	assert.GreaterOrEqual(t, g.Turn, before+5)
	assert.Contains(t, pn.side.Text, "Depth 3")
	assert.Contains(t, pn.side.Text, "Underfoot:")
	assert.NotEmpty(t, pn.log.Text)
	assert.Less(t, pn.Object().MinSize().Width, float32(600), "fits beside the sidebar in a 1024-px window")
}

func TestRenderFollowsPlayer(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	pn := New(&fakeHost{p: p})
	pn.Start()
	g := pn.Game()
	require.NotNil(t, g)
	cam := Camera(g, 20, 10)
	assert.True(t, g.Player.Pos.X >= cam.X && g.Player.Pos.X < cam.X+20)
	assert.True(t, g.Player.Pos.Y >= cam.Y && g.Player.Pos.Y < cam.Y+10)
	assert.GreaterOrEqual(t, cam.X, 0)
	assert.LessOrEqual(t, cam.X+20, g.Map.W)
	img := pn.View().draw(20*Cell, 10*Cell).(*image.RGBA)
	// The player's cell is drawn (not black).
	px := (g.Player.Pos.X-cam.X)*Cell + Cell/2
	py := (g.Player.Pos.Y-cam.Y)*Cell + Cell/2
	lit := false
	for dy := -Cell / 2; dy < Cell/2; dy++ {
		for dx := -Cell / 2; dx < Cell/2; dx++ {
			c := img.RGBAAt(px+dx, py+dy)
			if c.R > 128 && c.G > 128 && c.B < 64 {
				lit = true
			}
		}
	}
	assert.True(t, lit, "the yellow @ is drawn at the player's cell")
}
