package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// choose opens s's list with a tap and picks option i with the keys, as a
// designer does.
func choose(t *testing.T, w fyne.Window, s *Select, i int) {
	t.Helper()
	test.Tap(s)
	menu := w.Canvas().Focused()
	require.NotNil(t, menu, "the open list has the keys")
	for range i + 1 {
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

func TestSelectGivesTheKeysBackAfterAChoice(t *testing.T) {
	test.NewTempApp(t)
	var got []string
	s := NewSelect([]string{"rectangle", "circle"}, func(v string) { got = append(got, v) })
	entry := widget.NewEntry()
	w := test.NewTempWindow(t, container.NewVBox(entry, s))
	w.Resize(fyne.NewSize(300, 200))
	var canvasKeys []fyne.KeyName
	w.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) { canvasKeys = append(canvasKeys, e.Name) })

	w.Canvas().Focus(entry)
	choose(t, w, s, 0)
	assert.Equal(t, []string{"rectangle"}, got)
	assert.Nil(t, w.Canvas().Focused(), "after a choice nothing has the keys (not the select, not the entry typed into before)")

	// the window's keys reach the window again, and change no value
	for _, k := range []fyne.KeyName{fyne.KeyRight, fyne.KeyLeft} {
		if f := w.Canvas().Focused(); f != nil {
			f.TypedKey(&fyne.KeyEvent{Name: k})
		} else {
			w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k})
		}
	}
	assert.Equal(t, []fyne.KeyName{fyne.KeyRight, fyne.KeyLeft}, canvasKeys)
	assert.Equal(t, "rectangle", s.Selected)

	// focused with Tab, the arrows still change nothing; Escape lets go
	w.Canvas().Focus(s)
	s.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	s.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	assert.Equal(t, "rectangle", s.Selected)
	assert.Equal(t, []string{"rectangle"}, got)
	s.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	assert.Nil(t, w.Canvas().Focused())

	// choosing the value shown changes nothing; another value is told
	choose(t, w, s, 0)
	assert.Equal(t, []string{"rectangle"}, got, "the value shown chosen again is no change")
	choose(t, w, s, 1)
	assert.Equal(t, []string{"rectangle", "circle"}, got)

	// a value the form shows is not an edit
	s.SetQuietly("rectangle")
	assert.Equal(t, "rectangle", s.Selected)
	assert.Equal(t, []string{"rectangle", "circle"}, got)
}

func TestSelectDisabledDoesNotOpen(t *testing.T) {
	test.NewTempApp(t)
	s := NewSelect([]string{"a", "b"}, nil)
	w := test.NewTempWindow(t, s)
	s.Disable()
	test.Tap(s)
	assert.Nil(t, w.Canvas().Overlays().Top())
}
