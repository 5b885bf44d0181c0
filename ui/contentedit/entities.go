package contentedit

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// entityView browses the items, mobs and props (search, section) beside
// the selected one's form (entityForm).
type entityView struct {
	h       Host
	pack    *content.Pack
	obj     fyne.CanvasObject
	search  *widget.Entry
	section *widgets.Select
	list    *widget.List
	shown   []content.EntityRef
	sel     content.EntityRef
	hasSel  bool
	form    *entityForm
	formBox *fyne.Container
	scroll  *container.Scroll
	status  *widget.Label
	// tips shows the form's help over it
	tips *widgets.TipLayer
	// the toolbar under the list
	newBtn, dupBtn, delBtn *widget.Button
	// title names the entity whose form is shown
	title *widget.Label
	// typing is set while an edit typed into the form is applied: the form
	// keeps its widgets (and the focus) when the panel refreshes.
	typing bool
	// rebuild is set while an edit that changes the form's shape (a list
	// row added or removed) is applied.
	rebuild bool
}

// The section filter's choices.
var sectionChoices = []string{"All", "Items", "Mobs", "Props"}

func newEntityView(h Host) *entityView {
	v := &entityView{h: h}
	v.search = widget.NewEntry()
	v.search.SetPlaceHolder("Search by name")
	v.search.OnChanged = func(string) { v.filter() }
	v.list = widget.NewList(func() int { return len(v.shown) }, v.newItem, v.updateItem)
	v.section = widgets.NewSelect(sectionChoices, func(string) { v.filter() })
	v.section.SetQuietly("All")
	v.list.OnSelected = func(id widget.ListItemID) {
		if id >= 0 && id < len(v.shown) && (!v.hasSel || v.shown[id] != v.sel) {
			v.choose(v.shown[id])
		}
	}
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide()
	v.formBox = container.NewVBox(widget.NewLabel("Choose an item, mob or prop to edit it."))
	v.scroll = container.NewVScroll(container.NewPadded(v.formBox))
	v.newBtn = widget.NewButtonWithIcon("New", theme.ContentAddIcon(), v.newMenu)
	v.dupBtn = widget.NewButtonWithIcon("Duplicate", theme.ContentCopyIcon(), v.duplicate)
	v.delBtn = widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), v.askDelete)
	v.section.PlaceHolder = "Props" // as narrow as its longest choice
	v.title = heading("")
	v.title.Truncation = fyne.TextTruncateEllipsis
	head := container.NewBorder(nil, nil, nil, container.NewHBox(v.dupBtn, v.delBtn), v.title)
	left := container.NewBorder(container.NewVBox(v.search, container.NewBorder(nil, nil, nil, v.newBtn, v.section)), nil, nil, nil, v.list)
	v.tips = widgets.NewTipLayer()
	right := container.NewStack(widgets.FormScroll(v.scroll), v.tips.Layer())
	v.scroll.OnScrolled = func(fyne.Position) { v.tips.Hide() }
	split := container.NewHSplit(left, container.NewBorder(head, v.status, nil, nil, right))
	split.Offset = 0.3
	v.obj = split
	return v
}

// newItem is a list row: the glyph in its colours, the name, the section.
func (v *entityView) newItem() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Black)
	bg.SetMinSize(fyne.NewSize(22, 22))
	g := canvas.NewText("", color.White)
	g.TextStyle.Monospace = true
	g.Alignment = fyne.TextAlignCenter
	name := widget.NewLabel("")
	name.Truncation = fyne.TextTruncateEllipsis
	sec := widget.NewLabel("")
	sec.Importance = widget.LowImportance
	return container.NewBorder(nil, nil, container.NewCenter(container.NewStack(bg, g)), sec, name)
}

