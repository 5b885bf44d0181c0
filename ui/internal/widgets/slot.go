package widgets

import (
	"reflect"

	"fyne.io/fyne/v2"
)

// Slot remembers what the form shown in a box was built for, so a panel
// rebuilds a form only when its subject (the part of the project it shows)
// changed. Rebuilding every form on every edit costs far more than the chain
// run itself, and it would steal the keyboard focus from the entry being typed
// into.
//
// A slot is its box's layout (it wraps the box's own layout, which it keeps
// using), so it lives exactly as long as the box.
type Slot struct {
	inner   fyne.Layout // the box's own layout
	box     *fyne.Container
	subject any  // what the shown form was built for or last edited to
	built   bool // a form was built at least once
	// own counts the edits in progress that the form's own widgets make (see Edit).
	own int
	// Memo is what the form's owner keeps between refreshes (the theme
	// editor: the level and level theme it last followed).
	Memo any
}

// SlotOf returns box's slot, making box's layout one the first time.
func SlotOf(box *fyne.Container) *Slot {
	if s, ok := box.Layout.(*Slot); ok {
		return s
	}
	s := &Slot{inner: box.Layout, box: box}
	box.Layout = s
	return s
}

// Layout implements fyne.Layout with the box's own layout.
func (s *Slot) Layout(objs []fyne.CanvasObject, size fyne.Size) { s.inner.Layout(objs, size) }

// MinSize implements fyne.Layout with the box's own layout.
func (s *Slot) MinSize(objs []fyne.CanvasObject) fyne.Size { return s.inner.MinSize(objs) }

// Edit runs f, an edit of a value made through the form's own widgets. Those
// widgets show the new value already, so the form keeps its widgets (and the
// keyboard focus) while the views catch up with the edit. An edit that makes
// the form show other values (a reset, a preset, a nested step) is made
// without Edit: the form then rebuilds. A nil slot just runs f.
func (s *Slot) Edit(f func()) {
	if s == nil {
		f()
		return
	}
	s.own++
	defer func() { s.own-- }()
	f()
}

// Show makes build's objects the box's content unless the form already shows
// subject, or the form's own widgets are making the edit being shown (see
// Edit). It reports whether it rebuilt.
func (s *Slot) Show(subject any, build func() []fyne.CanvasObject) bool {
	keep := s.built && (s.own > 0 || reflect.DeepEqual(subject, s.subject))
	s.subject = subject
	if keep {
		return false
	}
	s.built = true
	s.box.Objects = build()
	s.box.Refresh()
	return true
}
