package prefab_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
)

// tutorialXP lists the tutorial's REXPaint files with their layers' sizes.
var tutorialXP = map[string][][2]int{
	"testdata/xp/SmallDungeon_80x50.xp": {{80, 50}},
	"testdata/xp/mltest.xp":             {{8, 4}, {8, 4}},
	"testdata/xp/nyan.xp":               {{35, 22}, {35, 22}},
	"testdata/xp/wfc-demo1.xp":          {{80, 43}},
	"testdata/xp/wfc-demo2.xp":          {{28, 7}},
	"tutorial/wfc-populated.xp":         {{80, 43}},
}

func readXP(t *testing.T, path string) *prefab.XPFile {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := prefab.ReadXP(bytes.NewReader(data))
	require.NoError(t, err, path)
	return f
}

// rawCells decodes a REXPaint file's cells straight from its bytes, as the
// format describes them, for comparing with ReadXP.
func rawCells(t *testing.T, data []byte) (version int32, layers [][]prefab.XPCell) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	var buf bytes.Buffer
	_, err = buf.ReadFrom(zr)
	require.NoError(t, err)
	b := buf.Bytes()
	i32 := func() int32 { v := int32(binary.LittleEndian.Uint32(b)); b = b[4:]; return v }
	version = i32()
	n := int(i32())
	for range n {
		w, h := int(i32()), int(i32())
		cells := make([]prefab.XPCell, w*h)
		for i := range cells {
			cells[i] = prefab.XPCell{Glyph: byte(binary.LittleEndian.Uint32(b)), FG: prefab.RGB{R: b[4], G: b[5], B: b[6]},
				BG: prefab.RGB{R: b[7], G: b[8], B: b[9]}}
			b = b[10:]
		}
		layers = append(layers, cells)
	}
	require.Empty(t, b)
	return version, layers
}

// Every tutorial file reads with its layers and cells, and writing it back
// keeps every layer, cell for cell (glyph and both colours), and the version.
func TestReadXPTutorialFilesRoundTrip(t *testing.T) {
	for path, sizes := range tutorialXP {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		f := readXP(t, path)
		version, raw := rawCells(t, data)
		assert.Equal(t, version, f.Version, path)
		require.Len(t, f.Layers, len(sizes), path)
		for i, l := range f.Layers {
			assert.Equal(t, sizes[i], [2]int{l.W, l.H}, "%s layer %d", path, i)
			assert.Equal(t, raw[i], l.Cells, "%s layer %d", path, i)
		}
		var out bytes.Buffer
		require.NoError(t, f.Write(&out))
		back, err := prefab.ReadXP(&out)
		require.NoError(t, err)
		assert.Equal(t, f, back, path)
	}
}

func TestCP437(t *testing.T) {
	for code, r := range map[byte]rune{247: '≈', 15: '☼', 219: '█', 35: '#', 32: ' ', 1: '☺', 127: '⌂', 176: '░', 255: '\u00a0', 0: 0} {
		assert.Equal(t, r, prefab.CP437Rune(code), "%d", code)
		back, ok := prefab.CP437Code(r)
		assert.True(t, ok, "%q", r)
		assert.Equal(t, code, back)
	}
	seen := map[rune]bool{}
	for i := range 256 {
		r := prefab.CP437Rune(byte(i))
		assert.False(t, seen[r], "code %d repeats %q", i, r)
		seen[r] = true
	}
	_, ok := prefab.CP437Code('☃')
	assert.False(t, ok)
}

// xpBytes packs a REXPaint file from its parts: head holds the int32 words
// of the header and layer sizes, then each cell is appended as given.
type xpBuilder struct{ b bytes.Buffer }

func (x *xpBuilder) ints(vs ...int32) *xpBuilder {
	for _, v := range vs {
		binary.Write(&x.b, binary.LittleEndian, v)
	}
	return x
}

func (x *xpBuilder) cells(n int, glyph uint32) *xpBuilder {
	for range n {
		binary.Write(&x.b, binary.LittleEndian, glyph)
		x.b.Write([]byte{1, 2, 3, 4, 5, 6})
	}
	return x
}

func (x *xpBuilder) gz() []byte {
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestSpeed)
	zw.Write(x.b.Bytes())
	zw.Close()
	return out.Bytes()
}

