package chainedit

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

func TestStepsAddReorderEditRemoveThroughWidgets(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e, m := f.p, f.h
	// add: search the palette, pick, append
	e.pal.search.SetText("room_based")
	e.pal.search.SetText("simple_map")
	require.Len(t, e.pal.shown, 1)
	assert.Equal(t, "simple_map", e.pal.shown[0].Name)
	e.pal.list.Select(0)
	assert.Contains(t, e.pal.help.String(), "dog-leg")
	test.Tap(e.pal.add)
	assert.Equal(t, []string{"simple_map", "simple_map"}, builders(f.chain()))
	assert.Equal(t, 1, m.StepIndex(), "the new step is selected")
	// insert ui_test_all above the selected step
	e.pal.search.SetText("every parameter")
	require.Len(t, e.pal.shown, 1)
	e.pal.list.Select(0)
	test.Tap(e.pal.insert)
	assert.Equal(t, []string{"simple_map", "ui_test_all", "simple_map"}, builders(f.chain()))
	// reorder: move the selected step up, then down twice
	e.steps.list.Select(1)
	test.Tap(e.steps.up)
	assert.Equal(t, []string{"ui_test_all", "simple_map", "simple_map"}, builders(f.chain()))
	assert.Equal(t, 0, m.StepIndex())
	test.Tap(e.steps.down)
	test.Tap(e.steps.down)
	assert.Equal(t, []string{"simple_map", "simple_map", "ui_test_all"}, builders(f.chain()))
	// edit: type into the generated entry of the first step
	e.steps.list.Select(0)
	entry := e.form.inputs["max_rooms"].(*widget.Entry)
	entry.SetText("")
	test.Type(entry, "12")
	assert.Equal(t, 12, f.chain().Steps[0].Params["max_rooms"])
	assert.Equal(t, float64(12), e.form.sliders["max_rooms"].Value, "the slider follows the entry")
	// out of range: the model keeps the last valid value and the error shows
	entry.SetText("9999")
	assert.Equal(t, 12, f.chain().Steps[0].Params["max_rooms"])
	assert.True(t, e.form.errs["max_rooms"].Visible())
	assert.Contains(t, e.form.errs["max_rooms"].Text, "out of range")
	// duplicate and remove
	test.Tap(e.steps.dup)
	assert.Len(t, f.chain().Steps, 4)
	assert.Equal(t, 12, f.chain().Steps[1].Params["max_rooms"])
	test.Tap(e.steps.remove)
	assert.Equal(t, []string{"simple_map", "simple_map", "ui_test_all"}, builders(f.chain()))
	e.steps.list.Select(2)
	test.Tap(e.steps.remove)
	assert.Equal(t, []string{"simple_map", "simple_map"}, builders(f.chain()))
	// disable through the row's check
	m.SetEnabled(model.StepPath{1}, false)
	assert.True(t, f.chain().Steps[1].Disabled)
}

func TestGeneratedFormCoversEveryParamType(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e, m := f.p, f.h
	require.NoError(t, m.AddStep(nil, -1, "ui_test_all"))
	step := func() chain.Step { return f.chain().Steps[1] }
	in := e.form.inputs
	// bool
	test.Tap(in["flag"].(*widgets.Check))
	assert.Equal(t, true, step().Params["flag"])
	// string
	txt := in["text"].(*widget.Entry)
	txt.CursorColumn = len(txt.Text)
	test.Type(txt, "!")
	assert.Equal(t, "hi!", step().Params["text"])
	// enum
	in["mode"].(*widgets.Select).SetSelected("c")
	assert.Equal(t, "c", step().Params["mode"])
	// float with a slider
	fl := in["ratio"].(*widget.Entry)
	fl.SetText("0.25")
	assert.Equal(t, 0.25, step().Params["ratio"])
	e.form.sliders["ratio"].SetValue(0.75)
	assert.InDelta(t, 0.75, step().Params["ratio"], 1e-9)
	// int without a range: no slider
	assert.Nil(t, e.form.sliders["free"])
	in["free"].(*widget.Entry).SetText("-5")
	assert.Equal(t, -5, step().Params["free"])
	// enum or number
	e.form.inputs["x"].(*widgets.Select).SetSelected("right")
	assert.Equal(t, "right", step().Params["x"])
	e.form.inputs["x"].(*widgets.Select).SetSelected(numberChoice)
	num := e.form.inputs["x.number"].(*widget.Entry)
	num.SetText("42")
	assert.Equal(t, 42, step().Params["x"])
	num.SetText("420")
	assert.Equal(t, 42, step().Params["x"], "out of range keeps the last value")
	// string list as a multi-line entry
	in["template"].(*widget.Entry).SetText("###\n#.#\n###")
	assert.Equal(t, []string{"###", "#.#", "###"}, step().Params["template"])
	// int list
	in["bands"].(*widget.Entry).SetText("3, 4 5")
	assert.Equal(t, []int{3, 4, 5}, step().Params["bands"])
	// nested steps: add one in place, then edit its generated form
	ne := e.form.nested["steps"]
	require.NotNil(t, ne)
	ne.add.SetSelected("simple_map")
	nested := step().Params["steps"].([]chain.Step)
	require.Len(t, nested, 1)
	assert.Equal(t, "simple_map", nested[0].Builder)
	ne = e.form.nested["steps"] // the form was rebuilt
	require.Len(t, ne.forms, 1)
	ent := ne.forms[0].inputs["max_rooms"].(*widget.Entry)
	ent.SetText("9")
	assert.Equal(t, 9, step().Params["steps"].([]chain.Step)[0].Params["max_rooms"])
	assert.Equal(t, "steps: [simple_map]", stepSummary(chain.Step{Builder: "ui_test_all",
		Params: map[string]any{"steps": step().Params["steps"]}}))
	// reset a value to its default
	m.SetParam(model.StepPath{1}, "mode", nil)
	_, has := step().Params["mode"]
	assert.False(t, has)
}

