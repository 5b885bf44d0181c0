package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hewn/ui/internal/uitest"
)

// forms holds the widgets of the editor's forms, to tell which were rebuilt
// (a rebuilt form has widgets of its own).
type forms struct {
	level, project, theme, param string
}

func formsOf(f *fixture) forms {
	return forms{widgetsOf(shown(f.e.levels)), widgetsOf(shown(f.e.project)), widgetsOf(shown(f.e.themes)), widgetsOf(f.paramArea())}
}

// widgetsOf names the widgets of the form under o: the widgets its
// containers hold (not the widgets' own insides, which a renderer may make
// anew), and those of scrolls and splits.
func widgetsOf(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case *container.Scroll:
			walk(x.Content)
		case *container.Split:
			walk(x.Leading)
			walk(x.Trailing)
		case nil:
		default:
			fmt.Fprintf(&b, "%p ", o)
		}
	}
	walk(o)
	return b.String()
}

// shown is what panel p shows (its renderer's one object).
func shown(p fyne.Widget) fyne.CanvasObject { return test.WidgetRenderer(p).Objects()[0] }

// paramArea is the chain panel's parameter area: the scroll under its
// "Parameters" heading.
func (f *fixture) paramArea() fyne.CanvasObject {
	for _, c := range uitest.FindAll[*fyne.Container](f.e.chain, nil) {
		for _, o := range c.Objects {
			if l, ok := o.(*widget.Label); ok && l.Text == "Parameters" {
				return c.Objects[0]
			}
		}
	}
	return nil
}

// param is the entry of the parameter titled title in the chain panel's form.
func (f *fixture) param(t testing.TB, title string) *widget.Entry {
	t.Helper()
	titled := func(o fyne.CanvasObject) bool {
		if c, ok := o.(*fyne.Container); ok && len(c.Objects) > 0 {
			o = c.Objects[0]
		}
		l, ok := o.(*widget.Label)
		return ok && l.Text == title
	}
	for _, row := range uitest.FindAll[*fyne.Container](f.paramArea(), nil) {
		if len(row.Objects) > 1 && titled(row.Objects[0]) {
			if ens := uitest.FindAll[*widget.Entry](row.Objects[1], nil); len(ens) > 0 {
				return ens[0]
			}
		}
	}
	t.Fatalf("no parameter %q in the form", title)
	return nil
}

// steps is the chain panel's step list.
func (f *fixture) steps(t testing.TB) *widget.List {
	return uitest.FindOne[*widget.List](t, f.e.chain, nil)
}

func buttonWithText(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	return uitest.FindOne(t, o, func(b *widget.Button) bool { return b.Text == text && b.Visible() })
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
