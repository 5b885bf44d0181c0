package prefab

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"image/color"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain"
)

// Limits of the REXPaint files ReadXP accepts (DESIGN.md, Limits): anything
// larger is refused before its cells are read.
const (
	// MaxXPLayers is the most layers a file may have (REXPaint draws at most 9).
	MaxXPLayers = 16
	// MaxXPSize is a layer's largest width and height (the largest map's).
	MaxXPSize = chain.MaxSize
	// MaxXPCells is the most cells all of a file's layers may hold together:
	// one layer of the largest map (16,777,216).
	MaxXPCells = chain.MaxSize * chain.MaxSize
)

// RGB is a colour as REXPaint stores it.
type RGB struct{ R, G, B uint8 }

// RGBA returns c as an opaque color.RGBA.
func (c RGB) RGBA() color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// RGBOf returns the RGB of c (its alpha dropped).
func RGBOf(c color.RGBA) RGB { return RGB{c.R, c.G, c.B} }

// Transparent is REXPaint's transparent background colour: magenta.
var Transparent = RGB{255, 0, 255}

// XPCell is one cell of a REXPaint layer: a CP437 glyph code (see CP437Rune)
// and its foreground and background colours.
type XPCell struct {
	Glyph  byte
	FG, BG RGB
}

// Transparent reports whether the cell's background is REXPaint's
// transparent magenta: on a layer above the first, the layers below show
// through it.
func (c XPCell) Transparent() bool { return c.BG == Transparent }

// XPLayer is one layer of a REXPaint image: W×H cells, stored column by column
// as the file holds them (the cell at x, y is Cells[x*H+y]).
type XPLayer struct {
	W, H  int
	Cells []XPCell
}

// At returns the cell at column x, row y.
func (l *XPLayer) At(x, y int) XPCell { return l.Cells[x*l.H+y] }

// In reports whether the layer covers column x, row y.
func (l *XPLayer) In(x, y int) bool { return x >= 0 && y >= 0 && x < l.W && y < l.H }

// XPFile is a REXPaint image (.xp): its format version and its layers, the
// first at the bottom. ReadXP then Write keeps every layer, cell for cell.
type XPFile struct {
	// Version is the file's format version as REXPaint wrote it (-1).
	Version int32
	Layers  []XPLayer
}

// xpCellBytes is the size of a cell in the file: a 32-bit glyph code, then
// the foreground and background as 3 bytes each.
const xpCellBytes = 10

// ReadXP reads a REXPaint image: gzip of a little-endian int32 version
// (negative), an int32 layer count, then per layer an int32 width and height
// and its cells column by column, each a uint32 glyph code and the foreground
// and background RGB. Sizes are checked against the limits (MaxXPLayers,
// MaxXPSize, MaxXPCells) before anything is allocated, and the cells are read
// and stored as they come, so a small file costs little whatever its header
// promises, and one that unpacks into gigabytes no more than the limits allow. Errors name the layer and the cell ("layer 1 cell (3,4):
// glyph 300 is not a CP437 code (0-255)"); the caller adds the file name.
func ReadXP(r io.Reader) (*XPFile, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("not a REXPaint image (its gzip packing: %v)", gzipReason(err))
	}
	br := bufio.NewReaderSize(zr, 64<<10)
	var head [8]byte
	if err := readFull(br, head[:]); err != nil {
		return nil, fmt.Errorf("the header is cut short (%v)", err)
	}
	f := &XPFile{Version: int32(binary.LittleEndian.Uint32(head[:4]))}
	if f.Version >= 0 {
		return nil, fmt.Errorf("version %d is not a REXPaint version (REXPaint writes a negative one)", f.Version)
	}
	n := int32(binary.LittleEndian.Uint32(head[4:]))
	if n < 1 || n > MaxXPLayers {
		return nil, fmt.Errorf("%d layers; a REXPaint image has 1 to %d", n, MaxXPLayers)
	}
	total := 0
	buf := make([]byte, 4096*xpCellBytes)
	for li := range int(n) {
		if err := readFull(br, head[:]); err != nil {
			return nil, fmt.Errorf("layer %d: the size is cut short (%v)", li, err)
		}
		w, h := int32(binary.LittleEndian.Uint32(head[:4])), int32(binary.LittleEndian.Uint32(head[4:]))
		for _, d := range []struct {
			name string
			v    int32
		}{{"width", w}, {"height", h}} {
			if d.v < 1 || d.v > MaxXPSize {
				return nil, fmt.Errorf("layer %d: %s %d is out of range [1, %d]", li, d.name, d.v, MaxXPSize)
			}
		}
		total += int(w) * int(h)
		if total > MaxXPCells {
			return nil, fmt.Errorf("layer %d: the layers hold %d cells so far; at most %d in all", li, total, MaxXPCells)
		}
		// The cells grow as they arrive: a file that promises many and holds
		// few costs what it holds.
		size := int(w) * int(h)
		l := XPLayer{W: int(w), H: int(h), Cells: make([]XPCell, 0, min(size, 1<<16))}
		for done := 0; done < size; {
			k := min(size-done, len(buf)/xpCellBytes)
			l.Cells = slices.Grow(l.Cells, k)[:done+k]
			chunk := buf[:k*xpCellBytes]
			got, err := io.ReadFull(br, chunk)
			for j := range got / xpCellBytes {
				c := chunk[j*xpCellBytes:]
				if g := binary.LittleEndian.Uint32(c); g > 255 {
					i := done + j
					return nil, fmt.Errorf("layer %d cell (%d,%d): glyph %d is not a CP437 code (0-255)", li, i/l.H, i%l.H, g)
				}
				l.Cells[done+j] = XPCell{Glyph: c[0], FG: RGB{c[4], c[5], c[6]}, BG: RGB{c[7], c[8], c[9]}}
			}
			if err != nil {
				i := done + got/xpCellBytes
				return nil, fmt.Errorf("layer %d cell (%d,%d): the data is cut short (%v)", li, i/l.H, i%l.H, readReason(err))
			}
			done += k
		}
		f.Layers = append(f.Layers, l)
	}
	// Reading on to the end checks the gzip checksum.
	if k, err := br.Read(head[:1]); k > 0 {
		return nil, fmt.Errorf("data follows the last layer (layer %d)", n-1)
	} else if err != nil && err != io.EOF {
		return nil, fmt.Errorf("after the last layer: %v", readReason(err))
	}
	return f, nil
}

