package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/chainedit"
	"hewn/ui/contentedit"
	"hewn/ui/internal/widgets"
	"hewn/ui/levelsedit"
	"hewn/ui/mapview"
	"hewn/ui/model"
	"hewn/ui/playview"
	"hewn/ui/prefabedit"
	"hewn/ui/projectedit"
	"hewn/ui/render"
	"hewn/ui/statsview"
	"hewn/ui/themeedit"
)

// Editor is the editor window: the shell around the panels, wired to a Model.
type Editor struct {
	app  fyne.App
	win  fyne.Window
	m    *model.Model
	post func(func())

	regen *Regen
	// the panels: the sidebar's (tabs) and the big area's (main)
	chain    *chainedit.Panel
	levels   *levelsedit.Panel
	themes   *themeedit.Panel
	project  *projectedit.Panel
	mapv     *mapview.Panel
	contents *contentedit.Panel
	stats    *statsview.Panel
	play     *playview.Panel
	prefabs  *prefabedit.Panel
	tabs     *container.AppTabs
	main     *container.AppTabs
	// table is which panel updates on which change (see reactions).
	table []reaction

	spawner chain.Spawner
	entity  func(string) (rune, color.RGBA, bool)
	packOf  *content.Pack // the pack the spawner and looks come from
	packErr error         // why the project's content pack did not load (nil: it did)
	// lastLevel and lastStep are the selection the last run (or the history
	// shown) followed.
	lastLevel, lastStep int
	// recover keeps unsaved work in a recovery file (nil: none, as in tests
	// that build the editor without NewWindowEditor).
	recover *recovery
	// chainFile is the chain file the project was opened from ("" when it
	// came from a project file or has been saved as one since).
	chainFile string
	// disk is what the editor knows of the files it read and wrote (the
	// project's, its pack's), so a save over a file someone else changed
	// asks first (conflict.go).
	disk map[string]diskStamp
	// exports counts exports running in the background; OnExported, if
	// set, is told each one's outcome (tests).
	exports    sync.WaitGroup
	OnExported func(error)
	// OnGenerated is called after a new map is shown (benchmarks, tests).
	OnGenerated func()

	root fyne.CanvasObject
	// tips shows the icon buttons' tips over the window.
	tips *widgets.TipLayer
}

// The sidebar's tabs, in order.
const (
	tabChain = iota
	tabLevels
	tabBuilders
	tabThemes
	tabProject
)

// newEditor builds the views for m in window w; post runs a function on the UI
// goroutine (fyne.Do in the app).
func newEditor(a fyne.App, w fyne.Window, m *model.Model, post func(func())) *Editor {
	e := &Editor{app: a, win: w, m: m, post: post, lastLevel: -2, lastStep: -2}
	e.regen = NewRegen(post, e.apply)
	e.chain = chainedit.New(chainHost{m, e})
	e.levels = levelsedit.New(m)
	e.themes = themeedit.New(themeHost{m, e})
	e.project = projectedit.New(projectHost{m, e})
	e.mapv = mapview.New(mapHost{m, e})
	e.contents = contentedit.New(contentHost{e})
	e.stats = statsview.New(statsHost{e})
	e.play = playview.New(playHost{e})
	e.prefabs = prefabedit.New(prefabHost{m, e})

	e.tabs = container.NewAppTabs(
		container.NewTabItem("Chain", e.chain),
		container.NewTabItem("Levels", e.levels),
		container.NewTabItem("Builders", e.chain.Palette()),
		container.NewTabItem("Themes", e.themes),
		container.NewTabItem("Project", e.project),
	)
	// the big area's tabs: the map first, then the content pack, statistics,
	// play-test and prefab painter panels; bringing Play to the front starts
	// a game (if none runs) and gives its viewport the keys, bringing
	// Prefabs gives the painter's grid the keys
	play := container.NewTabItemWithIcon("Play", theme.MediaPlayIcon(), e.play)
	prefabs := container.NewTabItemWithIcon("Prefabs", theme.DocumentCreateIcon(), e.prefabs)
	mapTab := container.NewTabItemWithIcon("Map", theme.GridIcon(), e.mapv)
	e.main = container.NewAppTabs(
		mapTab,
		container.NewTabItemWithIcon("Content", theme.ListIcon(), e.contents),
		container.NewTabItemWithIcon("Statistics", theme.InfoIcon(), e.stats),
		play,
		prefabs,
	)
	e.main.OnSelected = func(t *container.TabItem) {
		switch t {
		case play:
			e.play.Shown()
		case prefabs:
			e.prefabs.Shown()
		case mapTab:
			e.mapv.Redraw() // the outlines of the prefab the painter shows
		}
	}
	// the painter off screen catches up with the edits when shown (Shown)
	e.prefabs.SetOnScreen(false)
	e.main.OnUnselected = func(t *container.TabItem) {
		if t == prefabs {
			e.prefabs.SetOnScreen(false)
		}
	}
	// Two columns: the sidebar (about 380 px at 1280×800) and the map, so an
	// 80×50 map fits at 11 px a tile, where glyphs read.
	outer := container.NewHSplit(e.tabs, e.main)
	outer.Offset = 0.3
	// the icon buttons' tips show in a layer over the whole window
	e.tips = widgets.NewTipLayer()
	e.root = container.NewStack(outer, e.tips.Layer())
	if w != nil {
		widgets.UseTips(w.Canvas(), e.tips)
	}

	e.table = e.reactions()
	m.OnChange(e.react)
	e.react(model.ChangeProject | model.ChangeSelection | model.ChangeFile)
	return e
}

