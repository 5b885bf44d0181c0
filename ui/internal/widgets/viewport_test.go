package widgets

import (
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/render"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestViewportZoomPan(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 250))
	g := chain.NewGrid(40, 25)
	v.SetDrawing(&render.Scene{Map: g})
	v.draw(400, 250)
	assert.Equal(t, 10, v.cellSize(), "fits 40×25 into 400×250")
	v.zoom(2, image.Pt(0, 0))
	assert.Equal(t, 20, v.cellSize())
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: -20, DY: 0}})
	assert.Equal(t, chain.Point{X: 1, Y: 0}, v.tileAt(fyne.NewPos(0, 0)))
	v.Fit()
	v.draw(400, 250)
	assert.Equal(t, 10, v.cellSize())
}

func TestViewportGolden(t *testing.T) {
	test.NewTempApp(t)
	c := &chain.Chain{Width: 40, Height: 25, Steps: []chain.Step{{Builder: "simple_map"}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(t, err)
	v := NewViewport()
	sc := render.ResultScene(res)
	sc.ShowRooms = true
	v.SetDrawing(sc)
	img := v.draw(480, 300).(*image.RGBA)
	path := filepath.Join("testdata", "viewport_seed1.png")
	if *update {
		fh, err := os.Create(path)
		require.NoError(t, err)
		require.NoError(t, png.Encode(fh, img))
		require.NoError(t, fh.Close())
	}
	fh, err := os.Open(path)
	require.NoError(t, err, "run go test ./ui/internal/widgets -run TestViewportGolden -update")
	defer fh.Close()
	want, err := png.Decode(fh)
	require.NoError(t, err)
	require.Equal(t, img.Bounds(), want.Bounds())
	diff := 0
	for y := 0; y < img.Rect.Dy(); y++ {
		for x := 0; x < img.Rect.Dx(); x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				diff++
			}
		}
	}
	assert.Zero(t, diff, "pixels differ from %s", path)
}

func TestViewportFitsLargestCellAndKeepsFitOnResize(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	test.NewTempWindow(t, v)
	v.SetDrawing(&render.Scene{Map: chain.NewGrid(80, 50)})
	v.draw(590, 560)
	assert.Equal(t, 7, v.cellSize(), "590/80 = 7: width bound")
	assert.Equal(t, (590-80*7)/2, v.origin.X, "centred")
	v.draw(900, 600)
	assert.Equal(t, 11, v.cellSize(), "a wider view refits: 900/80 = 11")
	v.draw(900, 520)
	assert.Equal(t, 10, v.cellSize(), "height bound: 520/50 = 10")
	assert.True(t, v.fitting())

	v.ZoomCenter(1.25)
	assert.False(t, v.fitting(), "zooming leaves fit mode")
	zoomed := v.cellSize()
	v.draw(700, 500)
	assert.Equal(t, zoomed, v.cellSize(), "a resize keeps the user's zoom")

	v.Fit()
	v.draw(700, 500)
	assert.Equal(t, 8, v.cellSize())
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 5}})
	assert.False(t, v.fitting(), "panning leaves fit mode")
	v.draw(900, 600)
	assert.Equal(t, 8, v.cellSize())

	v.SetDrawing(&render.Scene{Map: chain.NewGrid(40, 25)})
	assert.True(t, v.fitting(), "a map of another size is fitted")
	v.draw(900, 600)
	assert.Equal(t, 22, v.cellSize())
}

// followed is a blank drawing of w×h tiles whose view follows focus.
type followed struct {
	w, h  int
	focus chain.Point
}

func (f *followed) Tiles() (int, int)                              { return f.w, f.h }
func (f *followed) Focus() chain.Point                             { return f.focus }
func (f *followed) DrawAt(*image.RGBA, *render.Atlas, image.Point) {}

// In follow mode the tile size stays and the camera centres on the focus
// tile, clamped to the drawing, or centres a drawing smaller than the view.
func TestViewportFollowsTheFocusTile(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	v.Follow(16)
	d := &followed{w: 80, h: 50, focus: chain.Point{X: 40, Y: 20}}
	v.SetDrawing(d)
	v.draw(20*16, 10*16)
	cam := chain.Point{X: -v.origin.X / 16, Y: -v.origin.Y / 16}
	assert.Equal(t, chain.Point{X: 40 - 21/2, Y: 20 - 11/2}, cam, "centred on the focus (21×11 tiles cover the view)")
	assert.Equal(t, 16, v.cellSize())
	assert.False(t, v.fitting())
	v.ZoomCenter(2)
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 50}})
	v.draw(20*16, 10*16)
	assert.Equal(t, 16, v.cellSize(), "no zoom while following")
	assert.Equal(t, cam, chain.Point{X: -v.origin.X / 16, Y: -v.origin.Y / 16}, "no pan while following")

	d.focus = chain.Point{X: 1, Y: 48}
	v.draw(20*16, 10*16)
	assert.Equal(t, image.Pt(0, -(50-11)*16), v.origin, "clamped to the drawing")

	v.SetDrawing(&followed{w: 10, h: 6, focus: chain.Point{X: 3, Y: 3}})
	v.draw(20*16, 10*16)
	assert.Equal(t, image.Pt((21-10)/2*16, (11-6)/2*16), v.origin, "a small drawing is centred whole")
}

