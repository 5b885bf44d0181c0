package render

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata")

// legend maps fixture characters to tiles.
var legend = map[rune]chain.Tile{
	'#': chain.Wall, '.': chain.Floor, '>': chain.DownStairs, '<': chain.UpStairs,
	'~': chain.ShallowWater, '≈': chain.DeepWater, '"': chain.Grass, '=': chain.Bridge,
	';': chain.Gravel, '_': chain.WoodFloor, 'r': chain.Road, '%': chain.Web,
}

var fixtureRows = []string{
	"########################",
	"#......#################",
	"#......####~~~~~########",
	"#......####~≈≈≈~#......#",
	"#..........====.......>#",
	"#......####~≈≈≈~#......#",
	"#......####~~~~~#......#",
	"####.############......#",
	"####.###################",
	"#\"\"\"\".;;;;;;rrrrrr____%#",
	"########################",
}

func gridOf(t testing.TB, rows []string) *chain.Grid {
	t.Helper()
	g, err := parseGrid(rows)
	require.NoError(t, err)
	return g
}

func parseGrid(rows []string) (*chain.Grid, error) {
	w := len([]rune(rows[0]))
	g := chain.NewGrid(w, len(rows))
	for y, row := range rows {
		rs := []rune(row)
		if len(rs) != w {
			return nil, fmt.Errorf("row %d has %d tiles, want %d", y, len(rs), w)
		}
		for x, r := range rs {
			tile, ok := legend[r]
			if !ok {
				return nil, fmt.Errorf("unknown fixture glyph %q", r)
			}
			g.Set(chain.Point{X: x, Y: y}, tile)
		}
	}
	return g, nil
}

func entityLooks(name string) (rune, color.RGBA, bool) {
	switch name {
	case "Goblin":
		return 'g', color.RGBA{0xFF, 0, 0, 0xFF}, true
	case "Health Potion":
		return '!', color.RGBA{0xFF, 0, 0xFF, 0xFF}, true
	}
	return 0, color.RGBA{}, false
}

// fixture is a small hand-made level: two rooms joined by a corridor over a
// bridge, water, a start, an exit and spawns (one the entity function does not know).
func fixture(t testing.TB) *Scene {
	var corridor []chain.Point
	for x := 7; x <= 16; x++ {
		corridor = append(corridor, chain.Point{X: x, Y: 4})
	}
	return &Scene{
		Map:       gridOf(t, fixtureRows),
		Start:     &chain.Point{X: 3, Y: 3},
		Exits:     []chain.Exit{{X: 22, Y: 4, Tile: chain.DownStairs}},
		Spawns:    []chain.Spawn{{X: 19, Y: 5, Name: "Goblin"}, {X: 5, Y: 2, Name: "Health Potion"}, {X: 20, Y: 6, Name: "Bear Trap"}},
		Rooms:     []chain.Rect{chain.R(1, 1, 6, 6), chain.R(17, 3, 6, 5)},
		Corridors: [][]chain.Point{corridor, {{X: 4, Y: 7}, {X: 4, Y: 8}}},
		Theme:     chain.DefaultTheme(),
		Entity:    entityLooks,
	}
}

func theme(t testing.TB, name string) chain.Theme {
	th, ok := chain.FindTheme(name, nil)
	require.True(t, ok, name)
	return th
}

func render(t testing.TB, sc *Scene, cell int) *image.RGBA {
	img, err := Render(sc, cell)
	require.NoError(t, err)
	return img
}

// golden compares img with testdata/NAME.png pixel by pixel (-update rewrites it).
func golden(t *testing.T, name string, img *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		var b bytes.Buffer
		require.NoError(t, png.Encode(&b, img))
		require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
		return
	}
	f, err := os.Open(path)
	require.NoError(t, err, "run go test ./ui/render -update to create it")
	defer f.Close()
	want, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, want.Bounds(), img.Bounds())
	bad := 0
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if color.RGBAModel.Convert(want.At(x, y)) != img.RGBAAt(x, y) {
				bad++
			}
		}
	}
	assert.Zero(t, bad, "%s: %d pixels differ from the golden image", name, bad)
}