// selectMain brings the big area's tab named name to the front.
func (e *Editor) selectMain(name string) {
	for i, t := range e.main.Items {
		if t.Text == name {
			e.main.SelectIndex(i)
		}
	}
}

// retitle shows the project's name and unsaved mark in the window title.
func (e *Editor) retitle() {
	if e.win != nil {
		e.win.SetTitle(e.m.Title())
	}
}

// loadContent loads the project's content pack when nobody has (attaching it
// to the project without an undo step), and compiles its roller and entity
// looks when the pack changed.
func (e *Editor) loadContent() {
	p := e.m.Project()
	if p.Pack == nil {
		pk, err := p.LoadPack()
		e.packErr = err
		if err != nil {
			e.mapv.Notice("⚠ content pack: " + err.Error())
			e.spawner, e.entity, e.packOf = nil, nil, nil
			return
		}
		e.noteDisk(p.ContentPath())
		e.m.AttachPack(pk)
		p = e.m.Project()
	}
	if p.Pack == e.packOf && e.spawner != nil {
		return
	}
	e.packOf = p.Pack
	e.spawner, e.entity = p.Pack.Roller(), render.EntityLooks(p.Pack)
}

// regenerate starts a new run of the selected level (cancelling one in
// progress): the one place a change regenerates (see reactions).
func (e *Editor) regenerate() {
	li := e.m.LevelIndex()
	e.lastLevel, e.lastStep = li, e.m.StepIndex()
	c := e.m.Chain()
	if c == nil {
		return
	}
	e.loadContent()
	p := e.m.Project()
	e.generating(e.regen.Start(Job{Chain: c, Config: p.Config(li, p.Seed, e.spawner), Project: p, Level: li}), "Generating…")
}

// generating says msg on the status line while run gen goes on: on the UI
// goroutine's next turn, and not when the run already ended by then (its
// outcome replaces the line before the screen is drawn again).
func (e *Editor) generating(gen uint64, msg string) {
	e.post(func() {
		if e.regen.Running(gen) {
			e.mapv.SetStatus(msg)
		}
	})
}

// apply shows a finished run (on the UI goroutine): the map panel shows it
// (a failure keeps the last good map), the content panel what it spawned.
func (e *Editor) apply(o Outcome) {
	if o.Err != nil {
		if errors.Is(o.Err, context.Canceled) {
			return
		}
		if e.packErr != nil { // say why the run had no pack
			o.Err = fmt.Errorf("%w (the content pack did not load: %v)", o.Err, e.packErr)
		}
		e.mapv.ShowFailure(o.Result, o.Err)
		return
	}
	e.mapv.ShowRun(o.Result, o.Elapsed)
	e.chain.SetRunWarnings(o.Job.Chain, o.Result.Warnings)
	e.contents.UpdateLevel()
	e.prefabs.LevelShown()
	if e.OnGenerated != nil {
		e.OnGenerated()
	}
}

// selectionMoved follows another selection: another level regenerates;
// another step of the level on screen shows its last snapshot.
func (e *Editor) selectionMoved() {
	li, si := e.m.LevelIndex(), e.m.StepIndex()
	switch {
	case li != e.lastLevel:
		e.regenerate()
	case si != e.lastStep:
		e.lastStep = si
		e.mapv.FollowStep()
	}
}

// viewed returns the run the map shows and its level.
func (e *Editor) viewed() (*chain.Result, int) { return e.mapv.Viewed() }

// style gives sc the look of level lvl: its theme (and split theme) and the
// content pack's entity looks. Map view and exports draw alike.
func (e *Editor) style(sc *render.Scene, lvl int) {
	if p := e.m.Project(); lvl >= 0 && lvl < len(p.Levels) {
		sc.SetThemes(p.Theme(lvl))
	}
	sc.Entity = e.entity
}
