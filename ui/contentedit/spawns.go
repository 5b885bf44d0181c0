package contentedit

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/ui/internal/widgets"
)

// The spawn table's columns, in order (also the sort keys).
const (
	colName = iota
	colSection
	colWeight
	colMin
	colMax
	colAddDepth
	numCols
)

var colTitles = [numCols]string{"Name", "Section", "Weight", "Min depth", "Max depth", "+Depth"}

// spawnView is the spawn table (filter, sort, edit in place, add, remove)
// beside its odds views.
type spawnView struct {
	h    Host
	pack *content.Pack
	secs map[string]chain.Section // the section defining each name of pack
	obj  fyne.CanvasObject

	filter, depthFilter *widget.Entry
	sortCol             int
	sortDesc            bool
	header              *fyne.Container
	rowsBox             *fyne.Container
	scroll              *container.Scroll // the header and the rows
	rows                map[string]*spawnRow
	shown               []string // names of the rows in rowsBox, in order
	status              *widget.Label
	addSel              *widget.SelectEntry
	addOpts             []string
	addBtn              *widget.Button
	readOnly            bool // the host refuses edits: the inputs are disabled
	odds                *oddsView
	side                *container.AppTabs // the odds views and "This level"
	level               *widget.Label
}

// spawnRow is one entry's widgets.
type spawnRow struct {
	v                *spawnView
	name             string
	obj              fyne.CanvasObject
	section          *widget.Label
	weight, min, max *widget.Entry
	add              *widgets.Check
	remove           *widget.Button
	updating         bool
	// why says, under the row, why a typed value is refused (the field is
	// marked too); mark highlights the row a problem was chosen for.
	why  *widget.Label
	mark *canvas.Rectangle
}

func newSpawnView(h Host) *spawnView {
	v := &spawnView{h: h, rows: map[string]*spawnRow{}}
	v.filter = widget.NewEntry()
	v.filter.SetPlaceHolder("Filter by name or section")
	v.filter.OnChanged = func(string) { v.layoutRows() }
	v.depthFilter = widget.NewEntry()
	v.depthFilter.SetPlaceHolder("Depth")
	v.depthFilter.OnChanged = func(string) { v.layoutRows() }
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.header = container.New(layout.NewGridLayoutWithColumns(numCols + 1))
	for c := range numCols {
		v.header.Add(widget.NewButton(colTitles[c], func() { v.sortBy(c) }))
	}
	v.header.Add(widget.NewLabel(""))
	v.rowsBox = container.NewVBox()
	v.addSel = widget.NewSelectEntry(nil)
	v.addSel.SetPlaceHolder("Entity to add")
	v.addBtn = widget.NewButton("Add", func() { v.addEntry(v.addSel.Text) })
	addBtn := v.addBtn
	top := container.NewBorder(nil, nil, nil, container.NewGridWrap(fyne.NewSize(70, 36), v.depthFilter), v.filter)
	bottom := container.NewVBox(container.NewBorder(nil, nil, nil, addBtn, v.addSel), v.status)
	v.scroll = container.NewScroll(container.NewBorder(v.header, nil, nil, nil, v.rowsBox))
	table := container.NewBorder(top, bottom, nil, nil, widgets.FormScroll(v.scroll))
	v.odds = newOddsView(h, func(err string) { v.status.SetText(err) })
	v.level = widget.NewLabel("")
	v.side = container.NewAppTabs(
		container.NewTabItem("Odds at a depth", v.odds.atObj),
		container.NewTabItem("Across depths", v.odds.heatObj),
		container.NewTabItem("This level", container.NewVScroll(v.level)),
	)
	split := container.NewVSplit(table, v.side)
	split.Offset = 0.55
	v.obj = split
	return v
}

// refresh shows pk: row values, the rows' order and filter, the odds.
func (v *spawnView) refresh(pk *content.Pack) {
	v.pack = pk
	v.secs = sections(pk)
	v.readOnly = v.h.ReadOnly() != ""
	enable(v.readOnly, v.addSel, v.addBtn)
	if pk == nil {
		v.rows = map[string]*spawnRow{}
		v.layoutRows()
		v.odds.refresh(nil, nil)
		return
	}
	seen := make(map[string]bool, len(pk.SpawnTable))
	for i := range pk.SpawnTable {
		e := &pk.SpawnTable[i]
		if seen[e.Name] {
			continue // the first entry of a duplicated name is the one edited
		}
		seen[e.Name] = true
		r := v.rows[e.Name]
		if r == nil {
			r = v.newRow(e.Name)
			v.rows[e.Name] = r
		}
		r.show(v.secs, e)
	}
	for name := range v.rows {
		if !seen[name] {
			delete(v.rows, name)
		}
	}
	names := pk.Names()
	var options []string
	for _, n := range names {
		if !seen[n] {
			options = append(options, n)
		}
	}
	if !slices.Equal(options, v.addOpts) {
		v.addOpts = options
		v.addSel.SetOptions(options)
	}
	v.layoutRows()
	v.odds.refresh(pk, v.h.Project())
	v.refreshLevel()
}

