package special

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "prefab",
		Help: "Hand-drawn content in the tutorial's prefab legend: a whole level, a section stamped onto the map " +
			"at an x/y alignment, or small room vaults dropped into rooms that fit them (by depth and chance). " +
			"Templates come from \"template\", or by \"name\" from the project's prefabs, then the built-in library. " +
			"Legend: " + LegendHelp + ". Short rows are padded with wall; the map's outer ring always stays wall.",
		Kind: chain.Both,
		Params: []chain.Param{
			kit.EnumParam("mode", "Mode", "level: the template is the whole map (centred); sectional: stamp it onto the map "+
				"at x/y; room_vaults: place small templates inside rooms (needs rooms).",
				"room_vaults", "level", "sectional", "room_vaults"),
			kit.StringParam("name", "Template name", "A project prefab or a built-in template ("+
				strings.Join(BuiltinTemplateNames(), ", ")+"); empty: wfc_populated for level, orc_camp for sectional.", ""),
			{Name: "template", Label: "Template", Help: "Rows of legend characters (overrides name). Legend: " + LegendHelp + ".",
				Type: chain.StringList, Default: []string{}},
			kit.XParam("x", "Where a section goes across the map: left, center, right, or the column of its left edge.", "center", true),
			kit.YParam("y", "Where a section goes down the map: top, center, bottom, or the row of its top edge.", "center", true),
			{Name: "vaults", Label: "Vaults", Help: "Template names room_vaults may choose from (project prefabs first, then built-ins).",
				Type: chain.StringList, Default: builtinVaults()},
		},
		Makes:   chain.FSpawns,
		Effects: prefabEffects,
		New:     newPrefab,
	})
}

// prefabEffects tells Check what a prefab step does: room_vaults needs rooms; a
// level replaces everything; a template (given, or built-in by name) with '@' or
// '>' places a start or an exit. A project template's contents are unknown here.
func prefabEffects(v chain.Values) chain.Effect {
	e := chain.Effect{Makes: chain.FSpawns}
	var t *Template
	if rows := v.Strings("template"); len(rows) > 0 {
		t, _ = ParseTemplate(rows)
	} else if b, ok := builtin(v.String("name")); ok {
		t = b.tmpl
	}
	switch v.String("mode") {
	case "room_vaults":
		e.Needs = chain.FRooms
		return e
	case "level":
		e.Drops = chain.FRooms | chain.FCorridors | chain.FStart | chain.FExit | chain.FSpawns
		e.Makes |= chain.FMap
		if t == nil && v.String("name") == "" {
			t = mustBuiltin("wfc_populated")
		}
	}
	if t != nil {
		for _, c := range t.Cells {
			if c.Start {
				e.Makes |= chain.FStart
			}
			if c.Exit {
				e.Makes |= chain.FExit
			}
		}
	}
	return e
}

func mustBuiltin(name string) *Template {
	if b, ok := builtin(name); ok {
		return b.tmpl
	}
	return nil
}

type prefab struct {
	mode   string
	name   string
	tmpl   *Template    // parsed "template" parameter, or nil
	pos    chain.Values // the x and y parameters
	vaults []string
}

func newPrefab(v chain.Values) (chain.Builder, error) {
	b := prefab{mode: v.String("mode"), name: v.String("name"), pos: chain.Values{"x": v["x"], "y": v["y"]}, vaults: v.Strings("vaults")}
	if rows := v.Strings("template"); len(rows) > 0 {
		if b.name != "" {
			return nil, fmt.Errorf("set either name (%q) or template, not both", b.name)
		}
		t, err := ParseTemplate(rows)
		if err != nil {
			return nil, err
		}
		b.tmpl = t
	}
	if b.mode == "room_vaults" && b.tmpl == nil && b.name == "" && len(b.vaults) == 0 {
		return nil, errors.New("room_vaults has no vaults to choose from (set vaults, name or template)")
	}
	return b, nil
}

func (b prefab) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	switch b.mode {
	case "level":
		return b.level(s)
	case "sectional":
		return b.sectional(s)
	}
	return b.roomVaults(ctx, s, rng)
}

