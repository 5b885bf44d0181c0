package projectedit

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// fakeHost is the model with a content chooser that picks choice.
type fakeHost struct {
	*model.Model
	choice string
}

func (h *fakeHost) ChooseContent(set func(string)) { set(h.choice) }

type fixture struct {
	h *fakeHost
	p *Panel
	w fyne.Window
}

func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	h := &fakeHost{Model: model.NewModel(proj), choice: "pack.json"}
	p := New(h)
	h.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue) != 0 {
			p.Update()
		}
	})
	w := a.NewWindow("project")
	w.SetContent(p)
	w.Resize(fyne.NewSize(400, 600))
	t.Cleanup(w.Close)
	return &fixture{h, p, w}
}

func TestProjectFormShowsChooseOnlyForFile(t *testing.T) {
	f := newFixture(t, uitest.Project())
	var src *widget.RadioGroup
	var choose *widget.Button
	for _, o := range test.LaidOutObjects(f.p) {
		switch x := o.(type) {
		case *widget.RadioGroup:
			src = x
		case *widget.Button:
			if x.Text == "Choose…" {
				choose = x
			}
		}
	}
	require.NotNil(t, src)
	require.NotNil(t, choose)
	assert.False(t, choose.Visible(), "the embedded pack needs no file")
	src.SetSelected("File")
	assert.True(t, choose.Visible())
	assert.False(t, choose.Disabled())
}

// Typing the name keeps the form (and the focus); the dice and the content
// file are edits of their own, shown in a form built anew.
func TestProjectFormEdits(t *testing.T) {
	f := newFixture(t, uitest.Project())
	form := uitest.FindOne[*widget.Form](t, f.p, nil)
	name := uitest.FormItem(t, f.p, "Project").(*widget.Entry)
	f.w.Canvas().Focus(name)
	name.CursorColumn = len(name.Text)
	test.Type(name, "!")
	assert.Equal(t, "Test!", f.h.Project().Name)
	assert.Same(t, form, uitest.FindOne[*widget.Form](t, f.p, nil), "typing the name rebuilds no form")
	assert.True(t, fyne.Focusable(name) == f.w.Canvas().Focused())

	test.Tap(uitest.FindOne[*widgets.IconButton](t, f.p, nil)) // the dice
	assert.NotEqualValues(t, 7, f.h.Project().Seed)
	seed := uitest.FindAll(f.p, func(e *widget.Entry) bool { return e.Text == fmt.Sprint(f.h.Project().Seed) })
	assert.Len(t, seed, 1, "the form shows the new master seed")

	uitest.FindOne[*widget.RadioGroup](t, f.p, nil).SetSelected("File")
	test.Tap(uitest.ButtonIn(t, f.p, "Choose…"))
	assert.Equal(t, "pack.json", f.h.Project().Content)
	assert.True(t, uitest.TextIn(f.p, "pack.json"), "the form names the file")
	uitest.FindOne[*widget.RadioGroup](t, f.p, nil).SetSelected("Embedded default pack")
	assert.Equal(t, "", f.h.Project().Content)
	require.True(t, f.h.CanUndo())
}
