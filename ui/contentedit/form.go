package contentedit

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/internal/widgets"
)

// entityForm is the form of one entity, built entirely from
// content.EntityGroups (no per-section or per-field form code): a heading
// per group (with Add or Remove for an object the raws may leave out), each
// field's input by kind, its error line (why a typed value is refused) and
// help (a tip on its label), then the keys no descriptor models, read-only as JSON (kept as they
// are on save).
type entityForm struct {
	v   *entityView
	ref content.EntityRef
	// inputs holds each field's main input by key (tests drive them).
	inputs map[string]fyne.CanvasObject
	errs   map[string]*widget.Label
	// cols holds a list field's cell inputs by key, row and column.
	cols map[string][][]fyne.CanvasObject
	// nones holds each select's text for the empty value.
	nones map[*widgets.Select]string
	// groups holds each optional group's Add or Remove button by key.
	groups   map[string]*widget.Button
	preview  *glyphPreview
	swatches map[string]*canvas.Rectangle
	extra    *widget.Label
	extraBox *fyne.Container
	obj      fyne.CanvasObject
	// updating is set while the form writes values into its own inputs.
	updating bool
}

// noneChoice shows the empty value of a reference or enum select (with
// what leaving the field out means, when the field says).
const noneChoice = "(none)"

// noneFor is the text of fd's empty choice.
func noneFor(fd *content.EntityField) string {
	if fd.Blank == "" {
		return noneChoice
	}
	return "(none: " + fd.Blank + ")"
}

// labelWidth is the width of the fields' labels.
const labelWidth = 110

// newEntityForm builds the form of the entity ref addresses in pk.
func newEntityForm(v *entityView, pk *content.Pack, ref content.EntityRef) *entityForm {
	f := &entityForm{v: v, ref: ref, inputs: map[string]fyne.CanvasObject{}, errs: map[string]*widget.Label{},
		cols: map[string][][]fyne.CanvasObject{}, nones: map[*widgets.Select]string{}, groups: map[string]*widget.Button{}, swatches: map[string]*canvas.Rectangle{}}
	x, ok := pk.Entity(ref)
	if !ok {
		f.obj = widget.NewLabel("Choose an item, mob or prop to edit it.")
		return f
	}
	rows := container.NewVBox()
	first := true
	for i := range content.EntityGroups {
		g := &content.EntityGroups[i]
		if g.Applies(ref.Section) {
			f.group(rows, pk, x, g, first)
			first = false
		}
	}
	f.extra = widget.NewLabel("")
	f.extra.TextStyle.Monospace = true
	f.extra.Wrapping = fyne.TextWrapBreak
	note := heading("What Hewn does not model (read-only, kept as it is on save)")
	note.Wrapping = fyne.TextWrapWord
	f.extraBox = container.NewVBox(widget.NewSeparator(), note, f.extra)
	rows.Add(f.extraBox)
	f.showDerived(x)
	f.obj = rows
	if v.h.ReadOnly() != "" {
		disableAll(rows)
	}
	return f
}

func heading(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

func caption(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.Importance = widget.LowImportance
	l.SizeName = theme.SizeNameCaptionText
	return l
}

// group adds g's heading and, when x has its object, its fields to rows.
// The first group, the entity's own fields, goes under the view's title.
func (f *entityForm) group(rows *fyne.Container, pk *content.Pack, x content.Entity, g *content.EntityGroup, first bool) {
	if first {
		for i := range g.Fields {
			rows.Add(f.row(pk, x, &g.Fields[i], false))
		}
		return
	}
	rows.Add(widget.NewSeparator())
	title := heading(g.Label)
	title.Truncation = fyne.TextTruncateEllipsis
	head := fyne.CanvasObject(title)
	present := g.Present(x)
	if g.Optional(f.ref.Section) {
		var b *widget.Button
		if present {
			b = widget.NewButtonWithIcon("Remove", theme.DeleteIcon(), func() { f.toggleGroup(g, false) })
		} else {
			b = widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), func() { f.toggleGroup(g, true) })
		}
		b.Importance = widget.LowImportance
		f.groups[g.Key] = b
		head = container.NewBorder(nil, nil, nil, b, head)
	}
	rows.Add(head)
	if g.Help != "" {
		rows.Add(caption(g.Help))
	}
	if !present {
		return
	}
	for i := range g.Fields {
		rows.Add(f.row(pk, x, &g.Fields[i], len(g.Fields) == 1 && g.Fields[i].Label == g.Label))
	}
}

