package ui

import (
	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/ui/model"
	"hewn/ui/render"
)

// mapHost is the editor as the Map panel (ui/mapview) sees it.
type mapHost struct {
	*model.Model
	e *Editor
}

func (h mapHost) Style(sc *render.Scene, lvl int) { h.e.style(sc, lvl) }
func (h mapHost) Spawner() chain.Spawner          { return h.e.spawner }
func (h mapHost) CopyCommand()                    { h.e.CopyCommand() }
func (h mapHost) Window() fyne.Window             { return h.e.win }
func (h mapHost) Post(f func())                   { h.e.post(f) }
func (h mapHost) ShowError(err error)             { h.e.showError(err) }

// chainHost is the editor as the Chain panel (ui/chainedit) sees it.
type chainHost struct {
	*model.Model
	e *Editor
}

func (h chainHost) ShowBuilders() { h.e.tabs.SelectIndex(tabBuilders) }
func (h chainHost) Focus(obj fyne.Focusable) {
	if h.e.win != nil {
		h.e.win.Canvas().Focus(obj)
	}
}

// projectHost is the editor as the Project panel (ui/projectedit) sees it.
type projectHost struct {
	*model.Model
	e *Editor
}

func (h projectHost) ChooseContent(set func(path string)) { h.e.chooseContent(set) }

// themeHost is the editor as the Themes panel (ui/themeedit) sees it.
type themeHost struct {
	*model.Model
	e *Editor
}

func (h themeHost) Window() fyne.Window { return h.e.win }
