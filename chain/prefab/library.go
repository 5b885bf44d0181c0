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

// library holds the built-in templates in a fixed order, each parsed when
// first looked up (nothing is done at init, and a run that uses one section
// does not read the REXPaint file of wfc_populated: every run of hewn would
// pay for it).
var library = sync.OnceValue(func() []*libEntry {
	entries := builtins()
	out := make([]*libEntry, len(entries))
	for i := range entries {
		out[i] = &libEntry{name: entries[i].Name, b: entries[i]}
	}
	return out
})

// libEntry is one built-in template, parsed by its first get.
type libEntry struct {
	name string // b.Name, read without the once
	once sync.Once
	b    Builtin
}

// get returns the entry parsed (wfc_populated's rows read first).
func (e *libEntry) get() Builtin {
	e.once.Do(func() {
		if e.b.Name == "wfc_populated" {
			e.b.Rows = wfcPopulatedRows()
		}
		e.b = mustParseLibrary([]Builtin{e.b})[0]
	})
	return e.b
}

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
	i := slices.IndexFunc(lib, func(e *libEntry) bool { return e.name == name })
	if i < 0 {
		return Builtin{}, false
	}
	return lib[i].get(), true
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
