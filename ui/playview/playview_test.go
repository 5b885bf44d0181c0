package playview

import (
	"encoding/json"
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/ui/render"
)

// fakeHost is the editor as tests see it: posted functions queue until the
// test runs them; the session "file" is a byte slice.
type fakeHost struct {
	p       *projects.Project
	master  uint64
	depth   int
	focused fyne.Focusable
	canvas  fyne.Canvas
	posted  chan func()
	saved   []byte
	name    string
}

func newHost(t *testing.T) *fakeHost {
	p, err := projects.Example()
	require.NoError(t, err)
	return &fakeHost{p: p, master: 11, depth: 3, posted: make(chan func(), 1024)}
}

func (h *fakeHost) Project() *projects.Project { return h.p }
func (h *fakeHost) Pack() *content.Pack        { return nil }
func (h *fakeHost) Level() (uint64, int, bool) { return h.master, h.depth, h.depth > 0 }
func (h *fakeHost) Focus(obj fyne.Focusable) {
	h.focused = obj
	if h.canvas != nil {
		h.canvas.Focus(obj)
	}
}
func (h *fakeHost) Post(f func()) { h.posted <- f }
func (h *fakeHost) SaveSession(name string, data []byte) {
	h.name, h.saved = name, append([]byte(nil), data...)
}
func (h *fakeHost) OpenSession(f func([]byte)) { f(h.saved) }

// window shows the panel in a test window with the view focused.
func window(t *testing.T, h *fakeHost) (*Panel, fyne.Window) {
	test.NewTempApp(t)
	pn := New(h)
	w := test.NewTempWindow(t, pn)
	w.Resize(fyne.NewSize(900, 600))
	h.canvas = w.Canvas()
	return pn, w
}

// typeKeys types s into the object of w that has the keyboard focus, as the
// driver routes a user's keys.
func typeKeys(w fyne.Window, s string) {
	for _, r := range s {
		w.Canvas().Focused().TypedRune(r)
	}
}

// open returns a one-level project whose map is rows (a prefab: # wall,
// . floor, @ the start).
func open(t *testing.T, rows ...string) *projects.Project {
	tpl, err := json.Marshal(strings.Split(strings.ReplaceAll(strings.Join(rows, "\n"), ".", " "), "\n"))
	require.NoError(t, err)
	c, err := chain.Decode(strings.NewReader(fmt.Sprintf(`{"depth": 1, "width": %d, "height": %d, "steps": [
		{"builder": "prefab", "params": {"mode": "level", "template": %s}}]}`, len(rows[0]), len(rows), tpl)))
	require.NoError(t, err)
	return projects.FromChain(c, "test")
}

func TestTypedKeysMoveThePlayerAndFillTheLog(t *testing.T) {
	h := newHost(t)
	h.p = open(t,
		"##########",
		"#@.......#",
		"#........#",
		"#........#",
		"##########",
		"##########",
		"##########",
		"##########")
	h.depth = 1
	pn, w := window(t, h)
	assert.Nil(t, pn.game())
	pn.Shown()
	g := pn.game()
	require.NotNil(t, g, "showing the tab starts a game")
	assert.Equal(t, pn.view, w.Canvas().Focused(), "the viewport has the keys")
	require.Equal(t, chain.Point{X: 1, Y: 1}, g.Player.Pos)

	typeKeys(w, "lll")
	assert.Equal(t, chain.Point{X: 4, Y: 1}, g.Player.Pos, "vi keys")
	typeKeys(w, "3") // numpad 3: down-right
	assert.Equal(t, chain.Point{X: 5, Y: 2}, g.Player.Pos)
	press := func(k fyne.KeyName) { w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: k}) }
	press(fyne.KeyDown)
	press(fyne.KeyLeft)
	assert.Equal(t, chain.Point{X: 4, Y: 3}, g.Player.Pos, "arrows")
	typeKeys(w, "j") // a wall below: no move, no turn
	assert.Equal(t, chain.Point{X: 4, Y: 3}, g.Player.Pos)
	assert.Equal(t, 6, g.Turn)
	typeKeys(w, "x.") // x is no game key: ignored
	assert.Equal(t, 7, g.Turn)
	typeKeys(w, "g")
	assert.Contains(t, pn.log.Text, "There is nothing here to pick up.")
	assert.Contains(t, pn.side.Text, "At 4,3")
	assert.Contains(t, pn.side.Text, "Turn 7")
	assert.Contains(t, pn.side.Text, "Underfoot: floor")
	assert.Equal(t, "lll3jhj.g", string(g.Keys), "the keys are recorded (x is none)")
	assert.Len(t, strings.Split(pn.log.Text, "\n"), logLines, "the log keeps its height: the view does not jump")
	for range logLines + 2 {
		typeKeys(w, "g")
	}
	lines := strings.Split(pn.log.Text, "\n")
	assert.Len(t, lines, logLines, "the newest messages only")
	assert.Equal(t, g.Log[len(g.Log)-1], lines[logLines-1], "newest last")
}

