// Package chart is the editor's one chart room: a Chart describes a figure
// (a title, axes with their quantity and unit, bars, heatmaps with a colour
// scale, lines with a legend), Render draws it into an image of any pixel
// size with gonum.org/v1/plot, and the Frame a render returns maps a pixel
// back to the data under it (the bar, the cell, the point) and data back to
// pixels, through the plot's own transforms, for hover read-outs, clicks and
// markers. It never imports Fyne: the widget that shows a Chart lives in
// ui/internal/widgets.
//
// Render does no work before it is first called (the fonts load then), so
// linking the package costs a command-line start nothing but gonum/plot's own
// package initialisers.
package chart

import (
	"image/color"
	"math"
)

// Chart is one figure: a title, a legend of its named series, and one or
// more panels stacked top to bottom that share the horizontal axis X (each
// panel has its own vertical axis).
type Chart struct {
	// Title says what the figure shows.
	Title string
	// X is the horizontal axis of every panel (drawn under the last one).
	X Axis
	// Panels are drawn top to bottom, each its own share of the height.
	Panels []Panel
	// Readout, when set, words the hover read-out of a hit (else the hit
	// series' own Tip).
	Readout func(h Hit) string
	// Style is the colours to draw with (the zero Style: Light()).
	Style Style
}

// Panel is one plot area: a vertical axis and the series drawn on it, in
// order (later series on top).
type Panel struct {
	// Title, if set, names the panel in a corner of its data area (for
	// small multiples too short for a rotated axis label), in TitleColor
	// (nil: the foreground).
	Title      string
	TitleColor color.Color
	Y          Axis
	Series     []Series
}

// Axis is a horizontal or vertical axis.
type Axis struct {
	// Label names the quantity and its unit, e.g. "floor share (%)".
	Label string
	// Min and Max fix the axis range when Max > Min; otherwise it spans the
	// data (bars and cells from their edges, bar values from 0).
	Min, Max float64
	// Categories makes the axis categorical: value i is Categories[i], drawn
	// at a tick labelled with it (labels are thinned when they would
	// overlap). A vertical categorical axis lists them top to bottom.
	Categories []string
	// Integer keeps ticks on whole numbers.
	Integer bool
	// Format words a value for tick labels and read-outs (nil: a plain
	// number with the ticks' precision).
	Format func(v float64) string
	// Mirror also labels the X axis's ticks above the top panel (for charts
	// taller than the screen, read in a scroll).
	Mirror bool
}

// Series is one of *Bars, *Heat or *Line.
type Series interface{ name() string }

// Bars are rectangles along one axis: histogram bins, one bar per category,
// groups side by side, or stacks (a Base under each Value).
type Bars struct {
	// Name labels the series in the legend (empty: not in the legend).
	Name string
	// Color fills the bars (nil: the palette's colour for the series).
	Color color.Color
	// Horizontal bars grow along X from Base; their Lo..Hi span is on Y.
	Horizontal bool
	Bars       []Bar
}

// Bar is one rectangle: Lo..Hi across, Base..Base+Value along.
type Bar struct {
	Lo, Hi      float64
	Base, Value float64
	// Tip is the bar's hover read-out; Label, if set, is written at its end.
	Tip, Label string
}

// Heat is a grid of cells coloured by value on a colour scale drawn at the
// figure's right. Cells whose value is 0 or NaN are empty (not coloured).
type Heat struct {
	// Name labels the series in the legend (empty: not in the legend).
	Name string
	// XEdges and YEdges are the cell boundaries: column c spans
	// XEdges[c]..XEdges[c+1], row r spans YEdges[r]..YEdges[r+1].
	XEdges, YEdges []float64
	// Values[r][c] is cell (c, r)'s value.
	Values [][]float64
	// Scale is the colour scale's label, range and format.
	Scale Scale
	// Tip words cell (c, r)'s read-out (nil: the cell's ranges and value).
	Tip func(c, r int) string
}

// Scale is a heatmap's colour scale.
type Scale struct {
	// Label names what the colours count, with its unit: "maps".
	Label string
	// Min and Max are the range when Max > Min (else 0 to the largest value,
	// or, Diverging, -m to m for the largest magnitude m).
	Min, Max float64
	// Diverging colours a signed value (a difference): blue below 0, red
	// above, paler towards 0, on a range symmetric about 0 (a cell of 0 is
	// empty, as on any heatmap).
	Diverging bool
	// Format words a value (nil: a plain number).
	Format func(v float64) string
}

