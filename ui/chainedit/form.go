package chainedit

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// numberChoice is the EnumOrNumber select's entry that enables the number field.
const numberChoice = "number…"

// paramForm is the parameter form of one step, generated entirely from its
// builder's chain.Param descriptors: there is no per-builder UI code. Every
// valid change goes to the model (Model.SetParam); an invalid entry shows its
// error under the field and changes nothing.
type paramForm struct {
	m    Host
	path model.StepPath
	spec chain.Spec
	// inputs holds each parameter's main input widget by name (tests use it).
	inputs map[string]fyne.CanvasObject
	// sliders holds the slider of each ranged number parameter.
	sliders map[string]*widget.Slider
	errs    map[string]*widget.Label
	nested  map[string]*nestedEditor
	open    map[string]bool // expanded nested steps by path, kept across rebuilds
	// slot is the form's slot in the window (nil: none): edits typed into
	// the form go through it, so they do not rebuild the form.
	slot *widgets.Slot
	obj  fyne.CanvasObject
}

// newParamForm builds the form for the step at path; open remembers which
// nested steps are expanded; slot is where the form is shown (may be nil).
func newParamForm(m Host, path model.StepPath, open map[string]bool, slot *widgets.Slot) *paramForm {
	f := &paramForm{m: m, path: path, inputs: map[string]fyne.CanvasObject{},
		sliders: map[string]*widget.Slider{}, errs: map[string]*widget.Label{},
		nested: map[string]*nestedEditor{}, open: open, slot: slot}
	st := m.Step(path)
	if st == nil {
		f.obj = widget.NewLabel("Select a step to edit its parameters.")
		return f
	}
	spec, ok := chain.Lookup(st.Builder)
	if !ok {
		f.obj = widget.NewLabel(fmt.Sprintf("Unknown builder %q.", st.Builder))
		return f
	}
	f.spec = spec
	vals := spec.Resolve(st.Params)
	rows := container.NewVBox()
	if len(spec.Params) == 0 {
		rows.Add(widgets.Hint("This builder has no parameters."))
	}
	for _, p := range spec.Params {
		rows.Add(f.row(p, vals[p.Name], st.Params[p.Name] != nil))
	}
	f.obj = rows
	return f
}

// paramHead is the parameter panel's head for top-level step i (none: i < 0):
// its number, builder and kind, the builder's help and the step's warnings,
// each in full.
func paramHead(i int, builder string, warnings []string) []fyne.CanvasObject {
	spec, ok := chain.Lookup(builder)
	if i < 0 || !ok {
		return nil
	}
	head := widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (%s)", i+1, spec.Name, spec.Kind), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	objs := []fyne.CanvasObject{head, widgets.Hint(spec.Help)}
	for _, msg := range warnings {
		w := widget.NewLabel("⚠ " + msg)
		w.Wrapping = fyne.TextWrapWord
		w.Importance = widget.WarningImportance
		objs = append(objs, w)
	}
	return append(objs, widget.NewSeparator())
}

