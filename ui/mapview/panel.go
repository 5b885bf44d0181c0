// Package mapview is the editor's Map panel: the generated level in the glyph
// viewport (zoom, pan, the rooms overlay, the tiles the shown step changed),
// the history scrubber with its chart of floor share, regions and spawns per
// snapshot, the seed bar with the seeds the map was made from and the pins,
// the status line (the run's figures, or why it failed, with the failed run's
// partial history to browse) and the hover line describing a tile.
//
// The shell runs the chains and hands the panel each finished run (ShowRun,
// ShowFailure); the panel sees the project only through its Host.
package mapview

import (
	"fmt"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// LevelIndex is the selected level (-1: none).
	LevelIndex() int
	// StepIndex is the selected top-level step (-1: none).
	StepIndex() int
	// Level is the selected level (nil: none).
	Level() *projects.Level
	// EditProject edits the project as one undo step (key coalesces typing).
	EditProject(label, key string, f func(p *projects.Project))
	// Settings are the view settings (the rooms overlay, the seed lock).
	Settings() projects.Settings
	// SetSettings changes the view settings: not an edit (no undo step,
	// nothing unsaved).
	SetSettings(f func(s *projects.Settings))
	// EditLevel edits the selected level as one undo step.
	EditLevel(label, key string, f func(l *projects.Level))
	// SelectLevel selects level i.
	SelectLevel(i int)
	// Style gives sc the look of level lvl: its themes and the content
	// pack's entity looks (exports draw alike).
	Style(sc *render.Scene, lvl int)
	// Spawner rolls the content pack's spawns (pinned levels regenerate with it).
	Spawner() chain.Spawner
	// CopyCommand puts the `hewn run` command printing the map on the clipboard.
	CopyCommand()
	// Window is the editor's window, for dialogs (nil in tests without one).
	Window() fyne.Window
	// Post runs f on the UI goroutine.
	Post(f func())
	// ShowError shows err to the designer.
	ShowError(err error)
	// Pack is the content pack (nil until loaded): paint mode's entity brushes.
	Pack() *content.Pack
	// FocusPrefab names the prefab the painter shows ("" for none): the map
	// outlines where the chain placed it.
	FocusPrefab() string
	// ShowPrefab opens the project prefab name in the painter.
	ShowPrefab(name string)
}

// Panel is the Map panel.
type Panel struct {
	widget.BaseWidget
	h   Host
	obj fyne.CanvasObject

	view    *widgets.Viewport
	scene   *render.Scene
	scrub   *scrubber
	status  *widget.Label
	hover   *widget.Label
	partial *widget.Button
	seeds   *seedBar
	pins    *pinWatch
	rooms   *widgets.Check
	changes *widgets.Check
	paint   *painter

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
	// notice is said on the status line with the next map (then dropped).
	notice string
}

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h}
	p.hover = widget.NewLabel("Hover over the map to inspect a tile.")
	p.hover.Truncation = fyne.TextTruncateEllipsis
	p.view = widgets.NewViewport()
	p.view.OnHover = func(t chain.Point, in bool) {
		if !in {
			p.hover.SetText("")
			return
		}
		p.hover.SetText(describeTile(p.scene, t))
	}
	p.scrub = newScrubber(h.Post)
	p.scrub.OnShow = p.showSnapshot
	p.status = widget.NewLabel("")
	p.status.Truncation = fyne.TextTruncateEllipsis
	p.partial = widget.NewButtonWithIcon("Show failed run", theme.HistoryIcon(), func() { p.browseFailed(!p.browsingFailed) })
	p.partial.Hide()
	p.pins = newPinWatch(p)
	p.seeds = newSeedBar(p)
	p.rooms = widgets.NewCheck("Rooms", func(on bool) {
		p.setShowRooms(on)
		h.SetSettings(func(s *projects.Settings) { s.ShowRooms = on }) // a view, not an edit
	})
	p.changes = widgets.NewCheck("Changes", func(bool) { p.showSnapshot(p.scrub.Current()) })
	p.changes.Checked = true
	zoomOut := widgets.NewIconButton(theme.ZoomOutIcon(), "Zoom out (Ctrl+-, the wheel)", func() { p.Zoom(1 / 1.25) })
	zoomIn := widgets.NewIconButton(theme.ZoomInIcon(), "Zoom in (Ctrl+=, the wheel)", func() { p.Zoom(1.25) })
	fit := widgets.NewIconButton(theme.ZoomFitIcon(), "Fit the whole map (Ctrl+0)", p.Fit)

	p.paint = newPainter(p)
	viewBar := container.NewHBox(p.paint.toggle, p.rooms, p.changes, zoomOut, zoomIn, fit)
	// two rows, so both fit beside a 1024 px window's sidebar: the seeds and
	// the command; the level seed and the view controls (and in paint mode a
	// third, the paint tools)
	top := container.NewVBox(p.seeds.obj, container.NewBorder(nil, nil, nil, container.NewHBox(p.pins.btn, viewBar), p.seeds.level),
		p.paint.row)
	bottom := container.NewVBox(p.scrub.obj, widget.NewSeparator(),
		container.NewBorder(nil, nil, nil, container.NewCenter(p.partial), p.status), p.hover)
	p.obj = container.NewBorder(top, bottom, nil, p.paint.side, p.view)
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update shows the project's settings and seeds (the rooms overlay, the seed
// bar), after any change.
func (p *Panel) Update() {
	if on := p.h.Settings().ShowRooms; p.rooms.Checked != on {
		p.rooms.Checked = on
		p.rooms.Refresh()
		p.setShowRooms(on)
	}
	p.seeds.refresh()
}

