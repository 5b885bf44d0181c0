package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// recentKey is the Fyne preference holding recent project paths, newest first.
const recentKey = "recent_projects"

const maxRecent = 8

// Run opens the editor in app a on the most recent project that still
// exists, or the embedded example project, and runs the app until it quits.
func Run(a fyne.App) {
	path := ""
	for _, r := range a.Preferences().StringList(recentKey) {
		if _, err := os.Stat(r); err == nil {
			path = r
			break
		}
	}
	RunWith(a, path)
}

// RunWith opens the editor on the project or chain file at path ("" for the
// embedded example project) and runs the app until it quits. A file that does
// not load opens the editor on a new project with the error on screen.
func RunWith(a fyne.App, path string) {
	w := a.NewWindow("Hewn")
	w.Resize(windowSize(a.Preferences(), screenSize(w)))
	e, err := NewWindowEditor(a, w, path)
	if err != nil {
		e.showError(err)
	}
	w.ShowAndRun()
}

// NewWindowEditor loads path ("" for the example project; a chain file opens
// as a one-level project) and fills window w with the editor: content, menus,
// shortcuts, the close prompt, the recovery file, and the offer to recover
// unsaved work left by an editor that did not exit cleanly. When the file does
// not load, the editor opens on a new project and the error is returned for the
// caller to show.
func NewWindowEditor(a fyne.App, w fyne.Window, path string) (*Editor, error) {
	return newWindowEditor(a, w, path, fyne.Do)
}

// newWindowEditor is NewWindowEditor with the function that runs code on the
// UI goroutine (tests pass a queue they drain).
func newWindowEditor(a fyne.App, w fyne.Window, path string, post func(func())) (*Editor, error) {
	installLazyFiles()
	var p *projects.Project
	var err error
	var kept []string
	isChain := false
	if path == "" {
		p, err = projects.Example()
	} else {
		p, isChain, kept, err = projects.OpenKeep(path)
	}
	if err != nil {
		p = projects.New("Untitled")
	}
	e := newEditor(a, w, model.NewModel(p), post)
	w.SetContent(e.root)
	e.installMenus()
	if v := a.Preferences().String(themeKey); v != "" {
		e.applyTheme(v)
	}
	w.SetCloseIntercept(e.Quit)
	if dir, derr := RecoveryDir(); derr == nil {
		e.recover = newRecovery(dir, func(err error) { post(func() { e.mapv.SetStatus("⚠ " + err.Error()) }) })
		e.offerRecovered(FindRecovered(dir))
	}
	switch {
	case err != nil:
		// projects.Open names the file: FILE:LINE:COL or FILE: path: message
	case isChain:
		e.chainFile = path
		e.mapv.Notice("Opened the chain " + path + " as a one-level project; Save writes a project file")
	case path != "":
		e.noteDisk(path)
		e.addRecent(path)
	}
	if err == nil {
		e.showKept(kept)
	}
	return e, err
}

