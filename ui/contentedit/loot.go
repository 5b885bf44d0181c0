package contentedit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/ui/internal/widgets"
)

// lootView lists the loot tables beside the chosen table's drops (weights
// edited in place, each with its odds), with add, rename and remove for
// tables (references follow a rename; a removal lists them first) and add
// and remove for drops.
type lootView struct {
	h     Host
	pack  *content.Pack
	obj   fyne.CanvasObject
	list  *widget.List
	names []string
	sel   int // chosen table (-1 for none)
	newNm *widget.Entry
	name  *widget.Entry
	drops *fyne.Container
	// dropScroll scrolls the drops.
	dropScroll *container.Scroll
	rows       []*dropRow
	addSel     *widget.SelectEntry
	users      *widget.Label
	status     *widget.Label
	// typing is set while a weight typed into a drop row is applied (the
	// rows stay, with the focus).
	typing bool
}

// dropRow is one drop's widgets.
type dropRow struct {
	name   string
	weight *widget.Entry
	odds   *widget.Label
	// mark highlights the row a chosen problem is about.
	mark *canvas.Rectangle
}

func newLootView(h Host) *lootView {
	v := &lootView{h: h, sel: -1}
	v.list = widget.NewList(func() int { return len(v.names) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(v.names[id]) })
	v.list.OnSelected = func(id widget.ListItemID) {
		if id != v.sel {
			v.sel = id
			v.build()
		}
	}
	v.newNm = widget.NewEntry()
	v.newNm.SetPlaceHolder("New loot table")
	v.newNm.OnSubmitted = func(string) { v.add() }
	addT := widgets.NewIconButton(theme.ContentAddIcon(), "Add a loot table named as typed", v.add)
	v.name = widget.NewEntry()
	v.name.OnSubmitted = func(s string) { v.rename(s) }
	rename := widget.NewButtonWithIcon("Rename", theme.DocumentCreateIcon(), func() { v.rename(v.name.Text) })
	remove := widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), v.confirmRemove)
	v.drops = container.NewVBox()
	v.dropScroll = container.NewVScroll(v.drops)
	v.addSel = widget.NewSelectEntry(nil)
	v.addSel.SetPlaceHolder("Item to add")
	addD := widget.NewButtonWithIcon("Add drop", theme.ContentAddIcon(), func() { v.addDrop(v.addSel.Text) })
	v.users = widget.NewLabel("")
	v.users.Wrapping = fyne.TextWrapWord
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	left := container.NewBorder(nil, container.NewBorder(nil, nil, nil, addT, v.newNm), nil, nil, v.list)
	head := container.NewBorder(nil, nil, widget.NewLabelWithStyle("Table", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(rename, remove), v.name)
	right := container.NewBorder(head, container.NewVBox(container.NewBorder(nil, nil, nil, addD, v.addSel), v.users, v.status),
		nil, nil, widgets.FormScroll(v.dropScroll))
	split := container.NewHSplit(left, right)
	split.Offset = 0.3
	v.obj = split
	return v
}

// refresh shows pk's loot tables, keeping the drop rows while a weight is
// typed into them.
func (v *lootView) refresh(pk *content.Pack) {
	v.pack = pk
	var names []string
	if pk != nil {
		for i := range pk.LootTables {
			names = append(names, pk.LootTables[i].Name)
		}
	}
	if !slices.Equal(names, v.names) {
		v.names = names
		v.list.Refresh()
	}
	if v.sel >= len(v.names) {
		v.sel = len(v.names) - 1
	}
	if v.sel < 0 && len(v.names) > 0 {
		v.sel = 0
	}
	if v.sel >= 0 {
		v.list.Select(v.sel)
	}
	if v.typing {
		v.showOdds()
		return
	}
	v.build()
}

// table is the chosen table of the pack shown, or nil.
func (v *lootView) table() *content.LootTable {
	if v.pack == nil || v.sel < 0 || v.sel >= len(v.pack.LootTables) {
		return nil
	}
	return &v.pack.LootTables[v.sel]
}

