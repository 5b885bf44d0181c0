package ui

import (
	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// The subjects of the editor's forms: each holds exactly what its form shows.
// The project is never modified once current (the model edits clones), so a
// subject may share slices and maps with it.
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
func levelThemeName(m *model.Model) string {
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
func (e *Editor) followLevelTheme() {
	slot := widgets.SlotOf(e.themeBox)
	now := followed{e.m.LevelIndex(), levelThemeName(e.m)}
	if slot.Memo == now {
		return
	}
	slot.Memo = now
	if i := projectTheme(e.m.Project(), now.Theme); i >= 0 {
		e.themeSel = e.m.Project().Themes[i].Name
	}
}

// refreshForms rebuilds the forms whose subject the change c touched; c tells
// whether the forms' own widgets may have made it (see formSlot.edit).
func (e *Editor) refreshForms(c model.Change) {
	m := e.m
	p := m.Project()
	e.levels.Update()
	e.project.Update()
	e.followLevelTheme()
	if i := shownTheme(p, e.themeSel); i >= 0 {
		e.themeSel = p.Themes[i].Name
	}
	ts := themeSubject{Themes: p.Themes, Shown: e.themeSel, LevelTheme: levelThemeName(m)}
	widgets.SlotOf(e.themeBox).Show(ts, func() []fyne.CanvasObject {
		return []fyne.CanvasObject{themeEditor(m, themeEnv{
			sel:  &e.themeSel,
			slot: widgets.SlotOf(e.themeBox),
			show: func(name string) { e.themeSel = name; e.refreshForms(0) },
			win:  e.win,
		})}
	})
}