// installMenus sets the main menu and the keyboard shortcuts.
func (e *Editor) installMenus() {
	ctrl := fyne.KeyModifierShortcutDefault
	sc := func(k fyne.KeyName, mod fyne.KeyModifier) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: mod}
	}
	item := func(label string, s fyne.Shortcut, f func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, f)
		it.Shortcut = s
		return it
	}
	recent := fyne.NewMenuItem("Open Recent", nil)
	recent.ChildMenu = fyne.NewMenu("")
	e.fillRecent(recent)
	quit := item("Quit", sc(fyne.KeyQ, ctrl), e.Quit)
	quit.IsQuit = true
	file := fyne.NewMenu("File",
		item("New", sc(fyne.KeyN, ctrl), e.New),
		item("Open…", sc(fyne.KeyO, ctrl), e.OpenDialog),
		recent,
		fyne.NewMenuItemSeparator(),
		item("Save", sc(fyne.KeyS, ctrl), e.Save),
		item("Save As…", sc(fyne.KeyS, ctrl|fyne.KeyModifierShift), e.SaveAs),
		e.exportMenu(),
		fyne.NewMenuItemSeparator(),
	)
	file.Items = append(append(file.Items, e.contentMenuItems()...), fyne.NewMenuItemSeparator())
	file.Items = append(append(file.Items, e.prefabMenuItems()...), fyne.NewMenuItemSeparator(), quit)
	// Ctrl+Shift+Z is the second redo shortcut. The window tries main-menu
	// shortcuts before the focused widget (an entry would swallow it), but a
	// menu item shows one shortcut only: the separator carries this one.
	redo2 := fyne.NewMenuItemSeparator()
	redo2.Shortcut = sc(fyne.KeyZ, ctrl|fyne.KeyModifierShift)
	redo2.Action = e.Redo
	edit := fyne.NewMenu("Edit",
		item("Undo", &fyne.ShortcutUndo{}, e.Undo),
		item("Redo", &fyne.ShortcutRedo{}, e.Redo),
		redo2,
		item("New Seed", sc(fyne.KeyR, ctrl), e.mapv.RollSeed),
	)
	view := fyne.NewMenu("View",
		item("Zoom In", sc(fyne.KeyEqual, ctrl), func() { e.mapv.Zoom(1.25) }),
		item("Zoom Out", sc(fyne.KeyMinus, ctrl), func() { e.mapv.Zoom(1 / 1.25) }),
		item("Fit Map", sc(fyne.Key0, ctrl), e.mapv.Fit),
		fyne.NewMenuItem("Rooms Overlay", e.mapv.ToggleRooms),
		item("Paint Mode", sc(fyne.KeyP, ctrl), e.TogglePaint),
		fyne.NewMenuItem("Play / Pause History", e.mapv.TogglePlayback),
		fyne.NewMenuItemSeparator(),
	)
	// every sidebar tab from the menu and the keyboard (Alt+1…), also when a
	// narrow window puts some of them behind the tab bar's overflow button
	for i, t := range e.tabs.Items {
		view.Items = append(view.Items, item(t.Text+" Tab", sc(fyne.KeyName(fmt.Sprint(i+1)), fyne.KeyModifierAlt), func() { e.tabs.SelectIndex(i) }))
	}
	// and the big area's tabs (Map, Statistics, Content, Play) with Ctrl+1…
	view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	for i, t := range e.main.Items {
		view.Items = append(view.Items, item(t.Text, sc(fyne.KeyName(fmt.Sprint(i+1)), ctrl), func() { e.main.SelectIndex(i) }))
	}
	// the look: the system's, light or dark (stored, applied at once)
	view.Items = append(view.Items, fyne.NewMenuItemSeparator())
	view.Items = append(view.Items, e.themeItems()...)
	e.win.SetMainMenu(fyne.NewMainMenu(file, edit, view, e.helpMenu()))
	c := e.win.Canvas()
	// Ctrl+Shift+Z is the second redo shortcut (Ctrl+Y is the menu's).
	c.AddShortcut(sc(fyne.KeyZ, ctrl|fyne.KeyModifierShift).(*desktop.CustomShortcut), func(fyne.Shortcut) { e.Redo() })
	c.SetOnTypedKey(e.mapv.HistoryKey)
}

// Undo reverts the last edit.
func (e *Editor) Undo() {
	if l := e.m.Undo(); l != "" {
		e.mapv.SetStatus("Undid: " + l)
	}
}

// Redo re-applies the last undone edit.
func (e *Editor) Redo() {
	if l := e.m.Redo(); l != "" {
		e.mapv.SetStatus("Redid: " + l)
	}
}

// confirmLeave runs f at once when nothing is unsaved; otherwise it asks
// Save / Don't save / Cancel first. Save saves (asking for a file when the
// project has none) and runs f only once the save succeeded; Don't save
// discards the work (and its recovery file) and runs f; Cancel does nothing.
func (e *Editor) confirmLeave(what string, f func()) {
	if !e.m.Dirty() {
		f()
		return
	}
	name := e.m.Project().Name
	if name == "" {
		name = "untitled"
	}
	msg := widget.NewLabel(fmt.Sprintf("%q has unsaved changes.\nSave them before you %s?", name, what))
	var d *dialog.CustomDialog
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), func() {
		d.Hide()
		e.saveThen(f)
	})
	save.Importance = widget.HighImportance
	dont := widget.NewButtonWithIcon("Don't save", theme.DeleteIcon(), func() {
		d.Hide()
		if e.recover != nil {
			e.recover.clear()
		}
		f()
	})
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Unsaved changes", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, dont, save})
	d.Show()
}

// New starts a new project (after asking about unsaved changes).
func (e *Editor) New() {
	e.confirmLeave("start a new project", func() {
		e.chainFile = ""
		e.m.Open(projects.New("Untitled"))
	})
}

// OpenDialog asks for a project (or chain) file and opens it.
func (e *Editor) OpenDialog() {
	e.confirmLeave("open another project", func() { e.askOpen(".json", e.OpenPath) })
}

