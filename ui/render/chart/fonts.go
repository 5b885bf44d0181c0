package chart

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	stdfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The Go fonts, parsed on the first render (never at start-up).
var (
	fontOnce    sync.Once
	fontHandler text.Handler
)

// typeface names the Go fonts in the chart's font cache.
const typeface = "Go"

func handler() text.Handler {
	fontOnce.Do(func() {
		var coll font.Collection
		for _, f := range []struct {
			ttf    []byte
			weight stdfont.Weight
		}{{goregular.TTF, stdfont.WeightNormal}, {gobold.TTF, stdfont.WeightBold}} {
			face, err := opentype.Parse(f.ttf)
			if err != nil {
				panic("chart: the Go fonts do not parse: " + err.Error()) // embedded: cannot happen
			}
			coll = append(coll, font.Face{Font: font.Font{Typeface: typeface, Weight: f.weight}, Face: face})
		}
		fontHandler = &fastText{Plain: text.Plain{Fonts: font.NewCache(coll)}, faces: map[faceKey]stdfont.Face{}}
	})
	return fontHandler
}

// fastText is gonum/plot's plain text handler drawing straight text on an
// image canvas with x/image/font's glyph masks (gonum/plot's own path
// resamples every glyph through an affine transform, twenty times slower:
// a tall chart's labels took 30 ms). Rotated text and other canvases go the
// plain way.
type fastText struct {
	text.Plain
	mu    sync.Mutex // faces, and drawing with them (a face is not safe for concurrent use)
	faces map[faceKey]stdfont.Face
	// boxes memoizes Box and the widths Draw aligns by (a chart's labels
	// recur from one render to the next; gonum/plot measures each glyph
	// with a buffer of its own)
	boxMu sync.Mutex
	boxes map[boxKey]box
}

// boxKey is a line of text in a font; box its measures.
type (
	boxKey struct {
		txt  string
		font font.Font
	}
	box struct{ width, height, depth vg.Length }
)

// maxBoxes bounds the memo (it starts again when full).
const maxBoxes = 4096

// Box is text.Plain's Box, memoized.
func (h *fastText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	k := boxKey{txt, fnt}
	h.boxMu.Lock()
	b, ok := h.boxes[k]
	h.boxMu.Unlock()
	if !ok {
		b.width, b.height, b.depth = h.Plain.Box(txt, fnt)
		h.boxMu.Lock()
		if h.boxes == nil || len(h.boxes) >= maxBoxes {
			h.boxes = map[boxKey]box{}
		}
		h.boxes[k] = b
		h.boxMu.Unlock()
	}
	return b.width, b.height, b.depth
}

// width is the width of a line of txt in fnt.
func (h *fastText) width(txt string, fnt font.Font) vg.Length {
	w, _, _ := h.Box(txt, fnt)
	return w
}

// faceKey is a font at a size and resolution.
type faceKey struct {
	font font.Font
	dpi  float64
}

// imageCanvas is the image canvas under c (nil: another kind).
func imageCanvas(c vg.Canvas) *vgimg.Canvas {
	switch v := c.(type) {
	case *vgimg.Canvas:
		return v
	case *draw.Canvas:
		return imageCanvas(v.Canvas)
	case draw.Canvas:
		return imageCanvas(v.Canvas)
	}
	return nil
}

// Draw draws txt as text.Plain does (same lines, alignment and baseline).
func (h *fastText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	ic := imageCanvas(c)
	img, ok := (*image.RGBA)(nil), false
	if ic != nil {
		img, ok = ic.Image().(*image.RGBA)
	}
	if !ok || sty.Rotation != 0 || sty.Font.Size <= 0 {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	dpi := ic.DPI()
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	h.mu.Lock()
	defer h.mu.Unlock()
	key := faceKey{fnt.Font, dpi}
	face := h.faces[key]
	if face == nil {
		face = fnt.FontFace(dpi)
		h.faces[key] = face
	}
	d := stdfont.Drawer{Dst: img, Src: image.NewUniform(sty.Color), Face: face}
	height := float64(img.Bounds().Dy())
	for i, line := range lines {
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * h.width(line, sty.Font), Y: vg.Length(len(lines)-i) * sty.Font.Size})
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(math.Round(at.X.Dots(dpi) * 64)), Y: fixed.Int26_6(math.Round((height - at.Y.Dots(dpi)) * 64))}
		d.DrawString(line)
	}
}

// textStyle is Go Regular (or Bold) at size points in c, aligned as asked.
func textStyle(c color.Color, size vg.Length, bold bool, xa text.XAlignment, ya text.YAlignment) text.Style {
	f := font.Font{Typeface: typeface, Size: size}
	if bold {
		f.Weight = stdfont.WeightBold
	}
	return text.Style{Color: c, Font: f, XAlign: xa, YAlign: ya, Handler: handler()}
}
