package render

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/content"
)

func TestEntityLooksFromAContentPack(t *testing.T) {
	p := content.Default()
	look := EntityLooks(p)
	g, fg, ok := look("Goblin")
	assert.True(t, ok)
	assert.Equal(t, 'g', g)
	assert.Equal(t, color.RGBA{0xFF, 0, 0, 0xFF}, fg)

	g2, fg2, ok := look("Longsword")
	assert.True(t, ok)
	gm, fgm, ok := look("Longsword +1")
	assert.True(t, ok, "template_magic variants look like their item")
	assert.Equal(t, g2, gm)
	assert.Equal(t, fg2, fgm)

	_, _, ok = look("No Such Thing")
	assert.False(t, ok)

	// The looks are a copy: editing the pack afterwards does not change them.
	for i := range p.Mobs {
		if p.Mobs[i].Name == "Goblin" && p.Mobs[i].Renderable != nil {
			p.Mobs[i].Renderable.Glyph = "X"
		}
	}
	g, _, _ = look("Goblin")
	assert.Equal(t, 'g', g)

	// Bad renderables and a nil pack know no names.
	bad := &content.Pack{Mobs: []content.Mob{
		{Name: "NoLook"},
		{Name: "BadColour", Renderable: &content.Renderable{Glyph: "b", FG: "red"}},
		{Name: "Empty", Renderable: &content.Renderable{Glyph: "", FG: "#FFFFFF"}},
	}}
	look = EntityLooks(bad)
	for _, n := range []string{"NoLook", "BadColour", "Empty"} {
		_, _, ok := look(n)
		assert.False(t, ok, n)
	}
	_, _, ok = EntityLooks(nil)("Goblin")
	assert.False(t, ok)
}