// readFull is io.ReadFull with a plain reason for a short read.
func readFull(r io.Reader, b []byte) error {
	if _, err := io.ReadFull(r, b); err != nil {
		return errors.New(readReason(err))
	}
	return nil
}

func readReason(err error) string {
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file ends early"
	case errors.Is(err, gzip.ErrChecksum):
		return "the gzip checksum does not match: the file is damaged"
	}
	return gzipReason(err)
}

func gzipReason(err error) string {
	switch {
	case errors.Is(err, gzip.ErrHeader):
		return "not gzip data"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the file ends early"
	}
	return strings.TrimPrefix(err.Error(), "gzip: ")
}

// Write writes f as a REXPaint image (gzip, as ReadXP reads it).
func (f *XPFile) Write(w io.Writer) error {
	zw := gzip.NewWriter(w)
	bw := bufio.NewWriterSize(zw, 64<<10)
	var b [xpCellBytes]byte
	put := func(vs ...int32) {
		for _, v := range vs {
			binary.LittleEndian.PutUint32(b[:4], uint32(v))
			bw.Write(b[:4])
		}
	}
	put(f.Version, int32(len(f.Layers)))
	for _, l := range f.Layers {
		put(int32(l.W), int32(l.H))
		for _, c := range l.Cells {
			binary.LittleEndian.PutUint32(b[:4], uint32(c.Glyph))
			b[4], b[5], b[6], b[7], b[8], b[9] = c.FG.R, c.FG.G, c.FG.B, c.BG.R, c.BG.G, c.BG.B
			bw.Write(b[:])
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// Size returns the image's width and height: its largest layer's.
func (f *XPFile) Size() (w, h int) {
	for _, l := range f.Layers {
		w, h = max(w, l.W), max(h, l.H)
	}
	return w, h
}

// Visible returns the cell seen at column x, row y: the topmost layer's whose
// cell there is not transparent, else the first layer's (REXPaint's first
// layer is opaque whatever its colours). It reports false where no layer
// reaches.
func (f *XPFile) Visible(x, y int) (XPCell, bool) {
	for i := len(f.Layers) - 1; i >= 0; i-- {
		l := &f.Layers[i]
		if l.In(x, y) && (i == 0 || !l.At(x, y).Transparent()) {
			return l.At(x, y), true
		}
	}
	return XPCell{}, false
}

// Rows returns the image as text rows, the visible glyph of each cell (see
// Visible) as its CP437 character (code 0, and a cell no layer reaches, is
// U+0000).
func (f *XPFile) Rows() []string {
	w, h := f.Size()
	rows := make([]string, h)
	var b strings.Builder
	for y := range h {
		b.Reset()
		for x := range w {
			c, _ := f.Visible(x, y)
			b.WriteRune(cp437[c.Glyph])
		}
		rows[y] = b.String()
	}
	return rows
}

// UnknownGlyph is a glyph of a REXPaint image that a legend does not know.
type UnknownGlyph struct {
	// Code is its CP437 code, Glyph its character.
	Code  byte
	Glyph rune
	// Cells counts the layer cells holding it.
	Cells int
}

// DescribeUnknown words unknown glyphs for a warning: "'A' (65) in 3 cells,
// '\x00' (0) in 1 cell".
func DescribeUnknown(u []UnknownGlyph) string {
	parts := make([]string, len(u))
	for i, g := range u {
		q := strconv.QuoteRune(g.Glyph)
		cells := "cells"
		if g.Cells == 1 {
			cells = "cell"
		}
		parts[i] = fmt.Sprintf("%s (%d) in %d %s", q, g.Code, g.Cells, cells)
	}
	return strings.Join(parts, ", ")
}

// Template decodes the image through l as the tutorial's rex_level reads it:
// every layer's cells through the legend, a later layer's over an earlier
// one's. A cell on a layer above the first whose background is transparent
// (REXPaint's magenta) lets the layers below show, as REXPaint draws it; a
// glyph l does not know leaves what the layers below laid (the tutorial logs
// it and leaves the tile), and where no layer lays anything the cell keeps the
// map as it is (Cell.Keep). It returns the glyphs l does not know, by code,
// with how many layer cells hold them.
func (f *XPFile) Template(l *Legend) (*Template, []UnknownGlyph) {
	w, h := f.Size()
	t := &Template{W: w, H: h, Cells: make([]Cell, w*h)}
	var unknown [256]int
	for y := range h {
		for x := range w {
			cell := Cell{Keep: true}
			for i := len(f.Layers) - 1; i >= 0; i-- {
				ly := &f.Layers[i]
				if !ly.In(x, y) {
					continue
				}
				xc := ly.At(x, y)
				if i > 0 && xc.Transparent() {
					continue
				}
				if c, ok := l.Cell(cp437[xc.Glyph]); ok {
					cell = c
					break
				}
				unknown[xc.Glyph]++
			}
			t.Cells[y*w+x] = cell
		}
	}
	var out []UnknownGlyph
	for code, n := range unknown {
		if n > 0 {
			out = append(out, UnknownGlyph{Code: byte(code), Glyph: cp437[code], Cells: n})
		}
	}
	return t, out
}

// XPFromRows makes a one-layer REXPaint image of template rows: as wide as the
// longest row (shorter rows are padded with '#', the wall Parse reads there; a
// trailing carriage return is dropped), each character its CP437 code,
// coloured by look. A character without a CP437 code is an error naming its
// 1-based row and column.
func XPFromRows(rows []string, look func(r rune) (fg, bg RGB)) (*XPFile, error) {
	rows = slices.Clone(rows)
	w := 0
	for i, row := range rows {
		rows[i] = strings.TrimSuffix(row, "\r")
		w = max(w, utf8.RuneCountInString(rows[i]))
	}
	if w == 0 {
		return nil, errors.New("the template is empty")
	}
	if w > MaxXPSize || len(rows) > MaxXPSize {
		return nil, fmt.Errorf("the template is %d×%d, larger than %d×%d", w, len(rows), MaxXPSize, MaxXPSize)
	}
	h := len(rows)
	l := XPLayer{W: w, H: h, Cells: make([]XPCell, w*h)}
	for y, row := range rows {
		x := 0
		for _, r := range row {
			code, ok := CP437Code(r)
			if !ok {
				return nil, fmt.Errorf("row %d, column %d: %s has no CP437 code (REXPaint draws only those 256 characters)",
					y+1, x+1, strconv.QuoteRune(r))
			}
			fg, bg := look(r)
			l.Cells[x*h+y] = XPCell{Glyph: code, FG: fg, BG: bg}
			x++
		}
		for ; x < w; x++ {
			fg, bg := look('#')
			l.Cells[x*h+y] = XPCell{Glyph: '#', FG: fg, BG: bg}
		}
	}
	return &XPFile{Version: -1, Layers: []XPLayer{l}}, nil
}

// white is the foreground XPFromRows gives entities and the start (ThemeLook).
var white = RGB{255, 255, 255}

// ThemeLook colours template characters for XPFromRows as a theme draws
// them: a character of l lays a tile, drawn in th's colours for it; one that
// places an entity or the start is white on that tile's background; one l
// does not know (or that keeps the map) is white on black.
func ThemeLook(l *Legend, th chain.Theme) func(r rune) (fg, bg RGB) {
	return func(r rune) (RGB, RGB) {
		c, ok := l.Cell(r)
		if !ok || c.Keep {
			return white, RGB{}
		}
		look := th.Look(c.Tile)
		fg, bg := RGBOf(look.FG), RGBOf(look.BG)
		if c.Spawn != "" || c.Start {
			fg = white
		}
		return fg, bg
	}
}
