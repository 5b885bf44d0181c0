package playview

import (
	"fmt"

	"hewn/projects/play"
)

// ShowGame shows g, a game already under way (a bot's run replayed from its
// keys, say), in the viewport, its sidebar and log, described by what.
func (pn *Panel) ShowGame(g *play.Game, what string) {
	pn.view.SetGame(g, pn.host.Project())
	pn.restart.SetText("Restart")
	pn.status.SetText(fmt.Sprintf("%s: turn %d, depth %d", what, g.Turn, g.Depth))
	pn.refresh()
	pn.host.Focus(pn.view)
}