// build lays out the chosen table's drops.
func (v *lootView) build() {
	v.rows = nil
	v.drops.Objects = nil
	t := v.table()
	if t == nil {
		v.name.SetText("")
		v.users.SetText("")
		v.drops.Add(widget.NewLabel("No loot table: add one."))
		v.drops.Refresh()
		return
	}
	v.name.SetText(t.Name)
	cols := layout.NewGridLayoutWithColumns(4)
	head := container.New(cols)
	for _, s := range []string{"Drop", "Weight", "Odds", ""} {
		head.Add(widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	v.drops.Add(head)
	for j := range t.Drops {
		d := t.Drops[j]
		r := &dropRow{name: d.Name, weight: widget.NewEntry(), odds: widget.NewLabel(""),
			mark: canvas.NewRectangle(theme.Color(theme.ColorNameSelection))}
		r.mark.Hide()
		r.weight.SetText(strconv.Itoa(d.Weight))
		r.weight.Validator = func(s string) error { _, err := dropWeight(s); return err }
		r.weight.AlwaysShowValidationError = true // marked while refused, focused or not
		r.weight.OnChanged = func(s string) { v.setWeight(j, s) }
		rm := widgets.NewIconButton(theme.DeleteIcon(), "Remove this drop", func() { v.removeDrop(j) })
		name := widget.NewLabel(d.Name)
		name.Truncation = fyne.TextTruncateEllipsis
		v.drops.Add(container.NewStack(r.mark, container.New(cols, name, r.weight, r.odds, container.NewHBox(rm))))
		v.rows = append(v.rows, r)
	}
	v.drops.Refresh()
	enable(v.h.ReadOnly() != "", v.name, v.addSel)
	if v.h.ReadOnly() != "" {
		disableAll(v.drops)
	}
	var items []string
	for i := range v.pack.Items {
		if !slices.ContainsFunc(t.Drops, func(d content.LootDrop) bool { return d.Name == v.pack.Items[i].Name }) {
			items = append(items, v.pack.Items[i].Name)
		}
	}
	v.addSel.SetOptions(items)
	v.showOdds()
}

// showOdds writes each drop's chance and the mobs that use the table.
func (v *lootView) showOdds() {
	t := v.table()
	if t == nil {
		return
	}
	total := 0
	for _, d := range t.Drops {
		total += max(d.Weight, 0)
	}
	for j, r := range v.rows {
		if j >= len(t.Drops) {
			break
		}
		if r.weight.Validate() != nil {
			continue // the odds column says why the typed weight is refused
		}
		p := 0.0
		if total > 0 {
			p = float64(max(t.Drops[j].Weight, 0)) / float64(total)
		}
		r.odds.Importance = widget.MediumImportance
		r.odds.SetText(fmt.Sprintf("%.1f%%", 100*p))
	}
	var mobs []string
	for _, path := range v.pack.LootTableRefs(t.Name) {
		var i int
		if _, err := fmt.Sscanf(path, "mobs[%d]", &i); err == nil && i < len(v.pack.Mobs) {
			mobs = append(mobs, v.pack.Mobs[i].Name)
		}
	}
	if len(mobs) == 0 {
		v.users.SetText("No mob drops from this table.")
	} else {
		v.users.SetText("Dropped by: " + strings.Join(mobs, ", "))
	}
}

// editTable applies f to the chosen table of a copy of the pack.
func (v *lootView) editTable(label, key string, f func(pk *content.Pack, t *content.LootTable) error) error {
	i := v.sel
	err := v.h.EditPack(label, key, func(pk *content.Pack) error {
		if i < 0 || i >= len(pk.LootTables) {
			return fmt.Errorf("no loot table is chosen")
		}
		return f(pk, &pk.LootTables[i])
	})
	v.report(err)
	return err
}

// report shows err (or clears the message).
func (v *lootView) report(err error) {
	if err != nil {
		v.status.SetText("⚠ " + reason(err).Error())
	} else {
		v.status.SetText("")
	}
}

// dropWeight reads a typed drop weight, or says why it is refused.
func dropWeight(s string) (int, error) {
	w, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		return 0, fmt.Errorf("weight %q is not a whole number", s)
	case w < 0:
		return 0, fmt.Errorf("weight %d is negative", w)
	}
	return w, nil
}

// setWeight sets drop j's weight to the typed s, or says why it is refused:
// the field is marked and the reason shows beside it, in the odds column.
func (v *lootView) setWeight(j int, s string) {
	w, err := dropWeight(s)
	if err != nil {
		v.report(err)
		if j < len(v.rows) {
			v.rows[j].odds.SetText("⚠ " + err.Error())
			v.rows[j].odds.Importance = widget.DangerImportance
			v.rows[j].odds.Refresh()
		}
		return
	}
	v.typing = true
	defer func() { v.typing = false }()
	v.editTable("Edit drop weight", fmt.Sprintf("loot:%d:%d:weight", v.sel, j), func(_ *content.Pack, t *content.LootTable) error {
		if j >= len(t.Drops) {
			return fmt.Errorf("no drop %d", j+1)
		}
		t.Drops[j].Weight = w
		return nil
	})
	v.showOdds() // the odds again where a refusal was said
}

// add adds a loot table named as typed and chooses it.
func (v *lootView) add() {
	name := strings.TrimSpace(v.newNm.Text)
	err := v.h.EditPack("Add loot table "+name, "", func(pk *content.Pack) error {
		switch {
		case name == "":
			return fmt.Errorf("a loot table needs a name")
		case pk.LootTable(name) != nil:
			return fmt.Errorf("%q is already a loot table", name)
		}
		pk.AddLootTable(name)
		return nil
	})
	v.report(err)
	if err == nil {
		v.newNm.SetText("")
		v.sel = len(v.names) - 1
		v.list.Select(v.sel)
		v.build()
	}
}

// rename renames the chosen table; the mobs using it follow.
func (v *lootView) rename(name string) {
	t := v.table()
	if t == nil || t.Name == name {
		return
	}
	old := t.Name
	var changed []string
	err := v.editTable("Rename loot table "+old, "", func(pk *content.Pack, _ *content.LootTable) error {
		var err error
		changed, err = pk.RenameLootTable(old, name)
		return err
	})
	if err == nil {
		v.status.SetText(fmt.Sprintf("Renamed %q to %q: %s follow.", old, name, jsonfile.Count(len(changed)-1, "mob")))
	}
}

// confirmRemove lists the mobs using the chosen table and removes it once
// confirmed.
func (v *lootView) confirmRemove() {
	t := v.table()
	if t == nil {
		return
	}
	name := t.Name
	msg := fmt.Sprintf("Remove loot table %q?", name)
	if refs := v.pack.LootTableRefs(name); len(refs) > 0 {
		msg += "\nReferred to by: " + strings.Join(refs, ", ") +
			".\nThose mobs keep the name (the problems list reports them) until you give them another table."
	}
	do := func() {
		if v.editTable("Remove loot table "+name, "", func(pk *content.Pack, _ *content.LootTable) error {
			pk.RemoveLootTable(name)
			return nil
		}) == nil {
			v.sel = min(v.sel, len(v.names)-1)
			v.build()
		}
	}
	if w := v.h.Window(); w != nil {
		dialog.ShowConfirm("Remove loot table", msg, func(ok bool) {
			if ok {
				do()
			}
		}, w)
		return
	}
	do()
}

// addDrop adds item to the chosen table with weight 1.
func (v *lootView) addDrop(item string) {
	item = strings.TrimSpace(item)
	if v.editTable("Add drop "+item, "", func(pk *content.Pack, t *content.LootTable) error {
		if s, ok := pk.SectionOf(item); !ok || s != "items" {
			return fmt.Errorf("%q is not an item of the pack", item)
		}
		if slices.ContainsFunc(t.Drops, func(d content.LootDrop) bool { return d.Name == item }) {
			return fmt.Errorf("%q drops from %q already", item, t.Name)
		}
		t.Drops = append(t.Drops, content.LootDrop{Name: item, Weight: 1})
		return nil
	}) == nil {
		v.addSel.SetText("")
	}
}

// removeDrop removes drop j of the chosen table.
func (v *lootView) removeDrop(j int) {
	v.editTable("Remove drop", "", func(_ *content.Pack, t *content.LootTable) error {
		if j >= len(t.Drops) {
			return fmt.Errorf("no drop %d", j+1)
		}
		t.Drops = slices.Delete(t.Drops, j, j+1)
		return nil
	})
}

// focusPath chooses table i and focuses drop j's weight (j < 0: the name).
func (v *lootView) focusPath(i, j int) {
	if v.pack == nil || i < 0 || i >= len(v.pack.LootTables) {
		return
	}
	v.sel = i
	v.list.Select(i)
	v.build()
	var target fyne.Focusable = v.name
	if j >= 0 && j < len(v.rows) {
		target = v.rows[j].weight
		v.rows[j].mark.Show() // the row the problem is about
		v.dropScroll.Refresh()
		scrollTo(v.dropScroll, v.drops.Objects[j+1].Position().Y) // under the head row
	}
	if w := v.h.Window(); w != nil {
		w.Canvas().Focus(target)
	}
}
