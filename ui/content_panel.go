package ui

import (
	"fyne.io/fyne/v2/theme"

	"hewn/ui/contentedit"
	"hewn/ui/model"
)

// installContent adds the content pack panel (issue 11) beside the map and
// keeps it up to date with the model.
func (e *Editor) installContent() {
	p := contentedit.New(contentHost{e})
	e.addMainTab("Content", theme.ListIcon(), p)
	e.m.OnChange(func(c model.Change) {
		if c&(model.ChangeContent|model.ChangeProject|model.ChangeFile) != 0 {
			p.Update()
		}
	})
}

// contentPanel is the content pack panel, or nil.
func (e *Editor) contentPanel() *contentedit.Panel {
	for _, t := range e.main.Items {
		if p, ok := t.Content.(*contentedit.Panel); ok {
			return p
		}
	}
	return nil
}

// contentLevelShown tells the content panel a new map is on screen.
func (e *Editor) contentLevelShown() {
	if p := e.contentPanel(); p != nil {
		p.UpdateLevel()
	}
}
