package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"hewn/content"
	"hewn/projects"
	"hewn/ui/playview"
)

// playHost is the editor as the Play panel (ui/playview) sees it.
type playHost struct{ e *Editor }

// Project is the current project.
func (h playHost) Project() *projects.Project { return h.e.m.Project() }

// Pack is the project's content pack (nil: the embedded default).
func (h playHost) Pack() *content.Pack { return h.e.m.Project().Pack }

// Level is the project's master seed and the selected level's depth.
func (h playHost) Level() (uint64, int, bool) {
	p, li := h.e.m.Project(), h.e.m.LevelIndex()
	if li < 0 || li >= len(p.Levels) {
		return 0, 0, false
	}
	return p.Seed, p.Levels[li].Depth, true
}

// Focus gives obj the keyboard focus.
func (h playHost) Focus(obj fyne.Focusable) {
	if h.e.win != nil {
		h.e.win.Canvas().Focus(obj)
	}
}

// installPlay adds the Play panel beside the map.
func (e *Editor) installPlay() {
	e.playPanel = playview.New(playHost{e})
	e.addMainTab("Play", theme.MediaPlayIcon(), e.playPanel.Object())
}
