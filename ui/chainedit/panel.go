// Package chainedit is the editor's Chain panel: the selected level's steps
// (each with its parameters summed up, an enable check and chain.Check's
// warnings, a tip showing a cut-off warning in full), the parameter form of
// the selected step, generated from its builder's parameter descriptors (no
// per-builder code; sub-chains edit their nested steps in place), and the
// builder palette (Palette, a tab of its own) that adds steps.
package chainedit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// Host is what the panel needs from the editor: the selection and the step
// edits of the model (each one undo step), and the window around the panel.
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// LevelIndex is the selected level (-1: none).
	LevelIndex() int
	// StepIndex is the selected top-level step (-1: none).
	StepIndex() int
	// Chain is the selected level's chain (nil: none).
	Chain() *chain.Chain
	// Step is the step at path in the selected chain (nil: none).
	Step(path model.StepPath) *chain.Step
	// SelectStep selects top-level step i (-1: none).
	SelectStep(i int)
	// AddStep inserts a default step of builder at index at of the list at
	// parent (at < 0 appends).
	AddStep(parent model.StepPath, at int, builder string) error
	// RemoveStep deletes step i of the list at parent.
	RemoveStep(parent model.StepPath, i int)
	// DuplicateStep inserts a copy of step i of the list at parent after it.
	DuplicateStep(parent model.StepPath, i int)
	// MoveStep moves step i of the list at parent by delta places.
	MoveStep(parent model.StepPath, i, delta int)
	// SetEnabled enables or disables the step at path.
	SetEnabled(path model.StepPath, on bool)
	// SetParam sets (val nil: resets) parameter name of the step at path;
	// values typed in a row into one field undo as one.
	SetParam(path model.StepPath, name string, val any)
	// ChooseParam is SetParam for a value chosen (a dropdown, a check box,
	// a reset): one undo step of its own.
	ChooseParam(path model.StepPath, name string, val any)
	// ReplaceStep puts st in place of the step at path (a step that did
	// not load, fixed): one undo step.
	ReplaceStep(path model.StepPath, st chain.Step)
	// ShowBuilders brings the builder palette (Palette) to the front.
	ShowBuilders()
	// Focus gives obj the keyboard focus.
	Focus(obj fyne.Focusable)
	// Pack is the content pack (nil until loaded): entity parameters pick
	// from its entities.
	Pack() *content.Pack
	// ChoosePrefabFile asks for a prefab file in the project's folder and
	// calls set with its path relative to the project file.
	ChoosePrefabFile(set func(rel string))
	// EditTemplate opens the template parameter param of the step at path
	// of the selected level in the prefab painter.
	EditTemplate(path model.StepPath, param string)
	// PaintMode shows the map in its paint mode (where a paint step's cells
	// are painted).
	PaintMode()
}

// Panel is the Chain panel: the step list over the selected step's parameters.
type Panel struct {
	widget.BaseWidget
	h       Host
	steps   *chainList
	pal     *palette
	formBox *fyne.Container
	form    *paramForm
	open    map[string]bool // expanded nested steps, by path
	obj     fyne.CanvasObject
}

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h, open: map[string]bool{}}
	p.steps = newChainList(h)
	p.pal = newPalette(h)
	p.steps.OnAdd = func() {
		h.ShowBuilders()
		h.Focus(p.pal.search)
	}
	p.formBox = container.NewVBox()
	formHead := widget.NewLabelWithStyle("Parameters", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	split := container.NewVSplit(p.steps.obj,
		container.NewBorder(formHead, nil, nil, nil, widgets.FormScroll(container.NewVScroll(container.NewPadded(p.formBox)))))
	split.Offset = 0.45
	p.obj = split
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Palette is the builder palette: every registered builder, searchable, with
// its help and buttons to add it to the chain. The editor shows it in a tab
// of its own (ShowBuilders brings it to the front); each time that tab opens
// its search starts empty.
func (p *Panel) Palette() fyne.CanvasObject { return p.pal.obj }

// Update shows the selected chain: its steps and their warnings, the
// palette's buttons, and the selected step's parameters (the form rebuilds
// only when the step it shows changed, and never under the designer typing
// into it).
func (p *Panel) Update() {
	p.steps.refresh()
	p.pal.updateButtons()
	p.refreshParamForm()
}

// The subjects of the parameter panel's two parts: each holds exactly what
// its part shows. The project is never modified once current (the model
// edits clones), so a subject may share slices and maps with it.
type (
	// stepSubject is what a parameter form shows: the step at Path of level
	// Level (Path -1: no step, whatever the level).
	stepSubject struct {
		Level, Path int
		Step        chain.Step
	}
	// headSubject is what the parameter panel's head shows.
	headSubject struct {
		Path     int
		Builder  string
		Warnings []string
	}
)

// refreshParamForm rebuilds the parameter panel's head (the step's name and
// its warnings) and its form, each only when what it shows changed.
func (p *Panel) refreshParamForm() {
	m := p.h
	if len(p.formBox.Objects) != 2 { // first build: the head's box, then the form's
		p.formBox.Objects = []fyne.CanvasObject{container.NewVBox(), container.NewVBox()}
	}
	i := m.StepIndex()
	hs := headSubject{Path: i}
	ss := stepSubject{Level: -1, Path: i}
	if st := m.Step(model.StepPath{i}); st != nil {
		hs.Builder = st.Builder
		for _, pr := range p.steps.problems() {
			if pr.Step == i {
				hs.Warnings = append(hs.Warnings, pr.Error())
			}
		}
		if p.steps.ranFor == m.Chain() {
			hs.Warnings = append(hs.Warnings, p.steps.run[i]...)
		}
		ss.Level, ss.Step = m.LevelIndex(), *st
	}
	head := widgets.SlotOf(p.formBox.Objects[0].(*fyne.Container))
	form := widgets.SlotOf(p.formBox.Objects[1].(*fyne.Container))
	rebuilt := head.Show(hs, func() []fyne.CanvasObject { return paramHead(i, hs.Builder, hs.Warnings) })
	if form.Show(ss, func() []fyne.CanvasObject {
		p.form = newParamForm(m, model.StepPath{i}, p.open, form)
		return []fyne.CanvasObject{p.form.obj}
	}) || rebuilt {
		p.formBox.Refresh() // the parts' heights changed
	}
}

// SetRunWarnings shows the warnings of the last run of the selected chain c
// (an exit cut off names the step that did it, a paint step's cells off the
// map) on their steps' rows, until the chain changes.
func (p *Panel) SetRunWarnings(c *chain.Chain, ws []chain.Warning) {
	run := map[int][]string{}
	for _, w := range ws {
		if w.Step.Path == "" {
			continue
		}
		msg := w.Msg
		if w.Step.Depth > 0 {
			msg = w.Step.Path[strings.Index(w.Step.Path, ".")+1:] + ": " + msg
		}
		run[w.Step.Index] = append(run[w.Step.Index], msg)
	}
	p.steps.run, p.steps.ranFor = run, c
	p.steps.refresh()
	p.refreshParamForm()
}
