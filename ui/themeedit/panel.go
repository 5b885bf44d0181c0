// Package themeedit is the editor's Themes panel: the project's own themes
// (copied from a built-in one to edit), each tile type's glyph and colours
// (typed, or picked by tapping a colour's swatch) and box walls. It follows
// the selected level: it shows the level's theme, says which theme the level
// uses, and offers to use the shown one for it or to copy the level's
// built-in theme into the project.
package themeedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// LevelIndex is the selected level (-1: none).
	LevelIndex() int
	// Level is the selected level (nil: none).
	Level() *projects.Level
	// EditProject edits the project as one undo step (a non-empty key
	// coalesces typing; a "theme:" key only changes how the map looks).
	EditProject(label, key string, f func(p *projects.Project))
	// EditLevel edits the selected level as one undo step.
	EditLevel(label, key string, f func(l *projects.Level))
	// Alone runs f's edits as an undo step of their own (a colour picked).
	Alone(f func())
	// Window is the editor's window, for the colour picker (nil: none).
	Window() fyne.Window
}

// Panel is the Themes panel.
type Panel struct {
	widget.BaseWidget
	h   Host
	box *fyne.Container
	sel string // the theme shown (kept across rebuilds)
	obj fyne.CanvasObject
}

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h, box: container.NewVBox()}
	p.obj = widgets.FormScroll(container.NewVScroll(p.box))
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update shows the project's themes, following the selected level's theme
// (the editor is rebuilt only when what it shows changed, and never under
// the designer typing into it).
func (p *Panel) Update() {
	m := p.h
	pr := m.Project()
	p.followLevelTheme()
	if i := shownTheme(pr, p.sel); i >= 0 {
		p.sel = pr.Themes[i].Name
	}
	slot := widgets.SlotOf(p.box)
	ts := themeSubject{Themes: pr.Themes, Shown: p.sel, LevelTheme: levelThemeName(m)}
	slot.Show(ts, func() []fyne.CanvasObject {
		return []fyne.CanvasObject{themeEditor(m, themeEnv{
			sel:  &p.sel,
			slot: slot,
			show: func(name string) { p.sel = name; p.Update() },
			win:  m.Window(),
		})}
	})
}

// The theme editor's subjects: each holds exactly what it shows. The project
// is never modified once current (the model edits clones), so a subject may
// share slices and maps with it.
type (
	// themeSubject is what the theme editor shows: the project's themes, the
	// one shown and the theme of the selected level (its Use button).
	themeSubject struct {
		Themes     []chain.Theme
		Shown      string
		LevelTheme string
	}
	// followed is the level (and its theme) the theme editor last followed.
	followed struct {
		Level int
		Theme string
	}
)

// levelThemeName is the name of the theme the selected level is drawn with ("" without a level).
func levelThemeName(m Host) string {
	l := m.Level()
	if l == nil {
		return ""
	}
	if l.Theme == "" {
		return chain.DefaultTheme().Name
	}
	return l.Theme
}

// shownTheme returns the index among the project's themes of the theme the
// editor shows: the one named sel, else the first (-1 when there is none).
func shownTheme(p *projects.Project, sel string) int {
	if i := projectTheme(p, sel); i >= 0 {
		return i
	}
	if len(p.Themes) > 0 {
		return 0
	}
	return -1
}

// followLevelTheme makes the theme editor show the selected level's theme when
// the selection moved to another level or the level's theme changed (the
// theme shown stays when the level's theme is a built-in one).
func (p *Panel) followLevelTheme() {
	slot := widgets.SlotOf(p.box)
	now := followed{p.h.LevelIndex(), levelThemeName(p.h)}
	if slot.Memo == now {
		return
	}
	slot.Memo = now
	if i := projectTheme(p.h.Project(), now.Theme); i >= 0 {
		p.sel = p.h.Project().Themes[i].Name
	}
}
