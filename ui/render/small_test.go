package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/chain"
)

// smallMap is a 12×12 map of rock with a floor room at (4,4)-(8,8).
func smallMap() *Scene {
	g := chain.NewGrid(12, 12)
	for y := 4; y < 8; y++ {
		for x := 4; x < 8; x++ {
			g.Set(chain.Point{X: x, Y: y}, chain.Floor)
		}
	}
	return &Scene{Map: g, Theme: chain.DefaultTheme(), Void: color.RGBA{1, 2, 3, 255}}
}

func TestDrawSmallColoursTilesAsTheirLooks(t *testing.T) {
	sc := smallMap()
	th := sc.Theme
	floor, wall := th.Look(chain.Floor), th.Look(chain.Wall)
	dst := image.NewRGBA(image.Rect(0, 0, 30, 30))
	sc.DrawSmall(dst, image.Pt(3, 3), 2, 1)
	at := func(tx, ty int) color.RGBA { return dst.RGBAAt(3+tx*2, 3+ty*2) }
	assert.Equal(t, blend(floor.BG, floor.FG, glyphWeight), at(5, 5), "a floor tile: its glyph's colour over its background")
	assert.Equal(t, blend(wall.BG, wall.FG, glyphWeight), at(3, 3), "a wall beside the floor")
	assert.Equal(t, wall.BG, at(0, 0), "rock buried in rock is blank, as the map leaves it")
	assert.Equal(t, sc.Void, dst.RGBAAt(1, 1), "off the map: the void")
	assert.Equal(t, dst.RGBAAt(3+5*2, 3+5*2), dst.RGBAAt(3+5*2+1, 3+5*2+1), "a tile is a 2×2 block")
}

func TestDrawSmallShrinksByAveragingSamples(t *testing.T) {
	sc := smallMap()
	start := chain.Point{X: 10, Y: 2}
	sc.Start = &start
	dst := image.NewRGBA(image.Rect(0, 0, 6, 6))
	sc.DrawSmall(dst, image.Point{}, 1, 2)
	floor := blend(sc.Theme.Look(chain.Floor).BG, sc.Theme.Look(chain.Floor).FG, glyphWeight)
	assert.Equal(t, floor, dst.RGBAAt(2, 2), "pixel (2,2) stands for tiles (4..5, 4..5): floor")
	assert.Equal(t, StartColor, dst.RGBAAt(5, 1), "the start's mark")
	assert.Equal(t, sc.Theme.Look(chain.Wall).BG, dst.RGBAAt(0, 0), "rock")
}

func TestDrawSmallHighlightsChangesOnce(t *testing.T) {
	sc := smallMap()
	plain := image.NewRGBA(image.Rect(0, 0, 6, 6))
	sc.DrawSmall(plain, image.Point{}, 1, 2)
	sc.Changed = []int{4*12 + 4, 4*12 + 5, 5*12 + 4, 5*12 + 5} // the four tiles of pixel (2,2)
	dst := image.NewRGBA(image.Rect(0, 0, 6, 6))
	sc.DrawSmall(dst, image.Point{}, 1, 2)
	assert.Equal(t, tint(plain.RGBAAt(2, 2)), dst.RGBAAt(2, 2), "tinted once, not once per changed tile")
	assert.Equal(t, plain.RGBAAt(0, 0), dst.RGBAAt(0, 0))
}

func BenchmarkDrawSmall4096(b *testing.B) {
	g := chain.NewGrid(4096, 4096)
	for i := range g.Tiles {
		if (i/4096/32+i%4096/32)%2 == 0 {
			g.Tiles[i] = chain.Floor
		}
	}
	sc := &Scene{Map: g, Theme: chain.DefaultTheme()}
	dst := image.NewRGBA(image.Rect(0, 0, 1000, 700))
	b.ReportAllocs()
	for b.Loop() {
		sc.DrawSmall(dst, image.Pt(158, 0), 1, 6)
	}
}
