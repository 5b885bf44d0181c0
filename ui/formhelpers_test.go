package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"hewn/ui/internal/uitest"
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