// toggleGroup adds or removes g's object (one undo step).
func (f *entityForm) toggleGroup(g *content.EntityGroup, add bool) {
	verb, do := "Remove ", g.Remove
	if add {
		verb, do = "Add ", g.Add
	}
	if err := f.v.editRebuild(verb+strings.ToLower(g.Label), do); err != nil {
		f.v.say("⚠ " + err.Error())
	}
}

// disableAll disables every input under o (a read-only pack).
func disableAll(o fyne.CanvasObject) {
	switch t := o.(type) {
	case *fyne.Container:
		for _, c := range t.Objects {
			disableAll(c)
		}
	case fyne.Disableable:
		enable(true, t)
	}
}

// row builds one field's label (its help shows while the pointer rests on
// it; a list the heading names already has none), input and error line.
func (f *entityForm) row(pk *content.Pack, x content.Entity, fd *content.EntityField, unlabelled bool) fyne.CanvasObject {
	errl := widget.NewLabel("")
	errl.Importance = widget.DangerImportance
	errl.Wrapping = fyne.TextWrapWord
	errl.Hide()
	f.errs[fd.Key] = errl
	tip := widgets.NewTipLabel(f.v.tips)
	tip.SetText(fd.Label)
	if fd.Help != "" {
		tip.Full = fd.Label + ": " + fd.Help
	}
	label := container.NewGridWrap(fyne.NewSize(labelWidth, 36), tip)
	if fd.Kind == content.FieldList {
		if unlabelled {
			return container.NewVBox(caption(fd.Help), f.list(pk, x, fd), errl)
		}
		return container.NewVBox(label, f.list(pk, x, fd), errl)
	}
	return container.NewVBox(container.NewBorder(nil, nil, label, nil, f.input(pk, x, fd)), errl)
}

// input builds the input of a field that is not a list, by kind.
func (f *entityForm) input(pk *content.Pack, x content.Entity, fd *content.EntityField) fyne.CanvasObject {
	key := fd.Key
	if fd.Kind == content.FieldName {
		en := widget.NewEntry()
		en.SetText(fd.Get(x))
		rename := widget.NewButtonWithIcon("Rename", theme.DocumentCreateIcon(), func() { f.v.rename(f.ref, en.Text) })
		en.OnSubmitted = func(s string) { f.v.rename(f.ref, s) }
		f.inputs[key] = en
		return container.NewBorder(nil, nil, nil, rename, en)
	}
	in := f.valueInput(pk, fd, fd.Get(x), fd.Optional(f.ref.Section), func(s string) {
		f.report(key, f.v.edit("Edit "+strings.ToLower(fd.Label), f.editKey(key), func(x content.Entity) error { return fd.Set(x, s) }), f.inputs[key])
	})
	f.inputs[key] = in
	switch fd.Kind {
	case content.FieldGlyph:
		f.preview = newGlyphPreview()
		return container.NewBorder(nil, nil, nil, f.preview, in)
	case content.FieldColour:
		sw := canvas.NewRectangle(color.Transparent)
		sw.SetMinSize(fyne.NewSize(28, 28))
		sw.StrokeColor = theme.Color(theme.ColorNameForeground)
		sw.StrokeWidth = 1
		f.swatches[key] = sw
		en := in.(*widget.Entry)
		pick := widgets.NewIconButton(theme.ColorPaletteIcon(), "Pick a colour", func() { f.pickColour(fd, en) })
		return container.NewBorder(nil, nil, nil, container.NewHBox(container.NewCenter(sw), pick), in)
	}
	return in
}

