package render

import "fmt"

// MaxPixels is the largest image Hewn renders: 64 megapixels (a 4096×4096
// map fits at 1 px a tile; an 80×50 map at any cell size).
const MaxPixels = 64_000_000

// CheckSize reports whether a w×h map drawn cell pixels a tile stays within
// MaxPixels; the error says which cell size fits.
func CheckSize(w, h, cell int) error {
	px := int64(w) * int64(h) * int64(cell) * int64(cell)
	if px <= MaxPixels {
		return nil
	}
	fit := FitCell(w, h)
	if fit < 1 {
		return fmt.Errorf("render: a %d×%d map is too large to draw (over %d megapixels even at 1 px a tile)", w, h, MaxPixels/1_000_000)
	}
	return fmt.Errorf("render: a %d×%d map at %d px a tile is %.0f megapixels, over the %d-megapixel limit; a cell of %d px or less fits",
		w, h, cell, float64(px)/1e6, MaxPixels/1_000_000, fit)
}

// FitCell is the largest cell size (at most 64) at which a w×h map stays
// within MaxPixels, or 0 when none does.
func FitCell(w, h int) int {
	for c := 64; c >= 1; c-- {
		if int64(w)*int64(h)*int64(c)*int64(c) <= MaxPixels {
			return c
		}
	}
	return 0
}