func TestGoldenImages(t *testing.T) {
	sc := fixture(t)
	golden(t, "fixture_dungeon_16", render(t, sc, 16))

	sc = fixture(t)
	sc.ShowRooms = true
	sc.Changed = []int{4*24 + 11, 4*24 + 12, 4*24 + 13, 4*24 + 14, 0}
	golden(t, "fixture_rooms_changed_12", render(t, sc, 12))

	sc = fixture(t)
	sc.Split = &Split{Region: "right_half", Theme: theme(t, "limestone")}
	golden(t, "fixture_split_16", render(t, sc, 16))

	sc = fixture(t)
	sc.Theme = theme(t, "forest")
	golden(t, "fixture_forest_8", render(t, sc, 8))
}

// cellAt returns the pixels of the cell of tile p in img.
func cellAt(img *image.RGBA, p chain.Point, n int) *image.RGBA {
	return img.SubImage(image.Rect(p.X*n, p.Y*n, p.X*n+n, p.Y*n+n)).(*image.RGBA)
}

func sameCells(a, b *image.RGBA) bool {
	if a.Rect.Size() != b.Rect.Size() {
		return false
	}
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			if a.RGBAAt(a.Rect.Min.X+x, a.Rect.Min.Y+y) != b.RGBAAt(b.Rect.Min.X+x, b.Rect.Min.Y+y) {
				return false
			}
		}
	}
	return true
}

func TestDrawOnlyTheView(t *testing.T) {
	const n = 8
	sc := fixture(t)
	sc.ShowRooms = true
	sc.Changed = []int{4*24 + 12}
	full := render(t, sc, n)
	a, err := NewAtlas(n)
	require.NoError(t, err)

	sentinel := color.RGBA{1, 2, 3, 4}
	dst := image.NewRGBA(image.Rect(0, 0, 12*n, 10*n))
	draw.Draw(dst, dst.Rect, image.NewUniform(sentinel), image.Point{}, draw.Src)
	view := chain.R(10, 2, 8, 5)
	a.Draw(dst, sc, view)

	for y := 0; y < dst.Rect.Dy(); y++ {
		for x := 0; x < dst.Rect.Dx(); x++ {
			got := dst.RGBAAt(x, y)
			if x < view.W*n && y < view.H*n {
				require.Equal(t, full.RGBAAt(view.X*n+x, view.Y*n+y), got, "pixel %d,%d inside the view", x, y)
			} else {
				require.Equal(t, sentinel, got, "pixel %d,%d outside the view was drawn", x, y)
			}
		}
	}
}

func TestDrawAtPansByPixelsAndFillsTheVoid(t *testing.T) {
	const n = 8
	sc := fixture(t)
	sc.Void = color.RGBA{9, 9, 9, 255}
	full := render(t, sc, n)
	a, err := NewAtlas(n)
	require.NoError(t, err)
	dst := image.NewRGBA(image.Rect(0, 0, 40, 30))
	origin := image.Pt(-3*n-5, -2) // tile (3,0) is cut 5 px into the view
	a.DrawAt(dst, sc, origin)
	for y := 0; y < 30; y++ {
		for x := 0; x < 40; x++ {
			assert.Equal(t, full.RGBAAt(x-origin.X, y-origin.Y), dst.RGBAAt(x, y))
		}
	}
	assert.Equal(t, chain.Point{X: 3, Y: 0}, a.TileAt(origin, image.Pt(0, 0)))
	assert.Equal(t, chain.Point{X: 4, Y: 0}, a.TileAt(origin, image.Pt(3, 5)))

	// A view reaching past the map: the void is filled, nothing else is drawn.
	dst = image.NewRGBA(image.Rect(0, 0, 40, 40))
	a.DrawAt(dst, sc, image.Pt(24, 24))
	assert.Equal(t, sc.Void, dst.RGBAAt(5, 5))
	assert.Equal(t, sc.Void, dst.RGBAAt(30, 10))
	assert.Equal(t, full.RGBAAt(0, 0), dst.RGBAAt(24, 24))
	assert.Equal(t, chain.Point{X: -3, Y: -3}, a.TileAt(image.Pt(24, 24), image.Pt(0, 0)))
}

