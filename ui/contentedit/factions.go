package contentedit

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"hewn/content"
	"hewn/ui/internal/widgets"
)

// defaultKey is the response key every other faction falls back to.
const defaultKey = "Default"

// responseChoices are a cell's choices; "" falls back to Default.
var responseChoices = []string{"", string(content.Attack), string(content.Ignore), string(content.Flee)}

// factionView is the faction matrix: a row per faction, a column for
// Default and one per faction, each cell a response.
type factionView struct {
	h        Host
	pack     *content.Pack
	obj      fyne.CanvasObject
	grid     *fyne.Container
	cells    map[[2]string]*widgets.Select
	names    []string
	hints    *widget.Label
	status   *widget.Label
	newNm    *widget.Entry
	updating bool
}

func newFactionView(h Host) *factionView {
	v := &factionView{h: h, cells: map[[2]string]*widgets.Select{}}
	v.grid = container.NewVBox()
	v.hints = widget.NewLabel("")
	v.hints.Wrapping = fyne.TextWrapWord
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.newNm = widget.NewEntry()
	v.newNm.SetPlaceHolder("New faction name")
	add := widget.NewButton("Add faction", func() {
		name := strings.TrimSpace(v.newNm.Text)
		if v.add(name) {
			v.newNm.SetText("")
		}
	})
	help := widget.NewLabel("Row: how that faction's members react to the column's. Empty falls back to Default.")
	help.Wrapping = fyne.TextWrapWord
	// the hints scroll with the matrix: a pack may have many asymmetric pairs
	v.obj = container.NewBorder(help,
		container.NewVBox(container.NewBorder(nil, nil, nil, add, v.newNm), v.status), nil, nil,
		container.NewScroll(container.NewVBox(v.grid, v.hints)))
	return v
}

// refresh shows pk's faction table, rebuilding the grid only when the
// factions changed.
func (v *factionView) refresh(pk *content.Pack) {
	v.pack = pk
	var names []string
	if pk != nil {
		for i := range pk.FactionTable {
			names = append(names, pk.FactionTable[i].Name)
		}
	}
	if !slices.Equal(names, v.names) {
		v.names = names
		v.build()
	}
	v.updating = true
	for i := range names {
		f := &pk.FactionTable[i]
		for _, other := range append([]string{defaultKey}, names...) {
			val, _ := f.Responses.Get(other)
			if s := v.cells[[2]string{f.Name, other}]; s != nil && s.Selected != val {
				s.SetQuietly(val)
			}
		}
	}
	v.updating = false
	ro := v.h.ReadOnly() != ""
	for _, sel := range v.cells {
		enable(ro, sel)
	}
	enable(ro, v.newNm)
	v.hints.SetText(asymmetries(pk))
}

