package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/model"
	"hewn/ui/playview"
	"hewn/ui/render"
	uistats "hewn/ui/stats"
)

// Editor is the editor window's views wired to a Model.
type Editor struct {
	app  fyne.App
	win  fyne.Window
	m    *model.Model
	post func(func())

	regen                          *Regen
	levels                         *levelList
	steps                          *chainList
	pal                            *palette
	form                           *paramForm
	formBox                        *fyne.Container
	levelBox, projectBox, themeBox *fyne.Container
	tabs                           *container.AppTabs
	main                           *container.AppTabs
	mapView                        *mapView
	scrub                          *scrubber
	status                         *widget.Label
	hover                          *widget.Label
	seeds                          *seedBar
	pins                           *pinWatch
	rooms                          *widget.Check
	changes                        *widget.Check

	open     map[string]bool // expanded nested steps
	themeSel string
	spawner  chain.Spawner
	entity   func(string) (rune, color.RGBA, bool)
	packOf   *content.Pack // the pack the spawner and looks come from

	result   *chain.Result // last good run
	shownLvl int           // level the result belongs to
	// failed is the partial result of the newest run when it failed (its
	// history reaches the failing step), failErr its error and failedLvl its
	// level; browsingFailed is set while the scrubber shows it instead of the
	// last good run.
	failed         *chain.Result
	failErr        error
	failedLvl      int
	browsingFailed bool
	partial        *widget.Button
	lastLevel      int
	lastStep       int
	shownOnce      bool
	// recover keeps unsaved work in a recovery file (nil: none, as in tests
	// that build the editor without NewWindowEditor).
	recover *recovery
	// chainFile is the chain file the project was opened from ("" when it
	// came from a project file or has been saved as one since).
	chainFile string
	// notice is said on the status line with the next map (then dropped).
	notice string
	// exports counts exports running in the background; OnExported, if
	// set, is told each one's outcome (tests).
	exports    sync.WaitGroup
	stats      *uistats.Panel
	playPanel  *playview.Panel
	OnExported func(error)
	// OnGenerated is called after a new map is shown (benchmarks, tests).
	OnGenerated func()

	root fyne.CanvasObject
}