// valueInput is the input of one value of rule fd showing cur: a select
// for enums and references, a check for booleans, an entry with
// suggestions for texts that have some, else an entry (numbers, dice,
// glyphs, colours: checked as typed). set receives what the designer
// chose or typed.
func (f *entityForm) valueInput(pk *content.Pack, fd *content.EntityField, cur string, optional bool, set func(string)) fyne.CanvasObject {
	switch fd.Kind {
	case content.FieldEnum, content.FieldRef:
		none := noneFor(fd)
		sel := widgets.NewSelect(choices(fd.Options(pk, optional), cur, fd.Fold, none), func(s string) {
			if !f.updating {
				set(fromChoice(s, none))
			}
		})
		f.nones[sel] = none
		sel.PlaceHolder = " " // a select is as narrow as its placeholder lets it be
		sel.SetQuietly(toChoice(cur, none))
		return sel
	case content.FieldBool:
		ch := widgets.NewCheck("", func(on bool) {
			if !f.updating {
				set(fmt.Sprint(on))
			}
		})
		f.updating = true
		ch.SetChecked(cur == "true")
		f.updating = false
		return ch
	case content.FieldFlag:
		l := widget.NewLabel("(no value)")
		l.Importance = widget.LowImportance
		return l
	}
	if opts := fd.Options(pk, false); fd.Kind == content.FieldText && len(opts) > 0 {
		se := widget.NewSelectEntry(opts)
		se.SetText(cur)
		se.OnChanged = func(s string) {
			if !f.updating {
				set(s)
			}
		}
		if optional && fd.Blank != "" {
			se.SetPlaceHolder(leftOut(fd.Blank))
		}
		se.AlwaysShowValidationError = true
		return se
	}
	en := widget.NewEntry()
	en.SetText(cur)
	en.OnChanged = func(s string) {
		if !f.updating {
			set(s)
		}
	}
	if optional && fd.Blank != "" {
		en.SetPlaceHolder(leftOut(fd.Blank))
	}
	en.AlwaysShowValidationError = true
	return en
}

// leftOut is the placeholder of an optional field: what leaving it empty
// (out of the file) means.
func leftOut(blank string) string { return "left out: " + blank }

// inputKind is the kind of input valueInput gives rule: a select, a
// check, a label or an entry.
func inputKind(rule *content.EntityField) content.FieldKind {
	switch rule.Kind {
	case content.FieldEnum, content.FieldRef:
		return content.FieldEnum
	case content.FieldBool, content.FieldFlag:
		return rule.Kind
	}
	return content.FieldText
}

