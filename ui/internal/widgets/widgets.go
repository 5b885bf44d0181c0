// Package widgets holds the editor's shared widgets: the glyph viewport that
// the map view and the play view both draw in, the colour swatch and picker,
// numeric and seed entries, hints, tips, the form slot that rebuilds a form
// only when its subject changed, the watch that tells a panel its tab was
// opened, and the chart widget that shows a ui/render/chart figure with
// hover read-outs. Nothing here knows the model: the panels wire these widgets to it.
package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Hint is a wrapping hint for help text: caption size in the theme's
// placeholder colour (a LowImportance label uses the disabled colour, which
// hardly reads on either theme).
func Hint(s string) *widget.RichText {
	r := widget.NewRichText()
	r.Wrapping = fyne.TextWrapWord
	SetHint(r, s)
	return r
}

// SetHint replaces a hint's text.
func SetHint(r *widget.RichText, s string) {
	r.Segments = []widget.RichTextSegment{&widget.TextSegment{Text: s, Style: hintStyle}}
	r.Refresh()
}

// hintStyle is the text style of hints: caption size, placeholder colour.
var hintStyle = widget.RichTextStyle{Inline: true, ColorName: theme.ColorNamePlaceHolder, SizeName: theme.SizeNameCaptionText}

// SetText sets a label's text unless it shows it already (laying out text
// costs more than comparing it).
func SetText(l *widget.Label, s string) {
	if l.Text != s {
		l.SetText(s)
	}
}

// DialogSize is the size large dialogs (files, pins) open at: 900×600, but
// inside the window win (which may be nil).
func DialogSize(win fyne.Window) fyne.Size {
	s := fyne.NewSize(900, 600)
	if win != nil {
		if c := win.Canvas().Size(); c.Width > 0 && c.Height > 0 {
			s = s.Min(fyne.NewSize(c.Width-40, c.Height-40))
		}
	}
	return s
}
