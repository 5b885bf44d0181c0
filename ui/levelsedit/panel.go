// Package levelsedit is the editor's Levels panel: the project's levels
// (depth and name) with buttons to add, duplicate, remove and reorder them,
// over the selected level's form (name, depth, size, fixed seed, theme and
// split theme) and its acceptance rules.
package levelsedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/ui/internal/widgets"
)

// Panel is the Levels panel.
type Panel struct {
	widget.BaseWidget
	h      Host
	levels *levelList
	box    *fyne.Container // the level form's
	rules  *rulesSection
	sized  bool
	obj    fyne.CanvasObject
}

// New builds the panel over h.
func New(h Host) *Panel {
	p := &Panel{h: h, levels: newLevelList(h), box: container.NewVBox(), rules: newRulesSection(h)}
	split := container.NewVSplit(p.levels.obj, widgets.FormScroll(container.NewVScroll(container.NewPadded(container.NewVBox(p.box, p.rules.obj)))))
	split.Offset = 0.45
	p.obj = split
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer implements fyne.Widget.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Resize lays the panel out; the first time it has a size, the list shows
// its first row whole (selected before the list had a size, it was scrolled
// part of a row down).
func (p *Panel) Resize(s fyne.Size) {
	p.BaseWidget.Resize(s)
	if !p.sized && s.Height > 0 {
		p.sized = true
		if p.h.LevelIndex() == 0 {
			p.levels.list.ScrollToTop()
		}
	}
}

// Update shows the project's levels and the selected level's form (rebuilt
// only when what it shows changed, and never under the designer typing into
// it).
func (p *Panel) Update() {
	p.levels.refresh()
	slot := widgets.SlotOf(p.box)
	slot.Show(levelSubjectOf(p.h), func() []fyne.CanvasObject { return []fyne.CanvasObject{levelForm(p.h, slot)} })
	p.rules.update()
}
