package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

func TestThemeTableFitsSidebarOneLinePerTile(t *testing.T) {
	f := newFixture(t, testProject())
	e := f.e
	base, _ := chain.FindTheme("dungeon", nil)
	base.Name = "mine"
	e.m.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, base) })
	e.themeSel = "mine"
	e.tabs.SelectIndex(tabThemes)
	e.rebuildForms()
	min := e.themeBox.MinSize()
	assert.LessOrEqual(t, min.Width, float32(340), "the theme table fits a 340 px sidebar without scrolling sideways")

	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(e.themeBox) {
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
	before := e.m.Project().Themes[0].Look(chain.Wall).FG
	entries[1].SetText("xyz")
	assert.Equal(t, before, e.m.Project().Themes[0].Look(chain.Wall).FG)
	errs := findLabel(e.themeBox, func(l *widget.Label) bool { return l.Importance == widget.DangerImportance })
	require.NotNil(t, errs)
	assert.True(t, errs.Visible())
	assert.Equal(t, `wall fg: "xyz" is not a colour (want #RRGGBB)`, errs.Text)
	entries[1].SetText("#123456")
	assert.False(t, errs.Visible(), "fixing it clears the message")
	assert.Equal(t, "#123456", chain.Hex(e.m.Project().Themes[0].Look(chain.Wall).FG))
	entries[0].SetText("ab")
	assert.Contains(t, errs.Text, "wall glyph")
	entries[0].SetText("W")
	assert.Equal(t, 'W', e.m.Project().Themes[0].Look(chain.Wall).Glyph)
	assert.False(t, errs.Visible())
}

// findLabel returns the first laid-out label under o that ok accepts.
func findLabel(o fyne.CanvasObject, ok func(*widget.Label) bool) *widget.Label {
	for _, x := range test.LaidOutObjects(o) {
		if l, is := x.(*widget.Label); is && ok(l) {
			return l
		}
	}
	return nil
}

func TestFailedRunPartialHistory(t *testing.T) {
	f := newFixture(t, testProject())
	e := f.e
	good := e.mapView.Scene()
	require.NotNil(t, good)
	goodLen := e.scrub.Len()
	require.NoError(t, e.m.AddStep(nil, -1, "ui_test_fail"))
	f.settle()

	// the last good map stays; the status names the failing step and offers the partial run
	assert.Same(t, good.Map, e.mapView.Scene().Map)
	assert.Contains(t, e.status.Text, "steps[1] ui_test_fail")
	assert.Contains(t, e.status.Text, "last good run")
	assert.Equal(t, widget.DangerImportance, e.status.Importance)
	require.True(t, e.partial.Visible())
	assert.Equal(t, "Show failed run", e.partial.Text)
	assert.Equal(t, goodLen, e.scrub.Len())

	test.Tap(e.partial)
	require.True(t, e.browsingFailed)
	n := e.failed.History.Len()
	require.Positive(t, n)
	assert.Equal(t, n, e.scrub.Len(), "the scrubber browses the failed run")
	assert.Equal(t, n-1, e.scrub.Current(), "at the last snapshot before the failure")
	assert.True(t, strings.HasPrefix(e.scrub.label.Text, "Failed run · "), e.scrub.label.Text)
	assert.Contains(t, e.status.Text, "showing the failed run")
	assert.Contains(t, e.status.Text, "steps[1] ui_test_fail")
	assert.Equal(t, "Back to last good map", e.partial.Text)
	e.scrub.slider.SetValue(0)
	assert.Equal(t, 0, e.scrub.Current())
	assert.Equal(t, e.failed.History.At(0).Map.Tiles, e.mapView.Scene().Map.Tiles)

	// an edit that still fails keeps the designer in the failed run
	e.m.SetParam(model.StepPath{0}, "max_rooms", 4)
	f.settle()
	assert.True(t, e.browsingFailed)
	assert.Equal(t, e.failed.History.Len(), e.scrub.Len())

	test.Tap(e.partial)
	assert.False(t, e.browsingFailed)
	assert.Equal(t, e.result.History.Len(), e.scrub.Len())
	assert.False(t, strings.HasPrefix(e.scrub.label.Text, "Failed run"))
	assert.Contains(t, e.status.Text, "last good run")

	// fixing the chain clears it all
	e.m.RemoveStep(nil, 1)
	f.settle()
	assert.False(t, e.partial.Visible())
	assert.Nil(t, e.failed)
	assert.Equal(t, widget.MediumImportance, e.status.Importance)
	assert.Contains(t, e.status.Text, "snapshots")
}