func TestTileColoursFollowTheTheme(t *testing.T) {
	const n = 16
	sc := fixture(t)
	th := chain.Theme{Name: "test", Tiles: map[string]chain.Look{
		"floor": {Glyph: '.', FG: color.RGBA{0x11, 0x22, 0x33, 0xFF}, BG: color.RGBA{0x80, 0, 0, 0xFF}},
	}}
	sc.Theme = th
	img := render(t, sc, n)
	floor := chain.Point{X: 2, Y: 5}
	c := cellAt(img, floor, n)
	assert.Equal(t, th.Tiles["floor"].BG, c.RGBAAt(c.Rect.Min.X, c.Rect.Min.Y), "background of a floor cell")
	assert.True(t, hasColour(c, th.Tiles["floor"].FG), "the floor glyph is drawn in the theme's fg")
	// A tile the theme does not list keeps its default look.
	deep := cellAt(img, chain.Point{X: 12, Y: 3}, n)
	assert.Equal(t, chain.DeepWater.Props().BG, deep.RGBAAt(deep.Rect.Min.X, deep.Rect.Min.Y))

	// The start, an exit and spawns sit on the tile's background.
	start := cellAt(img, *sc.Start, n)
	assert.True(t, hasNear(start, StartColor))
	assert.Equal(t, th.Tiles["floor"].BG, start.RGBAAt(start.Rect.Min.X, start.Rect.Min.Y))
	assert.True(t, hasNear(cellAt(img, chain.Point{X: 19, Y: 5}, n), color.RGBA{0xFF, 0, 0, 0xFF}), "goblin")
	assert.True(t, hasNear(cellAt(img, chain.Point{X: 20, Y: 6}, n), EntityFallback), "unknown entity")
}

// hasNear reports whether img has a pixel within 40 of c in every channel
// (anti-aliased thin glyphs may have no pixel fully covered).
func hasNear(img *image.RGBA, c color.RGBA) bool {
	near := func(a, b uint8) bool { return int(a)-int(b) < 40 && int(b)-int(a) < 40 }
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				return true
			}
		}
	}
	return false
}

func hasColour(img *image.RGBA, c color.RGBA) bool {
	for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
		for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				return true
			}
		}
	}
	return false
}

func TestBoxWalls(t *testing.T) {
	const n = 16
	sc := fixture(t)
	img := render(t, sc, n)
	wall := chain.DefaultTheme().Tiles["wall"]
	// (3,0) lies on the top wall of the first room: '═', two horizontal lines.
	require.Equal(t, '═', chain.WallGlyph(sc.Map, chain.Point{X: 3, Y: 0}))
	c := cellAt(img, chain.Point{X: 3, Y: 0}, n)
	x0, y0 := c.Rect.Min.X, c.Rect.Min.Y
	for x := 0; x < n; x++ {
		assert.Equal(t, wall.FG, c.RGBAAt(x0+x, y0+5), "upper line, x=%d", x)
		assert.Equal(t, wall.BG, c.RGBAAt(x0+x, y0+7), "gap, x=%d", x)
		assert.Equal(t, wall.FG, c.RGBAAt(x0+x, y0+9), "lower line, x=%d", x)
	}
	// Its neighbour continues the lines: the cells join.
	assert.True(t, sameCells(c, cellAt(img, chain.Point{X: 4, Y: 0}, n)))
	// (0,0) is a corner: '╔' turns down and right.
	require.Equal(t, '╔', chain.WallGlyph(sc.Map, chain.Point{X: 0, Y: 0}))
	corner := cellAt(img, chain.Point{X: 0, Y: 0}, n)
	assert.Equal(t, wall.FG, corner.RGBAAt(n-1, 5))
	assert.Equal(t, wall.FG, corner.RGBAAt(5, n-1))
	assert.Equal(t, wall.BG, corner.RGBAAt(0, 5))
	assert.Equal(t, wall.BG, corner.RGBAAt(5, 0))

	// Walls buried in rock are blank, in every theme.
	require.True(t, chain.Buried(sc.Map, chain.Point{X: 9, Y: 1}))
	buried := cellAt(img, chain.Point{X: 9, Y: 1}, n)
	assert.False(t, hasColour(buried, wall.FG))

	// Without box walls the same tile shows its theme glyph instead.
	sc.Theme.BoxWalls = false
	plain := render(t, sc, n)
	assert.False(t, sameCells(c, cellAt(plain, chain.Point{X: 3, Y: 0}, n)))
	assert.False(t, hasColour(cellAt(plain, chain.Point{X: 9, Y: 1}, n), wall.FG))
}

