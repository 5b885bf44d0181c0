package chainedit

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// chainList shows the selected level's steps: builder name, a one-line summary
// of the parameters, an enable toggle and chain.Check warnings inline, with
// buttons to remove, duplicate and move the selected step. Selecting a step
// selects it in the model (the window then jumps the history to it).
type chainList struct {
	m    Host
	list *widget.List
	// warnings holds chain.Check's messages by top-level step index, in
	// short (as the rows show them) and in full (as their tips do).
	warnings, full map[int][]string
	// checked is the chain probs are chain.Check's problems with.
	checked *chain.Chain
	probs   []chain.Problem
	// run holds the last run's warnings by top-level step index (see
	// Panel.SetRunWarnings), for the chain ran.
	run    map[int][]string
	ranFor *chain.Chain
	tips   *widgets.TipLayer // shows a warning cut off in its row in full
	// shown and shownWarn are the steps and (full) warnings the rows show.
	shown     []chain.Step
	shownWarn map[int][]string
	// bound is the row object the list last bound to each step (a row
	// whose step changed is updated in place: the list's RefreshItem lays
	// the whole list out again)
	bound                 map[widget.ListItemID]fyne.CanvasObject
	remove, dup, up, down *widgets.IconButton
	obj                   fyne.CanvasObject
	syncing               bool
	title                 *widget.Label
	// OnAdd is called by the add button (the window shows the builder palette).
	OnAdd func()
}

