package prefabedit

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/model"
	"hewn/ui/render"
)

// fakeHost is the editor as the panel sees it: the real model, the level
// run synchronously after each change, errors kept.
type fakeHost struct {
	*model.Model
	win  fyne.Window
	res  *chain.Result
	lvl  int
	errs []error
	err  error // the last run's
}

func (h *fakeHost) Style(sc *render.Scene, lvl int) {
	if p := h.Project(); lvl >= 0 && lvl < len(p.Levels) {
		sc.SetThemes(p.Theme(lvl))
	}
	sc.Entity = render.EntityLooks(h.Pack())
}
func (h *fakeHost) Viewed() (*chain.Result, int) { return h.res, h.lvl }
func (h *fakeHost) Window() fyne.Window          { return h.win }
func (h *fakeHost) ShowError(err error)          { h.errs = append(h.errs, err) }

// run runs the selected level, as the editor does after each change.
func (h *fakeHost) run(t testing.TB) {
	li := h.LevelIndex()
	if li < 0 {
		return
	}
	p := h.Project()
	res, err := chain.RunConfig(context.Background(), p.Levels[li].Chain, p.Config(li, p.Seed, h.Pack().Roller()))
	h.res, h.lvl, h.err = res, li, err
}

type fixture struct {
	h *fakeHost
	p *Panel
	w fyne.Window
}

func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	m := model.NewModel(proj)
	m.AttachPack(content.Default())
	h := &fakeHost{Model: m}
	h.run(t)
	f := &fixture{h: h}
	f.p = New(h)
	f.w = a.NewWindow("prefabs")
	f.w.SetContent(f.p)
	f.w.Resize(fyne.NewSize(1000, 700))
	h.win = f.w
	m.OnChange(func(model.Change) {
		h.run(t)
		f.p.Update()
	})
	t.Cleanup(f.w.Close)
	return f
}

// stroke drags the primary button over the grid through the tiles pts.
func (f *fixture) stroke(pts ...chain.Point) { uitest.Stroke(f.p.grid, pts...) }

// rows is the project prefab name's template.
func (f *fixture) rows(name string) []string {
	pr := f.h.Project()
	if i := pr.Prefab(name); i >= 0 {
		return pr.Prefabs[i].Template
	}
	return nil
}

// hutProject is a project whose one level is a room with a sectional
// prefab step stamping the project prefab "hut".
func hutProject() *projects.Project {
	p := projects.New("Huts")
	p.Prefabs = []projects.Prefab{{Name: "hut", Template: []string{"#####", "#   #", "#   #", "## ##"}}}
	p.Levels[0].Chain = &chain.Chain{Name: "Level 1", Depth: 1, Width: 40, Height: 25, Steps: []chain.Step{
		{Builder: "simple_map", Params: map[string]any{"draw": true}}, {Builder: "room_based_starting_position"},
		{Builder: "prefab", Params: map[string]any{"mode": "sectional", "name": "hut", "x": 5, "y": 5}},
	}}
	return p
}

func pt(x, y int) chain.Point { return chain.Point{X: x, Y: y} }