// newEditor builds the views for m in window w; post runs a function on the UI
// goroutine (fyne.Do in the app).
func newEditor(a fyne.App, w fyne.Window, m *model.Model, post func(func())) *Editor {
	e := &Editor{app: a, win: w, m: m, post: post, open: map[string]bool{}, lastLevel: -2, lastStep: -2}
	e.regen = NewRegen(post, e.apply)
	e.levels = newLevelList(m)
	e.steps = newChainList(m)
	e.pal = newPalette(m)
	e.formBox = container.NewVBox()
	e.levelBox, e.projectBox, e.themeBox = container.NewVBox(), container.NewVBox(), container.NewVBox()
	e.hover = widget.NewLabel("Hover over the map to inspect a tile.")
	e.hover.Truncation = fyne.TextTruncateEllipsis
	e.mapView = newMapView(func(s string) { e.hover.SetText(s) })
	e.scrub = newScrubber(post)
	e.scrub.OnShow = e.showSnapshot
	e.status = widget.NewLabel("")
	e.status.Truncation = fyne.TextTruncateEllipsis
	e.partial = widget.NewButtonWithIcon("Show failed run", theme.HistoryIcon(), func() { e.browseFailed(!e.browsingFailed) })
	e.partial.Hide()

	e.pins = newPinWatch(e)
	e.seeds = newSeedBar(e)
	e.rooms = widget.NewCheck("Rooms", func(on bool) {
		e.mapView.SetShowRooms(on)
		if on != m.Project().Settings.ShowRooms {
			m.EditProject("Rooms overlay", "", func(p *projects.Project) { p.Settings.ShowRooms = on })
		}
	})
	e.changes = widget.NewCheck("Changes", func(bool) { e.showSnapshot(e.scrub.Current()) })
	e.changes.Checked = true
	zoomOut := widget.NewButtonWithIcon("", theme.ZoomOutIcon(), func() { e.mapView.ZoomCenter(1 / 1.25) })
	zoomIn := widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { e.mapView.ZoomCenter(1.25) })
	fit := widget.NewButtonWithIcon("", theme.ZoomFitIcon(), e.mapView.Fit)

	viewBar := container.NewHBox(e.rooms, e.changes, zoomOut, zoomIn, fit)
	// two rows, so both fit beside a 1024 px window's sidebar: the seeds and
	// the command; the level seed and the view controls
	top := container.NewVBox(e.seeds.obj, container.NewBorder(nil, nil, nil, container.NewHBox(e.pins.btn, viewBar), e.seeds.level))
	bottom := container.NewVBox(e.scrub.obj, widget.NewSeparator(),
		container.NewBorder(nil, nil, nil, container.NewCenter(e.partial), e.status), e.hover)
	right := container.NewBorder(top, bottom, nil, nil, e.mapView.Viewport)

	levelsTab := container.NewVSplit(e.levels.obj, container.NewVScroll(container.NewPadded(e.levelBox)))
	levelsTab.Offset = 0.45
	formHead := widget.NewLabelWithStyle("Parameters", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	chainTab := container.NewVSplit(e.steps.obj,
		container.NewBorder(formHead, nil, nil, nil, container.NewVScroll(container.NewPadded(e.formBox))))
	chainTab.Offset = 0.45
	e.tabs = container.NewAppTabs(
		container.NewTabItem("Chain", chainTab),
		container.NewTabItem("Levels", levelsTab),
		container.NewTabItem("Builders", e.pal.obj),
		container.NewTabItem("Themes", container.NewVScroll(e.themeBox)),
		container.NewTabItem("Project", container.NewVScroll(e.projectBox)),
	)
	e.steps.OnAdd = func() {
		e.tabs.SelectIndex(tabBuilders)
		if e.win != nil {
			e.win.Canvas().Focus(e.pal.search)
		}
	}
	// Two columns: the sidebar (about 380 px at 1280×800) and the map, so an
	// 80×50 map fits at 11 px a tile, where glyphs read.
	// the big area's tabs: the map first; the content pack, play-test and
	// statistics panels add theirs (addMainTab)
	e.main = container.NewAppTabs(container.NewTabItemWithIcon("Map", theme.GridIcon(), right))
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
			e.pins.check()
		}
	})
	e.changed(model.ChangeProject | model.ChangeSelection | model.ChangeFile)
	e.pins.check()
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
	structural := c&(model.ChangeProject|model.ChangeSelection) != 0
	if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue) != 0 {
		e.levels.refresh()
		e.steps.refresh()
		e.pal.updateButtons()
	}
	if c&(model.ChangeProject|model.ChangeSelection|model.ChangeValue|model.ChangeLook) != 0 {
		e.refreshForms(c)
	}
	p := m.Project()
	e.rooms.Checked = p.Settings.ShowRooms
	e.rooms.Refresh()
	e.seeds.refresh(structural)
	levelChanged := m.LevelIndex() != e.lastLevel
	stepChanged := m.StepIndex() != e.lastStep
	e.lastLevel, e.lastStep = m.LevelIndex(), m.StepIndex()
	if c&(model.ChangeProject|model.ChangeValue) != 0 || levelChanged {
		e.regenerate()
	} else if c&model.ChangeLook != 0 {
		e.showSnapshot(e.scrub.Current())
	} else if r, lvl := e.viewed(); stepChanged && r != nil && lvl == m.LevelIndex() && m.StepIndex() >= 0 {
		if i := r.History.LastOf(m.StepIndex()); i >= 0 {
			e.scrub.Pause()
			e.scrub.Show(i)
		}
	}
}

// rebuildForms brings the forms (level, project, themes, parameters) up to
// date with the model, rebuilding only those whose subject changed.
func (e *Editor) rebuildForms() { e.refreshForms(model.ChangeProject) }

