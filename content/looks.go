package content

import (
	"image/color"
	"unicode/utf8"

	"hewn/chain"
)

type entityLook struct {
	glyph rune
	fg    color.RGBA
}

// EntityLooks returns how spawned entities are drawn, as the pack's
// renderables say (the glyph's first character in its fg colour), the
// template_magic variants of an item ("Longsword +1") as the item itself. The
// looks are copied, so the function is safe for concurrent use and later
// edits of p do not affect it. Names without a usable renderable (none, an
// empty glyph or a bad colour) report ok == false; a nil pack knows no name.
func EntityLooks(p *Pack) func(name string) (glyph rune, fg color.RGBA, ok bool) {
	looks := map[string]entityLook{}
	add := func(name string, r *Renderable) {
		if r == nil {
			return
		}
		g, _ := utf8.DecodeRuneInString(r.Glyph)
		fg, err := chain.ParseHex(r.FG)
		if g == utf8.RuneError || err != nil {
			return
		}
		if _, dup := looks[name]; !dup {
			looks[name] = entityLook{g, fg}
		}
	}
	if p != nil {
		for i := range p.Items {
			it := &p.Items[i]
			add(it.Name, it.Renderable)
			for _, n := range MagicNames(it) {
				add(n, it.Renderable)
			}
		}
		for i := range p.Mobs {
			add(p.Mobs[i].Name, p.Mobs[i].Renderable)
		}
		for i := range p.Props {
			add(p.Props[i].Name, p.Props[i].Renderable)
		}
	}
	return func(name string) (rune, color.RGBA, bool) {
		l, ok := looks[name]
		return l.glyph, l.fg, ok
	}
}
