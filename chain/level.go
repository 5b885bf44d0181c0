package chain

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// PaletteEntry describes one tile type used by a level, as written in Level JSON.
type PaletteEntry struct {
	Name     string  `json:"name"`
	Glyph    string  `json:"glyph"`
	Walkable bool    `json:"walkable"`
	Opaque   bool    `json:"opaque"`
	Cost     float64 `json:"cost"`
}

// LevelExit is an exit as written in Level JSON.
type LevelExit struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Tile string `json:"tile"`
}

// Level is a chain's result in the Level JSON format of DESIGN.md.
type Level struct {
	// Format is LevelFormat.
	Format  string         `json:"format"`
	Name    string         `json:"name"`
	Depth   int            `json:"depth"`
	Seed    uint64         `json:"seed"`
	Try     int            `json:"try"`
	Width   int            `json:"width"`
	Height  int            `json:"height"`
	Palette []PaletteEntry `json:"palette"`
	Tiles   []string       `json:"tiles"`
	Start   *Point         `json:"start"`
	Exits   []LevelExit    `json:"exits"`
	Rooms   []Rect         `json:"rooms"`
	Spawns  []Spawn        `json:"spawns"`
}

// Level converts the result's final state to Level JSON form. Seed is the master
// seed the run was given, so the level can be reproduced from it; Try is the
// result's try (at least 1).
func (r *Result) Level() Level {
	s := r.State
	used := make([]bool, numTiles)
	for _, t := range s.Map.Tiles {
		if t < numTiles {
			used[t] = true
		}
	}
	lv := Level{Format: LevelFormat, Name: r.Chain.Name, Depth: r.Chain.Depth, Seed: r.Master, Try: max(r.Try, 1), Width: s.Map.W, Height: s.Map.H,
		Start: s.Start, Exits: []LevelExit{}, Rooms: []Rect{}, Spawns: []Spawn{}}
	for t, u := range used {
		if u {
			p := Tile(t).Props()
			lv.Palette = append(lv.Palette, PaletteEntry{p.Name, string(p.Glyph), p.Walkable, p.Opaque, p.Cost})
		}
	}
	lv.Tiles = Rows(s.Map)
	for _, e := range s.Exits {
		lv.Exits = append(lv.Exits, LevelExit{e.X, e.Y, e.Tile.String()})
	}
	lv.Rooms = append(lv.Rooms, s.Rooms...)
	lv.Spawns = append(lv.Spawns, s.Spawns...)
	return lv
}

// Rows renders g as one string per row, one tile glyph per tile.
func Rows(g *Grid) []string {
	rows := make([]string, g.H)
	var b strings.Builder
	for y := 0; y < g.H; y++ {
		b.Reset()
		for _, t := range g.Tiles[y*g.W : (y+1)*g.W] {
			b.WriteRune(t.Props().Glyph)
		}
		rows[y] = b.String()
	}
	return rows
}

// WriteJSON writes the level as pretty-printed JSON.
func (lv Level) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(lv, "", "  ")
	if err != nil {
		return fmt.Errorf("chain: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ASCII renders a map as text: tile glyphs, with '@' on the start (when not nil).
// Spawns are not drawn (use Level JSON for them).
func ASCII(g *Grid, start *Point) string {
	rows := Rows(g)
	if start != nil && g.In(*start) {
		r := []rune(rows[start.Y])
		r[start.X] = '@'
		rows[start.Y] = string(r)
	}
	return strings.Join(rows, "\n") + "\n"
}