// loadContent loads the project's content pack when nobody has (attaching it
// to the project without an undo step), and compiles its roller and entity
// looks when the pack changed.
func (e *Editor) loadContent() {
	p := e.m.Project()
	if p.Pack == nil {
		pk, err := p.LoadPack()
		if err != nil {
			e.notice = "⚠ content pack: " + err.Error()
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
	e.status.SetText("Generating…")
	e.regen.Start(Job{Chain: c, Config: p.Config(li, p.Seed, e.spawner)})
}

// apply shows a finished run (on the UI goroutine). On error the last good map
// stays, the status line names the failing step, and a button lets the
// scrubber browse the failed run's partial history (shown at once when this
// level has no good map yet, and kept while the designer is browsing failures).
func (e *Editor) apply(o Outcome) {
	if o.Err != nil {
		if errors.Is(o.Err, context.Canceled) {
			return
		}
		e.failed, e.failErr, e.failedLvl = nil, o.Err, e.m.LevelIndex()
		if o.Result != nil && o.Result.History != nil && o.Result.History.Len() > 0 {
			e.failed = o.Result
		}
		noGood := e.result == nil || e.shownLvl != e.failedLvl
		e.browseFailed(e.browsingFailed || noGood)
		return
	}
	e.failed, e.failErr = nil, nil
	e.browsingFailed = false
	e.partial.Hide()
	e.scrub.SetPrefix("")
	e.status.Wrapping = fyne.TextWrapOff
	e.status.Truncation = fyne.TextTruncateEllipsis
	e.status.Importance = widget.MediumImportance
	li := e.m.LevelIndex()
	e.result, e.shownLvl = o.Result, li
	h := o.Result.History
	target := h.Len() - 1
	if si := e.m.StepIndex(); si >= 0 {
		if i := h.LastOf(si); i >= 0 {
			target = i
		}
	}
	e.scrub.Pause()
	e.scrub.SetHistory(h, target)
	st := o.Result.State
	notice := ""
	if e.notice != "" {
		notice, e.notice = e.notice+" · ", ""
	}
	e.status.SetText(notice + fmt.Sprintf("Depth %d · seed %d · %d×%d · %d snapshots · %d rooms · %d spawns · %s",
		o.Job.Chain.Depth, o.Result.Seed, st.Map.W, st.Map.H, h.Len(), len(st.Rooms), len(st.Spawns),
		fmtElapsed(o.Elapsed)))
	if !e.shownOnce {
		// the lists selected their first rows before they had a size, which
		// scrolls them part of a row down; the first map comes after layout
		e.shownOnce = true
		if e.m.LevelIndex() == 0 {
			e.levels.list.ScrollToTop()
		}
	}
	e.contentLevelShown()
	if e.OnGenerated != nil {
		e.OnGenerated()
	}
}

// fmtElapsed words a chain run's duration for the status line.
func fmtElapsed(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("generated in %.1f ms", float64(d.Microseconds())/1000)
	}
	return "generated in " + d.Round(time.Millisecond).String()
}

// viewed returns the run the scrubber browses (the last good one, or the
// failed one while browsing it) and its level.
func (e *Editor) viewed() (*chain.Result, int) {
	if e.browsingFailed && e.failed != nil {
		return e.failed, e.failedLvl
	}
	return e.result, e.shownLvl
}

// browseFailed switches the scrubber between the failed run's partial history
// (on) and the last good run (off), and words the status line and the button.
func (e *Editor) browseFailed(on bool) {
	if e.failErr == nil {
		return
	}
	on = on && e.failed != nil
	e.browsingFailed = on
	e.status.Importance = widget.DangerImportance
	e.status.Truncation = fyne.TextTruncateOff
	e.status.Wrapping = fyne.TextWrapWord
	msg := "⚠ " + e.failErr.Error()
	e.scrub.Pause()
	haveGood := e.result != nil && e.shownLvl == e.failedLvl
	switch {
	case on:
		n := e.failed.History.Len()
		msg += " · showing the failed run up to that step"
		e.partial.SetText("Back to last good map")
		e.partial.SetIcon(theme.NavigateBackIcon())
		e.scrub.SetPrefix("Failed run · ")
		e.scrub.SetHistory(e.failed.History, n-1)
	case haveGood:
		msg += " · the map is the last good run"
		e.partial.SetText("Show failed run")
		e.partial.SetIcon(theme.HistoryIcon())
		e.scrub.SetPrefix("")
		if h := e.result.History; e.scrub.hist != h { // back from the failed run
			target := h.Len() - 1
			if si := e.m.StepIndex(); si >= 0 && e.shownLvl == e.m.LevelIndex() {
				if i := h.LastOf(si); i >= 0 {
					target = i
				}
			}
			e.scrub.SetHistory(h, target)
		}
	default:
		msg += " · it failed before making a map"
		e.scrub.SetPrefix("")
		e.result = nil // another level's map would mislead
		e.scrub.SetHistory(nil, 0)
		e.mapView.SetScene(nil)
	}
	if e.failed != nil && haveGood {
		e.partial.Show()
	} else {
		e.partial.Hide()
	}
	e.status.SetText(msg)
}

// showSnapshot draws snapshot i of the run the scrubber browses.
func (e *Editor) showSnapshot(i int) {
	r, lvl := e.viewed()
	if r == nil || i < 0 || i >= r.History.Len() {
		e.mapView.SetScene(nil)
		return
	}
	h := r.History
	var changed []int
	if e.changes.Checked && i > 0 {
		changed = h.Changed(i)
	}
	sc := render.SnapshotScene(h.At(i), changed)
	e.style(sc, lvl)
	sc.ShowRooms = e.m.Project().Settings.ShowRooms
	e.mapView.SetScene(sc)
}

// style gives sc the look of level lvl: its theme (and split theme) and the
// content pack's entity looks. Map view and exports draw alike.
func (e *Editor) style(sc *render.Scene, lvl int) {
	if p := e.m.Project(); lvl >= 0 && lvl < len(p.Levels) {
		sc.SetThemes(p.Theme(lvl))
	}
	sc.Entity = e.entity
}
