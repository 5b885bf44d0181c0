package prefabedit

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// library lists the project's prefabs, then the built-in templates, with
// buttons to add, duplicate, rename and delete.
type library struct {
	p                  *Panel
	list               *widget.List
	items              []docRef // the rows: project prefabs, then built-ins
	syncing            bool
	obj                fyne.CanvasObject
	add, dup, ren, del *widgets.IconButton
}

func newLibrary(p *Panel) *library {
	lib := &library{p: p}
	lib.list = widget.NewList(func() int { return len(lib.items) }, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i >= len(lib.items) {
			return
		}
		r := lib.items[i]
		l := o.(*widget.Label)
		text := r.name
		if r.src == srcBuiltin {
			text += " (built-in)"
		}
		l.SetText(text)
	})
	lib.list.OnSelected = func(i widget.ListItemID) {
		if !lib.syncing && i < len(lib.items) {
			p.Open(lib.items[i].name)
		}
	}
	icon := func(res fyne.Resource, tip string, f func()) *widgets.IconButton {
		b := widgets.NewIconButton(res, tip, f)
		b.Importance = widget.LowImportance
		return b
	}
	lib.add = icon(theme.ContentAddIcon(), "New prefab", p.newDialog)
	lib.dup = icon(theme.ContentCopyIcon(), "Duplicate the prefab", p.duplicate)
	lib.ren = icon(theme.DocumentCreateIcon(), "Rename the prefab (the steps naming it follow)", p.renameDialog)
	lib.del = icon(theme.DeleteIcon(), "Delete the prefab", p.deleteDialog)
	head := container.NewVBox(widget.NewLabelWithStyle("Prefabs", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(lib.add, lib.dup, lib.ren, lib.del))
	lib.obj = container.NewBorder(head, nil, nil, nil, lib.list)
	return lib
}