func (v *entityView) updateItem(id widget.ListItemID, o fyne.CanvasObject) {
	if v.pack == nil || id >= len(v.shown) {
		return
	}
	x, ok := v.pack.Entity(v.shown[id])
	if !ok {
		return
	}
	c := o.(*fyne.Container)
	var name, sec *widget.Label
	var swatch *fyne.Container
	for _, obj := range c.Objects {
		switch t := obj.(type) {
		case *widget.Label:
			if t.Importance == widget.LowImportance {
				sec = t
			} else {
				name = t
			}
		case *fyne.Container:
			swatch = t.Objects[0].(*fyne.Container)
		}
	}
	name.SetText(x.Name())
	sec.SetText(strings.TrimSuffix(string(x.Ref.Section), "s"))
	bg, g := swatch.Objects[0].(*canvas.Rectangle), swatch.Objects[1].(*canvas.Text)
	g.Text, g.Color, bg.FillColor = "", color.White, color.Black
	if r := x.Renderable(); r != nil {
		g.Text = r.Glyph
		if c, ok := parseHex(r.FG); ok {
			g.Color = c
		}
		if c, ok := parseHex(r.BG); ok {
			bg.FillColor = c
		}
	}
	g.Refresh()
	bg.Refresh()
}

// refresh shows pk: the list, and the form (kept, with the values updated,
// while the designer types into it).
func (v *entityView) refresh(pk *content.Pack) {
	v.pack = pk
	v.filter()
	ro := pk == nil || v.h.ReadOnly() != ""
	enable(ro, v.newBtn)
	defer func() { enable(ro || !v.hasSel, v.dupBtn, v.delBtn) }()
	if pk == nil {
		v.hasSel = false
		v.formBox.Objects = []fyne.CanvasObject{widget.NewLabel("The content pack is not loaded.")}
		v.formBox.Refresh()
		return
	}
	if v.hasSel {
		if _, ok := pk.Entity(v.sel); !ok {
			v.hasSel = false
		}
	}
	if !v.hasSel && len(v.shown) > 0 {
		v.sel, v.hasSel = v.shown[0], true
		v.form = nil
	}
	if v.form != nil && v.form.ref == v.sel && v.typing && !v.rebuild {
		v.form.refresh(pk)
		return
	}
	v.buildForm()
}

// filter lists the entities matching the search and section.
func (v *entityView) filter() {
	v.shown = v.shown[:0]
	if v.pack != nil {
		q := strings.ToLower(strings.TrimSpace(v.search.Text))
		sec := map[string]chain.Section{"Items": chain.Items, "Mobs": chain.Mobs, "Props": chain.Props}[v.section.Selected]
		for _, r := range v.pack.Entities() {
			x, _ := v.pack.Entity(r)
			if (sec == "" || r.Section == sec) && strings.Contains(strings.ToLower(x.Name()), q) {
				v.shown = append(v.shown, r)
			}
		}
	}
	v.list.Refresh()
	v.markSelected()
}

// markSelected selects the chosen entity's row in the list (if shown).
func (v *entityView) markSelected() {
	for i, r := range v.shown {
		if v.hasSel && r == v.sel {
			v.list.Select(i)
			return
		}
	}
	v.list.UnselectAll()
}

// choose shows the form of ref.
func (v *entityView) choose(ref content.EntityRef) {
	v.sel, v.hasSel = ref, true
	v.buildForm()
	v.markSelected()
}

// buildForm builds the selected entity's form.
func (v *entityView) buildForm() {
	if v.pack == nil {
		return
	}
	if !v.hasSel {
		v.form = nil
		v.title.SetText("")
		v.formBox.Objects = []fyne.CanvasObject{widget.NewLabel("Choose an item, mob or prop to edit it.")}
		v.formBox.Refresh()
		return
	}
	v.form = newEntityForm(v, v.pack, v.sel)
	if x, ok := v.pack.Entity(v.sel); ok {
		v.title.SetText(fmt.Sprintf("%s (%s)", x.Name(), strings.TrimSuffix(string(v.sel.Section), "s")))
	}
	v.formBox.Objects = []fyne.CanvasObject{v.form.obj}
	v.formBox.Refresh()
}

