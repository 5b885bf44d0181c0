// Package render draws levels and their snapshot history into images: the
// editor's map view, PNG export and animated GIF export share it. It never
// imports Fyne.
//
// An Atlas holds glyph masks for one square cell size, rasterised from the Go
// Mono font (which covers the whole CP437 repertoire). Box-drawing and shade
// characters are drawn procedurally instead, so walls join seamlessly across
// cells. Drawing composes each distinct (glyph, fg, bg) cell once and then
// copies it row by row, so a frame is mostly memmove.
package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// MinCell and MaxCell bound the cell size (in pixels) an Atlas accepts.
const (
	MinCell = 4
	MaxCell = 128
)

// cellCacheBytes bounds the memory of an atlas's composed-cell cache (but
// always room for 256 cells); when it is exceeded the cache is emptied and
// refilled on demand.
const cellCacheBytes = 8 << 20

// maxGlyphs bounds the glyphs (beyond ASCII) an atlas keeps rasterised.
const maxGlyphs = 4096

// Atlas renders tiles as glyphs in square cells of one pixel size. Atlases are
// shared (NewAtlas caches one per size and mode) and safe for concurrent use;
// draws on the same atlas are serialised.
type Atlas struct {
	cell  int
	sharp bool // no anti-aliasing: every pixel is exactly fg or bg

	mu       sync.Mutex
	face     font.Face
	baseline int
	glyphs   map[rune]*image.Alpha
	ascii    [128]*image.Alpha
	cells    map[cellKey][]byte
	cellMem  int
	lastKey  cellKey
	lastCell []byte
}

type cellKey struct {
	g      rune
	fg, bg color.RGBA
}

type atlasKey struct {
	cell  int
	sharp bool
}

var (
	atlasMu sync.Mutex
	atlases = map[atlasKey]*Atlas{}

	fontOnce sync.Once
	monoFont *opentype.Font
	fontErr  error
)

// NewAtlas returns the atlas for square cells of cell pixels (MinCell..MaxCell),
// with anti-aliased glyphs. Atlases are cached: the same size returns the same
// atlas.
func NewAtlas(cell int) (*Atlas, error) { return atlasFor(cell, false) }

// NewSharpAtlas is NewAtlas without anti-aliasing: every pixel of a cell is
// exactly its foreground or background colour, which keeps the colour count of
// an image small (GIF export uses it).
func NewSharpAtlas(cell int) (*Atlas, error) { return atlasFor(cell, true) }

