package special

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
	"hewn/chain/prefab"
)

func init() {
	chain.Register(chain.Spec{
		Name: "prefab",
		MaxSizeFor: func(v chain.Values) (int, string) {
			if v.String("mode") == "sectional" && v.Bool("connect") {
				return MaxConnectSize, "with mode sectional and connect"
			}
			return 0, ""
		},
		Help: "Hand-drawn content in the tutorial's prefab legend: a whole level (drawn from the top-left corner), " +
			"a section stamped onto the map at its own placement or at x/y, or small room vaults dropped wherever they " +
			"fit on plain floor (by depth and chance). " +
			"Templates come from \"template\", by \"name\" from the project's prefabs, then the built-in library, or from a \"file\" " +
			"(a REXPaint .xp or a .txt of rows) beside the project or chain file; set one of them. " +
			"Legend: " + prefab.Tutorial().Help() + ", and the project's own legend. Short rows are padded with wall; " +
			"the map's outer ring always stays wall.",
		Kind: chain.Both,
		Params: []chain.Param{
			kit.EnumParam("mode", "Mode", "level: the template is the whole map (from the top-left corner); sectional: stamp it onto the map "+
				"at x/y; room_vaults: place small templates where they fit on plain floor (the tutorial's scan of the whole map).",
				"room_vaults", "level", "sectional", "room_vaults"),
			{Name: "name", Label: "Template name", Help: "A project prefab or a built-in template (" +
				strings.Join(prefab.Names(), ", ") + "); empty: wfc_populated for level, orc_camp for sectional.",
				Type: chain.PrefabName, Default: ""},
			{Name: "template", Label: "Template", Help: "Rows of legend characters (instead of name or file). Legend: " +
				prefab.Tutorial().Help() + ", and the project's own legend.",
				Type: chain.Template, Default: []string{}},
			{Name: "file", Label: "File", Help: "A prefab file instead of name or template: a REXPaint image (.xp) or a text file of " +
				"template rows (.txt, UTF-8, one row per line), by its path relative to the project file (or the chain file), " +
				"with / between folders. An .xp is read as the tutorial's rex_level reads it: every layer's glyphs (CP437) " +
				"through the legend, a later layer's over an earlier one's except where its background is REXPaint's " +
				"transparent magenta; a glyph the legend does not know leaves the map as it is, with a warning. In level " +
				"mode a file larger than the map is cut to it.", Type: chain.PrefabFile, Default: ""},
			sectionPosParam("x", "X", "Where a section goes across the map: auto (the section's own placement: underground_fort right, "+
				"orc_camp and drow_entry center, others center), left, center, right, or the column of its left edge.", "left", "center", "right"),
			sectionPosParam("y", "Y", "Where a section goes down the map: auto (the section's own placement: underground_fort top, "+
				"orc_camp and drow_entry center, others center), top, center, bottom, or the row of its top edge.", "top", "center", "bottom"),
			{Name: "vaults", Label: "Vaults", Help: "Template names room_vaults may choose from: the tutorial's three built-in vaults; " +
				"add a project prefab's name to use it as a vault too (project prefabs take precedence over built-ins of the same name).",
				Type: chain.PrefabNames, Default: prefab.Vaults()},
			kit.BoolParam("connect", "Connect", "After stamping a section, carve the shortest corridors that join the parts of the map "+
				"it cut off (and its own open edges) back to the start, and move exits still out of reach (the tutorial leaves them). "+
				"Exits the section covers move out of it either way. With connect, sectional builds maps up to 1024×1024.", true),
		},
		Makes:   chain.FSpawns,
		Effects: prefabEffects,
		New:     newPrefab,
		Warn:    prefabWarnings,
	})
}

// MaxConnectSize is the largest map side prefab's sectional mode joins back
// (connect): its search rounds cost about the map each, 1.9 s on a
// 1024×1024 cave map and 28 s on a 4096×4096 one (issue 26).
const MaxConnectSize = 1024

