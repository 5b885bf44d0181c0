package themeedit

import (
	"fmt"
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

// fakeHost is the editor as the panel sees it: the model and a window.
type fakeHost struct {
	*model.Model
	win fyne.Window
}

func (h *fakeHost) Window() fyne.Window { return h.win }

type fixture struct {
	h *fakeHost
	p *Panel
	w fyne.Window
}

// newFixture is the panel in a sidebar-sized window over a model, updated
// after every change the editor updates it on.
func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	h := &fakeHost{Model: model.NewModel(proj)}
	h.win = a.NewWindow("themes")
	p := New(h)
	h.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue|model.ChangeLook) != 0 {
			p.Update()
		}
	})
	h.win.SetContent(p)
	h.win.Resize(fyne.NewSize(380, 800))
	t.Cleanup(h.win.Close)
	return &fixture{h, p, h.win}
}

// watch records the changes the model reports from now on.
func watch(f *fixture) *[]model.Change {
	var got []model.Change
	f.h.OnChange(func(c model.Change) { got = append(got, c) })
	return &got
}

// themeEntries lists the theme editor's entries (glyph, fg, bg for each tile).
func themeEntries(o fyne.CanvasObject) []*widget.Entry { return uitest.FindAll[*widget.Entry](o, nil) }

// findLabel returns the first laid-out label under o that ok accepts.
func findLabel(o fyne.CanvasObject, ok func(*widget.Label) bool) *widget.Label {
	for _, l := range uitest.FindAll(o, ok) {
		return l
	}
	return nil
}

func buttonWithText(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	return uitest.FindOne(t, o, func(b *widget.Button) bool { return b.Text == text && b.Visible() })
}

func TestThemeEditor(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.p
	objs := test.LaidOutObjects(e.box)
	var copyFrom *widgets.Select
	for _, o := range objs {
		if s, ok := o.(*widgets.Select); ok && s.PlaceHolder == "New theme from…" {
			copyFrom = s
		}
	}
	require.NotNil(t, copyFrom)
	copyFrom.SetSelected("limestone")
	require.Len(t, f.h.Project().Themes, 1)
	assert.Equal(t, "my_limestone", f.h.Project().Themes[0].Name)
	assert.Equal(t, '▒', f.h.Project().Themes[0].Tiles["wall"].Glyph)
	// the wall row's glyph entry
	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(e.box) {
		if en, ok := o.(*widget.Entry); ok {
			entries = append(entries, en)
		}
	}
	require.NotEmpty(t, entries)
	entries[0].SetText("X")
	assert.Equal(t, 'X', f.h.Project().Themes[0].Tiles["wall"].Glyph)
	got := watch(f)
	entries[1].SetText("#112233")
	assert.Equal(t, "#112233", chain.Hex(f.h.Project().Themes[0].Tiles["wall"].FG))
	assert.Equal(t, []model.Change{model.ChangeLook | model.ChangeFile}, *got, "a colour edit only changes how the map looks")
}

func TestThemeTableFitsSidebarOneLinePerTile(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.p
	base, _ := chain.FindTheme("dungeon", nil)
	base.Name = "mine"
	f.h.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, base) })
	e.sel = "mine"
	e.Update()
	min := e.box.MinSize()
	assert.LessOrEqual(t, min.Width, float32(340), "the theme table fits a 340 px sidebar without scrolling sideways")

	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(e.box) {
		if en, ok := o.(*widget.Entry); ok {
			entries = append(entries, en)
		}
	}
	require.Len(t, entries, 3*len(chain.Tiles()), "glyph, fg and bg for every tile")
	for _, en := range entries {
		assert.Nil(t, en.Validator, "no validation icon eating the entry's width")
	}
	// a row is one line: glyph, fg and bg entries share a y
	y := func(o fyne.CanvasObject) float32 { return fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Y }
	assert.Equal(t, y(entries[0]), y(entries[1]))
	assert.Equal(t, y(entries[0]), y(entries[2]))
	assert.Less(t, y(entries[0]), y(entries[3]))
	assert.GreaterOrEqual(t, entries[1].Size().Width, float32(themeColourMinW), "room for #RRGGBB")

	// a bad colour is reported under the table and leaves the theme alone
	before := f.h.Project().Themes[0].Look(chain.Wall).FG
	entries[1].SetText("xyz")
	assert.Equal(t, before, f.h.Project().Themes[0].Look(chain.Wall).FG)
	errs := findLabel(e.box, func(l *widget.Label) bool { return l.Importance == widget.DangerImportance })
	require.NotNil(t, errs)
	assert.True(t, errs.Visible())
	assert.Equal(t, `wall fg: "xyz" is not a colour (want #RRGGBB)`, errs.Text)
	entries[1].SetText("#123456")
	assert.False(t, errs.Visible(), "fixing it clears the message")
	assert.Equal(t, "#123456", chain.Hex(f.h.Project().Themes[0].Look(chain.Wall).FG))
	entries[0].SetText("ab")
	assert.Contains(t, errs.Text, "wall glyph")
	entries[0].SetText("W")
	assert.Equal(t, 'W', f.h.Project().Themes[0].Look(chain.Wall).Glyph)
	assert.False(t, errs.Visible())
}