func TestSplitThemeDrawsHalvesDifferently(t *testing.T) {
	const n = 8
	sc := fixture(t)
	whole := render(t, sc, n)
	sc.Split = &Split{Region: "right_half", Theme: theme(t, "limestone")}
	split := render(t, sc, n)
	half := sc.Map.W / 2 * n
	left := func(img *image.RGBA) *image.RGBA {
		return img.SubImage(image.Rect(0, 0, half, img.Rect.Max.Y)).(*image.RGBA)
	}
	right := func(img *image.RGBA) *image.RGBA {
		return img.SubImage(image.Rect(half, 0, img.Rect.Max.X, img.Rect.Max.Y)).(*image.RGBA)
	}
	assert.True(t, sameCells(left(whole), left(split)), "the left half keeps the main theme")
	assert.False(t, sameCells(right(whole), right(split)), "the right half changes theme")
	// A right-half floor tile has the limestone look.
	ls := theme(t, "limestone").Tiles["floor"]
	floor := cellAt(split, chain.Point{X: 18, Y: 3}, n)
	assert.True(t, hasColour(floor, ls.FG))
	assert.False(t, hasColour(cellAt(split, chain.Point{X: 2, Y: 3}, n), ls.FG))

	// An unknown region draws no split.
	sc.Split.Region = "diagonal"
	assert.True(t, sameCells(whole, render(t, sc, n)))
}

func TestHighlightTintsChangedTiles(t *testing.T) {
	const n = 8
	sc := fixture(t)
	plain := render(t, sc, n)
	p := chain.Point{X: 2, Y: 2}
	sc.Changed = []int{sc.Map.Idx(*sc.Start), sc.Map.Idx(p), -5, 1 << 30}
	lit := render(t, sc, n)
	assert.False(t, sameCells(cellAt(plain, p, n), cellAt(lit, p, n)))
	assert.False(t, sameCells(cellAt(plain, *sc.Start, n), cellAt(lit, *sc.Start, n)), "the start's cell is tinted too")
	assert.True(t, sameCells(cellAt(plain, chain.Point{X: 3, Y: 2}, n), cellAt(lit, chain.Point{X: 3, Y: 2}, n)))
	// Unsorted lists work too.
	sc.Changed = []int{sc.Map.Idx(p), sc.Map.Idx(*sc.Start)}
	assert.True(t, sameCells(lit, render(t, sc, n)))
}

func TestPNGIsDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	require.NoError(t, PNG(&a, fixture(t), 12))
	require.NoError(t, PNG(&b, fixture(t), 12))
	assert.Equal(t, a.Bytes(), b.Bytes())
	img, err := png.Decode(&a)
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, 24*12, 11*12), img.Bounds())
}

