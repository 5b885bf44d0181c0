package special

import (
	"fmt"
	"slices"
)

// prefabEntry is a built-in template: the tutorial's prefab_levels,
// prefab_sections and prefab_rooms (after the Rust roguelike tutorial, MIT).
type prefabEntry struct {
	name string
	// use is "level", "section" or "room" (what the template was drawn for;
	// any template works in any mode).
	use string
	// firstDepth and lastDepth bound the depths at which a room vault may appear.
	firstDepth, lastDepth int
	// placeX and placeY are a section's own placement (the tutorial's
	// PrefabSection.placement): left/center/right, top/center/bottom.
	placeX, placeY string
	rows           []string
	tmpl           *Template
}

// library holds the built-in templates in a fixed order.
var library = mustParseLibrary([]prefabEntry{
	{name: "wfc_populated", use: "level", firstDepth: 0, lastDepth: 1000, rows: wfcPopulatedRows},
	{name: "underground_fort", use: "section", firstDepth: 0, lastDepth: 1000, placeX: "right", placeY: "top", rows: []string{
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
	{name: "orc_camp", use: "section", firstDepth: 0, lastDepth: 1000, placeX: "center", placeY: "center", rows: []string{
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
	{name: "drow_entry", use: "section", firstDepth: 0, lastDepth: 1000, placeX: "center", placeY: "center", rows: []string{
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
	{name: "totally_not_a_trap", use: "room", firstDepth: 0, lastDepth: 100, rows: []string{
		"     ",
		" ^^^ ",
		" ^!^ ",
		" ^^^ ",
		"     ",
	}},
	{name: "checkerboard", use: "room", firstDepth: 0, lastDepth: 100, rows: []string{
		"      ",
		" #^#  ",
		" g#%# ",
		" #!#  ",
		" ^# # ",
		"      ",
	}},
	{name: "silly_smile", use: "room", firstDepth: 0, lastDepth: 100, rows: []string{
		"      ",
		" ^  ^ ",
		"  ##  ",
		"      ",
		" #### ",
		"      ",
	}},
})

func mustParseLibrary(entries []prefabEntry) []prefabEntry {
	for i := range entries {
		t, err := ParseTemplate(entries[i].rows)
		if err != nil {
			panic(fmt.Sprintf("special: built-in prefab %s: %v", entries[i].name, err))
		}
		entries[i].tmpl = t
	}
	return entries
}

// builtin finds a built-in template by name.
func builtin(name string) (prefabEntry, bool) {
	i := slices.IndexFunc(library, func(e prefabEntry) bool { return e.name == name })
	if i < 0 {
		return prefabEntry{}, false
	}
	return library[i], true
}

// BuiltinTemplateNames lists the built-in prefab templates in library order
// (levels, then sections, then room vaults).
func BuiltinTemplateNames() []string {
	out := make([]string, len(library))
	for i, e := range library {
		out[i] = e.name
	}
	return out
}

// BuiltinTemplate returns a copy of the rows of the named built-in template.
func BuiltinTemplate(name string) ([]string, bool) {
	e, ok := builtin(name)
	return slices.Clone(e.rows), ok
}

// builtinVaults names the built-in room vaults: the default of room_vaults' "vaults".
func builtinVaults() []string {
	var out []string
	for _, e := range library {
		if e.use == "room" {
			out = append(out, e.name)
		}
	}
	return out
}
