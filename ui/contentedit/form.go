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
// content.EntityFields (no per-section form code): each field's input by
// kind, its error line (why a typed value is refused) and help, then every
// key the form does not model, read-only as JSON (kept as it is on save).
type entityForm struct {
	v   *entityView
	ref content.EntityRef
	// inputs holds each field's main input by key (tests drive them).
	inputs map[string]fyne.CanvasObject
	errs   map[string]*widget.Label
	// cols holds a list field's entries by key, row and column.
	cols     map[string][][]*widget.Entry
	preview  *glyphPreview
	swatches map[string]*canvas.Rectangle
	extra    *widget.Label
	obj      fyne.CanvasObject
	// updating is set while the form writes values into its own inputs.
	updating bool
}

// noneChoice shows the empty value of a reference or enum select.
const noneChoice = "(none)"

// newEntityForm builds the form of the entity ref addresses in pk.
func newEntityForm(v *entityView, pk *content.Pack, ref content.EntityRef) *entityForm {
	f := &entityForm{v: v, ref: ref, inputs: map[string]fyne.CanvasObject{}, errs: map[string]*widget.Label{},
		cols: map[string][][]*widget.Entry{}, swatches: map[string]*canvas.Rectangle{}}
	x, ok := pk.Entity(ref)
	if !ok {
		f.obj = widget.NewLabel("Choose an item, mob or prop to edit it.")
		return f
	}
	rows := container.NewVBox()
	title := widget.NewLabelWithStyle(fmt.Sprintf("%s (%s)", x.Name(), strings.TrimSuffix(string(ref.Section), "s")),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	rows.Add(title)
	for i := range content.EntityFields {
		fd := &content.EntityFields[i]
		if fd.Applies(ref.Section) {
			rows.Add(f.row(pk, x, fd))
		}
	}
	f.extra = widget.NewLabel("")
	f.extra.TextStyle.Monospace = true
	f.extra.Wrapping = fyne.TextWrapBreak
	rows.Add(widget.NewSeparator())
	rows.Add(widget.NewLabelWithStyle("Other fields (read-only, kept as they are on save)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	rows.Add(f.extra)
	f.showDerived(x)
	f.obj = rows
	if v.h.ReadOnly() != "" {
		disableAll(rows)
	}
	return f
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

// row builds one field's label, input, error line and help.
func (f *entityForm) row(pk *content.Pack, x content.Entity, fd *content.EntityField) fyne.CanvasObject {
	errl := widget.NewLabel("")
	errl.Importance = widget.DangerImportance
	errl.Wrapping = fyne.TextWrapWord
	errl.Hide()
	f.errs[fd.Key] = errl
	head := widget.NewLabelWithStyle(fd.Label, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	help := widget.NewLabel(fd.Help)
	help.Wrapping = fyne.TextWrapWord
	help.Importance = widget.LowImportance
	help.SizeName = theme.SizeNameCaptionText
	input := f.input(pk, x, fd)
	out := container.NewVBox(container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(110, 36), head), nil, input), errl)
	if fd.Help != "" {
		out.Add(help)
	}
	return out
}

// input builds the input of fd by kind.
func (f *entityForm) input(pk *content.Pack, x content.Entity, fd *content.EntityField) fyne.CanvasObject {
	key := fd.Key
	switch fd.Kind {
	case content.FieldName:
		en := widget.NewEntry()
		en.SetText(fd.Get(x))
		rename := widget.NewButtonWithIcon("Rename", theme.DocumentCreateIcon(), func() { f.v.rename(f.ref, en.Text) })
		en.OnSubmitted = func(s string) { f.v.rename(f.ref, s) }
		f.inputs[key] = en
		return container.NewBorder(nil, nil, nil, rename, en)
	case content.FieldEnum, content.FieldFaction, content.FieldLootTable:
		val := fd.Get(x)
		opts := choices(fd.Choices(pk), val)
		sel := widget.NewSelect(opts, func(s string) {
			if !f.updating {
				f.set(fd, fromChoice(s))
			}
		})
		f.updating = true
		sel.SetSelected(toChoice(val))
		f.updating = false
		f.inputs[key] = sel
		return sel
	case content.FieldBool:
		ch := widget.NewCheck("", func(on bool) {
			if !f.updating {
				f.set(fd, fmt.Sprint(on))
			}
		})
		f.updating = true
		ch.SetChecked(fd.Get(x) == "true")
		f.updating = false
		f.inputs[key] = ch
		return ch
	case content.FieldList:
		return f.list(pk, x, fd)
	}
	en := widget.NewEntry()
	en.SetText(fd.Get(x))
	en.OnChanged = func(s string) {
		if !f.updating {
			f.set(fd, s)
		}
	}
	f.inputs[key] = en
	switch fd.Kind {
	case content.FieldGlyph:
		f.preview = newGlyphPreview()
		return container.NewBorder(nil, nil, nil, f.preview, en)
	case content.FieldColour:
		sw := canvas.NewRectangle(color.Transparent)
		sw.SetMinSize(fyne.NewSize(28, 28))
		sw.StrokeColor = theme.Color(theme.ColorNameForeground)
		sw.StrokeWidth = 1
		f.swatches[key] = sw
		pick := widget.NewButtonWithIcon("", theme.ColorPaletteIcon(), func() { f.pickColour(fd, en) })
		return container.NewBorder(nil, nil, nil, container.NewHBox(container.NewCenter(sw), pick), en)
	}
	return en
}

// list builds a list field's rows (one entry per column, and Remove) and
// its Add button.
func (f *entityForm) list(pk *content.Pack, x content.Entity, fd *content.EntityField) fyne.CanvasObject {
	l := fd.List
	box := container.NewVBox()
	n := l.Len(x)
	grid := make([][]*widget.Entry, n)
	heads := container.NewGridWithColumns(len(l.Columns) + 1)
	for _, c := range l.Columns {
		heads.Add(widget.NewLabelWithStyle(c.Label, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
	}
	heads.Add(widget.NewLabel(""))
	if n > 0 {
		box.Add(heads)
	}
	for i := range n {
		row := container.NewGridWithColumns(len(l.Columns) + 1)
		for ci := range l.Columns {
			c := &l.Columns[ci]
			en := widget.NewEntry()
			en.SetText(c.Get(x, i))
			en.OnChanged = func(s string) {
				if f.updating {
					return
				}
				f.report(fd.Key, f.v.edit(fmt.Sprintf("Edit %s %s", strings.ToLower(fd.Label), c.Label), f.editKey(fmt.Sprintf("%s[%d].%s", fd.Key, i, c.Key)),
					func(x content.Entity) error { return c.Set(x, i, s) }))
			}
			grid[i] = append(grid[i], en)
			row.Add(en)
		}
		row.Add(widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
			f.report(fd.Key, f.v.editRebuild("Remove "+strings.ToLower(fd.Label), func(x content.Entity) error {
				if i >= l.Len(x) {
					return fmt.Errorf("no row %d", i+1)
				}
				l.Remove(x, i)
				return nil
			}))
		}))
		box.Add(row)
	}
	f.cols[fd.Key] = grid
	add := widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), func() {
		f.report(fd.Key, f.v.editRebuild("Add "+strings.ToLower(fd.Label), func(x content.Entity) error {
			l.Add(x)
			return nil
		}))
	})
	box.Add(container.NewHBox(add))
	f.inputs[fd.Key] = box
	return box
}

// editKey is the undo coalescing key of typing into field key.
func (f *entityForm) editKey(key string) string { return "entity:" + f.ref.Path() + ":" + key }

// set stores v into fd through the host, or says why it is refused.
func (f *entityForm) set(fd *content.EntityField, v string) {
	f.report(fd.Key, f.v.edit("Edit "+strings.ToLower(fd.Label), f.editKey(fd.Key),
		func(x content.Entity) error { return fd.Set(x, v) }))
}

// report shows err (or clears it) under field key.
func (f *entityForm) report(key string, err error) {
	l := f.errs[key]
	if l == nil {
		return
	}
	if err == nil {
		l.Hide()
		return
	}
	l.SetText(reason(err).Error())
	l.Show()
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
		switch in := f.inputs[fd.Key].(type) {
		case *widget.Entry:
			if !focused(f.v.h, in) && in.Text != fd.Get(x) {
				in.SetText(fd.Get(x))
			}
		case *widget.Select:
			if v := toChoice(fd.Get(x)); in.Selected != v {
				in.SetSelected(v)
			}
		case *widget.Check:
			in.SetChecked(fd.Get(x) == "true")
		}
		if fd.Kind == content.FieldList {
			for r, row := range f.cols[fd.Key] {
				for c, en := range row {
					if r < fd.List.Len(x) && !focused(f.v.h, en) && en.Text != fd.List.Columns[c].Get(x, r) {
						en.SetText(fd.List.Columns[c].Get(x, r))
					}
				}
			}
		}
	}
	f.showDerived(x)
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
		js := x.JSON(content.ModelledKeys(f.ref.Section))
		if js == "{}" {
			js = "(none)"
		}
		f.extra.SetText(js)
	}
}

// focused reports whether obj has the keyboard focus in the host's window.
func focused(h Host, obj fyne.Focusable) bool {
	w := h.Window()
	return w != nil && w.Canvas().Focused() == obj
}

// choices are a select's options: the choices with "" shown as noneChoice,
// and the current value when the choices lack it (an unknown reference
// stays visible rather than silently changing).
func choices(opts []string, cur string) []string {
	out := make([]string, 0, len(opts)+1)
	has := false
	for _, o := range opts {
		has = has || o == cur
		out = append(out, toChoice(o))
	}
	if !has {
		out = append(out, toChoice(cur))
	}
	return out
}

func toChoice(v string) string {
	if v == "" {
		return noneChoice
	}
	return v
}

func fromChoice(s string) string {
	if s == noneChoice {
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