// lookup resolves a template name: the project's templates first, then the built-ins.
func lookup(s *chain.State, name string) (*Template, prefabEntry, error) {
	if rows, ok := s.Templates[name]; ok {
		t, err := ParseTemplate(rows)
		if err != nil {
			return nil, prefabEntry{}, fmt.Errorf("project prefab %q: %w", name, err)
		}
		return t, prefabEntry{name: name, firstDepth: 0, lastDepth: math.MaxInt}, nil
	}
	if e, ok := builtin(name); ok {
		return e.tmpl, e, nil
	}
	project := make([]string, 0, len(s.Templates))
	for k := range s.Templates {
		project = append(project, k)
	}
	slices.Sort(project)
	msg := fmt.Sprintf("unknown prefab %q (built-in: %s", name, strings.Join(BuiltinTemplateNames(), ", "))
	if len(project) > 0 {
		msg += "; project: " + strings.Join(project, ", ")
	}
	return nil, prefabEntry{}, errors.New(msg + ")")
}

// single returns the one template level and sectional modes use.
func (b prefab) single(s *chain.State, def string) (*Template, error) {
	if b.tmpl != nil {
		return b.tmpl, nil
	}
	name := b.name
	if name == "" {
		name = def
	}
	t, _, err := lookup(s, name)
	return t, err
}

func fits(t *Template, g *chain.Grid) error {
	if t.W > g.W || t.H > g.H {
		return fmt.Errorf("the template is %d×%d, larger than the %d×%d map", t.W, t.H, g.W, g.H)
	}
	return nil
}

// level makes the template the whole map (centred on a fresh map of walls),
// as the tutorial's Constant mode does.
func (b prefab) level(s *chain.State) error {
	t, err := b.single(s, "wfc_populated")
	if err != nil {
		return err
	}
	g := s.Map
	if err := fits(t, g); err != nil {
		return err
	}
	g.Fill(g.Bounds(), chain.Wall)
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = nil, nil, nil, nil, nil
	return stamp(s, t, (g.W-t.W)/2, (g.H-t.H)/2)
}

// sectionOrigin places a w-wide template on an axis of the given size as the
// tutorial's apply_sectional does: left/top 0, center size/2-w/2, right/bottom
// size-1-w; a number is the template's first column (row). It clamps the
// template onto the map.
func sectionOrigin(v chain.Values, name string, size, w int) int {
	choice, n, isNum := v.Position(name)
	o := size/2 - w/2
	switch {
	case isNum:
		o = n
	case choice == "left" || choice == "top":
		o = 0
	case choice == "right" || choice == "bottom":
		o = size - 1 - w
	}
	return max(0, min(size-w, o))
}

// sectional stamps the template onto the existing map (the tutorial's
// PrefabBuilder::sectional): spawns inside the section are replaced by the template's.
func (b prefab) sectional(s *chain.State) error {
	t, err := b.single(s, "orc_camp")
	if err != nil {
		return err
	}
	g := s.Map
	if err := fits(t, g); err != nil {
		return err
	}
	return stamp(s, t, sectionOrigin(b.pos, "x", g.W, t.W), sectionOrigin(b.pos, "y", g.H, t.H))
}

// vault is a room-vault candidate with its depth range.
type vault struct {
	name   string
	t      *Template
	lo, hi int
}

func (b prefab) vaultList(s *chain.State) ([]vault, error) {
	if b.tmpl != nil {
		return []vault{{name: "template", t: b.tmpl, lo: 0, hi: math.MaxInt}}, nil
	}
	names := b.vaults
	if b.name != "" {
		names = []string{b.name}
	}
	out := make([]vault, 0, len(names))
	for i, n := range names {
		t, e, err := lookup(s, n)
		if err != nil {
			if b.name != "" {
				return nil, fmt.Errorf("name: %w", err)
			}
			return nil, fmt.Errorf("vaults[%d]: %w", i, err)
		}
		out = append(out, vault{name: n, t: t, lo: e.firstDepth, hi: e.lastDepth})
	}
	return out, nil
}

