package chainedit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/model"
)

// fakeHost is the editor as the panel sees it: the real model, and the
// sidebar's tabs (Chain, Builders, Levels) in a window.
type fakeHost struct {
	*model.Model
	tabs *container.AppTabs
	win  fyne.Window
	// file is what the file picker picks; asked counts its uses
	file  string
	asked int
	// painted lists the templates opened in the painter; paintMode counts
	// the map's paint mode shown
	painted   []string
	paintMode int
}

func (h *fakeHost) ShowBuilders()            { h.tabs.SelectIndex(1) }
func (h *fakeHost) Focus(obj fyne.Focusable) { h.win.Canvas().Focus(obj) }
func (h *fakeHost) ChoosePrefabFile(set func(rel string)) {
	h.asked++
	if h.file != "" {
		set(h.file)
	}
}
func (h *fakeHost) EditTemplate(path model.StepPath, param string) {
	h.painted = append(h.painted, path.String()+"."+param)
}
func (h *fakeHost) PaintMode() { h.paintMode++ }

// fixture is the panel and its palette in a sidebar-sized window over a
// model; the panel updates after every change that the editor updates it on.
type fixture struct {
	h *fakeHost
	p *Panel
	w fyne.Window
}

func newFixture(t testing.TB, proj *projects.Project) *fixture {
	t.Helper()
	a := test.NewTempApp(t)
	h := &fakeHost{Model: model.NewModel(proj)}
	p := New(h)
	h.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue) != 0 {
			p.Update()
		}
	})
	h.tabs = container.NewAppTabs(container.NewTabItem("Chain", p), container.NewTabItem("Builders", p.Palette()),
		container.NewTabItem("Levels", widget.NewLabel("levels")))
	h.win = a.NewWindow("chain")
	h.win.SetContent(h.tabs)
	h.win.Resize(fyne.NewSize(400, 800))
	t.Cleanup(h.win.Close)
	return &fixture{h, p, h.win}
}

func (f *fixture) chain() *chain.Chain { return f.h.Chain() }

func builders(c *chain.Chain) []string { return uitest.Builders(c.Steps) }
