package chain

import "image/color"

// The colours of what is drawn over the tiles of a final map.
var (
	// StartColor draws the start '@'.
	StartColor = color.RGBA{0xFF, 0xFF, 0x40, 0xFF}
	// EntityFallback draws a spawn whose entity has no look (its name's
	// first letter).
	EntityFallback = color.RGBA{0xFF, 0x70, 0x30, 0xFF}
)

// DrawnGlyph is the glyph a tile of type t whose theme glyph is glyph shows
// at p of g: a wall buried in rock (Buried) is blank, so solid rock reads as
// empty space, as in the tutorial's games; in a box-walled theme (box) any
// other wall takes its box-drawing glyph (WallGlyph); every other tile keeps
// glyph. The editor's map view, the image exports and the runtime's view
// all draw walls with it.
func DrawnGlyph(g *Grid, p Point, t Tile, glyph rune, box bool) rune {
	if t != Wall {
		return glyph
	}
	if Buried(g, p) {
		return ' '
	}
	if box {
		return WallGlyph(g, p)
	}
	return glyph
}

// RegionRect returns the tiles of a w×h map that a named region covers (a
// theme split's, or a sub-chain's): all, left_half, right_half, top_half,
// bottom_half or center (the middle half); ok is false for any other name.
func RegionRect(region string, w, h int) (r Rect, ok bool) {
	switch region {
	case "all":
		return R(0, 0, w, h), true
	case "left_half":
		return R(0, 0, w/2, h), true
	case "right_half":
		return R(w/2, 0, w-w/2, h), true
	case "top_half":
		return R(0, 0, w, h/2), true
	case "bottom_half":
		return R(0, h/2, w, h-h/2), true
	case "center":
		return R(w/4, h/4, 3*w/4-w/4, 3*h/4-h/4), true
	}
	return Rect{}, false
}