func newChainList(m Host) *chainList {
	cl := &chainList{m: m, warnings: map[int][]string{}, tips: widgets.NewTipLayer(), bound: map[widget.ListItemID]fyne.CanvasObject{}}
	cl.list = widget.NewList(cl.length, cl.create, cl.update)
	cl.list.OnSelected = func(i widget.ListItemID) {
		if !cl.syncing {
			m.SelectStep(i)
		}
	}
	cl.remove = widgets.NewIconButton(theme.DeleteIcon(), "Remove the selected step", func() { cl.each(func(i int) { m.RemoveStep(nil, i) }) })
	cl.dup = widgets.NewIconButton(theme.ContentCopyIcon(), "Duplicate the selected step", func() { cl.each(func(i int) { m.DuplicateStep(nil, i) }) })
	cl.up = widgets.NewIconButton(theme.MoveUpIcon(), "Move the selected step up", func() { cl.each(func(i int) { m.MoveStep(nil, i, -1) }) })
	cl.down = widgets.NewIconButton(theme.MoveDownIcon(), "Move the selected step down", func() { cl.each(func(i int) { m.MoveStep(nil, i, 1) }) })
	add := widgets.NewIconButton(theme.ContentAddIcon(), "Add a step (opens the builder palette)", func() {
		if cl.OnAdd != nil {
			cl.OnAdd()
		}
	})
	cl.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	cl.title.Truncation = fyne.TextTruncateEllipsis
	steps := widget.NewLabelWithStyle("Steps", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	bar := container.NewVBox(cl.title,
		container.NewBorder(nil, nil, steps, container.NewHBox(add, cl.up, cl.down, cl.dup, cl.remove)))
	cl.obj = container.NewStack(container.NewBorder(bar, nil, nil, nil, cl.list), cl.tips.Layer())
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
	on := widgets.NewCheck("", nil)
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	warn := widgets.NewTipLabel(cl.tips)
	warn.Importance = widget.WarningImportance
	sum := widgets.Hint("")
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
	if cl.bound[i] != o {
		for j, b := range cl.bound {
			if b == o {
				delete(cl.bound, j)
			}
		}
		cl.bound[i] = o
	}
	s := steps[i]
	row := o.(*fyne.Container)
	var on *widgets.Check
	var box *fyne.Container
	for _, c := range row.Objects {
		switch x := c.(type) {
		case *widgets.Check:
			on = x
		case *fyne.Container:
			box = x
		}
	}
	top := box.Objects[0].(*fyne.Container)
	var title *widget.Label
	var warn *widgets.TipLabel
	for _, c := range top.Objects {
		switch l := c.(type) {
		case *widget.Label:
			title = l
		case *widgets.TipLabel:
			warn = l
		}
	}
	sum := box.Objects[1].(*widget.RichText)
	on.OnChanged = nil
	on.SetChecked(s.Enabled())
	on.OnChanged = func(b bool) { cl.m.SetEnabled(model.StepPath{i}, b) }
	t := fmt.Sprintf("%d. %s", i+1, s.Builder)
	if s.Broken() {
		t = fmt.Sprintf("⛔ %d. %s (did not load)", i+1, s.Builder)
	}
	if !s.Enabled() {
		t += " (off)"
	}
	widgets.SetText(title, t)
	if w := cl.warnings[i]; len(w) > 0 {
		widgets.SetText(&warn.Label, "⚠ "+strings.Join(w, "; "))
		warn.Full = strings.Join(cl.full[i], "\n")
		warn.Show()
	} else {
		widgets.SetText(&warn.Label, "")
		warn.Full = ""
		warn.Hide()
	}
	if txt := stepSummary(s); sum.String() != txt {
		widgets.SetHint(sum, txt)
	}
}

// refreshRows redraws the rows whose step or warnings changed (all of them
// when steps were added or removed).
func (cl *chainList) refreshRows() {
	steps := cl.steps()
	if len(steps) != len(cl.shown) {
		cl.tips.Hide()
		cl.list.Refresh()
	} else {
		for i := range steps {
			if !reflect.DeepEqual(steps[i], cl.shown[i]) || !slices.Equal(cl.full[i], cl.shownWarn[i]) {
				cl.tips.Hide()
				if o := cl.bound[i]; o != nil {
					cl.update(i, o) // its widgets draw themselves again
				} // else the list binds it when it scrolls into view
			}
		}
	}
	cl.shown, cl.shownWarn = steps, cl.full
}

// problems returns chain.Check's problems with the selected chain (computed
// once per chain: a chain is never modified once current).
func (cl *chainList) problems() []chain.Problem {
	c := cl.m.Chain()
	if c == nil {
		return nil
	}
	if c != cl.checked {
		cl.checked, cl.probs = c, chain.Check(c)
	}
	return cl.probs
}

// refresh re-reads the chain, its Check warnings and the selection.
func (cl *chainList) refresh() {
	title := ""
	if li := cl.m.LevelIndex(); li >= 0 && li < len(cl.m.Project().Levels) {
		l := cl.m.Project().Levels[li]
		title = fmt.Sprintf("Level: depth %d · %s", l.Depth, l.Name)
	}
	widgets.SetText(cl.title, title)
	cl.warnings, cl.full = map[int][]string{}, map[int][]string{}
	for _, p := range cl.problems() {
		if p.Step >= 0 {
			cl.warnings[p.Step] = append(cl.warnings[p.Step], shortProblem(p))
			cl.full[p.Step] = append(cl.full[p.Step], "⚠ "+nestedPrefix(p)+p.Msg)
		}
	}
	if cl.ranFor == cl.m.Chain() {
		for i, msgs := range cl.run {
			for _, msg := range msgs {
				cl.warnings[i] = append(cl.warnings[i], msg)
				cl.full[i] = append(cl.full[i], "⚠ "+msg)
			}
		}
	}
	cl.refreshRows()
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
	for _, b := range []*widgets.IconButton{cl.remove, cl.dup, cl.up, cl.down} {
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
	return nestedPrefix(p) + msg
}

// nestedPrefix names the nested step a problem is with ("params.steps[0]: "),
// "" for a top-level step's own problem.
func nestedPrefix(p chain.Problem) string {
	if i := strings.Index(p.Path, ".params."); i >= 0 {
		return p.Path[i+1:] + ": "
	}
	return ""
}