// build lays the grid out for v.names.
func (v *factionView) build() {
	v.cells = map[[2]string]*widgets.Select{}
	cols := append([]string{defaultKey}, v.names...)
	rows := []fyne.CanvasObject{}
	header := container.New(layout.NewGridLayoutWithColumns(len(cols) + 2))
	header.Add(widget.NewLabelWithStyle("Faction", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	for _, c := range cols {
		l := widget.NewLabelWithStyle(c, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		l.Wrapping = fyne.TextWrapWord // "Hungry Rodents" on two lines, not cut
		header.Add(wide(l))
	}
	header.Add(widget.NewLabel(""))
	rows = append(rows, header)
	for _, f := range v.names {
		row := container.New(layout.NewGridLayoutWithColumns(len(cols) + 2))
		name := widget.NewEntry()
		name.SetText(f)
		name.OnSubmitted = func(s string) {
			if !v.rename(f, s) {
				name.SetText(f) // refused: the status says why, the row keeps its name
			}
		}
		row.Add(wide(name))
		for _, c := range cols {
			sel := widgets.NewSelect(responseChoices, func(s string) { v.set(f, c, s) })
			sel.PlaceHolder = " "
			v.cells[[2]string{f, c}] = sel
			row.Add(wide(sel))
		}
		row.Add(widget.NewButton("Remove", func() { v.confirmRemove(f) }))
		rows = append(rows, row)
	}
	v.grid.Objects = rows
	v.grid.Refresh()
}

// cellWidth is the narrowest a matrix column gets: a response ("attack")
// and a faction's name read whole; a pack with many factions scrolls
// sideways instead of cutting them.
const cellWidth = 112

// wide gives o at least cellWidth.
func wide(o fyne.CanvasObject) fyne.CanvasObject {
	r := canvas.NewRectangle(color.Transparent)
	r.SetMinSize(fyne.NewSize(cellWidth, 0))
	return container.NewStack(r, o)
}

// set sets f's response to other ("" removes it, falling back to Default).
func (v *factionView) set(f, other, val string) {
	if v.updating {
		return
	}
	edit(v.h, v.status, fmt.Sprintf("%s → %s: %s", f, other, orDefault(val)), "", func(pk *content.Pack) error {
		if val == "" {
			pk.RemoveResponse(f, other)
			return nil
		}
		return pk.SetResponse(f, other, content.Response(val))
	})
}

func orDefault(val string) string {
	if val == "" {
		return "default"
	}
	return val
}

// add adds a faction named name.
func (v *factionView) add(name string) bool {
	if name == "" || name == defaultKey {
		v.status.SetText(fmt.Sprintf("⚠ %q cannot name a faction", name))
		return false
	}
	if v.pack != nil && v.pack.Faction(name) != nil {
		v.status.SetText(fmt.Sprintf("⚠ faction %q already exists", name))
		return false
	}
	return edit(v.h, v.status, "Add faction "+name, "", func(pk *content.Pack) error {
		pk.AddFaction(name)
		return nil
	})
}

// rename renames faction old (mobs and other factions' responses follow)
// and reports whether it did.
func (v *factionView) rename(old, name string) bool {
	return edit(v.h, v.status, "Rename faction "+old, "", func(pk *content.Pack) error {
		return renameFaction(pk, old, name)
	})
}

// confirmRemove lists what refers to f and removes it once confirmed.
func (v *factionView) confirmRemove(f string) {
	if v.pack == nil {
		return
	}
	msg := fmt.Sprintf("Remove faction %q?", f)
	if refs := factionRefs(v.pack, f); len(refs) > 0 {
		msg += "\nReferred to by: " + strings.Join(refs, ", ") +
			".\nResponses to it are removed; mobs keep the name (the problems list reports them)."
	}
	if w := v.h.Window(); w != nil {
		dialog.ShowConfirm("Remove faction", msg, func(ok bool) {
			if ok {
				v.remove(f)
			}
		}, w)
		return
	}
	v.remove(f)
}

func (v *factionView) remove(f string) {
	edit(v.h, v.status, "Remove faction "+f, "", func(pk *content.Pack) error {
		if !removeFaction(pk, f) {
			return fmt.Errorf("no faction %q", f)
		}
		return nil
	})
}

// asymmetries lists pairs that react differently to each other.
func asymmetries(pk *content.Pack) string {
	if pk == nil {
		return ""
	}
	var out []string
	ft := pk.FactionTable
	for i := range ft {
		for j := i + 1; j < len(ft); j++ {
			a, b := ft[i].Name, ft[j].Name
			ab, ba := pk.Reaction(a, b), pk.Reaction(b, a)
			if ab != ba {
				out = append(out, fmt.Sprintf("%s %s %s, but %s %s %s", a, verb(ab), b, b, verb(ba), a))
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "Asymmetric: " + strings.Join(out, "; ") + "."
}

func verb(r content.Response) string {
	switch r {
	case content.Attack:
		return "attacks"
	case content.Flee:
		return "flees"
	}
	return "ignores"
}

// renameFaction renames faction old to name: mobs' faction fields and other
// factions' responses follow. It refuses an empty, reserved or taken name.
func renameFaction(pk *content.Pack, old, name string) error {
	name = strings.TrimSpace(name)
	f := pk.Faction(old)
	switch {
	case f == nil:
		return fmt.Errorf("no faction %q", old)
	case name == "":
		return fmt.Errorf("a faction needs a name")
	case name == defaultKey:
		return fmt.Errorf("%q is the fallback response, not a faction name", name)
	case name == old:
		return nil
	case pk.Faction(name) != nil:
		return fmt.Errorf("faction %q already exists", name)
	}
	f.Name = name
	for i := range pk.Mobs {
		if pk.Mobs[i].Faction == old {
			pk.Mobs[i].Faction = name
		}
	}
	for i := range pk.FactionTable {
		for j := range pk.FactionTable[i].Responses {
			if r := &pk.FactionTable[i].Responses[j]; r.Key == old {
				r.Key = name
			}
		}
	}
	return nil
}

// factionRefs lists what refers to faction name: its mobs and the factions
// with a response to it.
func factionRefs(pk *content.Pack, name string) []string {
	var out []string
	for i := range pk.Mobs {
		if pk.Mobs[i].Faction == name {
			out = append(out, "mob "+pk.Mobs[i].Name)
		}
	}
	for i := range pk.FactionTable {
		f := &pk.FactionTable[i]
		if _, ok := f.Responses.Get(name); ok && f.Name != name {
			out = append(out, "faction "+f.Name)
		}
	}
	return out
}

// removeFaction removes faction name and the other factions' responses to
// it (mobs keep the name for validation to report).
func removeFaction(pk *content.Pack, name string) bool {
	if !pk.RemoveFaction(name) {
		return false
	}
	for i := range pk.FactionTable {
		pk.FactionTable[i].Responses.Delete(name)
	}
	return true
}
