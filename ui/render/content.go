package render

import (
	"image/color"

	"hewn/content"
)

// EntityLooks returns a Scene.Entity function drawing spawns as the content
// pack's renderables say (content.EntityLooks).
func EntityLooks(p *content.Pack) func(name string) (glyph rune, fg color.RGBA, ok bool) {
	return content.EntityLooks(p)
}

// TiledObjects returns a TiledOptions.Object function describing spawns from
// the content pack: the type is the entity's section (mob, item or prop), the
// properties its look (glyph, fg, bg) and, for mobs, faction, level, hp,
// movement and vision range. Unknown names are of type "spawn". A nil pack
// knows no name.
func TiledObjects(p *content.Pack) func(name string) (string, []TiledProperty) {
	type entry struct {
		typ   string
		props []TiledProperty
	}
	byName := map[string]entry{}
	look := func(r *content.Renderable) []TiledProperty {
		if r == nil {
			return nil
		}
		return []TiledProperty{{"bg", "color", r.BG}, {"fg", "color", r.FG}, {"glyph", "string", r.Glyph}}
	}
	if p != nil {
		for i := range p.Items {
			it := &p.Items[i]
			byName[it.Name] = entry{"item", look(it.Renderable)}
			for _, v := range content.MagicNames(it) {
				if _, dup := byName[v]; !dup {
					byName[v] = entry{"item", look(it.Renderable)}
				}
			}
		}
		for i := range p.Mobs {
			m := &p.Mobs[i]
			props := append(look(m.Renderable),
				TiledProperty{"faction", "string", m.Faction}, TiledProperty{"hp", "int", m.HP},
				TiledProperty{"level", "int", m.Level}, TiledProperty{"movement", "string", m.Movement},
				TiledProperty{"vision_range", "int", m.VisionRange})
			byName[m.Name] = entry{"mob", props}
		}
		for i := range p.Props {
			pr := &p.Props[i]
			byName[pr.Name] = entry{"prop", append(look(pr.Renderable), TiledProperty{"hidden", "bool", pr.Hidden})}
		}
	}
	return func(name string) (string, []TiledProperty) {
		if e, ok := byName[name]; ok {
			return e.typ, e.props
		}
		return "spawn", nil
	}
}