// SetStatus says msg on the status line under the map.
func (p *Panel) SetStatus(msg string) { p.status.SetText(msg) }

// Notice says msg on the status line with the next map shown (a file opened,
// a content pack that did not load).
func (p *Panel) Notice(msg string) { p.notice = msg }

// ShowRun shows a finished run of the selected level, which took elapsed:
// the scrubber browses its history (at the selected step's last snapshot, or
// the end) and the status line gives its figures.
func (p *Panel) ShowRun(r *chain.Result, elapsed time.Duration) {
	p.failed, p.failErr = nil, nil
	p.browsingFailed = false
	p.partial.Hide()
	p.scrub.SetPrefix("")
	p.status.Wrapping = fyne.TextWrapOff
	p.status.Truncation = fyne.TextTruncateEllipsis
	p.status.Importance = widget.MediumImportance
	p.result, p.shownLvl = r, p.h.LevelIndex()
	hist := r.History
	target := hist.Len() - 1
	if si := p.h.StepIndex(); si >= 0 && !p.paint.on { // paint mode paints the end
		if i := hist.LastOf(si); i >= 0 {
			target = i
		}
	}
	p.scrub.Pause()
	p.scrub.SetHistory(hist, target)
	st := r.State
	notice := ""
	if p.notice != "" {
		notice, p.notice = p.notice+" · ", ""
	}
	msg := notice + fmt.Sprintf("Depth %d · seed %d%s · %d×%d · %s · %s · %s · %s",
		r.Chain.Depth, r.Seed, tryText(r, p.h.Level()), st.Map.W, st.Map.H, jsonfile.Count(hist.Len(), "snapshot"),
		jsonfile.Count(len(st.Rooms), "room"), jsonfile.Count(len(st.Spawns), "spawn"), fmtElapsed(elapsed))
	if w := warningsText(r.Warnings); w != "" {
		msg = w + " · " + msg
		p.status.Importance = widget.WarningImportance
	}
	p.status.SetText(msg)
	if p.paint.on {
		p.paint.refreshBrushes()
	}
}

// tryText words which roll of the level r is, for the status line: " · try
// 7 of 20" when the level has acceptance rules (the rules re-rolled it 6
// times), " · try N" for a later roll without them, else "".
func tryText(r *chain.Result, l *projects.Level) string {
	if l != nil && l.Accept != nil && len(l.Accept.Rules) > 0 {
		return fmt.Sprintf(" · try %d of %d", max(r.Try, 1), l.Accept.Tries)
	}
	if r.Try > 1 {
		return fmt.Sprintf(" · try %d", r.Try)
	}
	return ""
}

// warningsText words a run's warnings for the status line: the first in
// full (an exit cut off first: the level cannot be finished), then how many
// more ("" for none).
func warningsText(ws []chain.Warning) string {
	if i := slices.IndexFunc(ws, func(w chain.Warning) bool { return w.CutExit }); i > 0 {
		ws = append([]chain.Warning{ws[i]}, slices.Delete(slices.Clone(ws), i, i+1)...)
	}
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return "⚠ " + ws[0].String()
	}
	return fmt.Sprintf("⚠ %s (and %s more)", ws[0].String(), jsonfile.Count(len(ws)-1, "warning"))
}

