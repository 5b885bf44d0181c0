package chain

import (
	"encoding/json"
	"fmt"
	"image/color"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Look is how one tile type is drawn: a glyph and its colours.
type Look struct {
	Glyph rune
	FG    color.RGBA
	BG    color.RGBA
}

type lookJSON struct {
	Glyph string `json:"glyph"`
	FG    string `json:"fg"`
	BG    string `json:"bg"`
}

// MarshalJSON writes {"glyph": "#", "fg": "#A0A0A0", "bg": "#000000"}.
func (l Look) MarshalJSON() ([]byte, error) {
	return json.Marshal(lookJSON{string(l.Glyph), Hex(l.FG), Hex(l.BG)})
}

// UnmarshalJSON reads a look; errors quote the offending value.
func (l *Look) UnmarshalJSON(b []byte) error {
	var j lookJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if utf8.RuneCountInString(j.Glyph) != 1 {
		return fmt.Errorf("glyph %q must be exactly one character", j.Glyph)
	}
	g, _ := utf8.DecodeRuneInString(j.Glyph)
	fg, err := ParseHex(j.FG)
	if err != nil {
		return fmt.Errorf("fg: %w", err)
	}
	bg, err := ParseHex(j.BG)
	if err != nil {
		return fmt.Errorf("bg: %w", err)
	}
	*l = Look{g, fg, bg}
	return nil
}

// Hex formats c as "#RRGGBB".
func Hex(c color.RGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

// ParseHex parses "#RRGGBB" (or "#RGB").
func ParseHex(s string) (color.RGBA, error) {
	if c, ok := plainHex(s); ok {
		return c, nil
	}
	return scanHex(s)
}

// scanHex is ParseHex with fmt's scanner, for all it accepts (plainHex
// gives the same for plain hex digits, faster).
func scanHex(s string) (color.RGBA, error) {
	var r, g, b uint8
	var err error
	switch {
	case len(s) == 7 && s[0] == '#':
		_, err = fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	case len(s) == 4 && s[0] == '#':
		_, err = fmt.Sscanf(s, "#%1x%1x%1x", &r, &g, &b)
		r, g, b = r*17, g*17, b*17
	default:
		err = fmt.Errorf("want #RRGGBB")
	}
	if err != nil {
		return color.RGBA{}, fmt.Errorf("%q is not a colour (want #RRGGBB)", s)
	}
	return color.RGBA{r, g, b, 255}, nil
}

// plainHex is ParseHex of "#RRGGBB" or "#RGB" made of hex digits only,
// without fmt's scanner (what it accepts besides goes to it).
func plainHex(s string) (color.RGBA, bool) {
	if (len(s) != 7 && len(s) != 4) || s[0] != '#' {
		return color.RGBA{}, false
	}
	var d [6]uint8
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			d[i-1] = c - '0'
		case c >= 'a' && c <= 'f':
			d[i-1] = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d[i-1] = c - 'A' + 10
		default:
			return color.RGBA{}, false
		}
	}
	if len(s) == 4 {
		return color.RGBA{d[0] * 17, d[1] * 17, d[2] * 17, 255}, true
	}
	return color.RGBA{d[0]<<4 | d[1], d[2]<<4 | d[3], d[4]<<4 | d[5], 255}, true
}

// Theme maps tile types (by name) to looks. Tiles it does not list keep their
// default look. With BoxWalls, walls take box-drawing glyphs from their wall
// neighbours (the tutorial's wall_glyph).
type Theme struct {
	Name     string          `json:"name"`
	Tiles    map[string]Look `json:"tiles,omitempty"`
	BoxWalls bool            `json:"box_walls,omitempty"`
}

// Look returns how t is drawn in this theme.
func (th Theme) Look(t Tile) Look {
	if l, ok := th.Tiles[t.String()]; ok {
		return l
	}
	p := t.Props()
	return Look{p.Glyph, p.FG, p.BG}
}