// row builds one parameter's label, input, error line and help.
func (f *paramForm) row(p chain.Param, val any, explicit bool) fyne.CanvasObject {
	title := p.Label
	if title == "" {
		title = p.Name
	}
	name := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	errl := widget.NewLabel("")
	errl.Importance = widget.DangerImportance
	errl.Wrapping = fyne.TextWrapWord
	errl.Hide()
	f.errs[p.Name] = errl
	var head fyne.CanvasObject = name
	if explicit && p.Type != chain.Steps {
		reset := widget.NewButtonWithIcon("", theme.ContentUndoIcon(), func() { f.set(p, nil) })
		reset.Importance = widget.LowImportance
		head = container.NewBorder(nil, nil, nil, reset, name)
	}
	input := f.input(p, val)
	box := container.NewVBox(head, input, errl)
	if c, ok := input.(*widget.Check); ok && p.Type == chain.Bool {
		// a check carries its own label: one line instead of a title over a lone box
		c.Text = title
		c.Refresh()
		var line fyne.CanvasObject = c
		if b, ok := head.(*fyne.Container); ok && len(b.Objects) == 2 {
			line = container.NewBorder(nil, nil, nil, b.Objects[1], c) // keep the reset button
		}
		box = container.NewVBox(line, errl)
	}
	help := p.Help
	if p.HasRange() && p.Type != chain.Steps {
		help = strings.TrimSpace(help + fmt.Sprintf(" Range %s–%s.", fmtNum(p.Min), fmtNum(p.Max)))
	}
	if help != "" {
		box.Add(widgets.Hint(help))
	}
	return box
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// set validates v against p and stores it in the model (nil resets to the default).
func (f *paramForm) set(p chain.Param, v any) error {
	if v != nil {
		nv, err := p.Check(v)
		if err != nil {
			f.showErr(p.Name, err)
			return err
		}
		v = nv
	}
	f.showErr(p.Name, nil)
	set := func() { f.m.SetParam(f.path, p.Name, v) }
	if model.ParamChange(p.Name, v)&model.ChangeProject != 0 {
		set() // the form shows other values now: it rebuilds
	} else {
		f.slot.Edit(set)
	}
	return nil
}

func (f *paramForm) showErr(name string, err error) {
	l := f.errs[name]
	if l == nil {
		return
	}
	if err == nil {
		l.Hide()
		return
	}
	l.SetText(name + ": " + err.Error())
	l.Show()
}

// input builds the widget for one parameter type: the types that name
// something have widgets of their own (see named), the others their Base's.
func (f *paramForm) input(p chain.Param, val any) fyne.CanvasObject {
	if w := f.named(p, val); w != nil {
		return w
	}
	switch p.Type.Base() {
	case chain.Int, chain.Float:
		return f.number(p, val)
	case chain.Bool:
		c := widget.NewCheck("", nil)
		c.SetChecked(val == true)
		c.OnChanged = func(b bool) { f.set(p, b) }
		f.inputs[p.Name] = c
		return c
	case chain.String:
		e := widget.NewEntry()
		s, _ := val.(string)
		e.SetText(s)
		e.OnChanged = func(s string) { f.set(p, s) }
		f.inputs[p.Name] = e
		return e
	case chain.Enum:
		s := widget.NewSelect(p.Choices, nil)
		if c, ok := val.(string); ok {
			s.SetSelected(c)
		}
		s.OnChanged = func(c string) { f.set(p, c) }
		f.inputs[p.Name] = s
		return s
	case chain.EnumOrNumber:
		return f.enumOrNumber(p, val)
	case chain.StringList:
		e := widget.NewMultiLineEntry()
		e.TextStyle = fyne.TextStyle{Monospace: true}
		lines, _ := val.([]string)
		e.SetText(strings.Join(lines, "\n"))
		e.SetMinRowsVisible(min(max(len(lines), 3), 12))
		e.OnChanged = func(s string) { f.set(p, strings.Split(s, "\n")) }
		f.inputs[p.Name] = e
		return e
	case chain.IntList:
		e := widget.NewEntry()
		e.SetPlaceHolder("e.g. 1, 2, 3")
		ints, _ := val.([]int)
		parts := make([]string, len(ints))
		for i, n := range ints {
			parts[i] = strconv.Itoa(n)
		}
		e.SetText(strings.Join(parts, ", "))
		e.OnChanged = func(s string) {
			list, err := parseInts(s)
			if err != nil {
				f.showErr(p.Name, err)
				return
			}
			f.set(p, list)
		}
		f.inputs[p.Name] = e
		return e
	case chain.Steps:
		ne := newNestedEditor(f.m, f.path, f.open, f.slot)
		f.nested[p.Name] = ne
		f.inputs[p.Name] = ne.obj
		return ne.obj
	}
	return widget.NewLabel(fmt.Sprintf("(%s parameters are not editable here)", p.Type))
}

// parseInts reads "1, 2 3" as a list of integers.
func parseInts(s string) ([]any, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == ';' })
	out := make([]any, 0, len(fields))
	for _, fl := range fields {
		n, err := strconv.Atoi(fl)
		if err != nil {
			return nil, fmt.Errorf("%q is not an integer", fl)
		}
		out = append(out, n)
	}
	return out, nil
}

