package render

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

// TestViewIsWhatTheMapViewDraws pins projects.View (the runtime's drawn
// level, built without this package) to the map view's drawing: every cell of
// every example depth, rendered as View says, is the same pixels as Render.
func TestViewIsWhatTheMapViewDraws(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	pack := content.Default()
	const cell = 8
	for _, l := range p.Levels {
		g, err := p.Generate(context.Background(), l.Depth, 42, pack)
		require.NoError(t, err)
		v := g.View()
		sc := ResultScene(g.Result)
		sc.SetThemes(p.Theme(g.Index))
		sc.Entity = EntityLooks(pack)
		img, err := Render(sc, cell)
		require.NoError(t, err)
		a, err := NewAtlas(cell)
		require.NoError(t, err)
		for y := 0; y < v.Height; y++ {
			for x := 0; x < v.Width; x++ {
				lk, ok := v.Look(x, y)
				require.True(t, ok)
				a.mu.Lock()
				want := a.composed(lk.Glyph, lk.FG, lk.BG)
				a.mu.Unlock()
				for py := 0; py < cell; py++ {
					got := img.Pix[img.PixOffset(x*cell, y*cell+py):][:cell*4]
					require.Equal(t, want[py*cell*4:(py+1)*cell*4], got,
						"depth %d cell (%d,%d): view says %q", l.Depth, x, y, string(lk.Glyph))
				}
			}
		}
	}
}