func TestBadInputIsAnError(t *testing.T) {
	_, err := NewAtlas(2)
	assert.ErrorContains(t, err, "render: cell size 2 out of range")
	_, err = NewAtlas(1000)
	assert.Error(t, err)
	assert.ErrorContains(t, PNG(&bytes.Buffer{}, &Scene{}, 8), "render: the scene has no map")
	assert.ErrorContains(t, PNG(&bytes.Buffer{}, nil, 8), "no map")
	assert.ErrorContains(t, GIF(&bytes.Buffer{}, nil, Scene{}, GIFOptions{}), "render: the history has no snapshots")
	// Broken scenes draw without panicking.
	a, err := NewAtlas(8)
	require.NoError(t, err)
	dst := image.NewRGBA(image.Rect(0, 0, 64, 64))
	a.Draw(dst, nil, chain.R(0, 0, 8, 8))
	a.Draw(dst, &Scene{Map: &chain.Grid{W: 5, H: 5}}, chain.R(0, 0, 8, 8))
	a.Draw(dst, &Scene{Map: chain.NewGrid(8, 8), Spawns: []chain.Spawn{{X: 99, Y: -1, Name: ""}, {X: 1, Y: 1}},
		Exits: []chain.Exit{{X: -1, Y: 3}}, Start: &chain.Point{X: 100, Y: 100}, ShowRooms: true,
		Rooms: []chain.Rect{chain.R(-5, -5, 100, 3)}, Corridors: [][]chain.Point{{{X: -9, Y: 0}, {X: -8, Y: 0}}, {}}}, chain.R(-2, -2, 3, 100))
}

func TestGlyphsAreCached(t *testing.T) {
	a, err := NewAtlas(12)
	require.NoError(t, err)
	b, err := NewAtlas(12)
	require.NoError(t, err)
	assert.Same(t, a, b)
	s, err := NewSharpAtlas(12)
	require.NoError(t, err)
	assert.NotSame(t, a, s)
	for _, v := range s.Glyph('g').Pix {
		assert.True(t, v == 0 || v == 255, "sharp glyphs are two-level")
	}
	assert.NotEqual(t, a.Glyph('a').Pix, a.Glyph('b').Pix)
	// An unknown glyph draws as '?'.
	assert.Equal(t, a.Glyph('?').Pix, a.Glyph('\U0010FFFD').Pix)
}

// fixtureBuilder reveals the fixture map row by row, one snapshot per row.
func init() {
	chain.Register(chain.Spec{Name: "render_test_fixture", Help: "test only", Kind: chain.Initial, Makes: chain.FMap | chain.FStart,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				g, err := parseGrid(fixtureRows)
				if err != nil {
					return err
				}
				for y := 0; y < g.H; y++ {
					copy(s.Map.Tiles[y*s.Map.W:y*s.Map.W+g.W], g.Tiles[y*g.W:y*g.W+g.W])
					if y == 5 {
						s.Start = &chain.Point{X: 3, Y: 3}
					}
					s.Snapshot("row")
				}
				return nil
			}), nil
		}})
}

func runFixture(t testing.TB) *chain.Result {
	c, err := chain.Decode(strings.NewReader(`{"name": "t", "depth": 1, "width": 24, "height": 11,
		"steps": [{"builder": "render_test_fixture"}]}`))
	require.NoError(t, err)
	r, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)
	return r
}

func TestGIFFramesAndDeterminism(t *testing.T) {
	r := runFixture(t)
	h := r.History
	require.Greater(t, h.Len(), 5)
	style := Scene{Theme: chain.DefaultTheme(), Entity: entityLooks, ShowRooms: true}
	o := GIFOptions{Cell: 8, Highlight: true}
	var a, b bytes.Buffer
	require.NoError(t, GIF(&a, h, style, o))
	require.NoError(t, GIF(&b, h, style, o))
	assert.Equal(t, a.Bytes(), b.Bytes(), "GIF bytes are deterministic")

	g, err := gif.DecodeAll(bytes.NewReader(a.Bytes()))
	require.NoError(t, err)
	assert.Len(t, g.Image, h.Len(), "one frame per snapshot")
	assert.Equal(t, 24*8, g.Config.Width)
	assert.Equal(t, 200, g.Delay[len(g.Delay)-1])
	assert.Equal(t, 25, g.Delay[0])

	// The composited last frame equals a PNG render of the final state (sharp glyphs).
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	for _, f := range g.Image {
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Src)
	}
	sa, err := NewSharpAtlas(8)
	require.NoError(t, err)
	want := image.NewRGBA(canvas.Rect)
	last := h.At(h.Len() - 1)
	sc := style
	sc.Map, sc.Start, sc.Changed = last.Map, last.Start, h.Changed(h.Len()-1)
	sa.Draw(want, &sc, last.Map.Bounds())
	assert.True(t, sameCells(want, canvas), "the animation ends on the final map")

	// Every other frame, and a cap.
	o.Every = 2
	a.Reset()
	require.NoError(t, GIF(&a, h, style, o))
	g, err = gif.DecodeAll(&a)
	require.NoError(t, err)
	assert.Len(t, g.Image, len(GIFFrames(h.Len(), o)))
	assert.Equal(t, []int{0, 2, 4, 6, 8, 10, 11}, GIFFrames(12, o))
	assert.Equal(t, []int{0, 4, 8, 11}, GIFFrames(12, GIFOptions{MaxFrames: 4}))
	assert.Equal(t, []int{11}, GIFFrames(12, GIFOptions{MaxFrames: 1}))
	n := len(GIFFrames(1000, GIFOptions{MaxFrames: 50}))
	assert.LessOrEqual(t, n, 50)
	assert.Greater(t, n, 40)
	assert.Nil(t, GIFFrames(0, o))
}

