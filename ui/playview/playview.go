// Package playview is the editor's Play panel: it play-tests the selected level
// of the project in an embedded viewport with the rules of projects/play. The
// camera follows the player over a world larger than the view; remembered tiles
// are dimmed; a sidebar shows hp, depth, turn, position, what lies underfoot and
// the creatures in sight, and a log area the latest messages. Keys go to the
// game (hjklyubn, the digits 1-9, arrows, . to wait, > to descend, g to pick up).
package playview

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
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
}

// LogLines is how many messages the log area shows.
const LogLines = 5

// Panel is the Play panel.
type Panel struct {
	host Host
	obj  fyne.CanvasObject

	view    *View
	side    *widget.Label
	log     *widget.Label
	status  *widget.Label
	restart *widget.Button
}

// New returns the panel (no game runs until Start).
func New(h Host) *Panel {
	pn := &Panel{host: h}
	pn.view = NewView()
	pn.view.OnKey = pn.key
	pn.side = widget.NewLabel("")
	pn.side.Wrapping = fyne.TextWrapWord
	pn.log = widget.NewLabel("")
	pn.log.Wrapping = fyne.TextWrapWord
	pn.status = widget.NewLabel("Press Play to test the selected level.")
	pn.status.Truncation = fyne.TextTruncateEllipsis
	pn.restart = widget.NewButton("Play", pn.Start)
	top := container.NewBorder(nil, nil, pn.restart, nil, pn.status)
	side := container.NewVScroll(pn.side)
	side.SetMinSize(fyne.NewSize(170, 0))
	pn.obj = container.NewBorder(top, pn.log, nil, side, pn.view)
	return pn
}

// Object is the panel's canvas object.
func (pn *Panel) Object() fyne.CanvasObject { return pn.obj }

// View returns the game viewport.
func (pn *Panel) View() *View { return pn.view }

// Game returns the game in progress (nil before Start).
func (pn *Panel) Game() *play.Game { return pn.view.Game() }

// Start begins a new game on the host's selected level.
func (pn *Panel) Start() {
	master, depth, ok := pn.host.Level()
	if !ok {
		pn.status.SetText("Select a level to play.")
		return
	}
	p := pn.host.Project()
	g, err := play.New(p, pn.host.Pack(), master, depth)
	if err != nil {
		pn.status.SetText(err.Error())
		return
	}
	pn.restart.SetText("Restart")
	pn.status.SetText(fmt.Sprintf("Seed %d, depth %d: hjklyubn/1-9/arrows move, . waits, > descends, g picks up", master, depth))
	pn.view.SetGame(g, p)
	pn.refresh()
	pn.host.Focus(pn.view)
}

// key plays r and refreshes the panel.
func (pn *Panel) key(r rune) {
	g := pn.view.Game()
	if g == nil {
		return
	}
	if err := g.Key(r); err != nil {
		pn.status.SetText(err.Error())
		return
	}
	pn.refresh()
}

// refresh redraws the view, the sidebar and the log.
func (pn *Panel) refresh() {
	g := pn.view.Game()
	if g == nil {
		return
	}
	pn.view.Refresh()
	pn.side.SetText(Sidebar(g))
	n := len(g.Log)
	pn.log.SetText(strings.Join(g.Log[max(0, n-LogLines):], "\n"))
}

// Sidebar is the sidebar's text for g.
func Sidebar(g *play.Game) string {
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
	if len(g.Player.Inventory) > 0 {
		fmt.Fprintf(&b, "Carrying: %s\n", strings.Join(g.Player.Inventory, ", "))
	}
	cs := g.VisibleCreatures()
	fmt.Fprintf(&b, "\nIn sight (%d):\n", len(cs))
	for _, c := range cs {
		fmt.Fprintf(&b, "%s %s %d/%d\n", c.Glyph, c.Name, c.HP, c.MaxHP)
	}
	return b.String()
}

// View is the game viewport: a raster drawn with ui/render's glyph atlas, the
// camera centred on the player and clamped to the map.
type View struct {
	widget.BaseWidget

	mu     sync.Mutex
	game   *play.Game
	proj   *projects.Project
	atlas  *render.Atlas
	masks  map[rune]*image.Alpha
	raster *canvas.Raster
	buf    *image.RGBA
	focus  bool

	// OnKey receives the game keys typed while the view has the focus.
	OnKey func(r rune)
}

// Cell is the viewport's tile side in device pixels.
const Cell = 16

// NewView returns an empty viewport.
func NewView() *View {
	v := &View{masks: map[rune]*image.Alpha{}}
	v.atlas, _ = render.NewAtlas(Cell)
	v.raster = canvas.NewRaster(v.draw)
	v.raster.ScaleMode = canvas.ImageScalePixels
	v.ExtendBaseWidget(v)
	return v
}

// SetGame shows g (p gives the level's theme).
func (v *View) SetGame(g *play.Game, p *projects.Project) {
	v.mu.Lock()
	v.game, v.proj = g, p
	v.mu.Unlock()
	v.Refresh()
}

// Game returns the game shown (nil when none).
func (v *View) Game() *play.Game {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.game
}

// CreateRenderer implements fyne.Widget.
func (v *View) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Black)
	return &viewRenderer{v: v, objs: []fyne.CanvasObject{bg, v.raster}}
}

