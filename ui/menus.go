package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"

	"hewn/projects"
)

// recentKey is the Fyne preference holding recent project paths, newest first.
const recentKey = "recent_projects"

const maxRecent = 8

// Run opens the editor in app a on the most recent project that still loads,
// or the embedded example project, and runs the app until it quits.
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

// RunWith opens the editor on the project file at path ("" for the embedded
// example project) and runs the app until it quits.
func RunWith(a fyne.App, path string) {
	w := a.NewWindow("Hewn")
	if _, err := NewWindowEditor(a, w, path); err != nil {
		dialog.ShowError(err, w)
	}
	w.Resize(fyne.NewSize(1280, 800))
	w.ShowAndRun()
}

// NewWindowEditor loads path ("" for the example project) and fills window w
// with the editor: content, menus, shortcuts and the close prompt. When the
// project does not load, the editor opens on a new project and the error is
// returned for the caller to show.
func NewWindowEditor(a fyne.App, w fyne.Window, path string) (*Editor, error) {
	var p *projects.Project
	var err error
	if path == "" {
		p, err = projects.Example()
	} else {
		p, err = projects.Load(path)
	}
	if err != nil {
		p = projects.New("Untitled")
	}
	e := newEditor(a, w, NewModel(p), fyne.Do)
	w.SetContent(e.root)
	e.installMenus()
	w.SetCloseIntercept(e.Quit)
	if err == nil && path != "" {
		e.addRecent(path)
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
		fyne.NewMenuItemSeparator(),
		quit,
	)
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
		item("New Seed", sc(fyne.KeyR, ctrl), e.rollSeed),
	)
	view := fyne.NewMenu("View",
		item("Zoom In", sc(fyne.KeyEqual, ctrl), func() { e.mapView.ZoomCenter(1.25) }),
		item("Zoom Out", sc(fyne.KeyMinus, ctrl), func() { e.mapView.ZoomCenter(1 / 1.25) }),
		item("Fit Map", sc(fyne.Key0, ctrl), e.mapView.Fit),
		fyne.NewMenuItem("Rooms Overlay", func() { e.rooms.SetChecked(!e.rooms.Checked) }),
		fyne.NewMenuItem("Play / Pause History", e.scrub.Toggle),
	)
	e.win.SetMainMenu(fyne.NewMainMenu(file, edit, view))
	c := e.win.Canvas()
	// Ctrl+Shift+Z is the second redo shortcut (Ctrl+Y is the menu's).
	c.AddShortcut(sc(fyne.KeyZ, ctrl|fyne.KeyModifierShift).(*desktop.CustomShortcut), func(fyne.Shortcut) { e.Redo() })
	c.SetOnTypedKey(e.typedKey)
}

// typedKey handles keys typed while no widget has the focus: the history keys.
func (e *Editor) typedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyLeft, fyne.KeyPageUp:
		e.scrub.Pause()
		e.scrub.Step(-1)
	case fyne.KeyRight, fyne.KeyPageDown:
		e.scrub.Pause()
		e.scrub.Step(1)
	case fyne.KeyHome:
		e.scrub.Pause()
		e.scrub.Show(0)
	case fyne.KeyEnd:
		e.scrub.Pause()
		e.scrub.Show(e.scrub.Len() - 1)
	case fyne.KeySpace:
		e.scrub.Toggle()
	}
}

// Undo reverts the last edit.
func (e *Editor) Undo() {
	if l := e.m.Undo(); l != "" {
		e.status.SetText("Undid: " + l)
	}
}

// Redo re-applies the last undone edit.
func (e *Editor) Redo() {
	if l := e.m.Redo(); l != "" {
		e.status.SetText("Redid: " + l)
	}
}

// confirmDiscard runs f at once when nothing is unsaved, else after the user agrees.
func (e *Editor) confirmDiscard(what string, f func()) {
	if !e.m.Dirty() {
		f()
		return
	}
	dialog.ShowConfirm("Unsaved changes",
		fmt.Sprintf("%q has unsaved changes. Discard them and %s?", e.m.Project().Name, what),
		func(ok bool) {
			if ok {
				f()
			}
		}, e.win)
}

// New starts a new project (after asking about unsaved changes).
func (e *Editor) New() {
	e.confirmDiscard("start a new project", func() { e.m.Open(projects.New("Untitled")) })
}

// OpenDialog asks for a project file and opens it.
func (e *Editor) OpenDialog() {
	e.confirmDiscard("open another project", func() {
		d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				return
			}
			r.Close()
			e.OpenPath(r.URI().Path())
		}, e.win)
		d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
		e.setDialogDir(d)
		d.Resize(fyne.NewSize(900, 600))
		d.Show()
	})
}

func (e *Editor) setDialogDir(d *dialog.FileDialog) {
	if p := e.m.Project().Path; p != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(p))); err == nil {
			d.SetLocation(l)
		}
	}
}

// OpenPath loads the project at path and shows it.
func (e *Editor) OpenPath(path string) {
	p, err := projects.Load(path)
	if err != nil {
		dialog.ShowError(err, e.win)
		return
	}
	e.m.Open(p)
	e.addRecent(path)
}

// Save writes the project to its file (asks for one when it has none).
func (e *Editor) Save() {
	if e.m.Project().Path == "" {
		e.SaveAs()
		return
	}
	e.saveTo(e.m.Project().Path)
}

// SaveAs asks for a file and saves the project there.
func (e *Editor) SaveAs() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		w.Close()
		path := w.URI().Path()
		if !strings.HasSuffix(path, ".json") {
			os.Remove(path) // the dialog created it; save under the right name instead
			path += ".hewn.json"
		}
		e.saveTo(path)
	}, e.win)
	name := strings.ToLower(strings.ReplaceAll(e.m.Project().Name, " ", "_"))
	d.SetFileName(name + ".hewn.json")
	e.setDialogDir(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// saveTo writes the project to path atomically and marks it saved.
func (e *Editor) saveTo(path string) error {
	p := e.m.Project().Clone()
	if err := p.Save(path); err != nil {
		if e.win != nil {
			dialog.ShowError(err, e.win)
		}
		return err
	}
	e.m.MarkSaved(path)
	e.addRecent(path)
	e.status.SetText("Saved " + path)
	return nil
}

// Quit closes the window, asking first when there are unsaved changes.
func (e *Editor) Quit() {
	e.confirmDiscard("quit", func() {
		e.scrub.Pause()
		e.regen.Stop()
		e.win.Close()
		e.app.Quit()
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
		r := r
		items = append(items, fyne.NewMenuItem(r, func() {
			e.confirmDiscard("open another project", func() { e.OpenPath(r) })
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
	if e.win == nil {
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		r.Close()
		path := r.URI().Path()
		if pp := e.m.Project().Path; pp != "" {
			if rel, err := filepath.Rel(filepath.Dir(pp), path); err == nil && !strings.HasPrefix(rel, "..") {
				path = rel
			}
		}
		set(path)
	}, e.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".json"}))
	e.setDialogDir(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}
