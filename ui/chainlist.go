package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
)

// chainList shows the selected level's steps: builder name, a one-line summary
// of the parameters, an enable toggle and chain.Check warnings inline, with
// buttons to remove, duplicate and move the selected step. Selecting a step
// selects it in the model (the window then jumps the history to it).
type chainList struct {
	m    *Model
	list *widget.List
	// warnings holds chain.Check's messages by top-level step index.
	warnings              map[int][]string
	remove, dup, up, down *widget.Button
	obj                   fyne.CanvasObject
	syncing               bool
	title                 *widget.Label
	// OnAdd is called by the add button (the window shows the builder palette).
	OnAdd func()
}

func newChainList(m *Model) *chainList {
	cl := &chainList{m: m, warnings: map[int][]string{}}
	cl.list = widget.NewList(cl.length, cl.create, cl.update)
	cl.list.OnSelected = func(i widget.ListItemID) {
		if !cl.syncing {
			m.SelectStep(i)
		}
	}
	cl.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { cl.each(func(i int) { m.RemoveStep(nil, i) }) })
	cl.dup = widget.NewButtonWithIcon("", theme.ContentCopyIcon(), func() { cl.each(func(i int) { m.DuplicateStep(nil, i) }) })
	cl.up = widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { cl.each(func(i int) { m.MoveStep(nil, i, -1) }) })
	cl.down = widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() { cl.each(func(i int) { m.MoveStep(nil, i, 1) }) })
	add := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
		if cl.OnAdd != nil {
			cl.OnAdd()
		}
	})
	cl.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	cl.title.Truncation = fyne.TextTruncateEllipsis
	steps := widget.NewLabelWithStyle("Steps", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	bar := container.NewVBox(cl.title,
		container.NewBorder(nil, nil, steps, container.NewHBox(add, cl.up, cl.down, cl.dup, cl.remove)))
	cl.obj = container.NewBorder(bar, nil, nil, nil, cl.list)
	cl.refresh()
	return cl
}

// each runs f with the selected step, if any.
func (cl *chainList) each(f func(i int)) {
	if i := cl.m.StepIndex(); i >= 0 {
		f(i)
	}
}

func (cl *chainList) steps() []chain.Step {
	if c := cl.m.Chain(); c != nil {
		return c.Steps
	}
	return nil
}

func (cl *chainList) length() int { return len(cl.steps()) }

func (cl *chainList) create() fyne.CanvasObject {
	on := widget.NewCheck("", nil)
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	warn := widget.NewLabel("")
	warn.Importance = widget.WarningImportance
	warn.Truncation = fyne.TextTruncateEllipsis
	sum := lowLabel("")
	sum.Wrapping = fyne.TextWrapOff
	sum.Truncation = fyne.TextTruncateEllipsis
	top := container.NewBorder(nil, nil, title, nil, warn)
	return container.NewBorder(nil, nil, on, nil, container.New(layout.NewCustomPaddedVBoxLayout(-12), top, sum))
}

func (cl *chainList) update(i widget.ListItemID, o fyne.CanvasObject) {
	steps := cl.steps()
	if i >= len(steps) {
		return
	}
	s := steps[i]
	row := o.(*fyne.Container)
	var on *widget.Check
	var box *fyne.Container
	for _, c := range row.Objects {
		switch x := c.(type) {
		case *widget.Check:
			on = x
		case *fyne.Container:
			box = x
		}
	}
	top := box.Objects[0].(*fyne.Container)
	var title, warn *widget.Label
	for _, c := range top.Objects {
		if l, ok := c.(*widget.Label); ok {
			if l.TextStyle.Bold {
				title = l
			} else {
				warn = l
			}
		}
	}
	sum := box.Objects[1].(*widget.RichText)
	on.OnChanged = nil
	on.SetChecked(s.Enabled())
	on.OnChanged = func(b bool) { cl.m.SetEnabled(StepPath{i}, b) }
	t := fmt.Sprintf("%d. %s", i+1, s.Builder)
	if !s.Enabled() {
		t += " (off)"
	}
	title.SetText(t)
	if w := cl.warnings[i]; len(w) > 0 {
		warn.SetText("⚠ " + strings.Join(w, "; "))
		warn.Show()
	} else {
		warn.SetText("")
		warn.Hide()
	}
	setHint(sum, stepSummary(s))
}

// refresh re-reads the chain, its Check warnings and the selection.
func (cl *chainList) refresh() {
	cl.title.SetText("")
	if li := cl.m.LevelIndex(); li >= 0 && li < len(cl.m.Project().Levels) {
		l := cl.m.Project().Levels[li]
		cl.title.SetText(fmt.Sprintf("Level: depth %d · %s", l.Depth, l.Name))
	}
	cl.warnings = map[int][]string{}
	if c := cl.m.Chain(); c != nil {
		for _, p := range chain.Check(c) {
			if p.Step >= 0 {
				cl.warnings[p.Step] = append(cl.warnings[p.Step], shortProblem(p))
			}
		}
	}
	cl.list.Refresh()
	cl.syncing = true
	if i := cl.m.StepIndex(); i >= 0 {
		cl.list.Select(i)
		if i == 0 {
			cl.list.ScrollToTop()
		}
	} else {
		cl.list.UnselectAll()
	}
	cl.syncing = false
	has := cl.m.StepIndex() >= 0
	for _, b := range []*widget.Button{cl.remove, cl.dup, cl.up, cl.down} {
		if has {
			b.Enable()
		} else {
			b.Disable()
		}
	}
}

// shortProblem words a Check problem for a list row ("needs rooms"), naming the
// nested step when the problem is inside a sub-chain.
func shortProblem(p chain.Problem) string {
	msg := p.Msg
	if i := strings.Index(msg, ", but"); i > 0 {
		msg = msg[:i]
	}
	if fields := strings.SplitN(msg, " ", 2); len(fields) == 2 {
		if _, ok := chain.Lookup(fields[0]); ok {
			msg = fields[1]
		}
	}
	if strings.Contains(p.Path, ".params.") {
		msg = p.Path[strings.Index(p.Path, ".params.")+1:] + ": " + msg
	}
	return msg
}
