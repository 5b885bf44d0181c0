package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Select is the editor's dropdown: a widget.Select that never changes its
// value unless the designer aimed at it. Fyne's own keeps the keyboard focus
// after a choice (Escape does not release it) and steps its value with ←/→,
// so the arrows meant for the history scrubber silently edited the project.
// This one:
//
//   - opens its list on a tap without taking the keyboard focus (and drops
//     the focus another widget held), so after a choice nothing is focused
//     and the window's keys (←/→ step the history) act again;
//   - when it has the focus anyway (Tab), ignores ←/→ (Space, ↑ and ↓ open
//     the list) and gives the focus up on Escape or after a choice;
//   - calls its function only when the value changes: choosing the value it
//     shows already changes nothing.
//
// Create it with NewSelect, and set what a choice does there (or with
// SetOnChanged), never through the embedded OnChanged.
type Select struct {
	widget.Select
	changed func(string)
	// last is the value the function was last told of (or set quietly).
	last string
}

// NewSelect returns a dropdown of options calling changed (may be nil) with
// each new value chosen or set.
func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{changed: changed}
	s.Options = options
	s.Select.OnChanged = s.onChanged
	s.ExtendBaseWidget(s)
	return s
}

// SetOnChanged sets the function called with each new value.
func (s *Select) SetOnChanged(f func(string)) { s.changed = f }

// SetQuietly shows v (one of the options, or "" for none) without calling
// the function: the form shows the model's value, it is not an edit.
func (s *Select) SetQuietly(v string) {
	f := s.changed
	s.changed = nil
	if v == "" {
		s.ClearSelected()
	} else {
		s.SetSelected(v)
	}
	s.changed = f
	s.last = s.Selected
}

func (s *Select) onChanged(v string) {
	same := v == s.last
	s.last = v
	s.release()
	if !same && s.changed != nil {
		s.changed(v)
	}
}

// release gives up the keyboard focus if the select has it.
func (s *Select) release() { unfocus(s) }

// Tapped opens the list of options without taking the keyboard focus; the
// focus another widget held goes too, so nothing is focused after the choice.
func (s *Select) Tapped(*fyne.PointEvent) {
	if s.Disabled() {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(s); c != nil {
		c.Unfocus()
	}
	s.Select.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace}) // opens the list
}

// TypedKey opens the list on Space, ↑ or ↓, gives the focus up on Escape and
// ignores ←/→ (Fyne's select steps its value with them, unseen).
func (s *Select) TypedKey(e *fyne.KeyEvent) {
	switch e.Name {
	case fyne.KeyLeft, fyne.KeyRight:
	case fyne.KeyEscape:
		s.release()
	default:
		s.Select.TypedKey(e)
	}
}

// Check is the editor's check box: a widget.Check that does not keep the
// keyboard focus after a tap (Fyne's does, so Space, which plays the
// history, would toggle it again unseen, and ←/→ would not reach the
// history). Focused with Tab it works as Fyne's; Escape lets go.
type Check struct {
	widget.Check
}

// NewCheck returns a check box labelled label calling changed (may be nil)
// when it is ticked or cleared.
func NewCheck(label string, changed func(bool)) *Check {
	c := &Check{}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// Tapped toggles the box and leaves nothing focused.
func (c *Check) Tapped(e *fyne.PointEvent) {
	c.Check.Tapped(e)
	unfocus(c)
}

// TypedKey gives the focus up on Escape.
func (c *Check) TypedKey(e *fyne.KeyEvent) {
	if e.Name == fyne.KeyEscape {
		unfocus(c)
		return
	}
	c.Check.TypedKey(e)
}

// unfocus takes the keyboard focus from f if it has it.
func unfocus(f fyne.Focusable) {
	o, ok := f.(fyne.CanvasObject)
	if !ok {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(o); c != nil && c.Focused() == f {
		c.Unfocus()
	}
}
