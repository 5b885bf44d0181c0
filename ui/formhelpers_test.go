package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"
)

// forms holds the objects the editor's forms are shown as, to tell which
// were rebuilt.
type forms struct {
	level, project, theme fyne.CanvasObject
	param                 *paramForm
}

func formsOf(e *Editor) forms {
	return forms{e.levelBox.Objects[0], e.projectBox.Objects[0], e.themeBox.Objects[0], e.form}
}

// findAll returns the laid-out objects of type T under o that ok accepts.
func findAll[T fyne.CanvasObject](o fyne.CanvasObject, ok func(T) bool) []T {
	var out []T
	for _, x := range test.LaidOutObjects(o) {
		if t, is := x.(T); is && (ok == nil || ok(t)) {
			out = append(out, t)
		}
	}
	return out
}

// onScreen returns the visible objects of type T that ok accepts in the tree
// drawn for o (test.LaidOutObjects lays a list out anew, with rows of its own).
func onScreen[T fyne.CanvasObject](o fyne.CanvasObject, ok func(T) bool) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if t, is := o.(T); is && ok(t) {
			out = append(out, t)
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// findOne returns the only laid-out object of type T under o that ok accepts.
func findOne[T fyne.CanvasObject](t *testing.T, o fyne.CanvasObject, ok func(T) bool) T {
	t.Helper()
	all := findAll(o, ok)
	require.Len(t, all, 1)
	return all[0]
}

// formItem returns the widget of the form item labelled text in the form under o.
func formItem(t *testing.T, o fyne.CanvasObject, text string) fyne.CanvasObject {
	t.Helper()
	f := findOne[*widget.Form](t, o, nil)
	for _, it := range f.Items {
		if it.Text == text {
			return it.Widget
		}
	}
	t.Fatalf("no form item %q", text)
	return nil
}

func buttonWithText(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	return findOne(t, o, func(b *widget.Button) bool { return b.Text == text && b.Visible() })
}

// pressKey sends key to the focused object of w's canvas.
func pressKey(t *testing.T, w fyne.Window, key fyne.KeyName) {
	t.Helper()
	f := w.Canvas().Focused()
	require.NotNil(t, f, "something has the focus")
	f.TypedKey(&fyne.KeyEvent{Name: key})
}

// themeEntries lists the theme editor's entries (glyph, fg, bg for each tile).
func themeEntries(o fyne.CanvasObject) []*widget.Entry {
	var out []*widget.Entry
	for _, x := range test.LaidOutObjects(o) {
		if en, ok := x.(*widget.Entry); ok {
			out = append(out, en)
		}
	}
	return out
}