// list builds a list field's rows (an input per column, and Remove) and its
// Add button.
func (f *entityForm) list(pk *content.Pack, x content.Entity, fd *content.EntityField) fyne.CanvasObject {
	box := container.NewVBox()
	n := fd.Len(x)
	grid := make([][]fyne.CanvasObject, n)
	spacer := func() fyne.CanvasObject {
		r := canvas.NewRectangle(color.Transparent)
		r.SetMinSize(widget.NewButtonWithIcon("", theme.DeleteIcon(), nil).MinSize())
		return r
	}
	if n > 0 && len(fd.Columns) > 1 {
		heads := container.NewGridWithColumns(len(fd.Columns))
		for _, c := range fd.Columns {
			heads.Add(widget.NewLabelWithStyle(c.Label, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
		}
		box.Add(container.NewBorder(nil, nil, nil, spacer(), heads))
	}
	for i := range n {
		row := container.NewGridWithColumns(len(fd.Columns))
		for c := range fd.Columns {
			rule := fd.Rule(x, i, c)
			key := fd.Key
			// an entry's key sets the rule of its value: when the value
			// needs another kind of input, the form is built again
			keyed := len(fd.Columns) == 2 && fd.Columns[1].ByKey != nil && c == 0
			var valueInput content.FieldKind
			if keyed {
				valueInput = inputKind(fd.Rule(x, i, 1))
			}
			in := f.valueInput(pk, rule, fd.Cell(x, i, c), false, func(s string) {
				label := fmt.Sprintf("Edit %s %s", strings.ToLower(fd.Label), strings.ToLower(fd.Columns[c].Label))
				err := f.v.edit(label, f.editKey(fmt.Sprintf("%s[%d].%d", key, i, c)), func(x content.Entity) error {
					if err := fd.SetCell(x, i, c, s); err != nil {
						return err
					}
					if keyed && inputKind(fd.Rule(x, i, 1)) != valueInput {
						f.v.rebuild = true
					}
					return nil
				})
				f.report(key, err, f.cellInput(key, i, c))
			})
			grid[i] = append(grid[i], in)
			row.Add(in)
		}
		remove := widgets.NewIconButton(theme.DeleteIcon(), "Remove this row", func() {
			f.report(fd.Key, f.v.editRebuild("Remove "+strings.ToLower(fd.Label), func(x content.Entity) error {
				return fd.RemoveRow(x, i)
			}), nil)
		})
		box.Add(container.NewBorder(nil, nil, nil, remove, row))
	}
	f.cols[fd.Key] = grid
	add := widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), func() {
		f.report(fd.Key, f.v.editRebuild("Add "+strings.ToLower(fd.Label), fd.AddRow), nil)
	})
	box.Add(container.NewHBox(add))
	f.inputs[fd.Key] = box
	return box
}

// cellInput is the input of row i's column c of list key, or nil.
func (f *entityForm) cellInput(key string, i, c int) fyne.CanvasObject {
	if rows := f.cols[key]; i < len(rows) && c < len(rows[i]) {
		return rows[i][c]
	}
	return nil
}

// editKey is the undo coalescing key of typing into field key.
func (f *entityForm) editKey(key string) string { return "entity:" + f.ref.Path() + ":" + key }

// report shows err (or clears it) under field key and marks the input it
// is about.
func (f *entityForm) report(key string, err error, in fyne.CanvasObject) {
	if en := entryOf(in); en != nil {
		en.SetValidationError(err)
	}
	l := f.errs[key]
	if l == nil {
		return
	}
	if err == nil {
		l.Hide()
		return
	}
	l.SetText("⚠ " + reason(err).Error())
	l.Show()
}

// entryOf is the entry of an input (an entry or an entry with suggestions).
func entryOf(in fyne.CanvasObject) *widget.Entry {
	switch t := in.(type) {
	case *widget.Entry:
		return t
	case *widget.SelectEntry:
		return &t.Entry
	}
	return nil
}

// pickColour opens a colour picker for fd, starting at the entry's colour.
func (f *entityForm) pickColour(fd *content.EntityField, en *widget.Entry) {
	w := f.v.h.Window()
	if w == nil {
		return
	}
	var cur color.Color
	if c, ok := parseHex(en.Text); ok {
		cur = c
	}
	widgets.PickColour(w, "Pick a colour", fd.Label, cur, func(c color.RGBA) { en.SetText(chain.Hex(c)) })
}

// refresh writes pk's values into the inputs, keeping the one that has the
// keyboard focus as typed (the designer may be typing an invalid value), and
// updates the preview and the read-only JSON.
func (f *entityForm) refresh(pk *content.Pack) {
	x, ok := pk.Entity(f.ref)
	if !ok {
		return
	}
	f.updating = true
	defer func() { f.updating = false }()
	for i := range content.EntityFields {
		fd := &content.EntityFields[i]
		if !fd.Applies(f.ref.Section) {
			continue
		}
		if fd.Kind == content.FieldList {
			for r, row := range f.cols[fd.Key] {
				for c, in := range row {
					if r < fd.Len(x) {
						f.show(in, fd.Cell(x, r, c))
					}
				}
			}
			continue
		}
		f.show(f.inputs[fd.Key], fd.Get(x))
	}
	f.showDerived(x)
}

