// Package playview is the editor's Play panel: it play-tests the selected level
// of the project in an embedded viewport with the rules of projects/play. The
// camera follows the player over a world larger than the view; remembered tiles
// are dimmed; a sidebar shows hp, depth, turn, position, what lies underfoot and
// the creatures in sight, and a log area the latest messages. Keys go to the
// game (hjklyubn, the digits 1-9, arrows, . to wait, > to descend, g to pick up).
package playview

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Project is the current project.
	Project() *projects.Project
	// Pack is the project's content pack (nil for the embedded default).
	Pack() *content.Pack
	// Level returns the master seed and the depth of the selected level (ok is
	// false when no level is selected).
	Level() (master uint64, depth int, ok bool)
	// Focus gives the keyboard focus to obj.
	Focus(obj fyne.Focusable)
	// Post runs f on the UI goroutine (a replay's steps come through it).
	Post(f func())
	// SaveSession asks the user where to save a play session and writes data
	// there (name is the suggested file name).
	SaveSession(name string, data []byte)
	// OpenSession asks the user for a play session file and passes its bytes
	// to f.
	OpenSession(f func(data []byte))
}

// logLines is how many messages the log area shows.
const logLines = 5

// replayDelay is the time between two keys of a replay.
var replayDelay = 60 * time.Millisecond

// Panel is the Play panel.
type Panel struct {
	widget.BaseWidget
	host Host
	obj  fyne.CanvasObject

	view    *view
	side    *widget.Label
	log     *widget.Label
	status  *widget.Label
	restart *widget.Button
	newSeed *widget.Button
	save    *widget.Button
	replay  *widget.Button
	reveal  *widgets.Check
	walls   *widgets.Check
	invuln  *widgets.Check

	replayer *play.Replayer
	stop     chan struct{}
	changed  bool
	depth    int // the depth the status line names
}

// New returns the panel (no game runs until Start).
func New(h Host) *Panel {
	pn := &Panel{host: h}
	pn.view = newView()
	pn.view.OnKey = pn.key
	pn.view.OnTap = func() {
		if pn.view.Game() == nil {
			pn.start()
		}
	}
	pn.side = widget.NewLabel("")
	pn.side.Wrapping = fyne.TextWrapWord
	// The log area keeps logLines lines' height (one message a line, cut
	// with an ellipsis when too long), so the viewport does not jump.
	pn.log = widget.NewLabel(strings.Repeat("\n", logLines-1))
	pn.log.Truncation = fyne.TextTruncateEllipsis
	pn.status = widget.NewLabel("Press Play (or click the view) to play-test the selected level.")
	pn.status.Truncation = fyne.TextTruncateEllipsis
	pn.restart = widget.NewButtonWithIcon("Play", theme.MediaPlayIcon(), pn.start)
	pn.newSeed = widget.NewButtonWithIcon("New seed", theme.ViewRefreshIcon(), pn.newGame)
	pn.save = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), pn.saveSession)
	pn.replay = widget.NewButtonWithIcon("Replay", theme.MediaReplayIcon(), pn.replayClicked)
	pn.reveal = widgets.NewCheck("Reveal map", func(on bool) {
		pn.view.SetReveal(on)
		pn.host.Focus(pn.view)
	})
	pn.walls = widgets.NewCheck("Through walls", func(bool) { pn.applyCheats() })
	pn.invuln = widgets.NewCheck("Invulnerable", func(bool) { pn.applyCheats() })
	buttons := container.NewHBox(pn.restart, pn.newSeed, pn.save, pn.replay)
	top := container.NewBorder(nil, nil, buttons, nil, pn.status)
	side := container.NewVScroll(pn.side)
	side.SetMinSize(fyne.NewSize(170, 0))
	toggles := container.NewVBox(widget.NewSeparator(), pn.reveal, pn.walls, pn.invuln)
	pn.obj = container.NewBorder(top, pn.log, nil, container.NewBorder(nil, toggles, nil, nil, side), pn.view)
	pn.ExtendBaseWidget(pn)
	pn.enable()
	return pn
}