// parseNumber reads s for an int or float parameter.
func parseNumber(p chain.Param, s string) (any, error) {
	s = strings.TrimSpace(s)
	if p.Type == chain.Float {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		return v, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not an integer", s)
	}
	return v, nil
}

func numText(val any) string {
	switch x := val.(type) {
	case int:
		return strconv.Itoa(x)
	case float64:
		return fmtNum(x)
	}
	return ""
}

// number builds an entry with range validation, plus a slider when the range is known.
func (f *paramForm) number(p chain.Param, val any) fyne.CanvasObject {
	e := widget.NewEntry()
	e.SetText(numText(val))
	e.Validator = func(s string) error {
		v, err := parseNumber(p, s)
		if err != nil {
			return err
		}
		_, err = p.Check(v)
		return err
	}
	f.inputs[p.Name] = e
	if !p.HasRange() {
		e.OnChanged = func(s string) {
			if v, err := parseNumber(p, s); err != nil {
				f.showErr(p.Name, err)
			} else {
				f.set(p, v)
			}
		}
		return e
	}
	sl := widget.NewSlider(p.Min, p.Max)
	if p.Type == chain.Int {
		sl.Step = 1
	} else {
		sl.Step = (p.Max - p.Min) / 100
	}
	syncing := false
	if x, ok := val.(int); ok {
		sl.Value = float64(x)
	} else if x, ok := val.(float64); ok {
		sl.Value = x
	}
	e.OnChanged = func(s string) {
		v, err := parseNumber(p, s)
		if err != nil {
			f.showErr(p.Name, err)
			return
		}
		if f.set(p, v) == nil && !syncing {
			syncing = true
			sl.SetValue(toF(v))
			syncing = false
		}
	}
	sl.OnChanged = func(x float64) {
		if syncing {
			return
		}
		syncing = true
		defer func() { syncing = false }()
		if p.Type == chain.Int {
			e.SetText(strconv.Itoa(int(x + 0.5)))
		} else {
			e.SetText(strconv.FormatFloat(x, 'f', 2, 64))
		}
		if v, err := parseNumber(p, e.Text); err == nil {
			f.set(p, v)
		}
	}
	f.sliders[p.Name] = sl
	e.SetPlaceHolder(fmtNum(p.Min) + "–" + fmtNum(p.Max))
	return container.NewGridWithColumns(2, e, sl)
}

func toF(v any) float64 {
	switch x := v.(type) {
	case int:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// enumOrNumber builds a select of the choices (plus "number…") and an entry for the number.
func (f *paramForm) enumOrNumber(p chain.Param, val any) fyne.CanvasObject {
	e := widget.NewEntry()
	e.SetPlaceHolder("a number")
	sel := widget.NewSelect(append(append([]string{}, p.Choices...), numberChoice), nil)
	switch x := val.(type) {
	case string:
		sel.SetSelected(x)
		e.Disable()
	case int:
		sel.SetSelected(numberChoice)
		e.SetText(strconv.Itoa(x))
	}
	e.OnChanged = func(s string) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			f.showErr(p.Name, fmt.Errorf("%q is not an integer", s))
			return
		}
		f.set(p, n)
	}
	sel.OnChanged = func(c string) {
		if c == numberChoice {
			e.Enable()
			if e.Text == "" {
				e.SetText("0")
			} else {
				e.OnChanged(e.Text)
			}
			return
		}
		e.Disable()
		f.set(p, c)
	}
	f.inputs[p.Name] = sel
	f.inputs[p.Name+".number"] = e
	return container.NewGridWithColumns(2, sel, e)
}

