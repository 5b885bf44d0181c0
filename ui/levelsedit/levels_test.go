package levelsedit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// fixture is the panel in a window over a model (the model is the host),
// updated after every change the editor updates it on.
type fixture struct {
	m *model.Model
	p *Panel
	w fyne.Window
}

func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	m := model.NewModel(proj)
	p := New(m)
	m.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue) != 0 {
			p.Update()
		}
	})
	w := a.NewWindow("levels")
	w.SetContent(p)
	w.Resize(fyne.NewSize(400, 800))
	t.Cleanup(w.Close)
	return &fixture{m, p, w}
}

func (f *fixture) chain() *chain.Chain { return f.m.Chain() }

// findButton finds the level list's toolbar buttons by what their tips say.
func findButton(t *testing.T, o fyne.CanvasObject, which string) *widgets.IconButton {
	word := map[string]string{"add": "Add", "dup": "Duplicate", "up": "level up", "down": "level down", "remove": "Remove"}[which]
	return uitest.FindOne(t, o, func(b *widgets.IconButton) bool { return strings.Contains(b.Tip, word) })
}

func TestLevels(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e, m := f.p, f.m
	e.levels.list.Select(1)
	assert.Equal(t, 1, m.LevelIndex())
	test.Tap(findButton(t, e, "dup"))
	assert.Equal(t, []string{"One", "Two", "Two (copy)"}, levelNames(m.Project()))
	assert.Equal(t, 2, m.LevelIndex())
	test.Tap(findButton(t, e, "up"))
	assert.Equal(t, []string{"One", "Two (copy)", "Two"}, levelNames(m.Project()))
	test.Tap(findButton(t, e, "remove"))
	assert.Equal(t, []string{"One", "Two"}, levelNames(m.Project()))
	// the level form follows the selection and the edits
	m.SelectLevel(0)
	assert.Equal(t, "One", uitest.FormItem(t, e, "Name").(*widget.Entry).Text)
	m.EditLevel("Change width", "width", func(l *projects.Level) { l.Chain.Width = 30 })
	assert.Equal(t, "30", uitest.FormItem(t, e, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry).Text)
	// a single level cannot be removed
	m.RemoveLevel(1)
	assert.True(t, findButton(t, e, "remove").Disabled())
}

func levelNames(p *projects.Project) []string {
	var out []string
	for _, l := range p.Levels {
		out = append(out, l.Name)
	}
	return out
}

func TestSizeEntrySaysTheAllowedRange(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.p
	size := uitest.FormItem(t, e, "Size").(*fyne.Container)
	width := size.Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	width.SetText("5")
	assert.Equal(t, 40, f.chain().Width, "a refused value leaves the level alone")
	why := uitest.FindAll(size, func(l *widget.Label) bool { return l.Visible() && l.Text != "" })
	require.Len(t, why, 1)
	assert.Equal(t, "width must be 8–4096", why[0].Text)
	width.SetText("wide")
	assert.Equal(t, `width must be a whole number, not "wide"`, why[0].Text)
	width.SetText("64")
	assert.Equal(t, 64, f.chain().Width)
	assert.False(t, why[0].Visible(), "fixed: the message goes")

	depth := uitest.FormItem(t, e, "Depth").(*fyne.Container)
	depth.Objects[0].(*widget.Entry).SetText("5000")
	assert.Equal(t, "depth must be 0–1000", depth.Objects[1].(*widget.Label).Text)
	assert.True(t, depth.Objects[1].Visible())
}

// Typing into the level form keeps it (and the focus); an undo shows the
// restored value.
func TestTypingKeepsTheLevelFormAndUndoShowsTheRestoredValue(t *testing.T) {
	f := newFixture(t, uitest.Project())
	form := uitest.FindOne[*widget.Form](t, f.p, nil)
	width := uitest.FormItem(t, f.p, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	f.w.Canvas().Focus(width)
	width.SetText("")
	test.Type(width, "64")
	assert.Equal(t, 64, f.chain().Width)
	assert.Same(t, form, uitest.FindOne[*widget.Form](t, f.p, nil), "typing a level's size rebuilds no form")
	assert.True(t, fyne.Focusable(width) == f.w.Canvas().Focused(), "the focus stays in the entry")
	f.m.Undo()
	width = uitest.FormItem(t, f.p, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	assert.Equal(t, "40", width.Text, "the width is back in its entry")

	// the fixed-seed check rebuilds the form (the seed entry comes alive)
	form = uitest.FindOne[*widget.Form](t, f.p, nil)
	seed := uitest.FormItem(t, f.p, "Seed").(*fyne.Container)
	pin := uitest.FindOne[*widgets.Check](t, seed, nil)
	assert.True(t, uitest.FindOne[*widget.Entry](t, seed, nil).Disabled())
	test.Tap(pin)
	require.NotNil(t, f.m.Level().Seed)
	assert.NotSame(t, form, uitest.FindOne[*widget.Form](t, f.p, nil))
	assert.False(t, uitest.FindOne[*widget.Entry](t, uitest.FormItem(t, f.p, "Seed"), nil).Disabled())
}
