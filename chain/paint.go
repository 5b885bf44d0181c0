package chain

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Bounds of a PaintCells value (see PaintCell).
const (
	// MaxPaintCells is the most cells one paint step holds.
	MaxPaintCells = 65_536
	// MaxPaintOffset bounds a cell's x and y (relative to its anchor, so
	// negative values are fine): ±MaxPaintOffset.
	MaxPaintOffset = MaxSize
	// MaxPaintArea bounds the tiles all of a step's rectangles cover together
	// (one whole map of the largest size).
	MaxPaintArea = MaxSize * MaxSize
	// MaxPaintSpawns bounds the spawns a step's cells place together.
	MaxPaintSpawns = 65_536
)

// PaintCell is one entry of a paint step's cells (a PaintCells parameter): the
// rectangle of W×H tiles whose top-left corner is (X, Y), counted from the
// step's anchor, and what is painted on it, in this order: Clear removes the
// spawns standing there, Tile lays that tile (a tile name, see ParseTile),
// Spawn places that entity (a content pack name) on each of its tiles, Start
// puts the start on it and Exit adds an exit there (Start and Exit mark one
// tile: W and H are 1).
//
// In JSON a cell is an object with x and y (required), w and h (omitted when 1)
// and tile, spawn, clear, start and exit (omitted when empty or false), e.g.
// { "x": 10, "y": 4, "w": 4, "tile": "wall" }.
type PaintCell struct {
	X, Y int
	// W and H are the rectangle's size (1 when JSON omits them).
	W, H               int
	Tile               string
	Spawn              string
	Clear, Start, Exit bool
}

// paintKeys are the keys of a cell's JSON object, in the order it is written.
var paintKeys = []string{"x", "y", "w", "h", "tile", "spawn", "clear", "start", "exit"}