func TestFailedLevelWithoutGoodMapShowsPartialRun(t *testing.T) {
	p := testProject()
	p.Levels[1].Chain.Steps = append(p.Levels[1].Chain.Steps, chain.Step{Builder: "ui_test_fail"})
	f := newFixture(t, p)
	e := f.e
	e.m.SelectLevel(1)
	f.settle()
	assert.True(t, e.browsingFailed, "no good map of this level: the partial run shows at once")
	assert.False(t, e.partial.Visible(), "no good map to go back to")
	assert.Equal(t, e.failed.History.Len(), e.scrub.Len())
	assert.Equal(t, 25, e.mapView.Scene().Map.H)
	assert.Contains(t, e.status.Text, "steps[1] ui_test_fail")
}

func TestProjectFormShowsChooseOnlyForFile(t *testing.T) {
	f := newFixture(t, testProject())
	e := f.e
	e.tabs.SelectIndex(tabProject)
	var src *widget.RadioGroup
	var choose *widget.Button
	for _, o := range test.LaidOutObjects(e.projectBox) {
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

func TestBoolParamIsOneCheckWithItsLabel(t *testing.T) {
	f := newFixture(t, testProject())
	require.NoError(t, f.e.m.AddStep(nil, -1, "ui_test_all"))
	f.settle()
	c, ok := f.e.form.inputs["flag"].(*widget.Check)
	require.True(t, ok)
	assert.Equal(t, "flag", c.Text)
	test.Tap(c)
	assert.Equal(t, true, f.chain().Steps[1].Params["flag"])
}

func TestHintsReadInThePlaceholderColour(t *testing.T) {
	h := widgets.Hint("help")
	require.Len(t, h.Segments, 1)
	seg := h.Segments[0].(*widget.TextSegment)
	assert.Equal(t, "help", seg.Text)
	assert.NotEqual(t, "disabled", string(seg.Style.ColorName), "the disabled colour hardly reads")
}

func TestEditMenuCarriesEveryUndoRedoShortcut(t *testing.T) {
	f := newFixture(t, testProject())
	e := f.e
	e.installMenus()
	var edit *fyne.Menu
	for _, mn := range f.w.MainMenu().Items {
		if mn.Label == "Edit" {
			edit = mn
		}
	}
	require.NotNil(t, edit)
	byShortcut := map[string]*fyne.MenuItem{}
	for _, it := range edit.Items {
		if it.Shortcut != nil {
			byShortcut[it.Shortcut.ShortcutName()] = it
		}
	}
	// the window runs main-menu shortcuts before the focused widget, so all
	// three must be menu shortcuts to work while an entry has the focus
	undo, redo := byShortcut[(&fyne.ShortcutUndo{}).ShortcutName()], byShortcut[(&fyne.ShortcutRedo{}).ShortcutName()]
	redo2 := byShortcut[(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}).ShortcutName()]
	require.NotNil(t, undo)
	require.NotNil(t, redo)
	require.NotNil(t, redo2, "Ctrl+Shift+Z")

	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Renamed" })
	f.settle()
	assert.Contains(t, f.w.Title(), "*")
	undo.Action()
	f.settle()
	assert.Equal(t, "Test", e.m.Project().Name)
	assert.NotContains(t, f.w.Title(), "*")
	redo2.Action()
	f.settle()
	assert.Equal(t, "Renamed", e.m.Project().Name)
	undo.Action()
	redo.Action()
	f.settle()
	assert.Equal(t, "Renamed", e.m.Project().Name)
}