func TestBoolParamIsOneCheckWithItsLabel(t *testing.T) {
	f := newFixture(t, uitest.Project())
	require.NoError(t, f.h.AddStep(nil, -1, "ui_test_all"))
	c, ok := f.p.form.inputs["flag"].(*widgets.Check)
	require.True(t, ok)
	assert.Equal(t, "flag", c.Text)
	test.Tap(c)
	assert.Equal(t, true, f.chain().Steps[1].Params["flag"])
}

func TestStepSummaryAndShortProblem(t *testing.T) {
	s, err := chain.NewStep("simple_map", map[string]any{"max_rooms": 4})
	require.NoError(t, err)
	assert.Equal(t, "max_rooms=4", stepSummary(s))
	assert.Equal(t, "defaults", stepSummary(chain.Step{Builder: "simple_map"}))
	assert.True(t, strings.HasPrefix(shortProblem(chain.Problem{Msg: "room_drawer needs rooms, but no earlier step makes any", Path: "steps[1]"}), "needs rooms"))
}

// Typing into the form keeps it (and the keyboard focus); an undo shows the
// restored value in a form built anew.
func TestTypingKeepsTheFormAndUndoShowsTheRestoredValue(t *testing.T) {
	f := newFixture(t, uitest.Project())
	f.h.SelectStep(0)
	form := f.p.form
	entry := form.inputs["max_rooms"].(*widget.Entry)
	f.w.Canvas().Focus(entry)
	entry.SetText("")
	test.Type(entry, "15")
	assert.Equal(t, 15, f.chain().Steps[0].Params["max_rooms"])
	assert.Same(t, form, f.p.form, "typing a parameter rebuilds no form")
	assert.True(t, fyne.Focusable(entry) == f.w.Canvas().Focused(), "the focus stays in the entry")
	f.h.Undo()
	assert.Equal(t, 10, f.chain().Steps[0].Params["max_rooms"])
	assert.NotSame(t, form, f.p.form)
	assert.Equal(t, "10", f.p.form.inputs["max_rooms"].(*widget.Entry).Text, "the form shows the undone value")

	// a reset shows the default: the form is rebuilt even though its own button made the edit
	f.h.Redo()
	form = f.p.form
	var reset *widgets.IconButton
	for _, row := range form.obj.(*fyne.Container).Objects {
		head, ok := row.(*fyne.Container).Objects[0].(*fyne.Container)
		if ok && len(uitest.FindAll(row, func(e *widget.Entry) bool { return e == form.inputs["max_rooms"] })) > 0 {
			reset = uitest.FindOne(t, head, func(b *widgets.IconButton) bool { return b.Icon == theme.ContentUndoIcon() })
		}
	}
	require.NotNil(t, reset, "an explicit value has a reset button")
	test.Tap(reset)
	_, has := f.chain().Steps[0].Params["max_rooms"]
	assert.False(t, has)
	assert.NotSame(t, form, f.p.form)
	spec, _ := chain.Lookup("simple_map")
	assert.Equal(t, fmt.Sprint(spec.Resolve(nil)["max_rooms"]), f.p.form.inputs["max_rooms"].(*widget.Entry).Text, "the default")
}