// prefabWarnings flags an explicit but empty template (the step falls back on
// its name or default) and a section whose numeric x or y puts it past the
// map's edge (it is moved back onto the map).
func prefabWarnings(v chain.Values, explicit map[string]any, w, h int) []chain.Problem {
	var out []chain.Problem
	if rows, set := explicit["template"].([]string); set && len(rows) == 0 {
		uses := v.String("name")
		switch {
		case v.String("file") != "":
			uses = "the file " + strconv.Quote(v.String("file"))
		case uses != "":
			uses = "the prefab " + strconv.Quote(uses)
		case v.String("mode") == "level":
			uses = "wfc_populated"
		case v.String("mode") == "sectional":
			uses = "orc_camp"
		default:
			uses = "its vaults"
		}
		out = append(out, chain.Problem{Path: "params.template", Msg: "empty, so the step uses " + uses})
	}
	if v.String("mode") != "sectional" {
		return out
	}
	var t *prefab.Template
	if rows := v.Strings("template"); len(rows) > 0 {
		t, _ = prefab.Parse(rows)
	} else if v.String("file") != "" {
		return out // a file's size is known only when the chain runs
	} else if b, ok := prefab.Lookup(cmp.Or(v.String("name"), "orc_camp")); ok {
		t = b.Template
	}
	if t == nil { // a project prefab (or project legend): its size is known only when the chain runs
		return out
	}
	for _, a := range []struct {
		name, edge, dim string
		size, tw        int
	}{{"x", "right", "wide", w, t.W}, {"y", "bottom", "high", h, t.H}} {
		if _, n, isNum := v.Position(a.name); isNum && n+a.tw > a.size && a.tw <= a.size {
			out = append(out, chain.Problem{Path: "params." + a.name, Msg: fmt.Sprintf(
				"%d puts the %d-tile section past the map's %s edge (the map is %d %s): it is stamped at %d instead",
				n, a.tw, a.edge, a.size, a.dim, a.size-a.tw)})
		}
	}
	return out
}