func TestPanelPlaysTheExampleAndFits(t *testing.T) {
	h := newHost(t)
	pn, w := window(t, h)
	pn.start()
	g := pn.game()
	require.NotNil(t, g)
	assert.Equal(t, 3, g.Depth)
	assert.Equal(t, uint64(11), g.Seed())
	before := g.Turn
	typeKeys(w, ".....")
	assert.Equal(t, before+5, g.Turn)
	assert.Contains(t, pn.side.Text, "Depth 3")
	assert.Contains(t, pn.log.Text, g.Log[len(g.Log)-1], "the log area shows the latest messages")
	assert.Less(t, pn.MinSize().Width, float32(650), "fits beside the sidebar in a 1024-px window")
	assert.Less(t, pn.MinSize().Height, float32(600))
}

func TestRestartNewSeedAndLevelChange(t *testing.T) {
	h := newHost(t)
	pn, w := window(t, h)
	pn.start()
	typeKeys(w, "....")
	g := pn.game()
	pn.Update() // the editor calls it after an edit that may change the level
	assert.Contains(t, pn.status.Text, "The level changed")
	pn.restart.OnTapped()
	g2 := pn.game()
	assert.NotSame(t, g, g2)
	assert.Equal(t, 0, g2.Turn)
	assert.Equal(t, g.Seed(), g2.Seed(), "restart keeps the seed")
	assert.NotContains(t, pn.status.Text, "changed")

	pn.newSeed.OnTapped()
	g3 := pn.game()
	assert.NotEqual(t, g.Seed(), g3.Seed())
	h.master = 99
	pn.start()
	assert.Equal(t, g3.Seed(), pn.game().Seed(), "restart keeps the game's seed, not the project's")
}

func TestTogglesAndSessionReplay(t *testing.T) {
	h := newHost(t)
	h.p = open(t,
		"##########",
		"#@#......#",
		"#.#......#",
		"##########",
		"##########",
		"##########",
		"##########",
		"##########")
	h.depth = 1
	pn, w := window(t, h)
	pn.start()
	g := pn.game()
	typeKeys(w, "l")
	assert.Equal(t, chain.Point{X: 1, Y: 1}, g.Player.Pos)
	pn.walls.SetChecked(true)
	assert.Equal(t, pn.view, w.Canvas().Focused(), "the keys go back to the view")
	typeKeys(w, "ll")
	assert.Equal(t, chain.Point{X: 3, Y: 1}, g.Player.Pos, "through the wall")
	pn.walls.SetChecked(false)
	pn.invuln.SetChecked(true)
	typeKeys(w, "j..")
	assert.Contains(t, pn.side.Text, "invulnerable")

	pn.save.OnTapped()
	require.NotEmpty(t, h.saved)
	assert.Equal(t, "test-depth1-seed11.play.json", h.name)
	want, _ := g.MarshalJSON()

	replayDelay = time.Millisecond
	pn.invuln.SetChecked(false)
	pn.replay.OnTapped()
	require.True(t, pn.replaying())
	r := pn.game()
	assert.NotSame(t, g, r)
	for pn.replaying() {
		(<-h.posted)()
	}
	got, _ := r.MarshalJSON()
	assert.JSONEq(t, string(want), string(got), "the replay ends where the session did")
	assert.Contains(t, pn.status.Text, "Replay done")
	assert.Contains(t, pn.side.Text, "At 3,2")

	// A key during a replay stops it; the game plays on.
	pn.replay.OnTapped()
	require.True(t, pn.replaying())
	// the first replay's ticker may have posted a step after it ended (a
	// no-op): run posts until this replay has played its first key
	for len(pn.game().Keys) == 0 {
		(<-h.posted)()
	}
	typeKeys(w, ".")
	assert.False(t, pn.replaying())
	assert.Contains(t, pn.status.Text, "Replay stopped")
	assert.Equal(t, "l.", string(pn.game().Keys))

	h.saved = []byte(`{"version": 1, "keys": "hQ"}`)
	pn.replay.OnTapped()
	assert.False(t, pn.replaying())
	assert.Contains(t, pn.status.Text, "unknown key 'Q'")
}

