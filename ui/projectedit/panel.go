// Package projectedit is the editor's Project panel: the project's name,
// master seed (with a dice) and content pack (the embedded default or a file).
package projectedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// Host is what the panel needs from the editor.
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// EditProject edits the project as one undo step (a non-empty key
	// coalesces typing).
	EditProject(label, key string, f func(p *projects.Project))
	// ChooseContent asks for a content pack file and calls set with its path.
	ChooseContent(set func(path string))
}

// Panel is the Project panel.
type Panel struct {
	widget.BaseWidget
	h   Host
	box *fyne.Container
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

// Update shows the project's fields (the form is rebuilt only when what it
// shows changed, and never under the designer typing into it).
func (p *Panel) Update() {
	slot := widgets.SlotOf(p.box)
	slot.Show(projectSubjectOf(p.h.Project()), func() []fyne.CanvasObject {
		return []fyne.CanvasObject{projectForm(p.h, slot)}
	})
}