// roomVaults is the tutorial's apply_room_vaults: 1d6+depth must reach 4; then
// up to 1d3 different vaults for this depth are placed, each at a random spot
// where it fits inside a room on plain floor without overlapping another vault.
// (The tutorial keeps only the first spot it finds and drops spawns with a wrong
// row formula; here every spot is a candidate and spawns under a vault are replaced.)
func (b prefab) roomVaults(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	all, err := b.vaultList(s)
	if err != nil {
		return err
	}
	if roll := kit.Dice(rng, 1, 6) + s.Depth; roll < 4 {
		s.Snapshot(fmt.Sprintf("no vault: rolled %d with depth %d (needs 4)", roll-s.Depth, s.Depth))
		return nil
	}
	var possible []vault
	for _, v := range all {
		if s.Depth >= v.lo && s.Depth <= v.hi {
			possible = append(possible, v)
		}
	}
	if len(possible) == 0 {
		s.Snapshot(fmt.Sprintf("no vault allowed at depth %d", s.Depth))
		return nil
	}
	g := s.Map
	used, seen := make([]bool, len(g.Tiles)), make([]bool, len(g.Tiles))
	n := min(kit.Dice(rng, 1, 3), len(possible))
	for range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		vi := rng.IntN(len(possible))
		v := possible[vi]
		clear(seen)
		spots := vaultSpots(s, v.t, used, seen)
		if len(spots) == 0 {
			continue
		}
		p := spots[rng.IntN(len(spots))]
		if err := stamp(s, v.t, p.X, p.Y); err != nil {
			return err
		}
		chain.R(p.X, p.Y, v.t.W, v.t.H).Each(func(q chain.Point) { used[g.Idx(q)] = true })
		s.Snapshot("vault " + v.name)
		possible = slices.Delete(possible, vi, vi+1)
	}
	return nil
}

// vaultSpots lists the top-left corners (in room order, then row by row) where t
// lies inside a room, entirely on floor and on no tile of an earlier vault;
// seen (cleared by the caller) drops corners that overlapping rooms share.
func vaultSpots(s *chain.State, t *Template, used, seen []bool) []chain.Point {
	g := s.Map
	var out []chain.Point
	for _, r := range s.Rooms {
		r = r.Intersect(g.Bounds())
		for y := r.Y; y+t.H <= r.Y2(); y++ {
		spot:
			for x := r.X; x+t.W <= r.X2(); x++ {
				p := chain.Point{X: x, Y: y}
				if seen[g.Idx(p)] {
					continue
				}
				for ty := y; ty < y+t.H; ty++ {
					for tx := x; tx < x+t.W; tx++ {
						q := chain.Point{X: tx, Y: ty}
						if !g.Inner(q) || g.At(q) != chain.Floor || used[g.Idx(q)] {
							continue spot
						}
					}
				}
				seen[g.Idx(p)] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// stamp writes t onto the map with its top-left corner at (x0, y0). Spawns and
// exits under the template are replaced by the template's own; tiles on the
// map's outer ring (and off the map) are left alone, so the border stays wall.
// A start the template covers with something unwalkable moves to the nearest
// walkable tile; a template entity landing on the start is dropped.
func stamp(s *chain.State, t *Template, x0, y0 int) error {
	g := s.Map
	area := chain.R(x0, y0, t.W, t.H)
	covered := func(p chain.Point) bool { return area.Contains(p) && g.Inner(p) }
	s.Spawns = slices.DeleteFunc(s.Spawns, func(sp chain.Spawn) bool { return covered(sp.Pos()) })
	s.Exits = slices.DeleteFunc(s.Exits, func(e chain.Exit) bool { return covered(e.Pos()) })
	var start chain.Point
	hasStart := false
	for ty := range t.H {
		for tx := range t.W {
			p := chain.Point{X: x0 + tx, Y: y0 + ty}
			if !g.Inner(p) {
				continue
			}
			c := t.At(tx, ty)
			g.Set(p, c.Tile)
			if c.Spawn != "" {
				s.AddSpawn(p, c.Spawn)
			}
			if c.Start {
				start, hasStart = p, true
			}
		}
	}
	// Exits after every tile is down, so none is overwritten.
	for ty := range t.H {
		for tx := range t.W {
			p := chain.Point{X: x0 + tx, Y: y0 + ty}
			if g.Inner(p) && t.At(tx, ty).Exit {
				if _, err := s.AddExit(p); err != nil {
					return err
				}
			}
		}
	}
	switch {
	case hasStart:
		if err := s.SetStart(start); err != nil {
			return err
		}
	case s.Start != nil && !g.Walkable(*s.Start):
		if err := s.SetStart(*s.Start); err != nil {
			return err
		}
	}
	// A template entity that landed on the start makes way for the player.
	kit.DropBuried(s)
	return nil
}
