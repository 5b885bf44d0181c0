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
	// broken is the form of a step that did not load (nil: the step loaded).
	broken *brokenForm
	obj    fyne.CanvasObject
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
	if st.Broken() {
		f.broken = newBrokenForm(m, path, st)
		f.obj = f.broken.obj
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
	if i < 0 {
		return nil
	}
	var objs []fyne.CanvasObject
	if spec, ok := chain.Lookup(builder); ok {
		head := widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (%s)", i+1, spec.Name, spec.Kind), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		objs = append(objs, head, widgets.Hint(spec.Help))
	} else {
		objs = append(objs, widget.NewLabelWithStyle(fmt.Sprintf("%d. %s (unknown builder)", i+1, builder), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
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
		reset := widgets.NewIconButton(theme.ContentUndoIcon(), "Reset to the default", func() { f.choose(p, nil) })
		reset.Importance = widget.LowImportance
		head = container.NewBorder(nil, nil, nil, reset, name)
	}
	input := f.input(p, val)
	box := container.NewVBox(head, input, errl)
	if c, ok := input.(*widgets.Check); ok && p.Type == chain.Bool {
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

// set validates v, typed into p's field, against p and stores it in the
// model (nil resets to the default); consecutive values typed into one field
// undo as one.
func (f *paramForm) set(p chain.Param, v any) error { return f.store(p, v, false) }

// choose is set for a value chosen (a dropdown, a check box): one undo step
// of its own, never merged with the edits before or after it.
func (f *paramForm) choose(p chain.Param, v any) error { return f.store(p, v, true) }

func (f *paramForm) store(p chain.Param, v any, chosen bool) error {
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
	if chosen {
		set = func() { f.m.ChooseParam(f.path, p.Name, v) }
	}
	if model.ParamChange(p.Name, v)&model.ChangeProject != 0 {
		set() // the form shows other values now: it rebuilds
	} else {
		f.slot.Edit(set)
	}
	return nil
}

func (f *paramForm) showErr(name string, err error) {
	for _, key := range []string{name, name + ".number"} { // mark the field holding the value
		if en, ok := f.inputs[key].(*widget.Entry); ok {
			en.AlwaysShowValidationError = true
			en.SetValidationError(err)
		}
	}
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
		c := widgets.NewCheck("", nil)
		c.SetChecked(val == true)
		c.OnChanged = func(b bool) { f.choose(p, b) }
		f.inputs[p.Name] = c
		return c
	case chain.String:
		e := widget.NewEntry()
		s, _ := val.(string)
		e.SetText(s)
		e.Validator = checker(p, func(s string) (any, error) { return s, nil })
		e.OnChanged = func(s string) { f.set(p, s) }
		f.inputs[p.Name] = e
		return e
	case chain.Enum:
		s := widgets.NewSelect(p.Choices, nil)
		if c, ok := val.(string); ok {
			s.SetQuietly(c)
		}
		s.SetOnChanged(func(c string) { f.choose(p, c) })
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
		e.Validator = checker(p, func(s string) (any, error) { return parseInts(s) })
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

// checker is the Validator of an entry for p: the value parse reads from
// the text must pass p's check (the entry is marked while it does not).
func checker(p chain.Param, parse func(string) (any, error)) fyne.StringValidator {
	return func(s string) error {
		v, err := parse(s)
		if err == nil {
			_, err = p.Check(v)
		}
		return err
	}
}

// parseInt reads an integer typed into an entry.
func parseInt(s string) (any, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("%q is not an integer", s)
	}
	return n, nil
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
	e.Validator = checker(p, func(s string) (any, error) { return parseNumber(p, s) })
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
	sel := widgets.NewSelect(append(append([]string{}, p.Choices...), numberChoice), nil)
	switch x := val.(type) {
	case string:
		sel.SetQuietly(x)
		e.Disable()
	case int:
		sel.SetQuietly(numberChoice)
		e.SetText(strconv.Itoa(x))
	}
	e.Validator = checker(p, parseInt)
	e.OnChanged = func(s string) {
		n, err := parseInt(s)
		if err != nil {
			f.showErr(p.Name, err)
			return
		}
		f.set(p, n)
	}
	sel.SetOnChanged(func(c string) {
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
		f.choose(p, c)
	})
	f.inputs[p.Name] = sel
	f.inputs[p.Name+".number"] = e
	return container.NewGridWithColumns(2, sel, e)
}

// stepSummary is the one-line summary of a step's explicit parameters.
func stepSummary(s chain.Step) string {
	if s.Broken() {
		return cut("did not load: " + s.Err)
	}
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
	return cut(strings.Join(parts, ", "))
}

// cut shortens a summary to 70 characters.
func cut(s string) string {
	if r := []rune(s); len(r) > 70 {
		return string(r[:69]) + "…"
	}
	return s
}

// nestedEditor edits a sub-chain's steps in place: each nested step with its
// enable check, reorder/duplicate/remove buttons and its own generated form.
type nestedEditor struct {
	m      Host
	parent model.StepPath
	add    *widgets.Select
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
		on := widgets.NewCheck("", func(b bool) { m.SetEnabled(path, b) })
		on.Checked = s.Enabled()
		t := fmt.Sprintf("%d. %s", j+1, s.Builder)
		if s.Broken() {
			t = fmt.Sprintf("⛔ %d. %s (did not load)", j+1, s.Builder)
		}
		title := widget.NewLabelWithStyle(t, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		title.Truncation = fyne.TextTruncateEllipsis // the column must not grow with names
		btn := func(icon fyne.Resource, tip string, fn func()) *widgets.IconButton {
			b := widgets.NewIconButton(icon, tip, fn)
			b.Importance = widget.LowImportance
			return b
		}
		tools := container.NewHBox(
			btn(theme.MoveUpIcon(), "Move this nested step up", func() { m.MoveStep(parent, j, -1) }),
			btn(theme.MoveDownIcon(), "Move this nested step down", func() { m.MoveStep(parent, j, 1) }),
			btn(theme.ContentCopyIcon(), "Duplicate this nested step", func() { m.DuplicateStep(parent, j) }),
			btn(theme.DeleteIcon(), "Remove this nested step", func() { m.RemoveStep(parent, j) }),
		)
		key := path.String()
		expand := widgets.NewIconButton(theme.MenuDropDownIcon(), "Show or hide this step's parameters", nil)
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
	ne.add = widgets.NewSelect(names, func(b string) {
		if b != "" {
			ne.add.SetQuietly("") // an action, not a value: the same one may be chosen again
			open[append(append(model.StepPath{}, parent...), len(steps)).String()] = true
			m.AddStep(parent, -1, b)
		}
	})
	ne.add.PlaceHolder = "Add nested step…"
	box.Add(ne.add)
	ne.obj = container.NewBorder(nil, nil, widget.NewSeparator(), nil, box)
	return ne
}