// OpenPath loads the project (or chain) file at path and shows it; on error
// the current project stays and the error is shown.
func (e *Editor) OpenPath(path string) {
	p, isChain, kept, err := projects.OpenKeep(path)
	if err != nil {
		e.showError(err) // names the file, in the one error format
		return
	}
	defer e.showKept(kept)
	e.rememberDir(path)
	if e.recover != nil {
		e.recover.clear()
	}
	e.chainFile = ""
	e.m.Open(p)
	e.noteDisk(path)
	if isChain {
		e.chainFile = path
		e.mapv.Notice("Opened the chain " + path + " as a one-level project; Save writes a project file")
		return
	}
	e.addRecent(path)
}

// showKept tells of the steps of the project just opened that did not load
// (kept as their JSON, see projects.OpenKeep), and selects the first: its
// row is flagged in the chain list and its form shows why, its JSON to fix
// and Remove.
func (e *Editor) showKept(kept []string) {
	if len(kept) == 0 {
		return
	}
	p := e.m.Project()
	for li, l := range p.Levels {
		if i := brokenStep(l.Chain); i >= 0 {
			e.m.SelectLevel(li)
			e.m.SelectStep(i)
			e.tabs.SelectIndex(tabChain)
			break
		}
	}
	e.mapv.Notice(fmt.Sprintf("⚠ %s did not load, kept as written: fix or remove %s in the Chain tab (%s)",
		jsonfile.Count(len(kept), "step"), jsonfile.Pick(len(kept), "it", "them"), strings.Join(kept, "; ")))
	e.mapv.SetStatus("⚠ " + strings.Join(kept, "; "))
}

// brokenStep is the first top-level step of c that did not load or holds
// one in its sub-chain (-1: none).
func brokenStep(c *chain.Chain) int {
	if c == nil {
		return -1
	}
	var holds func(s chain.Step) bool
	holds = func(s chain.Step) bool {
		if s.Broken() {
			return true
		}
		nested, _ := s.Params[model.NestedParam(s.Builder)].([]chain.Step)
		return slices.ContainsFunc(nested, holds)
	}
	return slices.IndexFunc(c.Steps, holds)
}

// showError shows err in a dialog (on the status line when there is no window).
func (e *Editor) showError(err error) {
	if e.win == nil {
		e.mapv.SetStatus("⚠ " + err.Error())
		return
	}
	errorDialog(err, e.win).Show()
}

// errorDialog is dialog.NewError as Hewn words errors: the text as it is
// (Fyne's capitalises its first letter, which turns "bad3/level.json: ..."
// into "Bad3/level.json", a file that does not exist), in a scroll when a
// file has many problems.
func errorDialog(err error, win fyne.Window) dialog.Dialog {
	msg := widget.NewLabel(err.Error())
	msg.Selectable = true
	scroll := container.NewScroll(msg)
	scroll.SetMinSize(msg.MinSize().Min(widgets.DialogSize(win).Subtract(fyne.NewSize(80, 160))))
	body := container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(theme.ErrorIcon())), nil, scroll)
	return dialog.NewCustom("Error", "OK", body, win)
}

// Save writes the project to its file (asks for one when it has none).
func (e *Editor) Save() { e.saveThen(nil) }

// saveThen saves the project (through the Save As dialog when it has no file)
// and runs then, if not nil, once the save succeeded. A content pack left
// with errors by unsaved edits is confirmed first (confirmPackErrors).
func (e *Editor) saveThen(then func()) {
	e.confirmPackErrors(func() { e.saveCheckedThen(then) })
}

// saveCheckedThen is saveThen once the pack's errors are confirmed.
func (e *Editor) saveCheckedThen(then func()) {
	if e.m.Project().Path == "" {
		e.saveAsChecked(then)
		return
	}
	e.saveChecked(e.m.Project().Path, then)
}

// SaveAs asks for a file and saves the project there.
func (e *Editor) SaveAs() { e.saveAs(nil) }

// saveAs asks for a file, saves the project there and runs then (if not nil)
// once the save succeeded. A name without .json gets .hewn.json. A content
// pack left with errors by unsaved edits is confirmed first.
func (e *Editor) saveAs(then func()) {
	e.confirmPackErrors(func() { e.saveAsChecked(then) })
}

// saveAsChecked is saveAs once the pack's errors are confirmed.
func (e *Editor) saveAsChecked(then func()) {
	name := strings.ToLower(strings.ReplaceAll(e.m.Project().Name, " ", "_"))
	if name == "" {
		name = "untitled"
	}
	e.askSave(name+".hewn.json", ".json", ".hewn.json", func(path string) error {
		if e.saveTo(path) == nil && then != nil { // saveTo shows its own error
			then()
		}
		return nil
	})
}