// CreateRenderer implements fyne.Widget.
func (pn *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(pn.obj) }

// game returns the game in progress (nil before start).
func (pn *Panel) game() *play.Game { return pn.view.Game() }

// Shown is called when the panel's tab comes to the front: it starts a game
// if none runs and gives the viewport the keyboard focus.
func (pn *Panel) Shown() {
	if pn.view.Game() == nil {
		pn.start()
		return
	}
	pn.host.Focus(pn.view)
}

// start begins a new game on the host's selected level with the seed of the
// game in progress (the project's master seed for the first game): Restart.
func (pn *Panel) start() {
	master, depth, ok := pn.host.Level()
	if g := pn.view.Game(); g != nil {
		master = g.Seed()
		if !ok {
			depth, ok = g.StartDepth(), true
		}
	}
	if !ok {
		pn.status.SetText("Select a level to play.")
		return
	}
	pn.startAt(master, depth)
}

// newGame begins a new game on the selected level with a new random master
// seed (the project keeps its own).
func (pn *Panel) newGame() {
	_, depth, ok := pn.host.Level()
	if !ok {
		if g := pn.view.Game(); g != nil {
			depth, ok = g.StartDepth(), true
		}
	}
	if !ok {
		pn.status.SetText("Select a level to play.")
		return
	}
	pn.startAt(rand.Uint64N(1_000_000_000), depth)
}

// startAt begins a game at depth with master seed master.
func (pn *Panel) startAt(master uint64, depth int) {
	pn.stopReplay()
	p := pn.host.Project()
	g, err := play.New(p, pn.host.Pack(), master, depth)
	if err != nil {
		pn.status.SetText(err.Error())
		return
	}
	pn.setGame(g)
	pn.status.SetText(playingText(g))
	pn.host.Focus(pn.view)
}

// playingText is the status line of a game at its current depth.
func playingText(g *play.Game) string {
	return fmt.Sprintf("Seed %d, depth %d. Keys: hjklyubn, 1-9 or arrows move, . waits, > descends, g picks up, q drinks, e eats", g.Seed(), g.Depth)
}

// setGame shows g and applies the toggles to it.
func (pn *Panel) setGame(g *play.Game) {
	pn.depth = g.Depth
	pn.changed = false
	pn.restart.Importance = widget.MediumImportance
	pn.restart.SetText("Restart")
	pn.view.SetGame(g, pn.host.Project())
	pn.applyCheats()
	pn.enable()
	pn.refresh()
}

// applyCheats gives the game the toggles' state.
func (pn *Panel) applyCheats() {
	if g := pn.view.Game(); g != nil {
		g.SetCheats(play.Cheats{WalkThroughWalls: pn.walls.Checked, Invulnerable: pn.invuln.Checked})
		pn.refresh()
	}
	pn.host.Focus(pn.view)
}

// enable greys out what needs a game.
func (pn *Panel) enable() {
	if pn.view.Game() == nil {
		pn.save.Disable()
	} else {
		pn.save.Enable()
	}
}

// Update offers a restart (the game plays on) after an edit that may have
// changed the level in play: its chain, the project or the content pack.
func (pn *Panel) Update() {
	if pn.view.Game() == nil || pn.changed {
		return
	}
	pn.changed = true
	pn.restart.Importance = widget.HighImportance
	pn.restart.Refresh()
	pn.status.SetText("The level changed: Restart plays the new map (same seed).")
}

// key plays r and refreshes the panel; a key typed during a replay stops it
// and plays on from there.
func (pn *Panel) key(r rune) {
	g := pn.view.Game()
	if g == nil {
		return
	}
	if pn.replayer != nil {
		pn.stopReplay()
		pn.status.SetText("Replay stopped: you play on from here.")
	}
	if err := g.Key(r); err != nil {
		pn.status.SetText(err.Error())
		return
	}
	if g.Depth != pn.depth {
		// > took the player down: the status line follows
		pn.depth = g.Depth
		pn.status.SetText(playingText(g))
	}
	pn.refresh()
}

