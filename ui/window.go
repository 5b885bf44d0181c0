package ui

import (
	"context"
	"errors"
	"image/color"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/chainedit"
	"hewn/ui/contentedit"
	"hewn/ui/levelsedit"
	"hewn/ui/mapview"
	"hewn/ui/model"
	"hewn/ui/playview"
	"hewn/ui/projectedit"
	"hewn/ui/render"
	"hewn/ui/statsview"
	"hewn/ui/themeedit"
)

// Editor is the editor window's views wired to a Model.
type Editor struct {
	app  fyne.App
	win  fyne.Window
	m    *model.Model
	post func(func())

	regen    *Regen
	levels   *levelsedit.Panel
	project  *projectedit.Panel
	chain    *chainedit.Panel
	themes   *themeedit.Panel
	tabs     *container.AppTabs
	main     *container.AppTabs
	mapv     *mapview.Panel
	contents *contentedit.Panel

	spawner chain.Spawner
	entity  func(string) (rune, color.RGBA, bool)
	packOf  *content.Pack // the pack the spawner and looks come from

	lastLevel int
	lastStep  int
	shownOnce bool
	// recover keeps unsaved work in a recovery file (nil: none, as in tests
	// that build the editor without NewWindowEditor).
	recover *recovery
	// chainFile is the chain file the project was opened from ("" when it
	// came from a project file or has been saved as one since).
	chainFile string
	// exports counts exports running in the background; OnExported, if
	// set, is told each one's outcome (tests).
	exports    sync.WaitGroup
	stats      *statsview.Panel
	playPanel  *playview.Panel
	OnExported func(error)
	// OnGenerated is called after a new map is shown (benchmarks, tests).
	OnGenerated func()

	root fyne.CanvasObject
}

// newEditor builds the views for m in window w; post runs a function on the UI
// goroutine (fyne.Do in the app).
func newEditor(a fyne.App, w fyne.Window, m *model.Model, post func(func())) *Editor {
	e := &Editor{app: a, win: w, m: m, post: post, lastLevel: -2, lastStep: -2}
	e.regen = NewRegen(post, e.apply)
	e.levels = levelsedit.New(m)
	e.project = projectedit.New(projectHost{m, e})
	e.chain = chainedit.New(chainHost{m, e})
	e.themes = themeedit.New(themeHost{m, e})
	e.mapv = mapview.New(mapHost{m, e})

	e.tabs = container.NewAppTabs(
		container.NewTabItem("Chain", e.chain),
		container.NewTabItem("Levels", e.levels),
		container.NewTabItem("Builders", e.chain.Palette()),
		container.NewTabItem("Themes", e.themes),
		container.NewTabItem("Project", e.project),
	)
	// Two columns: the sidebar (about 380 px at 1280×800) and the map, so an
	// 80×50 map fits at 11 px a tile, where glyphs read.
	// the big area's tabs: the map first; the content pack, play-test and
	// statistics panels add theirs (addMainTab)
	e.main = container.NewAppTabs(container.NewTabItemWithIcon("Map", theme.GridIcon(), e.mapv))
	e.installContent()
	e.installStats()
	e.installPlay()
	outer := container.NewHSplit(e.tabs, e.main)
	outer.Offset = 0.3
	e.root = outer

	m.OnChange(e.changed)
	m.OnChange(e.contentChanged)
	m.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeValue|model.ChangeContent) != 0 {
			e.mapv.CheckPins()
		}
	})
	e.changed(model.ChangeProject | model.ChangeSelection | model.ChangeFile)
	e.mapv.CheckPins()
	return e
}

// addMainTab adds a panel beside the map in the big area's tabs.
func (e *Editor) addMainTab(name string, icon fyne.Resource, obj fyne.CanvasObject) *container.TabItem {
	t := container.NewTabItemWithIcon(name, icon, obj)
	e.main.Append(t)
	return t
}

// The sidebar's tabs, in order.
const (
	tabChain = iota
	tabLevels
	tabBuilders
	tabThemes
	tabProject
)

// changed refreshes the views a model change touched and regenerates.
func (e *Editor) changed(c model.Change) {
	m := e.m
	if c&model.ChangeFile != 0 && e.win != nil {
		e.win.SetTitle(m.Title())
	}
	if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue) != 0 {
		e.levels.Update()
		e.chain.Update()
		e.project.Update()
	}
	if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue|model.ChangeLook) != 0 {
		e.themes.Update()
	}
	e.mapv.Update()
	levelChanged := m.LevelIndex() != e.lastLevel
	stepChanged := m.StepIndex() != e.lastStep
	e.lastLevel, e.lastStep = m.LevelIndex(), m.StepIndex()
	if c&(model.ChangeProject|model.ChangeValue) != 0 || levelChanged {
		e.regenerate()
	} else if c&model.ChangeLook != 0 {
		e.mapv.Redraw()
	} else if stepChanged {
		e.mapv.FollowStep()
	}
}

// loadContent loads the project's content pack when nobody has (attaching it
// to the project without an undo step), and compiles its roller and entity
// looks when the pack changed.
func (e *Editor) loadContent() {
	p := e.m.Project()
	if p.Pack == nil {
		pk, err := p.LoadPack()
		if err != nil {
			e.mapv.Notice("⚠ content pack: " + err.Error())
			e.spawner, e.entity, e.packOf = nil, nil, nil
			return
		}
		e.m.AttachPack(pk)
		p = e.m.Project()
	}
	if p.Pack == e.packOf && e.spawner != nil {
		return
	}
	e.packOf = p.Pack
	e.spawner, e.entity = p.Pack.Roller(), render.EntityLooks(p.Pack)
}

// regenerate starts a new run of the selected level (cancelling one in progress).
func (e *Editor) regenerate() {
	li := e.m.LevelIndex()
	c := e.m.Chain()
	if c == nil {
		return
	}
	e.loadContent()
	p := e.m.Project()
	e.mapv.SetStatus("Generating…")
	e.regen.Start(Job{Chain: c, Config: p.Config(li, p.Seed, e.spawner)})
}

// apply shows a finished run (on the UI goroutine): the map panel shows it
// (a failure keeps the last good map), the content panel what it spawned.
func (e *Editor) apply(o Outcome) {
	if o.Err != nil {
		if !errors.Is(o.Err, context.Canceled) {
			e.mapv.ShowFailure(o.Result, o.Err)
		}
		return
	}
	e.mapv.ShowRun(o.Result, o.Elapsed)
	e.contents.UpdateLevel()
	if e.OnGenerated != nil {
		e.OnGenerated()
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