func atlasFor(cell int, sharp bool) (*Atlas, error) {
	if cell < MinCell || cell > MaxCell {
		return nil, fmt.Errorf("render: cell size %d out of range %d..%d", cell, MinCell, MaxCell)
	}
	fontOnce.Do(func() {
		monoFont, fontErr = opentype.Parse(gomono.TTF)
		if fontErr != nil {
			fontErr = fmt.Errorf("render: parsing Go Mono: %w", fontErr)
		}
	})
	if fontErr != nil {
		return nil, fontErr
	}
	atlasMu.Lock()
	defer atlasMu.Unlock()
	k := atlasKey{cell, sharp}
	if a, ok := atlases[k]; ok {
		return a, nil
	}
	// The em is the cell: Go Mono's advance is 0.6 em, so glyphs are centred
	// across; the baseline leaves room for descenders at the bottom.
	face, err := opentype.NewFace(monoFont, &opentype.FaceOptions{Size: float64(cell), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, fmt.Errorf("render: Go Mono face at %d px: %w", cell, err)
	}
	a := &Atlas{
		cell:     cell,
		sharp:    sharp,
		face:     face,
		baseline: cell - face.Metrics().Descent.Ceil(),
		glyphs:   map[rune]*image.Alpha{},
		cells:    map[cellKey][]byte{},
	}
	for r := rune(32); r < 127; r++ {
		a.ascii[r] = a.rasterise(r)
	}
	atlases[k] = a
	return a, nil
}

// Cell is the side of a cell in pixels.
func (a *Atlas) Cell() int { return a.cell }

// Glyph returns the cell-sized alpha mask drawn for r (a copy the caller may keep).
func (a *Atlas) Glyph(r rune) *image.Alpha {
	a.mu.Lock()
	defer a.mu.Unlock()
	m := a.mask(r)
	c := image.NewAlpha(m.Rect)
	copy(c.Pix, m.Pix)
	return c
}

// mask returns the glyph mask of r. The caller holds a.mu.
func (a *Atlas) mask(r rune) *image.Alpha {
	if r >= 0 && r < 128 && a.ascii[r] != nil {
		return a.ascii[r]
	}
	if m, ok := a.glyphs[r]; ok {
		return m
	}
	if len(a.glyphs) >= maxGlyphs {
		clear(a.glyphs)
	}
	m := a.rasterise(r)
	a.glyphs[r] = m
	return m
}

// rasterise draws r into a new cell-sized mask: box-drawing and block
// characters procedurally, everything else from Go Mono (a missing glyph
// draws as '?').
func (a *Atlas) rasterise(r rune) *image.Alpha {
	n := a.cell
	m := image.NewAlpha(image.Rect(0, 0, n, n))
	if drawBox(m, r) || drawBlock(m, r) {
		return m
	}
	if _, ok := a.face.GlyphAdvance(r); !ok {
		r = '?'
	}
	adv, _ := a.face.GlyphAdvance(r)
	x := (fixed.I(n) - adv) / 2
	d := font.Drawer{Dst: m, Src: image.Opaque, Face: a.face, Dot: fixed.Point26_6{X: x, Y: fixed.I(a.baseline)}}
	d.DrawString(string(r))
	if a.sharp {
		for i, v := range m.Pix {
			if v >= 128 {
				m.Pix[i] = 255
			} else {
				m.Pix[i] = 0
			}
		}
	}
	return m
}

// composed returns the RGBA pixels (cell*cell*4 bytes, row-major) of glyph g in
// fg over bg. The caller holds a.mu.
func (a *Atlas) composed(g rune, fg, bg color.RGBA) []byte {
	k := cellKey{g, fg, bg}
	if k == a.lastKey && a.lastCell != nil {
		return a.lastCell
	}
	px, ok := a.cells[k]
	if !ok {
		n := a.cell
		if a.cellMem+n*n*4 > max(cellCacheBytes, 256*n*n*4) {
			clear(a.cells)
			a.cellMem = 0
		}
		m := a.mask(g)
		px = make([]byte, n*n*4)
		for i, al := range m.Pix {
			c := blend(bg, fg, al)
			px[i*4], px[i*4+1], px[i*4+2], px[i*4+3] = c.R, c.G, c.B, c.A
		}
		a.cells[k] = px
		a.cellMem += len(px)
	}
	a.lastKey, a.lastCell = k, px
	return px
}

// blend mixes fg over bg with coverage al (0..255).
func blend(bg, fg color.RGBA, al uint8) color.RGBA {
	switch al {
	case 0:
		return bg
	case 255:
		return fg
	}
	f, b := uint32(al), 255-uint32(al)
	mix := func(x, y uint8) uint8 { return uint8((uint32(x)*b + uint32(y)*f + 127) / 255) }
	return color.RGBA{mix(bg.R, fg.R), mix(bg.G, fg.G), mix(bg.B, fg.B), mix(bg.A, fg.A)}
}

// box describes a box-drawing character by the weight of its arms
// (0 none, 1 single, 2 double), in the order up, right, down, left.
type box [4]uint8

var boxes = map[rune]box{
	'─': {0, 1, 0, 1}, '│': {1, 0, 1, 0}, '┌': {0, 1, 1, 0}, '┐': {0, 0, 1, 1},
	'└': {1, 1, 0, 0}, '┘': {1, 0, 0, 1}, '├': {1, 1, 1, 0}, '┤': {1, 0, 1, 1},
	'┬': {0, 1, 1, 1}, '┴': {1, 1, 0, 1}, '┼': {1, 1, 1, 1},
	'═': {0, 2, 0, 2}, '║': {2, 0, 2, 0}, '╔': {0, 2, 2, 0}, '╗': {0, 0, 2, 2},
	'╚': {2, 2, 0, 0}, '╝': {2, 0, 0, 2}, '╠': {2, 2, 2, 0}, '╣': {2, 0, 2, 2},
	'╦': {0, 2, 2, 2}, '╩': {2, 2, 0, 2}, '╬': {2, 2, 2, 2},
	'╒': {0, 2, 1, 0}, '╓': {0, 1, 2, 0}, '╕': {0, 0, 1, 2}, '╖': {0, 0, 2, 1},
	'╘': {1, 2, 0, 0}, '╙': {2, 1, 0, 0}, '╛': {1, 0, 0, 2}, '╜': {2, 0, 0, 1},
	'╞': {1, 2, 1, 0}, '╟': {2, 1, 2, 0}, '╡': {1, 0, 1, 2}, '╢': {2, 0, 2, 1},
	'╤': {0, 2, 1, 2}, '╥': {0, 1, 2, 1}, '╧': {1, 2, 0, 2}, '╨': {2, 1, 0, 1},
	'╪': {1, 2, 1, 2}, '╫': {2, 1, 2, 1},
}

// drawBox draws box-drawing character r into m, reporting whether r is one.
// Each arm is a band from the cell edge through the centre; a double arm is a
// band three lines wide with its middle line carved out again, which yields the
// right corners and junctions (╔ is two nested L's, ╬ four corners).
func drawBox(m *image.Alpha, r rune) bool {
	b, ok := boxes[r]
	if !ok {
		return false
	}
	n := m.Rect.Dx()
	t := max(1, n/8)
	c := n / 2
	band := func(w int) (int, int) { return c - w/2, c - w/2 + w }
	arm := func(dir int, w int, v uint8) {
		lo, hi := band(w)
		var rc image.Rectangle
		switch dir {
		case 0: // up
			rc = image.Rect(lo, 0, hi, hi)
		case 1: // right
			rc = image.Rect(lo, lo, n, hi)
		case 2: // down
			rc = image.Rect(lo, lo, hi, n)
		case 3: // left
			rc = image.Rect(0, lo, hi, hi)
		}
		draw.Draw(m, rc, image.NewUniform(color.Alpha{v}), image.Point{}, draw.Src)
	}
	for d, w := range b {
		switch w {
		case 1:
			arm(d, t, 255)
		case 2:
			arm(d, 3*t, 255)
		}
	}
	for d, w := range b {
		if w == 2 {
			arm(d, t, 0)
		}
	}
	return true
}

// drawBlock draws block and shade characters (░▒▓█▀▄▌▐) into m, reporting
// whether r is one. Shades are dither patterns, so they stay two-coloured.
func drawBlock(m *image.Alpha, r rune) bool {
	n := m.Rect.Dx()
	var on func(x, y int) bool
	switch r {
	case '█':
		on = func(x, y int) bool { return true }
	case '▀':
		on = func(x, y int) bool { return y < n/2 }
	case '▄':
		on = func(x, y int) bool { return y >= n/2 }
	case '▌':
		on = func(x, y int) bool { return x < n/2 }
	case '▐':
		on = func(x, y int) bool { return x >= n/2 }
	case '░':
		on = func(x, y int) bool { return y%2 == 0 && x%4 == 0 || y%2 == 1 && x%4 == 2 }
	case '▒':
		on = func(x, y int) bool { return (x+y)%2 == 0 }
	case '▓':
		on = func(x, y int) bool { return !(x%2 == 0 && y%2 == 0) }
	default:
		return false
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			if on(x, y) {
				m.Pix[y*m.Stride+x] = 255
			}
		}
	}
	return true
}