// stepSummary is the one-line summary of a step's explicit parameters.
func stepSummary(s chain.Step) string {
	spec, ok := chain.Lookup(s.Builder)
	if !ok {
		return "unknown builder"
	}
	var parts []string
	for _, p := range spec.Params {
		v, ok := s.Params[p.Name]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case []chain.Step:
			names := make([]string, len(x))
			for i, n := range x {
				names[i] = n.Builder
			}
			parts = append(parts, fmt.Sprintf("%s: [%s]", p.Name, strings.Join(names, ", ")))
		case []string:
			parts = append(parts, fmt.Sprintf("%s: %d lines", p.Name, len(x)))
		case []chain.PaintCell:
			parts = append(parts, fmt.Sprintf("%s: %d", p.Name, len(x)))
		case []int:
			parts = append(parts, fmt.Sprintf("%s=%v", p.Name, x))
		case float64:
			parts = append(parts, p.Name+"="+fmtNum(x))
		default:
			parts = append(parts, fmt.Sprintf("%s=%v", p.Name, x))
		}
	}
	if len(parts) == 0 {
		return "defaults"
	}
	out := strings.Join(parts, ", ")
	if r := []rune(out); len(r) > 70 {
		out = string(r[:69]) + "…"
	}
	return out
}

// nestedEditor edits a sub-chain's steps in place: each nested step with its
// enable check, reorder/duplicate/remove buttons and its own generated form.
type nestedEditor struct {
	m      Host
	parent model.StepPath
	add    *widget.Select
	forms  []*paramForm
	obj    fyne.CanvasObject
}

func newNestedEditor(m Host, parent model.StepPath, open map[string]bool, slot *widgets.Slot) *nestedEditor {
	ne := &nestedEditor{m: m, parent: parent}
	st := m.Step(parent)
	var steps []chain.Step
	if st != nil {
		steps, _ = st.Params[model.NestedParam(st.Builder)].([]chain.Step)
	}
	box := container.NewVBox()
	for j, s := range steps {
		path := append(append(model.StepPath{}, parent...), j)
		j := j
		on := widget.NewCheck("", func(b bool) { m.SetEnabled(path, b) })
		on.Checked = s.Enabled()
		title := widget.NewLabelWithStyle(fmt.Sprintf("%d. %s", j+1, s.Builder), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		title.Truncation = fyne.TextTruncateEllipsis // the column must not grow with names
		btn := func(icon fyne.Resource, fn func()) *widget.Button {
			b := widget.NewButtonWithIcon("", icon, fn)
			b.Importance = widget.LowImportance
			return b
		}
		tools := container.NewHBox(
			btn(theme.MoveUpIcon(), func() { m.MoveStep(parent, j, -1) }),
			btn(theme.MoveDownIcon(), func() { m.MoveStep(parent, j, 1) }),
			btn(theme.ContentCopyIcon(), func() { m.DuplicateStep(parent, j) }),
			btn(theme.DeleteIcon(), func() { m.RemoveStep(parent, j) }),
		)
		key := path.String()
		expand := widget.NewButtonWithIcon("", theme.MenuDropDownIcon(), nil)
		expand.Importance = widget.LowImportance
		head := container.NewBorder(nil, nil, container.NewHBox(expand, on), nil,
			container.NewVBox(title, container.NewBorder(nil, nil, nil, tools, widgets.Hint(stepSummary(s)))))
		pf := newParamForm(m, path, open, slot)
		ne.forms = append(ne.forms, pf)
		body := container.NewPadded(pf.obj)
		if !open[key] {
			body.Hide()
			expand.SetIcon(theme.MenuExpandIcon())
		}
		expand.OnTapped = func() {
			open[key] = !open[key]
			if open[key] {
				body.Show()
				expand.SetIcon(theme.MenuDropDownIcon())
			} else {
				body.Hide()
				expand.SetIcon(theme.MenuExpandIcon())
			}
		}
		box.Add(container.NewVBox(head, body, widget.NewSeparator()))
	}
	if len(steps) == 0 {
		box.Add(widgets.Hint("No nested steps yet: add one below (start with an initial builder)."))
	}
	var names []string
	for _, sp := range chain.Specs() {
		names = append(names, sp.Name)
	}
	ne.add = widget.NewSelect(names, func(b string) {
		if b != "" {
			open[append(append(model.StepPath{}, parent...), len(steps)).String()] = true
			m.AddStep(parent, -1, b)
		}
	})
	ne.add.PlaceHolder = "Add nested step…"
	box.Add(ne.add)
	ne.obj = container.NewBorder(nil, nil, widget.NewSeparator(), nil, box)
	return ne
}