// The view follows the player, and the Reveal check shows what the player
// has not seen (dimmed): more of the window is lit.
func TestViewFollowsThePlayerAndRevealShowsMore(t *testing.T) {
	h := newHost(t)
	pn, w := window(t, h)
	pn.start()
	g := pn.game()
	require.NotNil(t, g)
	gs, ok := pn.view.Drawing().(*render.GameScene)
	require.True(t, ok, "the viewport draws the game")
	assert.Same(t, g, gs.Game)
	assert.Equal(t, g.Player.Pos, gs.Focus(), "the camera follows the player")

	lit := func() int {
		img := w.Canvas().Capture()
		n := 0
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(pn.view)
		size := pn.view.Size()
		for y := int(pos.Y); y < int(pos.Y+size.Height); y++ {
			for x := int(pos.X); x < int(pos.X+size.Width); x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r|g|b != 0 {
					n++
				}
			}
		}
		return n
	}
	seen := lit()
	require.Positive(t, seen, "the player's surroundings are drawn")
	pn.reveal.SetChecked(true)
	assert.True(t, pn.view.Drawing().(*render.GameScene).Reveal)
	assert.Greater(t, lit(), seen, "reveal shows what the player has not seen")
	assert.Equal(t, pn.view, w.Canvas().Focused(), "the keys go back to the view")
}

// The state a session file replays to is the same as play.Replay's.
func TestSessionNameAndSidebar(t *testing.T) {
	p, err := projects.Example()
	require.NoError(t, err)
	g, err := play.New(p, nil, 5, 1)
	require.NoError(t, err)
	assert.Equal(t, "bracketon-depth1-seed5.play.json", sessionName(p, g))
	s := sidebar(g)
	for _, want := range []string{"HP 30/30 (alive)", "Depth 1", "Turn 0", "Underfoot:", "Weapon: Longsword, AC 10", "In sight ("} {
		assert.Contains(t, s, want)
	}
}

func TestTheStatusLineFollowsTheDepthAfterDescending(t *testing.T) {
	h := newHost(t)
	h.master, h.depth = 9, 1
	pn, w := window(t, h)
	pn.Shown()
	g := pn.game()
	require.NotNil(t, g)
	assert.Contains(t, pn.status.Text, "depth 1.")
	require.NotEmpty(t, g.Exits)
	g.Player.Pos = g.Exits[0] // as if walked to the stairs
	typeKeys(w, ">")
	require.Equal(t, 2, g.Depth)
	assert.Contains(t, pn.status.Text, "depth 2.", "the status line follows the game down")
	assert.Contains(t, pn.side.Text, "Depth 2")
}

// Ticking Reveal map in a box-walled level draws the rock no one could see
// blank, as the map view does, not as a lattice of box glyphs.
func TestRevealDrawsRockAsRock(t *testing.T) {
	h := newHost(t)
	h.depth = 0
	for i := range h.p.Levels {
		if th, _, _ := h.p.Theme(i); th.BoxWalls {
			h.depth = h.p.Levels[i].Depth
			break
		}
	}
	require.NotZero(t, h.depth, "a level in a box-walled theme")
	pn, _ := window(t, h)
	pn.Shown()
	test.Tap(pn.reveal)
	gs, ok := pn.view.Drawing().(*render.GameScene)
	require.True(t, ok)
	require.True(t, gs.Reveal)
	g := gs.Game
	a, err := render.NewAtlas(16)
	require.NoError(t, err)
	img := image.NewRGBA(image.Rect(0, 0, g.Map.W*16, g.Map.H*16))
	gs.DrawAt(img, a, image.Point{})
	rock := 0
	for y := range g.Map.H {
		for x := range g.Map.W {
			pt := chain.Point{X: x, Y: y}
			if g.Map.At(pt) != chain.Wall || !chain.Buried(g.Map, pt) || pt == g.Player.Pos || g.CreatureAt(pt) != nil || g.PropAt(pt) != nil || len(g.ItemsAt(pt)) > 0 {
				continue
			}
			rock++
			c := img.RGBAAt(x*16, y*16)
			blank := true
			for yy := y * 16; yy < y*16+16 && blank; yy++ {
				for xx := x * 16; xx < x*16+16; xx++ {
					if img.RGBAAt(xx, yy) != c {
						blank = false
						break
					}
				}
			}
			require.True(t, blank, "the rock at %v is drawn blank", pt)
		}
	}
	assert.Positive(t, rock)
}