func TestViewportReportsTheHoveredTile(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	var got []string
	v.OnHover = func(p chain.Point, in bool) {
		if !in {
			got = append(got, "out")
			return
		}
		got = append(got, p.String())
	}
	v.SetDrawing(&render.Scene{Map: chain.NewGrid(10, 10)})
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(25, 35)}})
	v.SetDrawing(&render.Scene{Map: chain.NewGrid(10, 10)})
	v.MouseOut()
	assert.Equal(t, []string{"(2,2)", "(2,2)", "out"}, got, "12 px tiles: moved, redrawn under the pointer, left")
}

func BenchmarkMapViewFrame80x50(b *testing.B)   { benchFrame(b, 80, 50) }
func BenchmarkMapViewFrame256x256(b *testing.B) { benchFrame(b, 256, 256) }

// benchFrame draws one 1000×700-pixel frame of a w×h map at 16 px per tile
// (the whole 80×50 map; a viewport of the 256×256 one).
func benchFrame(b *testing.B, w, h int) {
	test.NewTempApp(b)
	c := &chain.Chain{Width: w, Height: h, Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"max_rooms": 200}}}}
	res, err := chain.RunConfig(context.Background(), c, chain.Config{Master: 1})
	require.NoError(b, err)
	v := NewViewport()
	v.SetDrawing(render.ResultScene(res))
	v.free = true
	v.cell = 16
	v.draw(1000, 700)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.origin.X = -(i % 3) * 16
		v.draw(1000, 700)
	}
}

// recorder is a Tool that writes down what it is told.
type recorder struct{ got []string }

func (r *recorder) Down(t chain.Point, _ fyne.KeyModifier) {
	r.got = append(r.got, fmt.Sprint("down ", t))
}
func (r *recorder) Drag(t chain.Point) { r.got = append(r.got, fmt.Sprint("drag ", t)) }
func (r *recorder) Up(t chain.Point)   { r.got = append(r.got, fmt.Sprint("up ", t)) }

// With a tool, the primary button strokes it tile by tile (before the view
// was ever drawn), the middle button still pans, and TilePos finds a tile's
// centre.
func TestViewportToolStrokesByTile(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 250))
	v.SetDrawing(&render.Scene{Map: chain.NewGrid(40, 25)})
	r := &recorder{}
	v.SetTool(r)
	at := func(p chain.Point) desktop.MouseEvent {
		return desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: v.TilePos(p)}, Button: desktop.MouseButtonPrimary}
	}
	down := at(chain.Point{X: 3, Y: 4})
	v.MouseDown(&down)
	for _, p := range []chain.Point{{X: 3, Y: 4}, {X: 4, Y: 4}, {X: 4, Y: 4}, {X: 5, Y: 6}} {
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: v.TilePos(p)}})
	}
	up := at(chain.Point{X: 5, Y: 6})
	v.MouseUp(&up)
	assert.Equal(t, []string{"down (3,4)", "drag (4,4)", "drag (5,6)", "up (5,6)"}, r.got)

	r.got = nil
	mid := at(chain.Point{X: 1, Y: 1})
	before := mid.Position
	mid.Button = desktop.MouseButtonTertiary
	v.MouseDown(&mid)
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 20}})
	v.MouseUp(&mid)
	assert.Empty(t, r.got, "the middle button pans")
	assert.Equal(t, before.Add(fyne.NewPos(20, 0)), v.TilePos(chain.Point{X: 1, Y: 1}))
	assert.Equal(t, chain.Point{X: 1, Y: 1}, v.tileAt(v.TilePos(chain.Point{X: 1, Y: 1})))
}

// Marks outline or tint tiles over the drawing.
func TestViewportMarks(t *testing.T) {
	test.NewTempApp(t)
	v := NewViewport()
	v.SetDrawing(&render.Scene{Map: chain.NewGrid(10, 10), Void: color.RGBA{A: 255}})
	v.SetMarks([]Mark{{Rect: chain.R(1, 1, 3, 3), Color: color.RGBA{R: 255, A: 255}}, {Rect: chain.R(6, 6, 1, 1), Color: color.RGBA{G: 255, A: 255}, Fill: true}})
	img := v.draw(100, 100).(*image.RGBA)
	red := img.RGBAAt(10, 20)
	assert.Greater(t, red.R, uint8(200), "the outline's left edge at tile (1,2)")
	inside := img.RGBAAt(25, 25)
	assert.Less(t, inside.R, uint8(100), "the outline leaves its inside alone")
	green := img.RGBAAt(65, 65)
	assert.Greater(t, green.G, uint8(200), "a filled mark tints its tiles")
}