// Line is a polyline through points in order.
type Line struct {
	// Name labels the series in the legend (empty: not in the legend).
	Name string
	// Color strokes the line (nil: the palette's colour for the series).
	Color  color.Color
	Points []Point
	// Tips are the points' hover read-outs (nil: "x: y").
	Tips []string
}

// Point is a data point.
type Point struct{ X, Y float64 }

func (b *Bars) name() string { return b.Name }
func (h *Heat) name() string { return h.Name }
func (l *Line) name() string { return l.Name }

// Hit is what lies under a pixel of a rendered chart.
type Hit struct {
	// Panel is the panel under (or nearest) the pixel.
	Panel int
	// X and Y are the data coordinates there, clamped to the axes' ranges.
	X, Y float64
	// Inside says the pixel is within the panel's data area.
	Inside bool
	// Series is the index of the hit series in the panel (-1: none) and
	// Index the bar or point in it; for a heatmap Col and Row are the cell.
	Series, Index int
	Col, Row      int
	// Text is the read-out (empty when nothing is hit).
	Text string
}

// Style is the colours a chart is drawn with.
type Style struct {
	// Background fills the image; Foreground draws text and axes; Grid the
	// guide lines; Empty a heatmap's empty cells.
	Background, Foreground, Grid, Empty color.Color
	// Palette colours series without a Color, in turn.
	Palette []color.Color
	// TextSize is the tick label size in device-independent pixels
	// (titles and labels are a little larger; 0: 11).
	TextSize float64
}

// Okabe–Ito colours: told apart by colour-blind readers and legible on
// light and dark backgrounds.
var (
	okabeIto = []color.Color{
		color.NRGBA{0x00, 0x72, 0xB2, 0xFF}, // blue
		color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}, // orange
		color.NRGBA{0x00, 0x9E, 0x73, 0xFF}, // bluish green
		color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
		color.NRGBA{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
		color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
		color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}, // yellow
		color.NRGBA{0x99, 0x99, 0x99, 0xFF}, // grey
	}
	// okabeItoDark leads with sky blue, lighter than blue on a dark ground.
	okabeItoDark = []color.Color{okabeIto[5], okabeIto[1], okabeIto[2], okabeIto[3], okabeIto[4], okabeIto[0], okabeIto[6], okabeIto[7]}
)

// Light is black on white.
func Light() Style {
	return Style{
		Background: color.White, Foreground: color.NRGBA{0x20, 0x20, 0x20, 0xFF},
		Grid: color.NRGBA{0xE0, 0xE0, 0xE0, 0xFF}, Empty: color.NRGBA{0xF2, 0xF2, 0xF2, 0xFF},
		Palette: okabeIto, TextSize: 11,
	}
}

// Dark is light grey on near black.
func Dark() Style {
	return Style{
		Background: color.NRGBA{0x18, 0x18, 0x1C, 0xFF}, Foreground: color.NRGBA{0xE0, 0xE0, 0xE0, 0xFF},
		Grid: color.NRGBA{0x38, 0x38, 0x40, 0xFF}, Empty: color.NRGBA{0x24, 0x24, 0x2A, 0xFF},
		Palette: okabeItoDark, TextSize: 11,
	}
}

// Themed is the style for a theme whose background is bg and whose text is
// fg: Dark's or Light's palette by bg's lightness, with bg and fg kept.
func Themed(bg, fg color.Color) Style {
	s := Light()
	if luminance(bg) < 0.5 {
		s = Dark()
	}
	s.Background, s.Foreground = bg, fg
	s.Grid = mix(bg, fg, 0.15)
	s.Empty = mix(bg, fg, 0.06)
	return s
}

// Color is the colour of series i under s (its palette in turn).
func (s Style) Color(i int) color.Color {
	p := s.Palette
	if len(p) == 0 {
		p = okabeIto
	}
	return p[((i%len(p))+len(p))%len(p)]
}

func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	return (0.2126*float64(r) + 0.7152*float64(g) + 0.0722*float64(b)) / 0xFFFF
}

// mix is a + t·(b − a), opaque.
func mix(a, b color.Color, t float64) color.Color {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	f := func(x, y uint32) uint8 { return uint8(math.Round((float64(x) + t*(float64(y)-float64(x))) / 0x101)) }
	return color.NRGBA{f(ar, br), f(ag, bg), f(ab, bb), 0xFF}
}

// Slot is the span across of the k-th of n bars side by side at category i
// (the group is 0.8 wide, centred on i).
func Slot(i, k, n int) (lo, hi float64) {
	n = max(n, 1)
	w := 0.8 / float64(n)
	lo = float64(i) - 0.4 + float64(k)*w
	return lo, lo + w
}