// LookAt returns how the tile at p of g is drawn, box-drawing walls included.
func (th Theme) LookAt(g *Grid, p Point) Look {
	t := g.At(p)
	l := th.Look(t)
	if th.BoxWalls && t == Wall {
		l.Glyph = WallGlyph(g, p)
	}
	return l
}

// WallGlyph picks a CP437 box-drawing glyph for the wall at p from which of its
// orthogonal neighbours are walls that border on something revealed (as the
// tutorial's wall_glyph does), so walls read as lines around rooms.
func WallGlyph(g *Grid, p Point) rune {
	if !g.In(p) {
		return '#'
	}
	mask := 0
	for i, d := range Neighbours4 { // up, right, down, left
		q := p.Add(d)
		if g.In(q) && g.At(q) == Wall && !solidAround(g, q) {
			mask |= 1 << i
		}
	}
	return boxGlyphs[mask]
}

// Buried reports whether every neighbour of p is a wall (or off the map): solid
// rock no one could see. Box-drawn renderings leave such walls blank, so only
// the walls bordering open ground draw as lines.
func Buried(g *Grid, p Point) bool { return solidAround(g, p) }

// solidAround reports whether every neighbour of p is a wall (or off the map).
func solidAround(g *Grid, p Point) bool {
	for _, d := range Neighbours8 {
		if q := p.Add(d); g.In(q) && g.At(q) != Wall {
			return false
		}
	}
	return true
}

// boxGlyphs indexed by mask bits up=1, right=2, down=4, left=8.
var boxGlyphs = [16]rune{
	0: '○', 1: '║', 2: '═', 3: '╚', 4: '║', 5: '║', 6: '╔', 7: '╠',
	8: '═', 9: '╝', 10: '═', 11: '╩', 12: '╗', 13: '╣', 14: '╦', 15: '╬',
}

func look(glyph rune, fg, bg string) Look {
	f, _ := ParseHex(fg)
	b, _ := ParseHex(bg)
	return Look{glyph, f, b}
}

// builtinThemes are the built-in themes, made when first needed (nothing is
// done at init).
var builtinThemes = sync.OnceValue(func() []Theme {
	return []Theme{
		{Name: "dungeon", BoxWalls: true, Tiles: map[string]Look{
			"wall":  look('#', "#A0A0A0", "#000000"),
			"floor": look('.', "#408080", "#000000"),
		}},
		{Name: "limestone", Tiles: map[string]Look{
			"wall":        look('▒', "#B0B0A0", "#000000"),
			"floor":       look('░', "#4D3F1F", "#000000"),
			"down_stairs": look('>', "#00FFFF", "#000000"),
			"gravel":      look(';', "#808080", "#000000"),
		}},
		{Name: "town", Tiles: map[string]Look{
			"wall":  look('#', "#C0A080", "#301010"),
			"floor": look('.', "#808080", "#000000"),
		}},
		{Name: "forest", Tiles: map[string]Look{
			"wall":  look('♣', "#00A000", "#000000"),
			"floor": look('.', "#00C000", "#001000"),
			"road":  look('≡', "#C0C040", "#000000"),
		}},
		{Name: "mushroom", Tiles: map[string]Look{
			"wall":  look('♠', "#C040C0", "#000000"),
			"floor": look('.', "#6A3F8A", "#000000"),
		}},
	}
})

// Themes returns copies of the built-in themes: dungeon (the default, box-drawn
// walls), limestone cavern, town, forest and mushroom grove.
func Themes() []Theme {
	builtin := builtinThemes()
	out := make([]Theme, len(builtin))
	for i, t := range builtin {
		t.Tiles = cloneLooks(t.Tiles)
		out[i] = t
	}
	return out
}

// DefaultTheme is the built-in "dungeon" theme.
func DefaultTheme() Theme { return Themes()[0] }

// FindTheme looks a theme up by name among extra (a project's own, first) and the built-ins.
func FindTheme(name string, extra []Theme) (Theme, bool) {
	for _, list := range [][]Theme{extra, builtinThemes()} {
		if i := slices.IndexFunc(list, func(t Theme) bool { return strings.EqualFold(t.Name, name) }); i >= 0 {
			t := list[i]
			t.Tiles = cloneLooks(t.Tiles)
			return t, true
		}
	}
	return Theme{}, false
}

