package render

import (
	"image"
	"image/color"
	"image/draw"

	"hewn/chain"
	"hewn/projects"
	"hewn/projects/play"
)

// GameScene is a game in progress as the play view shows it: the level from
// the player's eyes, in the level's theme (the project's level at the game's
// depth; the default theme without one).
type GameScene struct {
	Game    *play.Game
	Project *projects.Project
	// Reveal shows the whole level: every tile, creature, item and hidden
	// trap, dimmed where the player does not see.
	Reveal bool
}

// Tiles is the size of the game's map in tiles.
func (gs *GameScene) Tiles() (w, h int) { return gs.Game.Map.W, gs.Game.Map.H }

// Focus is the player's tile: the play view's camera follows it.
func (gs *GameScene) Focus() chain.Point { return gs.Game.Player.Pos }

// DrawAt draws the game into dst with tile (0,0)'s top-left corner at pixel
// origin, a.Cell() pixels a tile: the tiles in sight in their theme's
// colours, the remembered ones dimmed, black elsewhere; with Reveal, every
// tile, creature, item and hidden trap (dimmed where the player does not
// see). It holds the atlas's lock while it runs.
func (gs *GameScene) DrawAt(dst *image.RGBA, a *Atlas, origin image.Point) {
	draw.Draw(dst, dst.Rect, image.NewUniform(color.Black), image.Point{}, draw.Src)
	g, n := gs.Game, a.cell
	th := chain.DefaultTheme()
	if p := gs.Project; p != nil {
		if i := p.LevelByDepth(g.Depth); i >= 0 {
			th, _, _ = p.Theme(i)
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	cell := func(pt chain.Point, r rune, fg, bg color.RGBA) {
		at := image.Pt(origin.X+pt.X*n, origin.Y+pt.Y*n)
		rect := image.Rectangle{at, at.Add(image.Pt(n, n))}
		draw.Draw(dst, rect, &image.Uniform{bg}, image.Point{}, draw.Src)
		if r != ' ' {
			draw.DrawMask(dst, rect, &image.Uniform{fg}, image.Point{}, a.mask(r), image.Point{}, draw.Over)
		}
	}
	var hidden map[chain.Point]*play.Prop
	if gs.Reveal {
		hidden = map[chain.Point]*play.Prop{}
		for _, pr := range g.Props {
			if pr.Hidden {
				hidden[pr.Pos] = pr
			}
		}
	}
	x0, y0 := floorDiv(dst.Rect.Min.X-origin.X, n), floorDiv(dst.Rect.Min.Y-origin.Y, n)
	x1, y1 := floorDiv(dst.Rect.Max.X-1-origin.X, n), floorDiv(dst.Rect.Max.Y-1-origin.Y, n)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			pt := chain.Point{X: x, Y: y}
			if !g.Map.In(pt) || !gs.Reveal && !g.Remembered(pt) {
				continue
			}
			lk := th.Look(g.Map.At(pt))
			// as the map view: rock no one could see is blank, not a
			// lattice of box-drawing glyphs picked by its neighbours
			gl, fg := chain.DrawnGlyph(g.Map, pt, g.Map.At(pt), lk.Glyph, th.BoxWalls), lk.FG
			if pr := g.PropAt(pt); pr != nil {
				gl, fg = firstRune(pr.Glyph, '?'), hexOr(pr.FG, fg)
			} else if pr := hidden[pt]; pr != nil {
				gl, fg = firstRune(pr.Glyph, '^'), hexOr(pr.FG, fg)
			}
			seen := g.Visible(pt)
			if seen || gs.Reveal {
				if its := g.ItemsAt(pt); len(its) > 0 {
					gl, fg = firstRune(its[0].Glyph, '?'), hexOr(its[0].FG, fg)
				}
				if c := g.CreatureAt(pt); c != nil {
					gl, fg = firstRune(c.Glyph, 'm'), hexOr(c.FG, color.RGBA{255, 0, 0, 255})
				}
			}
			if pt == g.Player.Pos {
				gl, fg, seen = '@', color.RGBA{255, 255, 0, 255}, true
			}
			if !seen {
				cell(pt, gl, dim(fg), dim(lk.BG))
				continue
			}
			cell(pt, gl, fg, lk.BG)
		}
	}
}

// hexOr is the colour "#RRGGBB" names, or def.
func hexOr(hex string, def color.RGBA) color.RGBA {
	if c, err := chain.ParseHex(hex); err == nil {
		return c
	}
	return def
}

// dim darkens a colour the player remembers but does not see.
func dim(c color.RGBA) color.RGBA {
	return color.RGBA{c.R / 3, c.G / 3, c.B / 3, 255}
}

// firstRune is s's first character, or def when s is empty.
func firstRune(s string, def rune) rune {
	for _, r := range s {
		return r
	}
	return def
}