// edit applies f to the selected entity of a copy of the pack (one undo
// step; key coalesces typing) and returns why it was refused.
func (v *entityView) edit(label, key string, f func(x content.Entity) error) error {
	ref := v.sel
	v.typing = true
	defer func() { v.typing, v.rebuild = false, false }()
	err := v.h.EditPack(label, key, func(pk *content.Pack) error {
		x, ok := pk.Entity(ref)
		if !ok {
			return fmt.Errorf("the entity is gone")
		}
		return f(x)
	})
	return reason(err)
}

// editRebuild is edit for changes that reshape the form (list rows). An
// edit's f may ask for the same by setting rebuild.
func (v *entityView) editRebuild(label string, f func(x content.Entity) error) error {
	v.rebuild = true
	defer func() { v.rebuild = false }()
	return v.edit(label, "", f)
}

// rename renames the entity ref addresses to name, with every reference in
// the pack and the levels' steps (one undo step). When prefab legends place
// it (they are fixed and cannot follow), it asks first.
func (v *entityView) rename(ref content.EntityRef, name string) {
	pk := v.pack
	x, ok := pk.Entity(ref)
	if !ok || x.Name() == name {
		return
	}
	old := x.Name()
	do := func() {
		var changed []string
		err := v.h.EditProjectAndPack("Rename "+old, func(p *projects.Project, pk *content.Pack) error {
			var err error
			changed, err = p.RenameEntity(pk, old, name)
			return err
		})
		if err != nil {
			v.say("⚠ " + reason(err).Error())
			if v.form != nil {
				v.form.report("name", err, v.form.inputs["name"])
			}
			return
		}
		v.say(fmt.Sprintf("Renamed %q to %q: %d references followed (%s).", old, name, len(changed)-1, strings.Join(changed, ", ")))
	}
	legend := v.h.Project().LegendPlacements(old)
	if len(legend) == 0 || v.h.Window() == nil {
		do()
		return
	}
	msg := widget.NewLabel(fmt.Sprintf("These prefabs place %q through the fixed prefab legend, which cannot follow a rename; "+
		"after it they place a %q the pack no longer defines:\n\n%s\n\nRename anyway?", old, old, strings.Join(legend, "\n")))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Rename "+old, "Rename", "Cancel", msg, func(ok bool) {
		if ok {
			do()
		}
	}, v.h.Window())
	d.Resize(fyne.NewSize(520, 320))
	d.Show()
}

// say shows msg under the form (hidden when empty).
func (v *entityView) say(msg string) {
	v.status.SetText(msg)
	v.status.Hidden = msg == ""
	v.status.Refresh()
}

// focusPath selects the entity at ref and gives the keyboard focus to the
// form's input for sub, a JSON path below it ("natural.attacks[0].damage");
// a key the form does not model scrolls to the read-only JSON.
func (v *entityView) focusPath(ref content.EntityRef, sub string) {
	if v.pack == nil {
		return
	}
	if _, ok := v.pack.Entity(ref); !ok {
		return
	}
	v.search.SetText("")
	v.section.SetSelected("All")
	v.choose(ref)
	for i, r := range v.shown {
		if r == ref {
			v.list.ScrollTo(i)
		}
	}
	i := content.FieldFor(ref.Section, sub)
	if i < 0 || v.form == nil {
		if v.form != nil && v.form.extra != nil {
			v.scroll.ScrollToBottom()
		}
		return
	}
	fd := &content.EntityFields[i]
	in := v.form.inputs[fd.Key]
	if fd.Kind == content.FieldList {
		x, _ := v.pack.Entity(ref)
		row, col := fd.Locate(x, strings.TrimPrefix(sub, fd.Key))
		if c := v.form.cellInput(fd.Key, row, col); c != nil {
			in = c
		}
	}
	if fo, ok := in.(fyne.Focusable); ok && v.h.Window() != nil {
		v.h.Window().Canvas().Focus(fo)
	}
}

// reason drops the package prefix of a content or projects error: the
// designer reads "bad dice ...", not "content: bad dice ...".
func reason(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, pre := range []string{"content: ", "projects: "} {
		msg = strings.TrimPrefix(msg, pre)
	}
	return plainError(msg)
}

type plainError string

func (e plainError) Error() string { return string(e) }