// ShowFailure shows a run of the selected level that failed with err (r, if
// not nil, is its partial result: its history reaches the failing step). The
// last good map stays, the status line names the failing step, and a button
// lets the scrubber browse the failed run's partial history (shown at once
// when this level has no good map yet, and kept while the designer is
// browsing failures).
func (p *Panel) ShowFailure(r *chain.Result, err error) {
	p.failed, p.failErr, p.failedLvl = nil, err, p.h.LevelIndex()
	if r != nil && r.History != nil && r.History.Len() > 0 {
		p.failed = r
	}
	noGood := p.result == nil || p.shownLvl != p.failedLvl
	p.browseFailed(p.browsingFailed || noGood)
}

// fmtElapsed words a chain run's duration for the status line.
func fmtElapsed(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("generated in %.1f ms", float64(d.Microseconds())/1000)
	}
	return "generated in " + d.Round(time.Millisecond).String()
}

// Viewed returns the run the scrubber browses (the last good one, or the
// failed one while browsing it) and its level (nil: none yet).
func (p *Panel) Viewed() (*chain.Result, int) {
	if p.browsingFailed && p.failed != nil {
		return p.failed, p.failedLvl
	}
	return p.result, p.shownLvl
}

// browseFailed switches the scrubber between the failed run's partial history
// (on) and the last good run (off), and words the status line and the button.
func (p *Panel) browseFailed(on bool) {
	if p.failErr == nil {
		return
	}
	on = on && p.failed != nil
	p.browsingFailed = on
	p.status.Importance = widget.DangerImportance
	p.status.Truncation = fyne.TextTruncateOff
	p.status.Wrapping = fyne.TextWrapWord
	msg := "⚠ " + p.failErr.Error()
	p.scrub.Pause()
	haveGood := p.result != nil && p.shownLvl == p.failedLvl
	switch {
	case on:
		n := p.failed.History.Len()
		msg += " · showing the failed run up to that step"
		p.partial.SetText("Back to last good map")
		p.partial.SetIcon(theme.NavigateBackIcon())
		p.scrub.SetPrefix("Failed run · ")
		p.scrub.SetHistory(p.failed.History, n-1)
	case haveGood:
		msg += " · the map is the last good run"
		p.partial.SetText("Show failed run")
		p.partial.SetIcon(theme.HistoryIcon())
		p.scrub.SetPrefix("")
		if h := p.result.History; p.scrub.hist != h { // back from the failed run
			target := h.Len() - 1
			if si := p.h.StepIndex(); si >= 0 && p.shownLvl == p.h.LevelIndex() {
				if i := h.LastOf(si); i >= 0 {
					target = i
				}
			}
			p.scrub.SetHistory(h, target)
		}
	default:
		msg += " · it failed before making a map"
		p.scrub.SetPrefix("")
		p.result = nil // another level's map would mislead
		p.scrub.SetHistory(nil, 0)
		p.setScene(nil)
	}
	if p.failed != nil && haveGood {
		p.partial.Show()
	} else {
		p.partial.Hide()
	}
	p.status.SetText(msg)
}

// FollowStep shows the selected step's last snapshot when the run on screen
// is of the selected level (the designer picked another step).
func (p *Panel) FollowStep() {
	r, lvl := p.Viewed()
	si := p.h.StepIndex()
	if r == nil || lvl != p.h.LevelIndex() || si < 0 {
		return
	}
	if i := r.History.LastOf(si); i >= 0 {
		p.scrub.Pause()
		p.scrub.Show(i)
	}
}

// Snapshot is the index of the history snapshot on screen.
func (p *Panel) Snapshot() int { return p.scrub.Current() }

// Redraw draws the snapshot on screen again (a theme's look changed).
func (p *Panel) Redraw() { p.showSnapshot(p.scrub.Current()) }

