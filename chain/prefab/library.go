package prefab

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// Builtin is a built-in template: the tutorial's prefab_levels,
// prefab_sections and prefab_rooms (after the Rust roguelike tutorial, MIT).
// Its Rows and Template are shared: do not change them.
type Builtin struct {
	Name string
	// Use is "level", "section" or "room": what the template was drawn for
	// (any template works in any mode).
	Use string
	// FirstDepth and LastDepth bound the depths at which a room vault may appear.
	FirstDepth, LastDepth int
	// PlaceX and PlaceY are a section's own placement (the tutorial's
	// PrefabSection.placement): left/center/right, top/center/bottom; "" for
	// none (a project prefab's, a level's or a room's).
	PlaceX, PlaceY string
	Rows           []string
	Template       *Template
}

// library holds the built-in templates in a fixed order, parsed when first
// needed (nothing is done at init: every run of hewn would pay for it).
var library = sync.OnceValue(func() []Builtin {
	entries := builtins()
	for i := range entries {
		if entries[i].Name == "wfc_populated" {
			entries[i].Rows = wfcPopulatedRows()
		}
	}
	return mustParseLibrary(entries)
})

// builtins are the built-in templates in library order, unparsed, and
// without the rows of wfc_populated (read from its REXPaint file by library).
func builtins() []Builtin {
	return []Builtin{
		{Name: "wfc_populated", Use: "level", FirstDepth: 0, LastDepth: 1000},
		{Name: "underground_fort", Use: "section", FirstDepth: 0, LastDepth: 1000, PlaceX: "right", PlaceY: "top", Rows: []string{
			"     #         ",
			"  #######      ",
			"  #     #      ",
			"  #     #######",
			"  #  g        #",
			"  #     #######",
			"  #     #      ",
			"  ### ###      ",
			"    # #        ",
			"    # #        ",
			"    # ##       ",
			"    ^          ",
			"    ^          ",
			"    # ##       ",
			"    # #        ",
			"    # #        ",
			"    # #        ",
			"    # #        ",
			"  ### ###      ",
			"  #     #      ",
			"  #     #      ",
			"  #  g  #      ",
			"  #     #      ",
			"  #     #      ",
			"  ### ###      ",
			"    # #        ",
			"    # #        ",
			"    # #        ",
			"    # ##       ",
			"    ^          ",
			"    ^          ",
			"    # ##       ",
			"    # #        ",
			"    # #        ",
			"    # #        ",
			"  ### ###      ",
			"  #     #      ",
			"  #     #######",
			"  #  g        #",
			"  #     #######",
			"  #     #      ",
			"  #######      ",
			"     #         ",
		}},
		{Name: "orc_camp", Use: "section", FirstDepth: 0, LastDepth: 1000, PlaceX: "center", PlaceY: "center", Rows: []string{
			"            ",
			" ########## ",
			" ≈☼      ☼≈ ",
			" ≈ g      ≈ ",
			" ≈        ≈ ",
			" ≈    g   ≈ ",
			" o   O    o ",
			" ≈        ≈ ",
			" ≈ g      ≈ ",
			" ≈    g   ≈ ",
			" ≈☼      ☼≈ ",
			" ≈≈≈≈o≈≈≈≈≈ ",
		}},
		{Name: "drow_entry", Use: "section", FirstDepth: 0, LastDepth: 1000, PlaceX: "center", PlaceY: "center", Rows: []string{
			"            ",
			" ########## ",
			" #        # ",
			" #   >    # ",
			" #        # ",
			" #e       # ",
			"    e     # ",
			" #e       # ",
			" ########## ",
			"            ",
		}},
		{Name: "totally_not_a_trap", Use: "room", FirstDepth: 0, LastDepth: 100, Rows: []string{
			"     ",
			" ^^^ ",
			" ^!^ ",
			" ^^^ ",
			"     ",
		}},
		{Name: "checkerboard", Use: "room", FirstDepth: 0, LastDepth: 100, Rows: []string{
			"      ",
			" #^#  ",
			" g#%# ",
			" #!#  ",
			" ^# # ",
			"      ",
		}},
		{Name: "silly_smile", Use: "room", FirstDepth: 0, LastDepth: 100, Rows: []string{
			"      ",
			" ^  ^ ",
			"  ##  ",
			"      ",
			" #### ",
			"      ",
		}},
	}
}

func mustParseLibrary(entries []Builtin) []Builtin {
	for i := range entries {
		t, err := Parse(entries[i].Rows)
		if err != nil {
			panic(fmt.Sprintf("prefab: built-in %s: %v", entries[i].Name, err))
		}
		entries[i].Template = t
	}
	return entries
}

// Lookup finds a built-in template by name.
func Lookup(name string) (Builtin, bool) {
	lib := library()
	i := slices.IndexFunc(lib, func(e Builtin) bool { return e.Name == name })
	if i < 0 {
		return Builtin{}, false
	}
	return lib[i], true
}

// Names lists the built-in templates in library order (levels, then
// sections, then room vaults).
func Names() []string {
	lib := builtins()
	out := make([]string, len(lib))
	for i, e := range lib {
		out[i] = e.Name
	}
	return out
}

// Vaults names the built-in room vaults (Use "room"), in library order.
func Vaults() []string {
	var out []string
	for _, e := range builtins() {
		if e.Use == "room" {
			out = append(out, e.Name)
		}
	}
	return out
}

// Find resolves a prefab name as a chain run does: the project's templates
// (by name, as chain.State.Templates holds them, parsed with l) first, then
// the built-ins. A project template has no placement of its own and suits
// every depth. The error for an unknown name lists the names there are.
func (l *Legend) Find(name string, project map[string][]string) (Builtin, error) {
	if rows, ok := project[name]; ok {
		t, err := l.Parse(rows)
		if err != nil {
			return Builtin{}, fmt.Errorf("project prefab %q: %w", name, err)
		}
		return Builtin{Name: name, FirstDepth: 0, LastDepth: math.MaxInt, Rows: rows, Template: t}, nil
	}
	if e, ok := Lookup(name); ok {
		return e, nil
	}
	msg := fmt.Sprintf("unknown prefab %q (built-in: %s", name, strings.Join(Names(), ", "))
	if len(project) > 0 {
		names := make([]string, 0, len(project))
		for k := range project {
			names = append(names, k)
		}
		slices.Sort(names)
		msg += "; project: " + strings.Join(names, ", ")
	}
	return Builtin{}, errors.New(msg + ")")
}