// show writes v into the input in (unless the designer is typing into it).
func (f *entityForm) show(in fyne.CanvasObject, v string) {
	switch t := in.(type) {
	case *widgets.Select:
		if c := toChoice(v, f.nones[t]); t.Selected != c {
			t.SetQuietly(c)
		}
	case *widgets.Check:
		t.SetChecked(v == "true")
	default:
		if en := entryOf(in); en != nil && !focused(f.v.h, in) && en.Text != v {
			en.SetText(v)
			en.SetValidationError(nil)
		}
	}
}

// showDerived updates the glyph preview, the colour swatches and the JSON.
func (f *entityForm) showDerived(x content.Entity) {
	if r := x.Renderable(); r != nil {
		if f.preview != nil {
			f.preview.set(r.Glyph, r.FG, r.BG)
		}
		for key, sw := range f.swatches {
			v := r.FG
			if strings.HasSuffix(key, ".bg") {
				v = r.BG
			}
			c, _ := parseHex(v)
			sw.FillColor = c
			sw.Refresh()
		}
	}
	if f.extra != nil {
		js := x.Unmodelled()
		f.extra.SetText(js)
		f.extraBox.Hidden = js == ""
	}
}

// focused reports whether obj has the keyboard focus in the host's window.
func focused(h Host, obj fyne.CanvasObject) bool {
	w := h.Window()
	if w == nil {
		return false
	}
	fo := w.Canvas().Focused()
	return fo != nil && any(fo) == any(obj)
}

// choices are a select's options: the choices with "" shown as none, and
// the current value when the choices lack it (an unknown reference stays
// visible rather than silently changing). With fold, a choice that differs
// from the current value only in case shows as the value is spelled.
func choices(opts []string, cur string, fold bool, none string) []string {
	out := make([]string, 0, len(opts)+1)
	has := false
	for _, o := range opts {
		if fold && !has && strings.EqualFold(o, cur) {
			o = cur
		}
		has = has || o == cur
		out = append(out, toChoice(o, none))
	}
	if !has {
		out = append(out, toChoice(cur, none))
	}
	return out
}

func toChoice(v, none string) string {
	if v == "" {
		return none
	}
	return v
}

func fromChoice(s, none string) string {
	if s == none {
		return ""
	}
	return s
}

// parseHex reads a "#RRGGBB" colour (a pack's colours have no other form).
func parseHex(s string) (color.RGBA, bool) {
	if !content.ValidColour(s) {
		return color.RGBA{}, false
	}
	c, err := chain.ParseHex(s)
	return c, err == nil
}

// glyphPreview draws a glyph in its colours, as the map does.
type glyphPreview struct {
	widget.BaseWidget
	bg   *canvas.Rectangle
	text *canvas.Text
}

func newGlyphPreview() *glyphPreview {
	g := &glyphPreview{bg: canvas.NewRectangle(color.Black), text: canvas.NewText("", color.White)}
	g.text.TextStyle.Monospace = true
	g.text.TextSize = 22
	g.text.Alignment = fyne.TextAlignCenter
	g.ExtendBaseWidget(g)
	return g
}

// set shows glyph in fg on bg (invalid colours draw grey).
func (g *glyphPreview) set(glyph, fg, bg string) {
	f, ok := parseHex(fg)
	if !ok {
		f = color.RGBA{128, 128, 128, 255}
	}
	b, ok := parseHex(bg)
	if !ok {
		b = color.RGBA{64, 64, 64, 255}
	}
	g.bg.FillColor, g.text.Color, g.text.Text = b, f, glyph
	g.Refresh()
}

// CreateRenderer stacks the glyph on its background.
func (g *glyphPreview) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewGridWrap(fyne.NewSize(36, 36), container.NewStack(g.bg, container.NewCenter(g.text))))
}
