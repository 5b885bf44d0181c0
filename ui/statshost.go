package ui

import (
	"fyne.io/fyne/v2/theme"

	"hewn/projects"
	"hewn/projects/stats"
	uistats "hewn/ui/stats"
)

// statsHost is the editor as the Statistics panel (ui/stats) sees it.
type statsHost struct{ e *Editor }

// Target sweeps the selected level with the project's content pack.
func (h statsHost) Target() (stats.Target, bool) {
	li := h.e.m.LevelIndex()
	if li < 0 {
		return stats.Target{}, false
	}
	p := h.e.m.Project()
	l := p.Levels[li]
	return stats.LevelTarget(p, li, h.e.spawner, l.Name), true
}

// OpenSeed makes m the master seed (one undo step; a fixed level seed is
// released, so the level shows m's map) and shows the map.
func (h statsHost) OpenSeed(m uint64) {
	e := h.e
	li := e.m.LevelIndex()
	e.m.EditProject("Open seed from statistics", "", func(p *projects.Project) {
		p.Seed = m
		if li >= 0 && li < len(p.Levels) {
			p.Levels[li].Seed = nil
		}
	})
	e.main.SelectIndex(0)
}

// Post runs f on the UI goroutine.
func (h statsHost) Post(f func()) { h.e.post(f) }

// installStats adds the Statistics panel beside the map.
func (e *Editor) installStats() {
	e.stats = uistats.New(statsHost{e})
	e.addMainTab("Statistics", theme.InfoIcon(), e.stats.Object())
}