// MarshalJSON writes the cell's object with its keys in a fixed order,
// leaving out w and h when 1 and the others when empty or false.
func (c PaintCell) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteString(`{"x":` + strconv.Itoa(c.X) + `,"y":` + strconv.Itoa(c.Y))
	if c.W != 1 {
		b.WriteString(`,"w":` + strconv.Itoa(c.W))
	}
	if c.H != 1 {
		b.WriteString(`,"h":` + strconv.Itoa(c.H))
	}
	for _, s := range []struct{ k, v string }{{"tile", c.Tile}, {"spawn", c.Spawn}} {
		if s.v != "" {
			q, err := json.Marshal(s.v)
			if err != nil {
				return nil, err
			}
			b.WriteString(`,"` + s.k + `":` + string(q))
		}
	}
	for _, f := range []struct {
		k string
		v bool
	}{{"clear", c.Clear}, {"start", c.Start}, {"exit", c.Exit}} {
		if f.v {
			b.WriteString(`,"` + f.k + `":true`)
		}
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// Rect returns the cell's rectangle counted from the anchor at (0, 0).
func (c PaintCell) Rect() Rect { return R(c.X, c.Y, c.W, c.H) }

// PaintCells returns the PaintCells parameter name.
func (v Values) PaintCells(name string) []PaintCell { c, _ := v[name].([]PaintCell); return c }

// checkPaintCells validates a PaintCells value: a []PaintCell, or a list of
// JSON objects as Decode or a form gives it. It returns a fresh []PaintCell.
func checkPaintCells(val any) (any, error) {
	var cells []PaintCell
	switch x := val.(type) {
	case []PaintCell:
		if len(x) > MaxPaintCells {
			return nil, fmt.Errorf("%d cells; a paint step holds at most %d", len(x), MaxPaintCells)
		}
		cells = slices.Clone(x)
	case []any:
		if len(x) > MaxPaintCells {
			return nil, fmt.Errorf("%d cells; a paint step holds at most %d", len(x), MaxPaintCells)
		}
		cells = make([]PaintCell, len(x))
		for i, e := range x {
			c, err := paintCellOf(e)
			if err != nil {
				return nil, fmt.Errorf("[%d]%s", i, err)
			}
			cells[i] = c
		}
	default:
		return nil, fmt.Errorf("%s is not a list of cells (objects with x, y and tile, spawn, clear, start or exit)", quote(val))
	}
	area, spawns := 0, 0
	for i, c := range cells {
		if err := c.check(); err != nil {
			return nil, fmt.Errorf("[%d]%s", i, err)
		}
		area += c.W * c.H
		if c.Spawn != "" {
			spawns += c.W * c.H
		}
		if area > MaxPaintArea {
			return nil, fmt.Errorf("[%d]: the cells cover more than %d tiles in all", i, MaxPaintArea)
		}
		if spawns > MaxPaintSpawns {
			return nil, fmt.Errorf("[%d]: the cells place more than %d spawns in all", i, MaxPaintSpawns)
		}
	}
	return cells, nil
}

// paintCellOf reads one cell from a JSON object (map[string]any). Errors start
// with ".key: " or ": " so the caller can put the cell's index before them.
func paintCellOf(e any) (PaintCell, error) {
	if c, ok := e.(PaintCell); ok {
		return c, nil
	}
	m, ok := e.(map[string]any)
	if !ok {
		return PaintCell{}, fmt.Errorf(": %s is not a cell object (x, y and tile, spawn, clear, start or exit)", quote(e))
	}
	c := PaintCell{W: 1, H: 1}
	ints := map[string]*int{"x": &c.X, "y": &c.Y, "w": &c.W, "h": &c.H}
	strs := map[string]*string{"tile": &c.Tile, "spawn": &c.Spawn}
	bools := map[string]*bool{"clear": &c.Clear, "start": &c.Start, "exit": &c.Exit}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		var err error
		switch {
		case ints[k] != nil:
			*ints[k], err = toInt(v)
		case strs[k] != nil:
			s, isStr := v.(string)
			switch {
			case !isStr:
				err = fmt.Errorf("%s is not a string", quote(v))
			case s == "":
				err = fmt.Errorf(`"" is empty (leave the key out)`)
			}
			*strs[k] = s
		case bools[k] != nil:
			b, isBool := v.(bool)
			if !isBool {
				err = fmt.Errorf("%s is not true or false", quote(v))
			}
			*bools[k] = b
		default:
			return c, fmt.Errorf(": unknown key %q (want %s)", k, strings.Join(paintKeys, ", "))
		}
		if err != nil {
			return c, fmt.Errorf(".%s: %w", k, err)
		}
	}
	for _, k := range []string{"x", "y"} {
		if _, ok := m[k]; !ok {
			return c, fmt.Errorf(".%s: missing", k)
		}
	}
	return c, nil
}

// check validates a cell's ranges and what it paints. Errors start as
// paintCellOf's do.
func (c PaintCell) check() error {
	for _, f := range []struct {
		k      string
		v      int
		lo, hi int
	}{{"x", c.X, -MaxPaintOffset, MaxPaintOffset}, {"y", c.Y, -MaxPaintOffset, MaxPaintOffset},
		{"w", c.W, 1, MaxSize}, {"h", c.H, 1, MaxSize}} {
		if f.v < f.lo || f.v > f.hi {
			return fmt.Errorf(".%s: %d is out of range [%d, %d]", f.k, f.v, f.lo, f.hi)
		}
	}
	if c.Tile != "" {
		if _, err := ParseTile(c.Tile); err != nil {
			names := make([]string, numTiles)
			for i := range names {
				names[i] = Tile(i).String()
			}
			return fmt.Errorf(".tile: %q is not a tile (want %s)", c.Tile, strings.Join(names, ", "))
		}
	}
	switch {
	case c.Tile == "" && c.Spawn == "" && !c.Clear && !c.Start && !c.Exit:
		return fmt.Errorf(": paints nothing (give tile, spawn, clear, start or exit)")
	case c.Start && c.Exit:
		return fmt.Errorf(": the start and an exit cannot share a tile")
	case (c.Start || c.Exit) && (c.W != 1 || c.H != 1):
		return fmt.Errorf(": a start or an exit marks one tile (w and h 1, not %d×%d)", c.W, c.H)
	}
	return nil
}