func TestReadXPErrors(t *testing.T) {
	good := (&xpBuilder{}).ints(-1, 1, 2, 2).cells(4, '#').gz()
	_, err := prefab.ReadXP(bytes.NewReader(good))
	require.NoError(t, err)
	badSum := bytes.Clone(good)
	badSum[len(badSum)-8] ^= 0xFF // the CRC-32 in the gzip trailer
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"not gzip":       {[]byte("####\n#@>#\n"), "not a REXPaint image (its gzip packing: not gzip data)"},
		"empty":          {nil, "not a REXPaint image (its gzip packing: the file ends early)"},
		"short header":   {(&xpBuilder{}).ints(-1).gz(), "the header is cut short (the file ends early)"},
		"version":        {(&xpBuilder{}).ints(3, 1).gz(), "version 3 is not a REXPaint version"},
		"no layers":      {(&xpBuilder{}).ints(-1, 0).gz(), "0 layers; a REXPaint image has 1 to 16"},
		"many layers":    {(&xpBuilder{}).ints(-1, 17).gz(), "17 layers; a REXPaint image has 1 to 16"},
		"width 0":        {(&xpBuilder{}).ints(-1, 1, 0, 5).gz(), "layer 0: width 0 is out of range [1, 4096]"},
		"huge height":    {(&xpBuilder{}).ints(-1, 1, 5, 1<<30).gz(), "layer 0: height 1073741824 is out of range [1, 4096]"},
		"negative":       {(&xpBuilder{}).ints(-1, 1, -5, 5).gz(), "layer 0: width -5 is out of range"},
		"size cut":       {(&xpBuilder{}).ints(-1, 2, 1, 1).cells(1, '#').ints(3).gz(), "layer 1: the size is cut short (the file ends early)"},
		"too many cells": {(&xpBuilder{}).ints(-1, 2, 4096, 4096).cells(0, 0).gz(), "layer 0 cell (0,0): the data is cut short"},
		"cells cut": {(&xpBuilder{}).ints(-1, 2, 1, 1).cells(1, '#').ints(3, 4).cells(3*4-2, '#').gz(),
			"layer 1 cell (2,2): the data is cut short (the file ends early)"},
		"glyph": {(&xpBuilder{}).ints(-1, 2, 1, 1).cells(1, '#').ints(5, 6).cells(3*6+4, '#').cells(1, 300).gz(),
			"layer 1 cell (3,4): glyph 300 is not a CP437 code (0-255)"},
		"trailing": {(&xpBuilder{}).ints(-1, 1, 1, 1).cells(1, '#').ints(0).gz(), "data follows the last layer (layer 0)"},
		"checksum": {badSum, "the gzip checksum does not match"},
	} {
		_, err := prefab.ReadXP(bytes.NewReader(tc.data))
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
	// The layers together may hold at most one map of the largest size: the
	// second layer is refused before anything of it is read.
	_, err = prefab.ReadXP(bytes.NewReader((&xpBuilder{}).ints(-1, 2, 4096, 4096).gz()))
	assert.ErrorContains(t, err, "layer 0 cell (0,0): the data is cut short")
	big := (&xpBuilder{}).ints(-1, 2, 4096, 4096)
	big.b.Write(make([]byte, 4096*4096*10))
	_, err = prefab.ReadXP(bytes.NewReader(big.ints(1, 1).gz()))
	assert.ErrorContains(t, err, "layer 1: the layers hold 16777217 cells so far; at most 16777216 in all")
}

// The visible glyph of a cell is the topmost layer's that is not transparent.
func TestRowsShowTheTopmostOpaqueLayer(t *testing.T) {
	f := readXP(t, "testdata/xp/mltest.xp")
	assert.Equal(t, []string{"AAAAAAAA", "AABBBBAA", "AABBBBAA", "AAAAAAAA"}, f.Rows())
	w, h := f.Size()
	assert.Equal(t, [2]int{8, 4}, [2]int{w, h})
	c, ok := f.Visible(3, 1)
	require.True(t, ok)
	assert.Equal(t, prefab.XPCell{Glyph: 'B', FG: prefab.RGB{G: 255}}, c)
	_, ok = f.Visible(8, 0)
	assert.False(t, ok)

	rows := readXP(t, "tutorial/wfc-populated.xp").Rows()
	require.Len(t, rows, 43)
	assert.Equal(t, strings.Repeat("#", 80), rows[0])
	assert.Equal(t, "#    @     ######    #########       ####     ###################        #######", rows[2])
	for _, r := range rows {
		assert.Equal(t, 80, utf8.RuneCountInString(r))
	}
	dungeon := readXP(t, "testdata/xp/SmallDungeon_80x50.xp").Rows()
	assert.Equal(t, strings.Repeat("█", 80), dungeon[0], "glyph 219 is the full block")
}

