package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
	"hewn/ui/render"
)

type fixture struct {
	e *Editor
	q *uitest.Queue
	w fyne.Window
}

func newFixture(t testing.TB, p *projects.Project) *fixture {
	a := test.NewTempApp(t)
	q := &uitest.Queue{}
	w := a.NewWindow("t")
	e := newEditor(a, w, model.NewModel(p), q.Post)
	w.SetContent(e.root)
	w.Resize(fyne.NewSize(1280, 800))
	f := &fixture{e, q, w}
	f.settle()
	t.Cleanup(func() { e.mapv.Pause(); e.regen.Stop(); w.Close() })
	return f
}

// settle waits for the running generation and applies its outcome.
func (f *fixture) settle() {
	f.e.regen.Wait()
	f.q.Drain()
}

func (f *fixture) chain() *chain.Chain { return f.e.m.Chain() }

// result is the run the map panel shows.
func (f *fixture) result() *chain.Result {
	r, _ := f.e.mapv.Viewed()
	return r
}

// viewport is the map panel's viewport.
func (f *fixture) viewport(t testing.TB) *widgets.Viewport {
	return uitest.FindOne[*widgets.Viewport](t, f.e.mapv, nil)
}

// scene is the scene the map panel's viewport draws.
func (f *fixture) scene(t testing.TB) *render.Scene {
	sc, _ := f.viewport(t).Drawing().(*render.Scene)
	return sc
}

// says reports whether the map panel's status line (or another of its
// labels) says s.
func (f *fixture) says(s string) bool { return uitest.TextIn(f.e.mapv, s) }

func builders(c *chain.Chain) []string {
	var out []string
	for _, s := range c.Steps {
		out = append(out, s.Builder)
	}
	return out
}

func TestOpensWithFirstLevelGenerated(t *testing.T) {
	f := newFixture(t, uitest.Project())
	assert.Equal(t, 0, f.e.m.LevelIndex())
	require.NotNil(t, f.result())
	sc := f.scene(t)
	require.NotNil(t, sc)
	assert.Equal(t, 40, sc.Map.W)
	assert.Equal(t, f.result().State.Map.Tiles, sc.Map.Tiles, "the final snapshot is shown")
	assert.Equal(t, "Test — Hewn", f.w.Title())
}

// The history keys (typed while nothing has the focus) and choosing a step
// in the chain move the map panel's history.
func TestHistoryKeysAndStepSelectionMoveTheHistory(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	h := f.result().History
	require.GreaterOrEqual(t, h.Len(), 3)
	at := func() string {
		l := uitest.LabelWith(e.mapv, fmt.Sprintf("/%d · ", h.Len()))
		require.NotNil(t, l, "the scrubber names the snapshot shown")
		return strings.SplitN(l.Text, "/", 2)[0]
	}
	assert.Equal(t, fmt.Sprint(h.Len()), at(), "the last snapshot")
	e.installMenus() // and the window's keys
	key := f.w.Canvas().OnTypedKey()
	key(&fyne.KeyEvent{Name: fyne.KeyHome})
	assert.Equal(t, "1", at())
	assert.Equal(t, h.At(0).Map.Tiles, f.scene(t).Map.Tiles)
	key(&fyne.KeyEvent{Name: fyne.KeyRight})
	assert.Equal(t, "2", at())
	key(&fyne.KeyEvent{Name: fyne.KeyLeft})
	assert.Equal(t, "1", at())
	key(&fyne.KeyEvent{Name: fyne.KeyEnd})
	assert.Equal(t, fmt.Sprint(h.Len()), at())
	// clicking a step jumps to its last snapshot
	require.NoError(t, e.m.AddStep(nil, -1, "simple_map"))
	f.settle()
	h = f.result().History
	f.steps(t).Select(0)
	assert.Equal(t, fmt.Sprint(h.LastOf(0)+1), at())
	f.steps(t).Select(1)
	assert.Equal(t, fmt.Sprint(h.LastOf(1)+1), at())
}