// layoutRows puts the rows that pass the filters into rowsBox, sorted; it
// rebuilds the box only when the list of names changed.
func (v *spawnView) layoutRows() {
	var list []*content.SpawnEntry
	if v.pack != nil {
		q := strings.ToLower(strings.TrimSpace(v.filter.Text))
		depth, depthErr := strconv.Atoi(strings.TrimSpace(v.depthFilter.Text))
		for i := range v.pack.SpawnTable {
			e := &v.pack.SpawnTable[i]
			if v.rows[e.Name] == nil || slices.ContainsFunc(list, func(o *content.SpawnEntry) bool { return o.Name == e.Name }) {
				continue
			}
			sec := v.secs[e.Name]
			if q != "" && !strings.Contains(strings.ToLower(e.Name), q) && !strings.Contains(string(sec), q) {
				continue
			}
			if depthErr == nil && !e.Eligible(depth) {
				continue
			}
			list = append(list, e)
		}
	}
	slices.SortStableFunc(list, func(a, b *content.SpawnEntry) int {
		c := v.compare(a, b)
		if v.sortDesc {
			return -c
		}
		return c
	})
	names := make([]string, len(list))
	for i, e := range list {
		names[i] = e.Name
	}
	if slices.Equal(names, v.shown) {
		return
	}
	v.shown = names
	objs := make([]fyne.CanvasObject, len(names))
	for i, n := range names {
		objs[i] = v.rows[n].obj
	}
	v.rowsBox.Objects = objs
	v.rowsBox.Refresh()
}

