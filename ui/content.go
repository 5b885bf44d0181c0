package ui

import (
	"image/color"
	"unicode/utf8"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

func init() {
	if ContentHook == nil {
		ContentHook = loadContent
	}
}

// loadContent loads the project's content pack (the embedded default one when
// the project names none) and returns its roller, which chains roll spawns
// from, and the looks of its entities for the map view.
func loadContent(p *projects.Project) (chain.Spawner, func(string) (rune, color.RGBA, bool), error) {
	var pack *content.Pack
	if path := p.ContentPath(); path != "" {
		var err error
		if pack, err = content.LoadFile(path); err != nil {
			return nil, nil, err
		}
	} else {
		pack = content.Default()
	}
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
	return pack.Roller(), entity, nil
}
