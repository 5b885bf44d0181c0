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

// MaxGIFPixels is the largest frame of an animated GIF: 16 megapixels (a
// 1000×1000 map at the smallest cell, MinCell). Every frame is drawn twice
// and all of them are held until the file is written: a 2000×2000 map at
// 4 px took 253 s and 3 GB (issue 26).
const MaxGIFPixels = 16_000_000

// GIFPixelBudget is the most pixels an animated GIF's frames hold in all:
// a larger animation keeps fewer snapshots, evenly spaced, with the first and
// the last (8 frames of a 1000×1000 map at 4 px; 222 of an 80×50 one at
// 12 px). Drawing costs about 23 ns a pixel, so an animation takes about 3 s
// at most (12 frames of a 1000×1000 map took 4.6 s).
const GIFPixelBudget = 128_000_000

// CheckGIFSize reports whether a w×h map drawn cell pixels a tile stays within
// MaxGIFPixels a frame; the error says which cell size fits, if any does.
func CheckGIFSize(w, h, cell int) error {
	px := int64(w) * int64(h) * int64(cell) * int64(cell)
	if px <= MaxGIFPixels {
		return nil
	}
	if fit := FitGIFCell(w, h); fit >= MinCell {
		return fmt.Errorf("render: an animated GIF of a %d×%d map at %d px a tile is %.0f megapixels a frame, over the %d-megapixel limit for GIFs; a cell of %d px or less fits",
			w, h, cell, float64(px)/1e6, MaxGIFPixels/1_000_000, fit)
	}
	return fmt.Errorf("render: an animated GIF of a %d×%d map is %.0f megapixels a frame even at %d px a tile, over the %d-megapixel limit for GIFs (maps of at most %d tiles animate; export the final map as a PNG)",
		w, h, float64(int64(w)*int64(h)*MinCell*MinCell)/1e6, MinCell, MaxGIFPixels/1_000_000, MaxGIFPixels/(MinCell*MinCell))
}

// FitGIFCell is the largest cell size (at most MaxCell) at which a w×h map's
// GIF frames stay within MaxGIFPixels, or 0 when none does.
func FitGIFCell(w, h int) int {
	for c := MaxCell; c >= 1; c-- {
		if int64(w)*int64(h)*int64(c)*int64(c) <= MaxGIFPixels {
			return c
		}
	}
	return 0
}

// GIFFramesFor is GIFFrames for a w×h map: MaxFrames lowered so the frames
// hold at most GIFPixelBudget pixels in all (never below 2).
func GIFFramesFor(n, w, h int, o GIFOptions) []int {
	o = o.withDefaults()
	if px := int64(w) * int64(h) * int64(o.Cell) * int64(o.Cell); px > 0 {
		o.MaxFrames = min(o.MaxFrames, int(max(2, GIFPixelBudget/px)))
	}
	return GIFFrames(n, o)
}