// sessionName is the suggested file name of g's session.
func sessionName(p *projects.Project, g *play.Game) string {
	name := "play"
	if p != nil && p.Name != "" {
		name = strings.ToLower(strings.Join(strings.Fields(p.Name), "_"))
	}
	return fmt.Sprintf("%s-depth%d-seed%d.play.json", name, g.StartDepth(), g.Seed())
}

// saveSession saves the game so far (seed, depth, keys and toggles).
func (pn *Panel) saveSession() {
	g := pn.view.Game()
	if g == nil {
		return
	}
	b, err := play.MarshalSession(g.Session())
	if err != nil {
		pn.status.SetText(err.Error())
		return
	}
	pn.host.SaveSession(sessionName(pn.host.Project(), g), b)
}

// replayClicked opens a session to replay, or stops the replay running.
func (pn *Panel) replayClicked() {
	if pn.replayer != nil {
		pn.stopReplay()
		pn.status.SetText("Replay stopped: you play on from here.")
		return
	}
	pn.host.OpenSession(func(b []byte) {
		s, err := play.ParseSession(b)
		if err == nil {
			err = pn.replaySession(s)
		}
		if err != nil {
			pn.status.SetText(err.Error())
		}
	})
}

// replaySession plays session s in the viewport, one key every replayDelay, on the
// current project. A key typed meanwhile stops it and plays on.
func (pn *Panel) replaySession(s play.Session) error {
	pn.stopReplay()
	r, err := play.NewReplayer(pn.host.Project(), pn.host.Pack(), s)
	if err != nil {
		return err
	}
	pn.walls.SetChecked(false)
	pn.invuln.SetChecked(false)
	pn.setGame(r.Game)
	pn.replayer, pn.stop = r, make(chan struct{})
	pn.replay.SetText("Stop")
	pn.replay.SetIcon(theme.MediaStopIcon())
	pn.status.SetText(fmt.Sprintf("Replaying seed %d, depth %d: %s", s.Seed, s.StartDepth, jsonfile.Count(r.Left(), "key")))
	pn.host.Focus(pn.view)
	go func(stop chan struct{}) {
		t := time.NewTicker(replayDelay)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				pn.host.Post(func() { pn.replayStep(r) })
			}
		}
	}(pn.stop)
	return nil
}

// replaying reports whether a replay is running.
func (pn *Panel) replaying() bool { return pn.replayer != nil }

// replayStep plays r's next key (if r is still the replay running).
func (pn *Panel) replayStep(r *play.Replayer) {
	if pn.replayer != r {
		return
	}
	r.Step()
	if r.Done() {
		pn.stopReplay()
		pn.status.SetText(fmt.Sprintf("Replay done: turn %d, depth %d. Play on, or Restart.", r.Game.Turn, r.Game.Depth))
	}
	pn.refresh()
}

// stopReplay ends the replay running, if any (its game stays).
func (pn *Panel) stopReplay() {
	if pn.replayer == nil {
		return
	}
	close(pn.stop)
	pn.replayer, pn.stop = nil, nil
	pn.replay.SetText("Replay")
	pn.replay.SetIcon(theme.MediaReplayIcon())
}

// refresh redraws the view, the sidebar and the log.
func (pn *Panel) refresh() {
	g := pn.view.Game()
	if g == nil {
		return
	}
	pn.view.Refresh()
	pn.side.SetText(sidebar(g))
	pn.log.SetText(logText(g))
}

// logText is the log area's text: the latest logLines messages of g, oldest
// first, always logLines lines.
func logText(g *play.Game) string {
	n := len(g.Log)
	lines := make([]string, logLines-min(n, logLines), logLines)
	return strings.Join(append(lines, g.Log[max(0, n-logLines):]...), "\n")
}