// showSnapshot draws snapshot i of the run the scrubber browses.
func (p *Panel) showSnapshot(i int) {
	r, lvl := p.Viewed()
	if r == nil || i < 0 || i >= r.History.Len() {
		p.setScene(nil)
		return
	}
	h := r.History
	var changed []int
	if p.changes.Checked && i > 0 {
		changed = h.Changed(i)
	}
	snap := h.At(i)
	sc := render.SnapshotScene(snap, changed)
	p.h.Style(sc, lvl)
	sc.ShowRooms = p.h.Settings().ShowRooms
	p.setScene(sc)
	p.view.SetMarks(append(p.placedMarks(r, lvl, snap.Step.Index), p.paint.marks()...))
}

// placedMarks outline where the run r of level lvl placed the prefab the
// painter shows, and the placements of the selected step, up to the
// top-level step upTo (the one whose snapshot is on screen).
func (p *Panel) placedMarks(r *chain.Result, lvl, upTo int) []widgets.Mark {
	focus := p.h.FocusPrefab()
	si := -1
	if lvl == p.h.LevelIndex() {
		si = p.h.StepIndex()
	}
	var out []widgets.Mark
	for _, pl := range r.Placements {
		if pl.Step.Index <= upTo && ((focus != "" && pl.Name == focus) || pl.Step.Index == si) {
			out = append(out, widgets.Mark{Rect: pl.Rect, Color: placedColor})
		}
	}
	return out
}

// setScene shows sc in the viewport (nil: nothing).
func (p *Panel) setScene(sc *render.Scene) {
	p.scene = sc
	if sc == nil {
		p.view.SetMarks(nil)
		p.view.SetDrawing(nil)
		return
	}
	p.view.SetDrawing(sc)
}

// setShowRooms toggles the rooms and corridors overlay.
func (p *Panel) setShowRooms(on bool) {
	if p.scene != nil {
		sc := *p.scene
		sc.ShowRooms = on
		p.setScene(&sc)
	}
}

// ToggleRooms turns the rooms overlay on or off (View → Rooms Overlay).
func (p *Panel) ToggleRooms() { p.rooms.SetChecked(!p.rooms.Checked) }

// Zoom zooms the map by factor around its middle.
func (p *Panel) Zoom(factor float64) { p.view.ZoomCenter(factor) }

// Fit zooms the map to show it whole (and keeps it whole as the view is
// resized, until the designer zooms or pans).
func (p *Panel) Fit() { p.view.Fit() }

// TogglePlayback plays or pauses the history.
func (p *Panel) TogglePlayback() { p.scrub.Toggle() }

// Pause stops the history's playback.
func (p *Panel) Pause() { p.scrub.Pause() }

// PlaybackDelay is the history's playback delay per snapshot (its speed).
func (p *Panel) PlaybackDelay() time.Duration { return p.scrub.Delay() }

// HistoryKey steps through the history for a key typed while no widget has
// the focus: Left/PgUp back, Right/PgDn on, Home first, End last, Space play
// or pause; in paint mode a tool's letter picks it.
func (p *Panel) HistoryKey(k *fyne.KeyEvent) {
	if p.paint.key(k) {
		return
	}
	s := p.scrub
	switch k.Name {
	case fyne.KeyLeft, fyne.KeyPageUp:
		s.Pause()
		s.Step(-1)
	case fyne.KeyRight, fyne.KeyPageDown:
		s.Pause()
		s.Step(1)
	case fyne.KeyHome:
		s.Pause()
		s.Show(0)
	case fyne.KeyEnd:
		s.Pause()
		s.Show(s.Len() - 1)
	case fyne.KeySpace:
		s.Toggle()
	}
}

// RollSeed sets a new random master seed (unless the seed is locked).
func (p *Panel) RollSeed() {
	if p.h.Settings().SeedLocked {
		return
	}
	n := widgets.NewSeed()
	p.h.EditProject("Roll master seed", "", func(pr *projects.Project) { pr.Seed = n })
}

// CheckPins regenerates every pinned level in the background and says on the
// Pins button how many changed (after an edit that may have changed them).
func (p *Panel) CheckPins() { p.pins.check() }

// SetPaintMode turns the paint mode on or off (the Paint button, View →
// Paint Mode).
func (p *Panel) SetPaintMode(on bool) {
	if on != p.paint.on {
		p.paint.set(on)
	}
}

// Painting reports whether the paint mode is on.
func (p *Panel) Painting() bool { return p.paint.on }