func (v *spawnView) compare(a, b *content.SpawnEntry) int {
	switch v.sortCol {
	case colSection:
		return cmp.Compare(v.secs[a.Name], v.secs[b.Name])
	case colWeight:
		return cmp.Compare(a.Weight, b.Weight)
	case colMin:
		return cmp.Compare(a.MinDepth, b.MinDepth)
	case colMax:
		return cmp.Compare(a.MaxDepth, b.MaxDepth)
	case colAddDepth:
		return cmp.Compare(b2i(a.AddMapDepthToWeight), b2i(b.AddMapDepthToWeight))
	}
	return strings.Compare(a.Name, b.Name)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sortBy sorts by column c (again: reversed).
func (v *spawnView) sortBy(c int) {
	if v.sortCol == c {
		v.sortDesc = !v.sortDesc
	} else {
		v.sortCol, v.sortDesc = c, false
	}
	v.shown = nil
	v.layoutRows()
}

func (v *spawnView) newRow(name string) *spawnRow {
	r := &spawnRow{v: v, name: name, section: widget.NewLabel("")}
	r.weight, r.min, r.max = widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	for _, en := range []*widget.Entry{r.weight, r.min, r.max} {
		en.OnChanged = func(string) { r.commit() }
		en.Validator = func(string) error { // the mark: this field holds the refused value
			if _, bad, err := r.parse(); bad == en {
				return err
			}
			return nil
		}
		en.AlwaysShowValidationError = true // marked while refused, focused or not
	}
	r.why = widget.NewLabel("")
	r.why.Importance = widget.DangerImportance
	r.why.Wrapping = fyne.TextWrapWord
	r.why.Hide()
	r.mark = canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	r.mark.Hide()
	r.add = widgets.NewCheck("", func(bool) { r.commit() })
	r.remove = widget.NewButton("Remove", func() { v.removeEntry(name) })
	nameLabel := widget.NewLabel(name)
	nameLabel.Truncation = fyne.TextTruncateEllipsis
	r.obj = container.NewStack(r.mark, container.NewVBox(container.New(layout.NewGridLayoutWithColumns(numCols+1),
		nameLabel, r.section, r.weight, r.min, r.max, r.add, r.remove), r.why))
	return r
}

// refuse marks the field holding the refused value (its Validator says
// which), with err's reason under the row; err nil clears every mark.
func (r *spawnRow) refuse(err error) {
	for _, en := range []*widget.Entry{r.weight, r.min, r.max} {
		en.Validate()
	}
	if err == nil {
		r.why.Hide()
		return
	}
	r.why.SetText("⚠ " + err.Error() + " (the table keeps the last good value)")
	r.why.Show()
}

// show sets the row's widgets from e (without committing them back).
func (r *spawnRow) show(secs map[string]chain.Section, e *content.SpawnEntry) {
	r.updating = true
	defer func() { r.updating = false }()
	sec, ok := secs[e.Name]
	if !ok {
		sec = "undefined"
	}
	if r.section.Text != string(sec) {
		r.section.SetText(string(sec))
	}
	setText(r.weight, strconv.Itoa(e.Weight))
	setText(r.min, strconv.Itoa(e.MinDepth))
	setText(r.max, strconv.Itoa(e.MaxDepth))
	if r.add.Checked != e.AddMapDepthToWeight {
		r.add.SetChecked(e.AddMapDepthToWeight)
	}
	enable(r.v.readOnly, r.weight, r.min, r.max, r.add, r.remove)
	if _, _, err := r.parse(); err == nil {
		r.refuse(nil) // the pack's values again (an undo): nothing is refused
	}
}

// setText sets en's text unless it already reads the same number (so a
// value being typed, e.g. "05", is left alone).
func setText(en *widget.Entry, s string) {
	if n, err := strconv.Atoi(strings.TrimSpace(en.Text)); err == nil && strconv.Itoa(n) == s {
		return
	}
	en.SetText(s)
}

// parse reads the row's widgets into an entry, or says why a value is
// refused and which field holds it.
func (r *spawnRow) parse() (content.SpawnEntry, *widget.Entry, error) {
	e := content.SpawnEntry{Name: r.name, AddMapDepthToWeight: r.add.Checked}
	var err error
	var bad *widget.Entry
	num := func(en *widget.Entry, what string) int {
		n, perr := strconv.Atoi(strings.TrimSpace(en.Text))
		if perr != nil && err == nil {
			err, bad = fmt.Errorf("%s: %s must be a whole number, not %q", r.name, what, en.Text), en
		}
		return n
	}
	e.Weight = num(r.weight, "weight")
	e.MinDepth = num(r.min, "min depth")
	e.MaxDepth = num(r.max, "max depth")
	switch {
	case err != nil:
	case e.Weight < 0:
		err, bad = fmt.Errorf("%s: weight must be ≥ 0, not %d", r.name, e.Weight), r.weight
	case e.Weight > content.MaxWeight:
		err, bad = fmt.Errorf("%s: weight must be ≤ %d", r.name, content.MaxWeight), r.weight
	case e.MinDepth < 0:
		err, bad = fmt.Errorf("%s: min depth must be ≥ 0, not %d", r.name, e.MinDepth), r.min
	case e.MinDepth > e.MaxDepth:
		err, bad = fmt.Errorf("%s: min depth must be ≤ max depth (%d > %d)", r.name, e.MinDepth, e.MaxDepth), r.min
	}
	return e, bad, err
}

// commit writes the row's values into the pack when they are valid, else
// marks the refused field and says why beside it (the pack keeps its last
// good values).
func (r *spawnRow) commit() {
	if r.updating {
		return
	}
	e, _, err := r.parse()
	r.refuse(err)
	if err != nil {
		r.v.status.SetText("⚠ " + err.Error())
		return
	}
	if old, ok := r.v.pack.Spawn(r.name); ok && old.Weight == e.Weight && old.MinDepth == e.MinDepth &&
		old.MaxDepth == e.MaxDepth && old.AddMapDepthToWeight == e.AddMapDepthToWeight {
		r.v.status.SetText("")
		return
	}
	edit(r.v.h, r.v.status, "Spawn "+r.name, "spawn:"+r.name, func(pk *content.Pack) error {
		pk.SetSpawn(e)
		return nil
	})
}

// highlight marks the row (a problem chosen in the Problems list is about
// it), scrolls the table to it and clears the mark of every other row.
func (v *spawnView) highlight(name string) {
	for n, r := range v.rows {
		if n == name {
			r.mark.Show()
		} else {
			r.mark.Hide()
		}
	}
	r := v.rows[name]
	if r == nil || v.scroll == nil {
		return
	}
	v.scroll.Refresh() // lay the rows out first: a row just shown has no place yet
	scrollTo(v.scroll, v.rowsBox.Position().Y+r.obj.Position().Y)
}

// scrollTo scrolls sc so that the content at height y is at its top (as
// near as the content's end allows).
func scrollTo(sc *container.Scroll, y float32) {
	sc.ScrollToOffset(fyne.NewPos(sc.Offset.X, y))
}

// addEntry adds name (a known entity) to the spawn table.
func (v *spawnView) addEntry(name string) {
	name = strings.TrimSpace(name)
	if v.pack == nil || name == "" {
		return
	}
	if _, ok := v.secs[name]; !ok {
		v.status.SetText(fmt.Sprintf("⚠ %q is not an item, mob or prop of this pack", name))
		return
	}
	if _, ok := v.pack.Spawn(name); ok {
		v.status.SetText(fmt.Sprintf("⚠ %q is already in the spawn table", name))
		return
	}
	if edit(v.h, v.status, "Add spawn "+name, "", func(pk *content.Pack) error {
		pk.SetSpawn(content.SpawnEntry{Name: name, Weight: 1, MinDepth: 1, MaxDepth: 100})
		return nil
	}) {
		v.addSel.SetText("")
		v.reveal(name)
	}
}

// reveal shows the row of name, just added, and says so: a filter that
// hides it is cleared (an entry added out of sight looked like no entry
// added), and the table scrolls to it.
func (v *spawnView) reveal(name string) {
	msg := fmt.Sprintf("Added %s to the spawn table: weight 1, depths 1–100.", name)
	if !slices.Contains(v.shown, name) && (v.filter.Text != "" || v.depthFilter.Text != "") {
		v.filter.SetText("")
		v.depthFilter.SetText("")
		msg += " The filter hid it, so it is cleared."
	}
	v.status.SetText(msg)
	r := v.rows[name]
	if r == nil || !slices.Contains(v.shown, name) {
		return
	}
	y := v.header.MinSize().Height + theme.Padding() + r.obj.Position().Y
	if top := v.scroll.Offset.Y; y < top || y+r.obj.Size().Height > top+v.scroll.Size().Height {
		v.scroll.ScrollToOffset(fyne.NewPos(v.scroll.Offset.X, y))
	}
}

// removeEntry removes name from the spawn table.
func (v *spawnView) removeEntry(name string) {
	edit(v.h, v.status, "Remove spawn "+name, "", func(pk *content.Pack) error {
		if !pk.RemoveSpawn(name) {
			return fmt.Errorf("%q is not in the spawn table", name)
		}
		return nil
	})
}

// refreshLevel counts the spawns of the level on screen by name.
func (v *spawnView) refreshLevel() {
	spawns, depth := v.h.LevelSpawns()
	v.level.SetText(spawnCounts(spawns, depth))
}

// spawnCounts describes spawns as counts by name, most first.
func spawnCounts(spawns []chain.Spawn, depth int) string {
	if depth == 0 {
		return "No level generated yet."
	}
	counts := map[string]int{}
	for _, s := range spawns {
		counts[s.Name]++
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), strings.Compare(a, b))
	})
	var sb strings.Builder
	fmt.Fprintf(&sb, "Depth %d: %s\n", depth, jsonfile.Count(len(spawns), "spawn"))
	for _, n := range names {
		fmt.Fprintf(&sb, "%4d  %s\n", counts[n], n)
	}
	return sb.String()
}

// sections maps each name pk defines (items with their template_magic
// variants, mobs, props) to its section; the first definition wins.
func sections(pk *content.Pack) map[string]chain.Section {
	if pk == nil {
		return nil
	}
	m := make(map[string]chain.Section, len(pk.Items)+len(pk.Mobs)+len(pk.Props))
	put := func(name string, s chain.Section) {
		if _, ok := m[name]; !ok {
			m[name] = s
		}
	}
	for i := range pk.Items {
		put(pk.Items[i].Name, chain.Items)
		for _, n := range content.MagicNames(&pk.Items[i]) {
			put(n, chain.Items)
		}
	}
	for i := range pk.Mobs {
		put(pk.Mobs[i].Name, chain.Mobs)
	}
	for i := range pk.Props {
		put(pk.Props[i].Name, chain.Props)
	}
	return m
}

// enable disables ws when off is true, else enables them (only those that change).
func enable(off bool, ws ...fyne.Disableable) {
	for _, w := range ws {
		if w.Disabled() != off {
			if off {
				w.Disable()
			} else {
				w.Enable()
			}
		}
	}
}