func TestXPTemplateThroughTheLegend(t *testing.T) {
	l := prefab.Tutorial().With('A', prefab.Cell{Tile: chain.Wall})
	tm, unknown := readXP(t, "testdata/xp/mltest.xp").Template(l)
	require.Equal(t, [2]int{8, 4}, [2]int{tm.W, tm.H})
	assert.Equal(t, []prefab.UnknownGlyph{{Code: 'B', Glyph: 'B', Cells: 8}}, unknown)
	assert.Equal(t, prefab.Cell{Tile: chain.Wall}, tm.At(2, 1), "an unknown glyph leaves what the layer below lays")
	assert.Equal(t, prefab.Cell{Tile: chain.Wall}, tm.At(0, 0), "a transparent cell shows the layer below")
	assert.Equal(t, "'B' (66) in 8 cells", prefab.DescribeUnknown(unknown))

	_, unknown = readXP(t, "testdata/xp/mltest.xp").Template(prefab.Tutorial())
	assert.Equal(t, "'A' (65) in 32 cells, 'B' (66) in 8 cells", prefab.DescribeUnknown(unknown))
	tm, _ = readXP(t, "testdata/xp/mltest.xp").Template(prefab.Tutorial())
	assert.Equal(t, prefab.Cell{Keep: true}, tm.At(0, 0), "nothing known: the map stays as it is")

	// Layers of different sizes: the template covers the largest; where only
	// a transparent cell reaches, the map is kept.
	f := &prefab.XPFile{Version: -1, Layers: []prefab.XPLayer{
		{W: 1, H: 1, Cells: []prefab.XPCell{{Glyph: '>'}}},
		{W: 2, H: 1, Cells: []prefab.XPCell{{Glyph: 247}, {Glyph: 'g', BG: prefab.Transparent}}},
	}}
	tm, unknown = f.Template(prefab.Tutorial())
	assert.Empty(t, unknown)
	assert.Equal(t, []prefab.Cell{{Tile: chain.DeepWater}, {Keep: true}}, tm.Cells, "247 is deep water")
	assert.Equal(t, []string{"≈\x00"}, f.Rows())
}

func TestXPFromRows(t *testing.T) {
	look := func(r rune) (prefab.RGB, prefab.RGB) { return prefab.RGB{R: byte(r & 0xFF)}, prefab.RGB{B: 9} }
	f, err := prefab.XPFromRows([]string{"#≈☼", "g\r"}, look)
	require.NoError(t, err)
	require.Len(t, f.Layers, 1)
	assert.Equal(t, int32(-1), f.Version)
	assert.Equal(t, []string{"#≈☼", "g##"}, f.Rows(), "short rows are padded with wall")
	c, _ := f.Visible(1, 0)
	assert.Equal(t, prefab.XPCell{Glyph: 247, FG: prefab.RGB{R: 0x48}, BG: prefab.RGB{B: 9}}, c) // byte('≈') is 0x48

	_, err = prefab.XPFromRows([]string{"##", "#☃"}, look)
	assert.EqualError(t, err, "row 2, column 2: '☃' has no CP437 code (REXPaint draws only those 256 characters)")
	_, err = prefab.XPFromRows([]string{""}, look)
	assert.EqualError(t, err, "the template is empty")
}

func FuzzReadXP(f *testing.F) {
	for path := range tutorialXP {
		data, err := os.ReadFile(filepath.FromSlash(path))
		require.NoError(f, err)
		f.Add(data)
	}
	f.Add([]byte{})
	f.Add([]byte("not gzip"))
	f.Add((&xpBuilder{}).ints(-1, 1, 4096, 4096).gz())
	f.Add((&xpBuilder{}).ints(-1, 16, 1, 1).cells(1, 255).gz())
	f.Add((&xpBuilder{}).ints(-1, 1, 2, 2).cells(3, 0).cells(1, 1<<31).gz())
	f.Add((&xpBuilder{}).ints(-2147483648, 2147483647, -1, -1).gz())
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := prefab.ReadXP(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		require.NoError(t, x.Write(&out))
		back, err := prefab.ReadXP(&out)
		require.NoError(t, err)
		require.Equal(t, x, back)
		tm, _ := x.Template(prefab.Tutorial())
		w, h := x.Size()
		require.Len(t, tm.Cells, w*h)
		require.Len(t, x.Rows(), h)
	})
}
