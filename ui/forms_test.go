package ui

import (
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
)

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

func TestTypingIntoAFormRebuildsNoForm(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.e
	f.steps(t).Select(0)
	before := formsOf(f)
	entry := f.param(t, "Max rooms")
	f.w.Canvas().Focus(entry)
	entry.SetText("")
	test.Type(entry, "12")
	assert.Equal(t, 12, f.chain().Steps[0].Params["max_rooms"])
	assert.True(t, before == formsOf(f), "typing a parameter rebuilds no form")
	assert.True(t, fyne.Focusable(entry) == f.w.Canvas().Focused(), "the focus stays in the entry")

	e.tabs.SelectIndex(tabLevels)
	width := uitest.FormItem(t, e.levels, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	f.w.Canvas().Focus(width)
	width.SetText("")
	test.Type(width, "64")
	assert.Equal(t, 64, f.chain().Width)
	assert.True(t, before == formsOf(f), "typing a level's size rebuilds no form")
	assert.True(t, fyne.Focusable(width) == f.w.Canvas().Focused(), "the focus stays in the entry")

	name := uitest.FormItem(t, e.project, "Project").(*widget.Entry)
	name.CursorColumn = len(name.Text)
	test.Type(name, "!")
	assert.Equal(t, "Test!", e.m.Project().Name)
	assert.True(t, before == formsOf(f), "typing the project's name rebuilds no form")
}

func TestThemeEditsRebuildNoOtherForm(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.e
	f.steps(t).Select(0)
	before := formsOf(f)
	fg := themeEntries(e.themes)[1]
	fg.SetText("#123456")
	assert.Equal(t, "#123456", chain.Hex(e.m.Project().Themes[0].Look(chain.Wall).FG))
	assert.True(t, before == formsOf(f), "a colour edit rebuilds no form")

	box := uitest.FindOne(t, e.themes, func(c *widgets.Check) bool { return c.Text == "Box-drawing walls" })
	gen := e.regen.Current()
	test.Tap(box)
	assert.False(t, e.m.Project().Themes[0].BoxWalls)
	assert.True(t, before == formsOf(f), "box walls rebuild no form, not even the theme editor")
	assert.Equal(t, gen, e.regen.Current(), "and only redraw the map")
	e.Undo()
	assert.True(t, e.m.Project().Themes[0].BoxWalls, "the toggle undoes on its own")
	assert.Equal(t, "#123456", chain.Hex(e.m.Project().Themes[0].Look(chain.Wall).FG))
	assert.True(t, uitest.FindOne(t, e.themes, func(c *widgets.Check) bool { return c.Text == "Box-drawing walls" }).Checked,
		"the theme editor shows the undone value")
	assert.Equal(t, before.param, formsOf(f).param, "undoing a theme edit leaves the parameter form")
}

func TestSelectionRebuildsOnlyTheFormsWhoseSubjectChanged(t *testing.T) {
	p := themedProject()
	p.Levels = append(p.Levels, p.Levels[0].Clone())
	p.Levels[2].Name = "Three"
	f := newFixture(t, p)
	before := formsOf(f)
	f.steps(t).Select(1)
	after := formsOf(f)
	assert.NotEqual(t, before.param, after.param, "selecting a step shows its form")
	assert.True(t, before.level == after.level, "the level form stays")
	assert.True(t, before.project == after.project, "the project form stays")
	assert.True(t, before.theme == after.theme, "the theme editor stays")

	f.levelList(t).Select(2) // same theme as level One
	f.settle()
	after2 := formsOf(f)
	assert.True(t, after.level != after2.level, "another level's form")
	assert.True(t, after.project == after2.project, "the project form stays")
	assert.True(t, after.theme == after2.theme, "the theme editor stays when the level's theme is the same")

	f.levelList(t).Select(1) // theme "yours"
	f.settle()
	assert.True(t, after2.theme != formsOf(f).theme, "another theme is shown")
	assert.True(t, after.project == formsOf(f).project, "the project form stays")
}

func TestUndoShowsRestoredValuesInTheForms(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.e
	width := uitest.FormItem(t, e.levels, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	width.SetText("64")
	fg := themeEntries(e.themes)[1]
	fg.SetText("#123456")
	e.Undo()
	fg = themeEntries(e.themes)[1]
	assert.Equal(t, chain.Hex(e.m.Project().Themes[0].Look(chain.Wall).FG), fg.Text, "the colour is back in its entry")
	e.Undo()
	width = uitest.FormItem(t, e.levels, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry)
	assert.Equal(t, "40", width.Text, "the width is back in its entry")
}

func TestMasterSeedTypedInTheSeedBarShowsInTheProjectForm(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.e
	uitest.FindOne[*widget.Entry](t, e.mapv, nil).SetText("99") // the master seed
	assert.Equal(t, uint64(99), e.m.Project().Seed)
	seed := uitest.FindAll(e.project, func(en *widget.Entry) bool { return en.Text == "99" })
	assert.Len(t, seed, 1, "the project form shows the new master seed")
}

func TestNewThemeCanBeUsedForTheLevelAtOnce(t *testing.T) {
	f := newFixture(t, themedProject())
	e := f.e
	copyFrom := uitest.FindOne(t, e.themes, func(s *widgets.Select) bool { return s.PlaceHolder == "New theme from…" })
	copyFrom.SetSelected("limestone")
	assert.Contains(t, uitest.FormItem(t, e.levels, "Theme").(*widgets.Select).Options, "my_limestone",
		"the level form lists it at once")
	test.Tap(buttonWithText(t, e.themes, "Use for this level"))
	assert.Equal(t, "my_limestone", e.m.Level().Theme)
	assert.Equal(t, "my_limestone", uitest.FormItem(t, e.levels, "Theme").(*widgets.Select).Selected)
	f.settle()
	assert.Equal(t, "my_limestone", f.scene(t).Theme.Name)
	assert.Empty(t, uitest.FindAll(e.themes, func(b *widget.Button) bool { return b.Text == "Use for this level" && b.Visible() }))
	// and a split
	e.m.EditLevel("Split", "", func(l *projects.Level) { l.Split = &projects.ThemeSplit{Region: "right_half", Theme: "dungeon"} })
	f.settle()
	sc := f.scene(t)
	require.NotNil(t, sc.Split)
	assert.Equal(t, "right_half", sc.Split.Region)
	assert.Equal(t, "dungeon", sc.Split.Theme.Name)
}