// themedProject is testProject with two project themes, "mine" for level One
// and "yours" for level Two, and a second step on level One.
func themedProject() *projects.Project {
	p := uitest.Project()
	for _, n := range []string{"mine", "yours"} {
		th, _ := chain.FindTheme("dungeon", nil)
		th.Name = n
		p.Themes = append(p.Themes, th)
	}
	p.Levels[0].Theme, p.Levels[1].Theme = "mine", "yours"
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps, chain.Step{Builder: "room_based_starting_position"})
	return p
}

func TestThemeEditsRebuildNoForm(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.p
	before := uitest.FindAll[*widget.Entry](e.box, nil)
	fg := themeEntries(e.box)[1]
	fg.SetText("#123456")
	assert.Equal(t, "#123456", chain.Hex(f.h.Project().Themes[0].Look(chain.Wall).FG))
	assert.Equal(t, before, uitest.FindAll[*widget.Entry](e.box, nil), "a colour edit rebuilds no form")

	box := uitest.FindOne(t, e.box, func(c *widgets.Check) bool { return c.Text == "Box-drawing walls" })
	got := watch(f)
	test.Tap(box)
	assert.False(t, f.h.Project().Themes[0].BoxWalls)
	assert.Equal(t, before, uitest.FindAll[*widget.Entry](e.box, nil), "box walls rebuild no form, not even the theme editor")
	assert.Equal(t, []model.Change{model.ChangeLook | model.ChangeFile}, *got, "and only redraw the map")
	f.h.Undo()
	assert.True(t, f.h.Project().Themes[0].BoxWalls, "the toggle undoes on its own")
	assert.Equal(t, "#123456", chain.Hex(f.h.Project().Themes[0].Look(chain.Wall).FG))
	assert.True(t, uitest.FindOne(t, e.box, func(c *widgets.Check) bool { return c.Text == "Box-drawing walls" }).Checked,
		"the theme editor shows the undone value")
}

// themePick returns the theme editor's select of the project's themes.
func themePick(t *testing.T, e *Panel) *widgets.Select {
	return uitest.FindOne(t, e.box, func(s *widgets.Select) bool { return s.PlaceHolder != "New theme from…" })
}

func TestThemesTabFollowsTheSelectedLevel(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.p
	assert.Equal(t, "mine", themePick(t, e).Selected)
	f.h.SelectLevel(1)
	assert.Equal(t, "yours", themePick(t, e).Selected, "the level's theme is shown")
	assert.NotEmpty(t, uitest.FindAll(e.box, func(r *widget.RichText) bool { return r.String() == "The selected level uses this theme." }))

	// a built-in theme: offered as a copy for the level
	f.h.EditLevel("Theme", "", func(l *projects.Level) { l.Theme = "forest" })
	assert.Equal(t, "yours", themePick(t, e).Selected, "a built-in theme leaves the editor where it was")
	test.Tap(buttonWithText(t, e.box, "Copy it for this level"))
	assert.Equal(t, "my_forest", f.h.Level().Theme)
	assert.Equal(t, "my_forest", themePick(t, e).Selected)
	f.h.Undo()
	assert.Equal(t, "forest", f.h.Level().Theme, "one undo reverts the copy and its use")
	assert.Len(t, f.h.Project().Themes, 2)
}

func TestNewThemeCanBeUsedForTheLevelAtOnce(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.p
	copyFrom := uitest.FindOne(t, e.box, func(s *widgets.Select) bool { return s.PlaceHolder == "New theme from…" })
	copyFrom.SetSelected("limestone")
	assert.Equal(t, "my_limestone", themePick(t, e).Selected, "the new theme is shown")
	test.Tap(buttonWithText(t, e.box, "Use for this level"))
	assert.Equal(t, "my_limestone", f.h.Level().Theme)
	assert.Empty(t, uitest.FindAll(e.box, func(b *widget.Button) bool { return b.Text == "Use for this level" && b.Visible() }))
}

func TestColourSwatchOpensAPickerAndThePickIsUndoable(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.p
	swatches := uitest.FindAll[*widgets.Swatch](e.box, nil)
	require.Len(t, swatches, 2*len(chain.Tiles()))
	before := f.h.Project().Themes[0].Look(chain.Wall).FG
	test.Tap(swatches[0]) // the wall's foreground
	picker := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(picker, "wall foreground"), "the picker names what it colours")
	// the first basic colour (red) picks it at once
	colours := uitest.OnScreen(picker, func(o fyne.CanvasObject) bool {
		_, tappable := o.(fyne.Tappable)
		return tappable && fmt.Sprintf("%T", o) == "*dialog.colorButton"
	})
	require.NotEmpty(t, colours)
	test.Tap(colours[0].(fyne.Tappable))
	assert.Equal(t, "#F44336", chain.Hex(f.h.Project().Themes[0].Look(chain.Wall).FG))
	assert.Equal(t, "#F44336", themeEntries(e.box)[1].Text, "the entry shows the picked colour")
	assert.Nil(t, f.w.Canvas().Overlays().Top(), "the picker closed")
	f.h.Undo()
	assert.Equal(t, before, f.h.Project().Themes[0].Look(chain.Wall).FG, "one undo reverts the pick")
}
