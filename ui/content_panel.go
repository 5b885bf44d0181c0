package ui

import (
	"fyne.io/fyne/v2/theme"

	"hewn/ui/contentedit"
	"hewn/ui/model"
)

// installContent adds the content pack panel beside the map and keeps it up
// to date with the model.
func (e *Editor) installContent() {
	e.contents = contentedit.New(contentHost{e})
	e.addMainTab("Content", theme.ListIcon(), e.contents)
	e.m.OnChange(func(c model.Change) {
		if c&(model.ChangeContent|model.ChangeProject|model.ChangeFile) != 0 {
			e.contents.Update()
		}
	})
}
