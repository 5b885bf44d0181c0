package projects

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"hewn/chain"
	"hewn/chain/prefab"
)

// LegendEntry is one entry of a project's "legend": a character and what it
// lays down in every template, prefab file and paint step of the project,
// beyond the tutorial's legend (which it may not change). In JSON:
//
//	{ "glyph": "T", "tile": "grass" }                 a tile
//	{ "glyph": "D", "entity": "Black Dragon" }        an entity on floor (or on "tile")
//	{ "glyph": "S", "tile": "grass", "start": true }  the start (on floor unless "tile" says)
//	{ "glyph": "<", "exit": true }                    an exit (down stairs)
//	{ "glyph": "?", "keep": true }                    keeps the map as it is under it
type LegendEntry struct {
	Glyph  string `json:"glyph"`
	Tile   string `json:"tile,omitempty"`
	Entity string `json:"entity,omitempty"`
	Start  bool   `json:"start,omitempty"`
	Exit   bool   `json:"exit,omitempty"`
	Keep   bool   `json:"keep,omitempty"`
}

var legendKeys = "glyph, tile, entity, start, exit, keep"

// fieldError is a legend entry's problem with the field at fault ("" for
// the entry as a whole).
type fieldError struct{ field, msg string }

func (e *fieldError) Error() string {
	if e.field == "" {
		return e.msg
	}
	return e.field + ": " + e.msg
}

// Entry returns e as the run carries it, or an error naming the field at
// fault ("glyph: ...", "tile: ...").
func (e LegendEntry) Entry() (chain.LegendEntry, error) {
	if utf8.RuneCountInString(e.Glyph) != 1 {
		return chain.LegendEntry{}, &fieldError{"glyph", fmt.Sprintf("%q must be exactly one character", e.Glyph)}
	}
	r, _ := utf8.DecodeRuneInString(e.Glyph)
	out := chain.LegendEntry{Glyph: r, Spawn: e.Entity, Start: e.Start, Exit: e.Exit, Keep: e.Keep}
	switch {
	case e.Keep && (e.Tile != "" || e.Entity != "" || e.Start || e.Exit):
		return out, &fieldError{"", "keep leaves the map as it is: give it no tile, entity, start or exit"}
	case e.Keep:
		return out, nil
	case e.Start && e.Exit:
		return out, &fieldError{"", "a character marks the start or an exit, not both"}
	}
	out.Tile = chain.Floor
	if e.Exit {
		out.Tile = chain.DownStairs
		if e.Tile != "" && e.Tile != chain.DownStairs.String() {
			return out, &fieldError{"tile", "an exit is down stairs (leave the tile out)"}
		}
	}
	if e.Tile != "" {
		t, err := chain.ParseTile(e.Tile)
		if err != nil {
			names := make([]string, 0, len(chain.Tiles()))
			for _, t := range chain.Tiles() {
				names = append(names, t.String())
			}
			return out, &fieldError{"tile", fmt.Sprintf("%q is not a tile (want %s)", e.Tile, strings.Join(names, ", "))}
		}
		out.Tile = t
	}
	return out, nil
}

// LegendEntryOf returns the project legend entry for a run's entry (as
// prefab.Capture adds them), leaving out the tile when it is the default.
func LegendEntryOf(e chain.LegendEntry) LegendEntry {
	out := LegendEntry{Glyph: string(e.Glyph), Entity: e.Spawn, Start: e.Start, Exit: e.Exit, Keep: e.Keep}
	if e.Keep {
		return out
	}
	def := chain.Floor
	if e.Exit {
		def = chain.DownStairs
	}
	if e.Tile != def {
		out.Tile = e.Tile.String()
	}
	return out
}

// checkLegend reports what is wrong with legend, each problem with its path
// ("legend[2].glyph: ..."), and returns the prefab legend it makes (the
// tutorial's extended by every good entry) and the good entries.
func checkLegend(legend []LegendEntry) (*prefab.Legend, []chain.LegendEntry, []chain.Problem) {
	l := prefab.Tutorial()
	var good []chain.LegendEntry
	var probs []chain.Problem
	for i, e := range legend {
		ce, err := e.Entry()
		if err == nil {
			if err = l.CheckEntry(ce); err != nil {
				err = &fieldError{"glyph", err.Error()}
			}
		}
		var fe *fieldError
		if errors.As(err, &fe) {
			path := fmt.Sprintf("legend[%d]", i)
			if fe.field != "" {
				path += "." + fe.field
			}
			probs = append(probs, chain.Problem{Path: path, Msg: fe.msg, Step: -1})
			continue
		}
		good = append(good, ce)
		if _, has := l.Cell(ce.Glyph); !has {
			l = l.With(ce.Glyph, prefab.CellOf(ce))
		}
	}
	return l, good, probs
}

// decodeLegend reads the project's "legend" list; problems go to add.
func decodeLegend(items []json.RawMessage, add addFunc) []LegendEntry {
	out := make([]LegendEntry, 0, len(items))
	for i, v := range items {
		path := fmt.Sprintf("legend[%d]", i)
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(v, &raw); err != nil || raw == nil {
			add(path, "%s is not a legend entry (want %s)", abbrev(v), legendKeys)
			continue
		}
		var e LegendEntry
		ok := true
		for _, k := range sortedKeys(raw) {
			var dst any
			what := "a string"
			switch k {
			case "glyph":
				dst = &e.Glyph
			case "tile":
				dst, what = &e.Tile, "a string (a tile name)"
			case "entity":
				dst, what = &e.Entity, "a string (an entity of the content pack)"
			case "start":
				dst, what = &e.Start, "true or false"
			case "exit":
				dst, what = &e.Exit, "true or false"
			case "keep":
				dst, what = &e.Keep, "true or false"
			default:
				add(path+"."+k, "unknown key %q (want %s)", k, legendKeys)
				ok = false
				continue
			}
			if err := strictUnmarshal(raw[k], dst); err != nil {
				add(path+"."+k, "%s is not %s", abbrev(raw[k]), what)
				ok = false
			}
		}
		if _, has := raw["glyph"]; !has {
			add(path+".glyph", "missing")
			ok = false
		}
		if (e.Tile == "" && raw["tile"] != nil) || (e.Entity == "" && raw["entity"] != nil) {
			add(path, "an empty tile or entity (leave the key out)")
			ok = false
		}
		if ok {
			out = append(out, e)
		}
	}
	return out
}

// PrefabLegend returns the legend the project's templates and prefab files
// are written in: the tutorial's, extended by the project's "legend" (its
// entries in error left out; CheckLevels reports them).
func (p *Project) PrefabLegend() *prefab.Legend {
	l, _, _ := checkLegend(p.Legend)
	return l
}