// saveTo writes the project to path atomically and marks it saved.
func (e *Editor) saveTo(path string) error {
	p := e.m.Saved()
	// the pack first: a project never names a pack file it could not write
	if p.PreparePackSave(path) || e.m.PackDirty() {
		if err := p.SavePack(p.Pack); err != nil {
			e.showError(err)
			return err
		}
	}
	if err := p.Save(path); err != nil {
		e.showError(err)
		return err
	}
	e.m.MarkSavedAs(p)
	e.noteDisk(path, p.ContentPath())
	e.chainFile = ""
	e.addRecent(path)
	e.mapv.SetStatus("Saved " + path)
	return nil
}

// Quit closes the window, asking first when there are unsaved changes.
func (e *Editor) Quit() {
	e.confirmLeave("quit", func() {
		e.rememberSize()
		e.mapv.Pause()
		e.regen.Stop()
		if e.recover != nil {
			e.recover.close()
		}
		e.win.Close()
		if e.app != nil {
			e.app.Quit()
		}
	})
}

// addRecent puts path first in the recent projects preference.
func (e *Editor) addRecent(path string) {
	if e.app == nil || path == "" {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := slices.DeleteFunc(slices.Clone(e.app.Preferences().StringList(recentKey)), func(s string) bool { return s == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	e.app.Preferences().SetStringList(recentKey, list)
	if mm := e.win.MainMenu(); mm != nil {
		for _, it := range mm.Items[0].Items {
			if it.Label == "Open Recent" {
				e.fillRecent(it)
			}
		}
		mm.Refresh()
	}
}

// fillRecent lists the recent projects under item.
func (e *Editor) fillRecent(item *fyne.MenuItem) {
	var items []*fyne.MenuItem
	for _, r := range e.app.Preferences().StringList(recentKey) {
		items = append(items, fyne.NewMenuItem(r, func() {
			e.confirmLeave("open another project", func() { e.OpenPath(r) })
		}))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem("(none)", nil)
		none.Disabled = true
		items = append(items, none)
	}
	item.ChildMenu.Items = items
}

// chooseContent asks for a content pack file and calls set with its path,
// relative to the project file when the project has one.
func (e *Editor) chooseContent(set func(string)) {
	e.askOpen(".json", func(path string) {
		if pp := e.m.Project().Path; pp != "" {
			if rel, err := filepath.Rel(filepath.Dir(pp), path); err == nil && !strings.HasPrefix(rel, "..") {
				path = rel
			}
		}
		set(path)
	})
}

// keepRecovery writes unsaved work to the recovery file a moment after each
// edit (a change of the file's state) and removes the file once the work is
// saved.
func (e *Editor) keepRecovery() {
	if e.recover == nil {
		return
	}
	if e.m.Dirty() {
		e.recover.schedule(e.m.Project(), e.m.PackDirty())
	} else {
		e.recover.clear()
	}
}

// offerRecovered asks, for each project an unclean exit left unsaved (newest
// first), whether to recover it (it opens, unsaved) or discard it.
func (e *Editor) offerRecovered(list []Recovered) {
	if len(list) == 0 || e.win == nil {
		return
	}
	r := list[0]
	where := "never saved"
	if r.Path != "" {
		where = r.Path
	}
	msg := widget.NewLabel(fmt.Sprintf("Hewn did not exit cleanly. Unsaved changes to %q (%s)\nfrom %s can be recovered.",
		r.Project.Name, where, r.SavedAt.Local().Format("2006-01-02 15:04:05")))
	var d *dialog.CustomDialog
	next := func() { e.offerRecovered(list[1:]) }
	discard := widget.NewButtonWithIcon("Discard", theme.DeleteIcon(), func() {
		d.Hide()
		forgetRecovered(r)
		next()
	})
	recoverBtn := widget.NewButtonWithIcon("Recover", theme.HistoryIcon(), func() {
		d.Hide()
		e.chainFile = ""
		e.m.OpenRecovered(r.Project)
		e.recover.adopt(r.File)
		e.recover.schedule(r.Project, r.Project.Pack != nil)
		e.mapv.SetStatus(fmt.Sprintf("Recovered unsaved changes to %q: save to keep them.", r.Project.Name))
		next()
	})
	recoverBtn.Importance = widget.HighImportance
	d = dialog.NewCustomWithoutButtons("Recover unsaved work?", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{discard, recoverBtn})
	d.Show()
}
