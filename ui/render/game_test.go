package render

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
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

// Revealed, rock no one could see (a wall with walls all round) is blank in
// a box-walled theme as in the map view, not a lattice of box glyphs.
func TestRevealedRockIsBlank(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	depth := 0
	for i := range p.Levels {
		if th, _, _ := p.Theme(i); th.BoxWalls {
			depth = p.Levels[i].Depth
			break
		}
	}
	require.NotZero(t, depth, "a level in a box-walled theme")
	g, err := play.New(p, nil, 11, depth)
	require.NoError(t, err)
	a, err := NewAtlas(16)
	require.NoError(t, err)
	gs := &GameScene{Game: g, Project: p, Reveal: true}
	w, h := gs.Tiles()
	img := image.NewRGBA(image.Rect(0, 0, w*16, h*16))
	gs.DrawAt(img, a, image.Point{})
	buried, drawn := 0, 0
	for y := range h {
		for x := range w {
			pt := chain.Point{X: x, Y: y}
			if g.Map.At(pt) != chain.Wall || pt == g.Player.Pos || g.CreatureAt(pt) != nil || g.PropAt(pt) != nil || len(g.ItemsAt(pt)) > 0 {
				continue
			}
			cell := img.SubImage(image.Rect(x*16, y*16, x*16+16, y*16+16)).(*image.RGBA)
			if chain.Buried(g.Map, pt) {
				buried++
				assert.True(t, uniform(cell), "rock at %v is blank", pt)
			} else if !uniform(cell) {
				drawn++
			}
		}
	}
	assert.Positive(t, buried, "the level has rock")
	assert.Positive(t, drawn, "walls bordering open ground still draw")
}

// uniform reports whether every pixel of img has one colour.
func uniform(img *image.RGBA) bool {
	b := img.Bounds()
	first := img.RGBAAt(b.Min.X, b.Min.Y)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) != first {
				return false
			}
		}
	}
	return true
}