// render_test_colours fills a 40×20 floor with 400 spawns named c0..c399.
func init() {
	chain.Register(chain.Spec{Name: "render_test_colours", Help: "test only", Kind: chain.Initial, Makes: chain.FMap | chain.FSpawns,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				s.Map.Fill(s.Map.Bounds().Inset(1), chain.Floor)
				s.Snapshot("floor")
				for i := 0; i < 400; i++ {
					s.Spawns = append(s.Spawns, chain.Spawn{X: 1 + i%38, Y: 1 + i/38, Name: fmt.Sprintf("c%d", i)})
				}
				return nil
			}), nil
		}})
}

func TestGIFWithMoreThan256ColoursUsesAFixedPalette(t *testing.T) {
	c, err := chain.Decode(strings.NewReader(`{"name": "t", "depth": 1, "width": 40, "height": 20,
		"steps": [{"builder": "render_test_colours"}]}`))
	require.NoError(t, err)
	r, err := chain.Run(context.Background(), c, 1, nil)
	require.NoError(t, err)
	style := Scene{Entity: func(name string) (rune, color.RGBA, bool) {
		var i int
		fmt.Sscanf(name, "c%d", &i)
		return '█', color.RGBA{uint8(i), uint8(i * 7), uint8(i / 2), 255}, true
	}}
	var a, b bytes.Buffer
	require.NoError(t, GIF(&a, r.History, style, GIFOptions{Cell: 4, LoopOnce: true}))
	require.NoError(t, GIF(&b, r.History, style, GIFOptions{Cell: 4, LoopOnce: true}))
	assert.Equal(t, a.Bytes(), b.Bytes())
	g, err := gif.DecodeAll(&a)
	require.NoError(t, err)
	assert.Len(t, g.Image, r.History.Len())
	assert.Equal(t, -1, g.LoopCount)
	assert.Len(t, g.Image[0].Palette, 256, "the Plan 9 palette")
}

func TestSetThemes(t *testing.T) {
	sc := fixture(t)
	ls := theme(t, "limestone")
	sc.SetThemes(theme(t, "town"), &ls, "left_half")
	assert.Equal(t, "town", sc.Theme.Name)
	require.NotNil(t, sc.Split)
	assert.Equal(t, Split{Region: "left_half", Theme: ls}, *sc.Split)
	sc.SetThemes(ls, nil, "")
	assert.Nil(t, sc.Split)
	assert.Equal(t, "limestone", sc.Theme.Name)
}

func TestConcurrentDrawsOnASharedAtlas(t *testing.T) {
	want := render(t, fixture(t), 10)
	done := make(chan *image.RGBA)
	for i := 0; i < 4; i++ {
		go func() {
			img, err := Render(fixture(t), 10)
			if err != nil {
				img = nil
			}
			done <- img
		}()
	}
	for i := 0; i < 4; i++ {
		got := <-done
		require.NotNil(t, got)
		assert.True(t, sameCells(want, got))
	}
}
