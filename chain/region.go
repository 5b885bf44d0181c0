package chain

import "slices"

// regionNames are the named parts of a map, in the order forms list them.
var regionNames = []string{"all", "left_half", "right_half", "top_half", "bottom_half", "center"}

// RegionNames lists the named regions of a map (a sub_chain's merge region, a
// level's theme split): all, left_half, right_half, top_half, bottom_half and
// center (the middle half). RegionRect gives each one's tiles.
func RegionNames() []string { return slices.Clone(regionNames) }

// RegionRect returns the tiles of a w×h map that the named region covers, and
// whether the name is one of RegionNames: the left or right half is the left
// w/2 columns or the rest (so an odd width gives the right half the extra
// column), the top or bottom half likewise by rows, and center is the middle
// half, x in [w/4, 3w/4) and y in [h/4, 3h/4). An unknown name gives the zero
// Rect and false.
func RegionRect(name string, w, h int) (Rect, bool) {
	switch name {
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