// refresh lists the prefabs again and shows the one on show selected.
func (lib *library) refresh() {
	pr := lib.p.h.Project()
	var items []docRef
	for _, pf := range pr.Prefabs {
		items = append(items, docRef{src: srcProject, name: pf.Name})
	}
	for _, n := range prefab.Names() {
		items = append(items, docRef{src: srcBuiltin, name: n})
	}
	if !slices.EqualFunc(items, lib.items, docRef.same) {
		lib.items = items
		lib.list.Refresh()
	}
	lib.syncing = true
	defer func() { lib.syncing = false }()
	cur := lib.p.ref
	if i := slices.IndexFunc(items, cur.same); i >= 0 {
		lib.list.Select(i)
	} else {
		lib.list.UnselectAll()
	}
	own := cur.src == srcProject
	for _, b := range []*widgets.IconButton{lib.ren, lib.del} {
		if own {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	if cur.src == srcProject || cur.src == srcBuiltin {
		lib.dup.Enable()
	} else {
		lib.dup.Disable()
	}
}

// checkName says why name cannot name a new project prefab (nil: it can).
func checkName(pr *projects.Project, name string) error {
	switch {
	case name == "":
		return errors.New("give the prefab a name")
	case !projects.GoodPrefabName(name):
		return fmt.Errorf("%q: use letters, digits, _ and - only", name)
	case pr.Prefab(name) >= 0:
		return fmt.Errorf("there is a prefab %q already", name)
	}
	return nil
}

// sizeEntries returns entries for a width and a height (1 to the largest
// map) and a function reading them.
func sizeEntries(w, h int) (*widget.Entry, *widget.Entry, func() (int, int, error)) {
	we, he := widget.NewEntry(), widget.NewEntry()
	we.SetText(strconv.Itoa(w))
	he.SetText(strconv.Itoa(h))
	read := func() (int, int, error) {
		var out [2]int
		for i, e := range []*widget.Entry{we, he} {
			n, err := strconv.Atoi(strings.TrimSpace(e.Text))
			if err != nil || n < 1 || n > chain.MaxSize {
				return 0, 0, fmt.Errorf("%q: a size is a whole number from 1 to %d", e.Text, chain.MaxSize)
			}
			out[i] = n
		}
		return out[0], out[1], nil
	}
	return we, he, read
}

// form shows a dialog of items; ok runs when confirmed, and an error it
// returns is shown (the dialog closes either way).
func (p *Panel) form(title, confirm string, items []*widget.FormItem, ok func() error) {
	win := p.h.Window()
	if win == nil {
		return
	}
	d := dialog.NewForm(title, confirm, "Cancel", items, func(yes bool) {
		if !yes {
			return
		}
		if err := ok(); err != nil {
			p.h.ShowError(err)
		}
	}, win)
	d.Resize(fyne.NewSize(360, d.MinSize().Height))
	d.Show()
}

// newDialog asks for a name and a size and adds a blank prefab (floor inside
// a wall ring).
func (p *Panel) newDialog() {
	name := widget.NewEntry()
	name.SetText(p.h.Project().FreePrefabName("prefab"))
	we, he, size := sizeEntries(9, 7)
	p.form("New prefab", "Add", []*widget.FormItem{
		widget.NewFormItem("Name", name), widget.NewFormItem("Width", we), widget.NewFormItem("Height", he),
	}, func() error {
		w, h, err := size()
		if err != nil {
			return err
		}
		return p.AddPrefab(strings.TrimSpace(name.Text), blank(w, h))
	})
}

// AddPrefab adds t to the project's prefabs as name (one undo step) and
// shows it.
func (p *Panel) AddPrefab(name string, t *prefab.Template) error {
	p.catchUp()
	pr := p.h.Project()
	if err := checkName(pr, name); err != nil {
		return err
	}
	w, err := pr.PrefabLegend().Write(t)
	if err != nil {
		return err
	}
	p.h.EditProject("Add prefab "+name, "", func(pr *projects.Project) { pr.SetPrefab(name, w) })
	p.Open(name)
	return nil
}

// duplicate adds a copy of the prefab on show (a built-in's copy keeps its
// name: a project prefab of a built-in's name takes its place in every step).
func (p *Panel) duplicate() {
	if p.ref.src == srcBuiltin {
		p.copyBuiltin()
		return
	}
	rows, ok := p.ref.rows(p.h.Project())
	if !ok || p.ref.src != srcProject {
		return
	}
	pr := p.h.Project()
	name := pr.FreePrefabName(p.ref.name + "_copy")
	p.h.EditProject("Duplicate prefab "+p.ref.name, "", func(pr *projects.Project) {
		pr.Prefabs = append(pr.Prefabs, projects.Prefab{Name: name, Template: slices.Clone(rows)})
	})
	p.Open(name)
}

// copyBuiltin copies the built-in template on show into the project under
// its own name (a free one if the project has that name already), so it can
// be painted: steps naming it use the project's copy from then on.
func (p *Panel) copyBuiltin() {
	b, ok := prefab.Lookup(p.ref.name)
	if p.ref.src != srcBuiltin || !ok {
		return
	}
	name := p.h.Project().FreePrefabName(b.Name)
	p.h.EditProject("Copy built-in prefab "+b.Name, "", func(pr *projects.Project) {
		pr.Prefabs = append(pr.Prefabs, projects.Prefab{Name: name, Template: slices.Clone(b.Rows)})
	})
	p.Open(name)
}

// renameDialog asks for a new name for the project prefab on show; the
// steps that name it follow.
func (p *Panel) renameDialog() {
	if p.ref.src != srcProject {
		return
	}
	old := p.ref.name
	name := widget.NewEntry()
	name.SetText(old)
	uses := p.h.Project().PrefabUses(old)
	items := []*widget.FormItem{widget.NewFormItem("New name", name)}
	if len(uses) > 0 {
		msg := "The step that names it follows."
		if len(uses) > 1 {
			msg = fmt.Sprintf("The %d steps that name it follow.", len(uses))
		}
		items = append(items, widget.NewFormItem("", widgets.Hint(msg)))
	}
	p.form("Rename prefab "+old, "Rename", items, func() error { return p.Rename(old, strings.TrimSpace(name.Text)) })
}

// Rename renames the project prefab from to to, the steps that name it
// following (one undo step).
func (p *Panel) Rename(from, to string) error {
	p.catchUp()
	pr := p.h.Project()
	if from == to {
		return nil
	}
	if err := checkName(pr, to); err != nil {
		return err
	}
	var err error
	p.h.EditProject("Rename prefab "+from, "", func(pr *projects.Project) { _, err = pr.RenamePrefab(from, to) })
	if err != nil {
		return err
	}
	p.show(docRef{src: srcProject, name: to})
	return nil
}

// deleteDialog deletes the project prefab on show after confirming, listing
// the steps that name it first.
func (p *Panel) deleteDialog() {
	if p.ref.src != srcProject {
		return
	}
	name := p.ref.name
	pr := p.h.Project()
	msg := fmt.Sprintf("Delete the prefab %q?", name)
	if uses := pr.PrefabUses(name); len(uses) > 0 {
		var lines []string
		for _, u := range uses {
			lines = append(lines, "• "+u.String(pr))
		}
		then := "they will name a prefab the project no longer has"
		if _, ok := prefab.Lookup(name); ok {
			then = "they will use the built-in " + name + " again"
		}
		msg += fmt.Sprintf("\n\nThese steps name it (%s):\n%s", then, strings.Join(lines, "\n"))
	}
	win := p.h.Window()
	if win == nil {
		return
	}
	dialog.ShowConfirm("Delete prefab", msg, func(ok bool) {
		if ok {
			p.Delete(name)
		}
	}, win)
}

// Delete removes the project prefab name (one undo step).
func (p *Panel) Delete(name string) {
	p.catchUp()
	p.h.EditProject("Delete prefab "+name, "", func(pr *projects.Project) {
		if i := pr.Prefab(name); i >= 0 {
			pr.Prefabs = slices.Delete(pr.Prefabs, i, i+1)
		}
	})
}

// resizeDialog asks for the template's new size (cut or grown from its
// top-left corner, new cells wall).
func (p *Panel) resizeDialog() {
	if p.readOnly() {
		return
	}
	we, he, size := sizeEntries(p.base.W, p.base.H)
	p.form("Resize", "Resize", []*widget.FormItem{widget.NewFormItem("Width", we), widget.NewFormItem("Height", he),
		widget.NewFormItem("", widgets.Hint("From the top-left corner; new cells are wall."))}, func() error {
		w, h, err := size()
		if err != nil {
			return err
		}
		p.ResizeTo(w, h)
		return nil
	})
}

// ResizeTo makes the template w×h (one undo step).
func (p *Panel) ResizeTo(w, h int) {
	p.catchUp()
	if p.readOnly() {
		return
	}
	p.sel = chain.Rect{}
	p.commit("Resize prefab", resized(p.base, w, h))
}