func cloneLooks(m map[string]Look) map[string]Look {
	out := make(map[string]Look, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// DecodeTheme decodes one theme from JSON (as projects hold them). Every
// problem is located by its JSON path under prefix (e.g. "themes[0]") and
// quotes the offending value or name: unknown keys and tiles, a glyph that is
// not one character, a colour that is not #RRGGBB. With prefix "" data is a
// whole file and passes CheckJSON first (encoding, duplicate keys, nesting).
func DecodeTheme(data []byte, prefix string) (Theme, Problems) {
	var probs Problems
	add := func(path, format string, args ...any) {
		probs = append(probs, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	if prefix == "" { // a whole file, not a theme inside a checked project
		var err error
		if data, err = CheckJSON(data); err != nil {
			add(prefix, "%v", strings.TrimPrefix(err.Error(), "jsonfile: "))
			return Theme{}, probs
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		add(prefix, "%s is not a theme object", abbrev(data))
		return Theme{}, probs
	}
	var th Theme
	for _, k := range sortedKeys(raw) {
		v, kp := raw[k], join(prefix, k)
		switch k {
		case "name":
			if json.Unmarshal(v, &th.Name) != nil {
				add(kp, "%s is not a string", abbrev(v))
			} else if strings.TrimSpace(th.Name) == "" {
				add(kp, "%q is empty", th.Name)
			}
		case "box_walls":
			if json.Unmarshal(v, &th.BoxWalls) != nil {
				add(kp, "%s is not true or false", abbrev(v))
			}
		case "tiles":
			var tiles map[string]json.RawMessage
			if json.Unmarshal(v, &tiles) != nil || tiles == nil {
				add(kp, "%s is not an object of tile looks", abbrev(v))
				continue
			}
			th.Tiles = make(map[string]Look, len(tiles))
			for _, name := range sortedKeys(tiles) {
				tp := kp + "." + name
				if _, err := ParseTile(name); err != nil {
					add(tp, "unknown tile %q (want %s)", name, tileNames())
					continue
				}
				if l, ok := decodeLook(tiles[name], tp, add); ok {
					th.Tiles[name] = l
				}
			}
		default:
			add(kp, "unknown key %q (want name, tiles, box_walls)", k)
		}
	}
	if _, ok := raw["name"]; !ok {
		add(join(prefix, "name"), "missing")
	}
	return th, probs
}

func decodeLook(data json.RawMessage, path string, add func(path, format string, args ...any)) (Look, bool) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		add(path, "%s is not a look object (want glyph, fg, bg)", abbrev(data))
		return Look{}, false
	}
	var l Look
	ok := true
	for _, k := range sortedKeys(raw) {
		if k != "glyph" && k != "fg" && k != "bg" {
			add(path+"."+k, "unknown key %q (want glyph, fg, bg)", k)
			ok = false
		}
	}
	str := func(k string) (string, bool) {
		v, present := raw[k]
		if !present {
			add(path+"."+k, "missing")
			return "", false
		}
		var s string
		if json.Unmarshal(v, &s) != nil {
			add(path+"."+k, "%s is not a string", abbrev(v))
			return "", false
		}
		return s, true
	}
	if g, present := str("glyph"); present {
		if utf8.RuneCountInString(g) != 1 {
			add(path+".glyph", "%q is not exactly one character", g)
			ok = false
		} else {
			l.Glyph, _ = utf8.DecodeRuneInString(g)
		}
	} else {
		ok = false
	}
	for _, c := range []struct {
		key string
		dst *color.RGBA
	}{{"fg", &l.FG}, {"bg", &l.BG}} {
		s, present := str(c.key)
		if !present {
			ok = false
			continue
		}
		col, err := ParseHex(s)
		if err != nil {
			add(path+"."+c.key, "%v", err)
			ok = false
			continue
		}
		*c.dst = col
	}
	return l, ok
}

func tileNames() string {
	names := make([]string, 0, len(tileProps))
	for _, p := range tileProps {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
