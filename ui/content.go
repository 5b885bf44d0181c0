package ui

import (
	"image/color"
	"unicode/utf8"

	"hewn/chain"
	"hewn/content"
)

// packLooks returns the looks (glyph and colour) of the pack's entities for
// the map view, by name.
func packLooks(pack *content.Pack) func(string) (rune, color.RGBA, bool) {
	looks := map[string]chain.Look{}
	add := func(name string, r *content.Renderable) {
		if r == nil {
			return
		}
		g, _ := utf8.DecodeRuneInString(r.Glyph)
		fg, err := chain.ParseHex(r.FG)
		if err != nil || g == utf8.RuneError {
			return
		}
		looks[name] = chain.Look{Glyph: g, FG: fg}
	}
	for i := range pack.Items {
		add(pack.Items[i].Name, pack.Items[i].Renderable)
	}
	for i := range pack.Mobs {
		add(pack.Mobs[i].Name, pack.Mobs[i].Renderable)
	}
	for i := range pack.Props {
		add(pack.Props[i].Name, pack.Props[i].Renderable)
	}
	entity := func(name string) (rune, color.RGBA, bool) {
		l, ok := looks[name]
		return l.Glyph, l.FG, ok
	}
	return entity
}

// contentChanged regenerates the level after a content pack edit, so the map
// shows spawns rolled from the new pack.
func (e *Editor) contentChanged(c Change) {
	if c&ChangeContent != 0 {
		e.regenerate()
	}
}
