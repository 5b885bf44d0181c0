package mapview

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/model"
	"hewn/ui/render"
)

// fakeHost is the editor as the panel sees it: the real model, posts queued
// for the test to run, errors and copies counted.
type fakeHost struct {
	*model.Model
	q      *uitest.Queue
	win    fyne.Window
	copied int
	errs   []error
	focus  string // the painter's prefab
	shown  string // the prefab ShowPrefab opened
}

func (h *fakeHost) Style(sc *render.Scene, lvl int) {
	if p := h.Project(); lvl >= 0 && lvl < len(p.Levels) {
		sc.SetThemes(p.Theme(lvl))
	}
}
func (h *fakeHost) Spawner() chain.Spawner { return nil }
func (h *fakeHost) CopyCommand()           { h.copied++ }
func (h *fakeHost) Window() fyne.Window    { return h.win }
func (h *fakeHost) Post(f func())          { h.q.Post(f) }
func (h *fakeHost) ShowError(err error)    { h.errs = append(h.errs, err) }
func (h *fakeHost) FocusPrefab() string    { return h.focus }
func (h *fakeHost) ShowPrefab(name string) { h.shown = name }

// fixture is the panel in a window over a model, reacting to its changes as
// the editor does: an edit of the level runs it (synchronously here) and
// shows the run, another step follows the history, a look redraws.
type fixture struct {
	h         *fakeHost
	p         *Panel
	w         fyne.Window
	lastLevel int
	lastStep  int
}

func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	h := &fakeHost{Model: model.NewModel(proj), q: &uitest.Queue{}}
	f := &fixture{h: h, lastLevel: -2, lastStep: -2}
	f.p = New(h)
	f.w = a.NewWindow("map")
	f.w.SetContent(f.p)
	f.w.Resize(fyne.NewSize(900, 700))
	h.win = f.w
	h.OnChange(f.react)
	f.run()
	t.Cleanup(func() { f.p.Pause(); f.w.Close() })
	return f
}

func (f *fixture) react(c model.Change) {
	f.p.Update()
	switch {
	case c&(model.ChangeProject|model.ChangeValue|model.ChangeContent) != 0 || f.h.LevelIndex() != f.lastLevel:
		f.run()
	case c&model.ChangeLook != 0:
		f.p.Redraw()
	case f.h.StepIndex() != f.lastStep:
		f.lastStep = f.h.StepIndex()
		f.p.FollowStep()
	}
	f.p.CheckPins()
}

// run runs the selected level and shows the outcome.
func (f *fixture) run() {
	f.lastLevel, f.lastStep = f.h.LevelIndex(), f.h.StepIndex()
	p, li := f.h.Project(), f.h.LevelIndex()
	if li < 0 {
		return
	}
	r, err := chain.RunConfig(context.Background(), p.Levels[li].Chain, p.Config(li, p.Seed, nil))
	if err != nil {
		f.p.ShowFailure(r, err)
		return
	}
	f.p.ShowRun(r, 0)
}

// result is the run on screen.
func (f *fixture) result() *chain.Result {
	r, _ := f.p.Viewed()
	return r
}
