package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// PickColour opens Fyne's colour picker (advanced mode) in win, titled title
// over message, on cur (nil: the picker's own start); done receives the
// colour picked, opaque.
func PickColour(win fyne.Window, title, message string, cur color.Color, done func(color.RGBA)) {
	d := dialog.NewColorPicker(title, message, func(c color.Color) {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		done(color.RGBA{R: n.R, G: n.G, B: n.B, A: 255})
	}, win)
	d.Advanced = true
	d.Show()
	if cur != nil {
		d.SetColor(cur)
	}
}

// Swatch is a colour sample that runs OnTapped when tapped (the theme
// editor's open a colour picker).
type Swatch struct {
	widget.BaseWidget
	rect *canvas.Rectangle
	// OnTapped is called when the swatch is tapped (nil: nothing happens).
	OnTapped func()
}

// NewSwatch returns a swatch showing c.
func NewSwatch(c color.Color) *Swatch {
	s := &Swatch{rect: canvas.NewRectangle(c)}
	s.rect.StrokeColor = theme.Color(theme.ColorNameInputBorder)
	s.rect.StrokeWidth = 1
	s.rect.CornerRadius = 2
	s.ExtendBaseWidget(s)
	return s
}

// Set shows fill with a stroke of colour stroke.
func (s *Swatch) Set(fill, stroke color.Color) {
	s.rect.FillColor, s.rect.StrokeColor = fill, stroke
	s.rect.Refresh()
}

// CreateRenderer implements fyne.Widget.
func (s *Swatch) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(s.rect) }

// Tapped implements fyne.Tappable.
func (s *Swatch) Tapped(*fyne.PointEvent) {
	if s.OnTapped != nil {
		s.OnTapped()
	}
}

// Cursor implements desktop.Cursorable: a pointer over a swatch that opens a picker.
func (s *Swatch) Cursor() desktop.Cursor {
	if s.OnTapped != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}
