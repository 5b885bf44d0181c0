package render

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/projects/play"
)

// A game draws the yellow @ at the player's cell, the remembered tiles only,
// and with Reveal more of the level.
func TestGameSceneDrawsThePlayerAndRevealsMore(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	g, err := play.New(p, nil, 11, 3)
	require.NoError(t, err)
	a, err := NewAtlas(16)
	require.NoError(t, err)
	gs := &GameScene{Game: g, Project: p}
	w, h := gs.Tiles()
	assert.Equal(t, g.Map.W, w)
	assert.Equal(t, g.Map.H, h)
	assert.Equal(t, g.Player.Pos, gs.Focus())

	// a 20×10-tile view with the player's tile at (5, 4)
	origin := image.Pt((5-g.Player.Pos.X)*16, (4-g.Player.Pos.Y)*16)
	img := image.NewRGBA(image.Rect(0, 0, 20*16, 10*16))
	gs.DrawAt(img, a, origin)
	yellow := false
	for y := 4 * 16; y < 5*16; y++ {
		for x := 5 * 16; x < 6*16; x++ {
			c := img.RGBAAt(x, y)
			yellow = yellow || c.R > 128 && c.G > 128 && c.B < 64
		}
	}
	assert.True(t, yellow, "the yellow @ is drawn at the player's cell")

	lit := func(img *image.RGBA) int {
		n := 0
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i]|img.Pix[i+1]|img.Pix[i+2] != 0 {
				n++
			}
		}
		return n
	}
	whole := image.NewRGBA(image.Rect(0, 0, w*16, h*16))
	gs.DrawAt(whole, a, image.Point{})
	seen := lit(whole)
	assert.Positive(t, seen)
	assert.Less(t, seen, len(whole.Pix)/4, "unseen tiles are black")
	gs.Reveal = true
	gs.DrawAt(whole, a, image.Point{})
	assert.Greater(t, lit(whole), seen, "reveal shows what the player has not seen")
}