// MinSize keeps the view small, so the editor fits a 1024×700 window.
func (v *View) MinSize() fyne.Size { return fyne.NewSize(160, 120) }

type viewRenderer struct {
	v    *View
	objs []fyne.CanvasObject
}

func (r *viewRenderer) Layout(s fyne.Size) {
	for _, o := range r.objs {
		o.Resize(s)
	}
}
func (r *viewRenderer) MinSize() fyne.Size           { return r.v.MinSize() }
func (r *viewRenderer) Refresh()                     { r.v.raster.Refresh() }
func (r *viewRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *viewRenderer) Destroy()                     {}

// Tapped takes the focus, so keys reach the game.
func (v *View) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
}

// FocusGained implements fyne.Focusable.
func (v *View) FocusGained() { v.focus = true }

// FocusLost implements fyne.Focusable.
func (v *View) FocusLost() { v.focus = false }

// TypedRune sends game keys to OnKey.
func (v *View) TypedRune(r rune) {
	if play.ValidKey(r) && v.OnKey != nil {
		v.OnKey(r)
	}
}

var arrowKeys = map[fyne.KeyName]rune{
	fyne.KeyLeft: 'h', fyne.KeyRight: 'l', fyne.KeyUp: 'k', fyne.KeyDown: 'j',
	fyne.KeyHome: 'y', fyne.KeyPageUp: 'u', fyne.KeyEnd: 'b', fyne.KeyPageDown: 'n',
}

// TypedKey maps arrows (and Home/PgUp/End/PgDn for diagonals) to moves.
func (v *View) TypedKey(e *fyne.KeyEvent) {
	if r, ok := arrowKeys[e.Name]; ok && v.OnKey != nil {
		v.OnKey(r)
	}
}

// Camera returns the top-left tile of a cols×rows view of g centred on the
// player and clamped to the map (centred when the map is smaller).
func Camera(g *play.Game, cols, rows int) chain.Point {
	f := func(p, view, size int) int {
		if size <= view {
			return -(view - size) / 2
		}
		return min(max(p-view/2, 0), size-view)
	}
	return chain.Point{X: f(g.Player.Pos.X, cols, g.Map.W), Y: f(g.Player.Pos.Y, rows, g.Map.H)}
}

func (v *View) mask(r rune) *image.Alpha {
	m, ok := v.masks[r]
	if !ok {
		m = v.atlas.Glyph(r)
		v.masks[r] = m
	}
	return m
}

func colour(hex string, def color.RGBA) color.RGBA {
	if c, err := chain.ParseHex(hex); err == nil {
		return c
	}
	return def
}

func dim(c color.RGBA) color.RGBA {
	return color.RGBA{c.R / 3, c.G / 3, c.B / 3, 255}
}

func firstRune(s string, def rune) rune {
	for _, r := range s {
		return r
	}
	return def
}

// draw renders the view at w×h device pixels.
func (v *View) draw(w, h int) image.Image {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.buf == nil || v.buf.Rect.Dx() != w || v.buf.Rect.Dy() != h {
		v.buf = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	draw.Draw(v.buf, v.buf.Rect, image.NewUniform(color.Black), image.Point{}, draw.Src)
	g := v.game
	if g == nil || v.atlas == nil {
		return v.buf
	}
	Render(v.buf, g, v.proj, v.mask)
	return v.buf
}

// Render draws g into dst (tiles of Cell pixels) with glyph masks from mask.
func Render(dst *image.RGBA, g *play.Game, p *projects.Project, mask func(rune) *image.Alpha) {
	th := chain.DefaultTheme()
	if p != nil {
		if i := p.LevelByDepth(g.Depth); i >= 0 {
			th, _, _ = p.Theme(i)
		}
	}
	cols, rows := dst.Rect.Dx()/Cell+1, dst.Rect.Dy()/Cell+1
	cam := Camera(g, cols, rows)
	cell := func(x, y int, r rune, fg, bg color.RGBA) {
		rect := image.Rect(x*Cell, y*Cell, (x+1)*Cell, (y+1)*Cell)
		draw.Draw(dst, rect, image.NewUniform(bg), image.Point{}, draw.Src)
		if r != ' ' {
			draw.DrawMask(dst, rect, image.NewUniform(fg), image.Point{}, mask(r), image.Point{}, draw.Over)
		}
	}
	for y := range rows {
		for x := range cols {
			pt := chain.Point{X: cam.X + x, Y: cam.Y + y}
			if !g.Map.In(pt) || !g.Remembered(pt) {
				continue
			}
			lk := th.LookAt(g.Map, pt)
			gl, fg := lk.Glyph, lk.FG
			if pr := g.PropAt(pt); pr != nil {
				gl, fg = firstRune(pr.Glyph, '?'), colour(pr.FG, fg)
			}
			if !g.Visible(pt) {
				cell(x, y, gl, dim(fg), dim(lk.BG))
				continue
			}
			if its := g.ItemsAt(pt); len(its) > 0 {
				gl, fg = firstRune(its[0].Glyph, '?'), colour(its[0].FG, fg)
			}
			if c := g.CreatureAt(pt); c != nil {
				gl, fg = firstRune(c.Glyph, 'm'), colour(c.FG, color.RGBA{255, 0, 0, 255})
			}
			if pt == g.Player.Pos {
				gl, fg = '@', color.RGBA{255, 255, 0, 255}
			}
			cell(x, y, gl, fg, lk.BG)
		}
	}
}