// prefabEffects tells Check what a prefab step does: room_vaults needs rooms; a
// level replaces everything; a template (given, or built-in by name) with '@' or
// '>' places a start or an exit. The contents of a project template, of a
// template written with the project's legend and of a file are unknown here;
// a level from a file is taken to place a start and an exit.
func prefabEffects(v chain.Values) chain.Effect {
	e := chain.Effect{Makes: chain.FSpawns}
	var t *prefab.Template
	file := v.String("file")
	if rows := v.Strings("template"); len(rows) > 0 {
		t, _ = prefab.Parse(rows)
	} else if b, ok := prefab.Lookup(v.String("name")); ok && file == "" {
		t = b.Template
	}
	switch v.String("mode") {
	case "room_vaults":
		return e
	case "level":
		e.Drops = chain.FRooms | chain.FCorridors | chain.FStart | chain.FExit | chain.FSpawns
		e.Makes |= chain.FMap
		if t == nil && v.String("name") == "" && file == "" && len(v.Strings("template")) == 0 {
			t = mustBuiltin("wfc_populated")
		}
		if file != "" {
			// a level drawn in a file is taken to have its start and exit (as
			// wfc-populated.xp has): the run says so if it does not
			e.Makes |= chain.FStart | chain.FExit
		}
	}
	if t != nil {
		for _, c := range t.Cells {
			if c.Keep {
				continue
			}
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

// sectionPosParam is a section's position parameter: "auto" (the section's own
// placement), one of the three alignments, or a number (its first column or row).
func sectionPosParam(name, label, help string, choices ...string) chain.Param {
	return chain.Param{Name: name, Label: label, Help: help, Type: chain.EnumOrNumber, Default: "auto",
		Choices: append([]string{"auto"}, choices...), Min: 0, Max: chain.MaxSize - 1}
}

func mustBuiltin(name string) *prefab.Template {
	if b, ok := prefab.Lookup(name); ok {
		return b.Template
	}
	return nil
}

type prefabStep struct {
	mode    string
	name    string
	tmpl    *prefab.Template // parsed "template" parameter, or nil
	rows    []string         // the "template" rows when the run's legend must parse them
	file    string           // the "file" parameter, cleaned
	pos     chain.Values     // the x and y parameters
	vaults  []string
	connect bool
}

func newPrefab(v chain.Values) (chain.Builder, error) {
	b := prefabStep{mode: v.String("mode"), name: v.String("name"), pos: chain.Values{"x": v["x"], "y": v["y"]}, vaults: v.Strings("vaults"),
		connect: v.Bool("connect")}
	rows := v.Strings("template")
	if err := oneSource(b.name, len(rows) > 0, v.String("file")); err != nil {
		return nil, err
	}
	if f := v.String("file"); f != "" {
		clean, err := prefab.CheckFilePath(f)
		if err != nil {
			return nil, fmt.Errorf("file: %w", err)
		}
		b.file = clean
	}
	if len(rows) > 0 {
		t, err := prefab.Parse(rows)
		var ce *prefab.CharError
		switch {
		case errors.As(err, &ce):
			b.rows = rows // perhaps a character of the project's legend: the run tells
		case err != nil:
			return nil, err
		}
		b.tmpl = t
	}
	if b.mode == "room_vaults" && len(rows) == 0 && b.name == "" && b.file == "" && len(b.vaults) == 0 {
		return nil, errors.New("room_vaults has no vaults to choose from (set vaults, name, template or file)")
	}
	return b, nil
}

// oneSource refuses a step that sets more than one of name, template and file.
func oneSource(name string, template bool, file string) error {
	var set []string
	if name != "" {
		set = append(set, fmt.Sprintf("name (%q)", name))
	}
	if template {
		set = append(set, "template")
	}
	if file != "" {
		set = append(set, fmt.Sprintf("file (%q)", file))
	}
	switch len(set) {
	case 2:
		return fmt.Errorf("set either %s or %s, not both", set[0], set[1])
	case 3:
		return fmt.Errorf("set only one of %s, %s and %s", set[0], set[1], set[2])
	}
	return nil
}

func (b prefabStep) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	switch b.mode {
	case "level":
		return b.level(s)
	case "sectional":
		return b.sectional(ctx, s)
	}
	return b.roomVaults(ctx, s, rng)
}

// lookup resolves a template name: the project's templates first (in the
// run's legend), then the built-ins.
func lookup(s *chain.State, name string) (*prefab.Template, prefab.Builtin, error) {
	l, err := prefab.ForRun(s)
	if err != nil {
		return nil, prefab.Builtin{}, err
	}
	e, err := l.Find(name, s.Templates)
	return e.Template, e, err
}

// single returns the one template level and sectional modes use, with its
// library entry (which carries a built-in section's own placement).
func (b prefabStep) single(s *chain.State, def string) (*prefab.Template, prefab.Builtin, error) {
	switch {
	case b.rows != nil:
		l, err := prefab.ForRun(s)
		if err != nil {
			return nil, prefab.Builtin{}, err
		}
		t, err := l.Parse(b.rows)
		return t, prefab.Builtin{}, err
	case b.tmpl != nil:
		return b.tmpl, prefab.Builtin{}, nil
	case b.file != "":
		t, err := b.fromFile(s)
		return t, prefab.Builtin{}, err
	}
	name := b.name
	if name == "" {
		name = def
	}
	return lookup(s, name)
}

// fromFile reads the step's file from the run's files and decodes it through
// the run's legend; glyphs of an .xp the legend does not know are warned of.
func (b prefabStep) fromFile(s *chain.State) (*prefab.Template, error) {
	l, err := prefab.ForRun(s)
	if err != nil {
		return nil, err
	}
	f, err := prefab.ReadFile(s.Files, b.file)
	if err != nil {
		return nil, err
	}
	t, unknown, err := f.Template(l)
	if err != nil {
		return nil, err
	}
	if len(unknown) > 0 {
		s.Warn(prefab.UnknownWarning(b.file, unknown))
	}
	return t, nil
}

func fits(t *prefab.Template, g *chain.Grid) error {
	if t.W > g.W || t.H > g.H {
		return fmt.Errorf("the template is %d×%d, larger than the %d×%d map", t.W, t.H, g.W, g.H)
	}
	return nil
}

// level makes the template the whole map, drawn from the top-left corner on a
// fresh map of walls, as the tutorial's Constant mode does.
func (b prefabStep) level(s *chain.State) error {
	t, e, err := b.single(s, "wfc_populated")
	if err != nil {
		return err
	}
	g := s.Map
	if b.file != "" && (t.W > g.W || t.H > g.H) {
		// as the tutorial's rex_level reads a file: what lies past the map is left out
		s.Warn(fmt.Sprintf("%s is %d×%d, larger than the %d×%d map: the part past its edges is left out", b.file, t.W, t.H, g.W, g.H))
		t = t.Crop(min(t.W, g.W), min(t.H, g.H))
	}
	if err := fits(t, g); err != nil {
		return err
	}
	g.Fill(g.Bounds(), chain.Wall)
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = nil, nil, nil, nil, nil
	s.Place(chain.R(0, 0, t.W, t.H), b.placedName(e, "wfc_populated"))
	return stamp(s, t, 0, 0)
}

// placedName is the name a placement of the step's single template records
// (see chain.Placement): the file's path, "" for the step's own rows, else
// the prefab's name (def when the step names none).
func (b prefabStep) placedName(e prefab.Builtin, def string) string {
	switch {
	case b.file != "":
		return b.file
	case b.rows != nil || b.tmpl != nil:
		return ""
	case e.Name != "":
		return e.Name
	case b.name != "":
		return b.name
	}
	return def
}

// sectionOrigin places a w-wide template on an axis of the given size as the
// tutorial's apply_sectional does: left/top 0, center size/2-w/2, right/bottom
// size-1-w; a number is the template's first column (row); auto is the
// section's own placement (own). It clamps the template onto the map.
func sectionOrigin(v chain.Values, name, own string, size, w int) int {
	choice, n, isNum := v.Position(name)
	if choice == "auto" {
		choice = own
	}
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
// PrefabBuilder::sectional): spawns inside the section are replaced by the
// template's. Exits it covers move to the nearest free tile outside it; with
// connect, the parts of the map it cut off from the start are joined back and
// exits still out of reach move to the nearest reachable free tile.
func (b prefabStep) sectional(ctx context.Context, s *chain.State) error {
	t, e, err := b.single(s, "orc_camp")
	if err != nil {
		return err
	}
	g := s.Map
	if err := fits(t, g); err != nil {
		return err
	}
	ownX, ownY := e.PlaceX, e.PlaceY
	if ownX == "" {
		ownX, ownY = "center", "center"
	}
	x0, y0 := sectionOrigin(b.pos, "x", ownX, g.W, t.W), sectionOrigin(b.pos, "y", ownY, g.H, t.H)
	area := chain.R(x0, y0, t.W, t.H)
	var covered []chain.Exit
	for _, ex := range s.Exits {
		if area.Contains(ex.Pos()) && g.Inner(ex.Pos()) {
			covered = append(covered, ex)
		}
	}
	s.Place(area, b.placedName(e, "orc_camp"))
	if err := stamp(s, t, x0, y0); err != nil {
		return err
	}
	if b.connect {
		s.Snapshot("stamped the section")
		if cor := reconnect(ctx, s, area); len(cor) > 0 {
			if s.Corridors != nil {
				s.Corridors = append(s.Corridors, cor)
			}
			s.Snapshot("joined the cut-off parts")
		}
	}
	var dist []int
	if s.Start != nil {
		dist = chain.DistanceMap(g, []chain.Point{*s.Start})
	}
	for _, ex := range covered {
		if err := placeExitNear(s, ex.Pos(), area, dist); err != nil {
			return err
		}
	}
	if !b.connect || dist == nil {
		return nil
	}
	// each exit there was moves once: one placed where nothing reachable was
	// free is not moved again (that looped forever)
	for k, n := 0, len(s.Exits); n > 0; n-- {
		ex := s.Exits[k]
		if dist[g.Idx(ex.Pos())] != chain.Unreachable {
			k++
			continue
		}
		s.Exits = slices.Delete(slices.Clone(s.Exits), k, k+1)
		g.Set(ex.Pos(), chain.Floor)
		if err := placeExitNear(s, ex.Pos(), chain.Rect{}, dist); err != nil {
			return err
		}
	}
	return nil
}

// placeExitNear adds an exit on the free tile nearest p that lies outside area
// and, when dist is not nil, can be reached (dist[i] > 0); failing that, on
// the free tile nearest p.
func placeExitNear(s *chain.State, p chain.Point, area chain.Rect, dist []int) error {
	g := s.Map
	o := kit.NewOccupancy(s)
	ok := make([]bool, len(g.Tiles))
	for i := range ok {
		q := g.Pt(i)
		ok[i] = o.Free(q) && !area.Contains(q) && (dist == nil || dist[i] > 0)
	}
	if q, found := kit.Nearest(g, p, ok); found {
		p = q
	}
	_, err := kit.AddExit(s, p)
	return err
}

// reconnect joins back to the start what a section stamped over area cut off:
// walkable tiles the start cannot reach that lie outside area or on its
// outermost ring. Each round carves the shortest orthogonal corridor (never
// through the section's own walls, nor the map's border) from the start's
// region to the nearest such tile, until every one is reachable or none can be
// (at most 64 rounds). It returns the tiles it carved.
//
// The start's region is found once and grown by what each corridor joins (an
// 8-connected flood from the corridor), and each round's search starts from
// the region's edge only, in tile order: its other tiles find nothing, so the
// corridors are those of a search from the whole region, but a round costs
// the edge and what the search explores rather than the whole map (a
// 4096×4096 cave map took 64 full searches, 91 s and 1.6 GB).
func reconnect(ctx context.Context, s *chain.State, area chain.Rect) []chain.Point {
	if s.Start == nil {
		return nil
	}
	g := s.Map
	inner := area.Inset(1)
	// prev: -1 in the start's region, -2 not reached yet; else the tile the
	// round's search came from.
	prev := make([]int32, len(g.Tiles))
	targets := 0 // walkable tiles outside the region and off inner
	for i, d := range chain.DistanceMap(g, []chain.Point{*s.Start}) {
		prev[i] = -2
		if d != chain.Unreachable {
			prev[i] = -1
		} else if g.Tiles[i].Walkable() && !inner.Contains(g.Pt(i)) {
			targets++
		}
	}
	// edge reports whether region tile i has an inner neighbour outside the region.
	edge := func(i int) bool {
		p := g.Pt(i)
		for _, d := range chain.Neighbours4 {
			if q := p.Add(d); g.Inner(q) && prev[g.Idx(q)] != -1 {
				return true
			}
		}
		return false
	}
	var seeds []int32
	for i, v := range prev {
		if v == -1 && edge(i) {
			seeds = append(seeds, int32(i))
		}
	}
	var carved []chain.Point
	var queue, joined []int32
	for round := 0; round < 64 && targets > 0 && ctx.Err() == nil; round++ {
		queue = append(queue[:0], seeds...)
		found := -1
		for head := 0; head < len(queue) && found < 0; head++ {
			cur := int(queue[head])
			cp := g.Pt(cur)
			for _, d := range chain.Neighbours4 {
				q := cp.Add(d)
				if !g.Inner(q) || prev[g.Idx(q)] != -2 {
					continue
				}
				j := g.Idx(q)
				if area.Contains(q) && !g.Tiles[j].Walkable() {
					continue // the section's own walls stay
				}
				prev[j] = int32(cur)
				if g.Tiles[j].Walkable() && !inner.Contains(q) {
					found = j
					break
				}
				queue = append(queue, int32(j))
			}
		}
		if found < 0 {
			break
		}
		// the corridor, carved, then the search forgotten
		joined = append(joined[:0], int32(found))
		for i := int(prev[found]); i >= 0 && prev[i] != -1; i = int(prev[i]) {
			if !g.Tiles[i].Walkable() {
				g.Tiles[i] = chain.Floor
				carved = append(carved, g.Pt(i))
			}
			joined = append(joined, int32(i))
		}
		for _, j := range queue[len(seeds):] {
			prev[j] = -2
		}
		prev[found] = -2
		// what the corridor joins to the region
		// (found is a target; the corridor's other tiles were walls or inside
		// the section, and so is a tile the flood reaches or a target)
		targets--
		for _, j := range joined {
			prev[j] = -1
		}
		for k := 0; k < len(joined); k++ {
			p := g.Pt(int(joined[k]))
			for _, d := range chain.Neighbours8 {
				q := p.Add(d)
				if !g.In(q) {
					continue
				}
				if j := g.Idx(q); prev[j] == -2 && g.Tiles[j].Walkable() {
					prev[j] = -1
					joined = append(joined, int32(j))
					if !inner.Contains(q) {
						targets--
					}
				}
			}
		}
		// the region's new edge, in tile order
		slices.Sort(joined)
		seeds = mergeEdge(seeds, joined, edge)
	}
	return carved
}

// mergeEdge merges the sorted tile lists a and b, keeping the tiles edge
// accepts.
func mergeEdge(a, b []int32, edge func(int) bool) []int32 {
	out := make([]int32, 0, len(a)+len(b))
	for len(a) > 0 || len(b) > 0 {
		var i int32
		if len(b) == 0 || (len(a) > 0 && a[0] < b[0]) {
			i, a = a[0], a[1:]
		} else {
			i, b = b[0], b[1:]
		}
		if edge(int(i)) {
			out = append(out, i)
		}
	}
	return out
}

// vault is a room-vault candidate with its depth range.
type vault struct {
	name   string
	t      *prefab.Template
	lo, hi int
}

func (b prefabStep) vaultList(s *chain.State) ([]vault, error) {
	if b.tmpl != nil || b.rows != nil || b.file != "" {
		t, _, err := b.single(s, "")
		if err != nil {
			return nil, err
		}
		return []vault{{name: b.file, t: t, lo: 0, hi: math.MaxInt}}, nil
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
		out = append(out, vault{name: n, t: t, lo: e.FirstDepth, hi: e.LastDepth})
	}
	return out, nil
}

// roomVaults is the tutorial's apply_room_vaults: 1d6+depth must reach 4; then
// up to 1d3 different vaults for this depth are placed, each at a random spot
// of the whole map where it lies on plain floor, off the outer two rings,
// without overlapping another vault, the start or an exit. (The tutorial's scan
// stops at its first spot, a stray break, so its vaults always sit at the
// top-left-most fit; here every spot is a candidate, and spawns under a vault
// are replaced, where the tutorial's row formula misses them.)
func (b prefabStep) roomVaults(ctx context.Context, s *chain.State, rng *rand.Rand) error {
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
	used := make([]bool, len(g.Tiles))
	if s.Start != nil && g.In(*s.Start) {
		used[g.Idx(*s.Start)] = true
	}
	for _, e := range s.Exits {
		if g.In(e.Pos()) {
			used[g.Idx(e.Pos())] = true
		}
	}
	n := min(kit.Dice(rng, 1, 3), len(possible))
	for range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		vi := rng.IntN(len(possible))
		v := possible[vi]
		spots := vaultSpots(g, v.t, used)
		if len(spots) == 0 {
			continue
		}
		p := spots[rng.IntN(len(spots))]
		s.Place(chain.R(p.X, p.Y, v.t.W, v.t.H), v.name)
		if err := stamp(s, v.t, p.X, p.Y); err != nil {
			return err
		}
		chain.R(p.X, p.Y, v.t.W, v.t.H).Each(func(q chain.Point) { used[g.Idx(q)] = true })
		s.Snapshot("vault " + cmp.Or(v.name, "template"))
		possible = slices.Delete(possible, vi, vi+1)
	}
	return nil
}

// vaultSpots lists, row by row, the top-left corners (x, y) where t fits as the
// tutorial's scan wants: x > 1, y > 1, x+w < W-2, y+h < H-2, every tile plain
// floor and none used (by an earlier vault, the start or an exit).
func vaultSpots(g *chain.Grid, t *prefab.Template, used []bool) []chain.Point {
	// run[i]: how many consecutive usable tiles end at tile i in its row.
	run := make([]int32, len(g.Tiles))
	for y := range g.H {
		n := int32(0)
		for x := range g.W {
			i := y*g.W + x
			if g.Tiles[i] == chain.Floor && !used[i] {
				n++
			} else {
				n = 0
			}
			run[i] = n
		}
	}
	var out []chain.Point
	for y := 2; y+t.H < g.H-2; y++ {
	spot:
		for x := 2; x+t.W < g.W-2; x++ {
			for ty := y; ty < y+t.H; ty++ {
				if run[ty*g.W+x+t.W-1] < int32(t.W) {
					continue spot
				}
			}
			out = append(out, chain.Point{X: x, Y: y})
		}
	}
	return out
}

// stamp writes t onto the map with its top-left corner at (x0, y0). Spawns and
// exits under the template are replaced by the template's own; tiles on the
// map's outer ring (and off the map) are left alone, so the border stays wall,
// and so is everything under a cell that keeps the map as it is (Cell.Keep).
// A start the template covers with something unwalkable moves to the nearest
// walkable tile; a template entity landing on the start is dropped.
func stamp(s *chain.State, t *prefab.Template, x0, y0 int) error {
	g := s.Map
	area := chain.R(x0, y0, t.W, t.H)
	covered := func(p chain.Point) bool { return area.Contains(p) && g.Inner(p) && !t.At(p.X-x0, p.Y-y0).Keep }
	s.Spawns = slices.DeleteFunc(s.Spawns, func(sp chain.Spawn) bool { return covered(sp.Pos()) })
	s.Exits = slices.DeleteFunc(s.Exits, func(e chain.Exit) bool { return covered(e.Pos()) })
	var start chain.Point
	hasStart := false
	for ty := range t.H {
		for tx := range t.W {
			p := chain.Point{X: x0 + tx, Y: y0 + ty}
			c := t.At(tx, ty)
			if !g.Inner(p) || c.Keep {
				continue
			}
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
			if c := t.At(tx, ty); g.Inner(p) && c.Exit && !c.Keep {
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