// sidebar is the sidebar's text for g.
func sidebar(g *play.Game) string {
	var b strings.Builder
	st := "alive"
	if !g.Alive() {
		st = "dead"
	}
	fmt.Fprintf(&b, "HP %d/%d (%s)\nDepth %d\nTurn %d\nAt %d,%d\n", g.Player.HP, g.Player.MaxHP, st, g.Depth, g.Turn, g.Player.Pos.X, g.Player.Pos.Y)
	under := g.Map.At(g.Player.Pos).String()
	if pr := g.PropAt(g.Player.Pos); pr != nil {
		under = pr.Name + " on " + under
	}
	for _, it := range g.ItemsAt(g.Player.Pos) {
		under = it.Name + ", " + under
	}
	fmt.Fprintf(&b, "Underfoot: %s\n", under)
	if g.Player.Stuck > 0 {
		fmt.Fprintf(&b, "Caught for %d more turns\n", g.Player.Stuck)
	}
	fmt.Fprintf(&b, "Weapon: %s, AC %d\n", g.Player.Weapon, g.Player.AC)
	if len(g.Player.Inventory) > 0 {
		fmt.Fprintf(&b, "Carrying: %s\n", strings.Join(g.Player.Inventory, ", "))
	}
	if c := g.Cheats(); c.WalkThroughWalls || c.Invulnerable {
		b.WriteString("Toggles on:")
		if c.WalkThroughWalls {
			b.WriteString(" through walls")
		}
		if c.Invulnerable {
			b.WriteString(" invulnerable")
		}
		b.WriteString("\n")
	}
	cs := g.VisibleCreatures()
	fmt.Fprintf(&b, "\nIn sight (%d):\n", len(cs))
	for _, c := range cs {
		fmt.Fprintf(&b, "%s %s %d/%d\n", c.Glyph, c.Name, c.HP, c.MaxHP)
	}
	return b.String()
}

// view is the game viewport: the shared glyph viewport following the player
// at cell pixels a tile, which takes the keyboard focus when clicked and
// sends the game keys to OnKey.
type view struct {
	widgets.Viewport

	game   *play.Game
	proj   *projects.Project
	reveal bool

	// OnKey receives the game keys typed while the view has the focus.
	OnKey func(r rune)
	// OnTap is called when the view is clicked (after it takes the focus).
	OnTap func()
}

// cell is the viewport's tile side in device pixels.
const cell = 16

func newView() *view {
	v := &view{}
	v.ExtendBaseWidget(v)
	v.Follow(cell)
	v.SetMinSize(fyne.NewSize(160, 120)) // small, so the editor fits a 1024×700 window
	return v
}

// SetGame shows g (p gives the level's theme).
func (v *view) SetGame(g *play.Game, p *projects.Project) {
	v.game, v.proj = g, p
	v.show()
}

// SetReveal shows the whole level (every tile, creature, item and hidden
// trap; what the player has not seen is dimmed) or only what the player saw.
func (v *view) SetReveal(on bool) {
	v.reveal = on
	v.show()
}

func (v *view) show() {
	if v.game == nil {
		v.SetDrawing(nil)
		return
	}
	v.SetDrawing(&render.GameScene{Game: v.game, Project: v.proj, Reveal: v.reveal})
}

// Game returns the game shown (nil when none).
func (v *view) Game() *play.Game { return v.game }

// Tapped takes the focus, so keys reach the game.
func (v *view) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
	if v.OnTap != nil {
		v.OnTap()
	}
}

// FocusGained implements fyne.Focusable.
func (v *view) FocusGained() {}

// FocusLost implements fyne.Focusable.
func (v *view) FocusLost() {}

// TypedRune sends game keys to OnKey.
func (v *view) TypedRune(r rune) {
	if play.ValidKey(r) && v.OnKey != nil {
		v.OnKey(r)
	}
}

var arrowKeys = map[fyne.KeyName]rune{
	fyne.KeyLeft: 'h', fyne.KeyRight: 'l', fyne.KeyUp: 'k', fyne.KeyDown: 'j',
	fyne.KeyHome: 'y', fyne.KeyPageUp: 'u', fyne.KeyEnd: 'b', fyne.KeyPageDown: 'n',
}

// TypedKey maps arrows (and Home/PgUp/End/PgDn for diagonals) to moves.
func (v *view) TypedKey(e *fyne.KeyEvent) {
	if r, ok := arrowKeys[e.Name]; ok && v.OnKey != nil {
		v.OnKey(r)
	}
}