func TestUndoRedo(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	f.steps(t).Select(0)
	entry := f.param(t, "Max rooms")
	entry.SetText("")
	test.Type(entry, "15")
	assert.Equal(t, 15, f.chain().Steps[0].Params["max_rooms"])
	assert.True(t, e.m.Dirty())
	assert.Equal(t, "Test * — Hewn", f.w.Title())
	require.NoError(t, e.m.AddStep(nil, -1, "ui_test_all"))
	assert.Len(t, f.chain().Steps, 2)
	e.Undo()
	assert.Len(t, f.chain().Steps, 1)
	assert.Equal(t, 15, f.chain().Steps[0].Params["max_rooms"])
	e.Undo() // the typed keystrokes undo as one edit
	assert.Equal(t, 10, f.chain().Steps[0].Params["max_rooms"])
	assert.False(t, e.m.Dirty())
	assert.Equal(t, "10", f.param(t, "Max rooms").Text, "the form shows the undone value")
	e.Redo()
	assert.Equal(t, 15, f.chain().Steps[0].Params["max_rooms"])
	e.Redo()
	assert.Len(t, f.chain().Steps, 2)
	assert.False(t, e.m.CanRedo())
	f.settle()
	// levels undo too
	test.Tap(uitest.FindAll[*widgets.IconButton](e.levels, nil)[0]) // the level list's add
	assert.Len(t, e.m.Project().Levels, 3)
	e.Undo()
	assert.Len(t, e.m.Project().Levels, 2)
}

// levelList is the Levels panel's list.
func (f *fixture) levelList(t testing.TB) *widget.List {
	return uitest.FindOne[*widget.List](t, f.e.levels, nil)
}

func TestSelectingALevelGeneratesIt(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e, m := f.e, f.e.m
	f.levelList(t).Select(1)
	f.settle()
	assert.Equal(t, 1, m.LevelIndex())
	assert.Equal(t, 2, f.result().Chain.Depth, "selecting a level generates it")
	uitest.FormItem(t, e.levels, "Size").(*fyne.Container).Objects[0].(*fyne.Container).Objects[0].(*widget.Entry).SetText("30")
	f.settle()
	assert.Equal(t, 30, f.scene(t).Map.W, "its form's edits too")
}

func levelNames(p *projects.Project) []string {
	var out []string
	for _, l := range p.Levels {
		out = append(out, l.Name)
	}
	return out
}

func TestErrorKeepsLastGoodMap(t *testing.T) {
	f := newFixture(t, uitest.Project())
	good := f.scene(t)
	require.NotNil(t, good)
	require.NoError(t, f.e.m.AddStep(nil, -1, "ui_test_fail"))
	f.settle()
	assert.True(t, f.says("steps[1] ui_test_fail"))
	assert.True(t, f.says("needs rooms"))
	assert.Same(t, good.Map, f.scene(t).Map, "the last good map stays")
}

func TestRegenCancelsPreviousRun(t *testing.T) {
	test.NewTempApp(t)
	q := &uitest.Queue{}
	var got []Outcome
	r := NewRegen(q.Post, func(o Outcome) { got = append(got, o) })
	slow := &chain.Chain{Width: 20, Height: 20, Steps: []chain.Step{{Builder: "simple_map"}, {Builder: "ui_test_slow"}}}
	fast := &chain.Chain{Width: 20, Height: 20, Steps: []chain.Step{{Builder: "simple_map"}}}
	g1 := r.Start(Job{Chain: slow})
	<-uitest.SlowStarted
	g2 := r.Start(Job{Chain: fast})
	<-uitest.SlowCancelled // the first run saw its context cancelled
	r.Wait()
	q.Drain()
	require.Len(t, got, 1, "only the newest run is shown")
	assert.Equal(t, g2, got[0].Gen)
	assert.NotEqual(t, g1, g2)
	assert.NoError(t, got[0].Err)
	assert.Same(t, fast, got[0].Job.Chain)
}

