package ui

import (
	"fmt"
	"fyne.io/fyne/v2/theme"

	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
	"hewn/ui/statsview"
)

// statsHost is the editor as the Statistics panel (ui/statsview) sees it.
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

// BalanceTarget is the project's balance sweep of bot over depths, with the
// project's content pack.
func (h statsHost) BalanceTarget(bot string, depths []int, maxTurns int) (stats.BalanceTarget, bool) {
	p := h.e.m.Project()
	var have []int
	for _, d := range depths {
		if p.LevelByDepth(d) >= 0 {
			have = append(have, d)
		}
	}
	if len(have) == 0 {
		return stats.BalanceTarget{}, false
	}
	return stats.BalanceTarget{Name: p.Name, Project: p, Pack: p.Pack, Depths: have, Bot: bot, MaxTurns: maxTurns}, true
}

// OpenReplay replays a bot's keys from master seed m on depth d in the Play tab.
func (h statsHost) OpenReplay(m uint64, d int, keys string) {
	e := h.e
	p := e.m.Project()
	g, err := play.New(p, p.Pack, m, d)
	if err == nil {
		err = g.KeysString(keys)
	}
	if err != nil {
		e.showError(err)
		return
	}
	for i, t := range e.main.Items {
		if t.Text == "Play" {
			e.main.SelectIndex(i)
		}
	}
	e.playPanel.ShowGame(g, fmt.Sprintf("Replay of seed %d, depth %d", m, d))
}

// Post runs f on the UI goroutine.
func (h statsHost) Post(f func()) { h.e.post(f) }

// installStats adds the Statistics panel beside the map.
func (e *Editor) installStats() {
	e.stats = statsview.New(statsHost{e})
	e.addMainTab("Statistics", theme.InfoIcon(), e.stats)
}