func TestEditorRegenCancelsOnSecondEdit(t *testing.T) {
	f := newFixture(t, uitest.Project())
	m := f.e.m
	require.NoError(t, m.AddStep(nil, -1, "ui_test_slow"))
	<-uitest.SlowStarted
	m.RemoveStep(nil, 1) // the second edit cancels the first run
	<-uitest.SlowCancelled
	f.settle()
	assert.Len(t, f.result().Chain.Steps, 1)
	assert.False(t, f.says("⚠"))
}

func TestSaveMarksClean(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Saved One" })
	assert.True(t, e.m.Dirty())
	path := filepath.Join(t.TempDir(), "p.hewn.json")
	require.NoError(t, e.saveTo(path))
	assert.False(t, e.m.Dirty())
	assert.Equal(t, "Saved One — Hewn", f.w.Title())
	p, err := projects.Load(path)
	require.NoError(t, err)
	assert.Equal(t, "Saved One", p.Name)
	assert.Equal(t, builders(e.m.Chain()), builders(p.Levels[0].Chain))
	assert.Equal(t, path, e.app.Preferences().StringList(recentKey)[0])
}

// BenchmarkEditToMapShown80x50 measures an edit (a parameter typed) to the new
// map shown: model edit, chain run off the UI goroutine, history, and the map
// view's frame.
func BenchmarkEditToMapShown80x50(b *testing.B) {
	p := uitest.Project()
	p.Levels[0].Chain.Width, p.Levels[0].Chain.Height = 80, 50
	f := newFixture(b, p)
	vp := f.viewport(b)
	vp.Resize(fyne.NewSize(800, 500))
	frame := test.WidgetRenderer(vp).Objects()[1].(*canvas.Raster).Generator
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.e.m.SetParam(model.StepPath{0}, "max_rooms", 10+i%20)
		f.settle()
		frame(800, 500)
	}
}

// countRuns counts the chain runs the editor starts from now on (the runs
// are the real ones).
func countRuns(t *testing.T, f *fixture) func() int {
	f.settle()
	var n atomic.Int32
	run := f.e.regen.run
	f.e.regen.run = func(ctx context.Context, j Job) (*chain.Result, error) {
		n.Add(1)
		return run(ctx, j)
	}
	return func() int { f.settle(); return int(n.Load()) }
}

// One edit starts one chain run: a pack edit that also edits the project (a
// rename following into the chain's steps) once, not once as a project edit
// and again as a pack edit; a weight typed, a parameter typed, once; a
// theme's colour, none.
func TestOneEditStartsOneRun(t *testing.T) {
	f := newContentFixture(t)
	runs := countRuns(t, f)
	host := contentHost{f.e}
	require.NoError(t, host.EditProjectAndPack("Rename Goblin", func(p *projects.Project, pk *content.Pack) error {
		_, err := p.RenameEntity(pk, "Goblin", "Hobgoblin")
		return err
	}))
	assert.Equal(t, 1, runs(), "an EditProjectAndPack")
	require.NoError(t, host.EditPack("Weight", "w", func(pk *content.Pack) error {
		pk.SpawnTable[0].Weight++
		return nil
	}))
	assert.Equal(t, 2, runs(), "an EditPack")

	f.steps(t).Select(0)
	f.settle()
	before := runs()
	f.param(t, "Max rooms").SetText("12")
	assert.Equal(t, 12, f.chain().Steps[0].Params["max_rooms"])
	assert.Equal(t, before+1, runs(), "a parameter typed")

	f.e.m.EditProject("Add theme", "", func(p *projects.Project) {
		th, _ := chain.FindTheme("dungeon", nil)
		th.Name = "mine"
		p.Themes = append(p.Themes, th)
	})
	f.e.m.EditLevel("Theme", "", func(l *projects.Level) { l.Theme = "mine" })
	before = runs()
	themeEntries(f.e.themes)[1].SetText("#123456")
	assert.Equal(t, "#123456", chain.Hex(f.e.m.Project().Themes[0].Look(chain.Wall).FG))
	assert.Equal(t, before, runs(), "a theme's colour: drawn again, nothing runs")
	assert.Equal(t, "#123456", chain.Hex(f.scene(t).Theme.Look(chain.Wall).FG))
}
