package mapview

import (
	"context"
	"fmt"
	"image"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// pinWatch keeps the designer's pinned seeds in view: Pin pins the master
// seed on the selected level (with the fingerprint of the level it gives);
// after every edit the pins are checked again in the background, the Pins
// button says how many changed, and its dialog shows each changed level
// before and after, side by side, to accept the new fingerprint or unpin.
type pinWatch struct {
	p   *Panel
	pin *widget.Button
	btn *widget.Button

	mu     sync.Mutex
	cancel context.CancelFunc
	gen    uint64

	results []projects.PinResult
	// base is the last project under which every pin held: the "before" of
	// a pin that changed since.
	base *projects.Project
	// OnChecked is called after a check's results are shown (tests).
	OnChecked func()
}

func newPinWatch(p *Panel) *pinWatch {
	w := &pinWatch{p: p}
	w.pin = widget.NewButtonWithIcon("Pin", theme.ContentAddIcon(), w.pinSeed)
	w.btn = widget.NewButtonWithIcon("Pins", theme.VisibilityIcon(), w.review)
	w.btn.Hide()
	return w
}

// pinSeed pins the project's master seed on the selected level.
func (w *pinWatch) pinSeed() {
	m := w.p.h
	li := m.LevelIndex()
	if li < 0 {
		return
	}
	p := m.Project()
	seed := p.Seed
	fp, err := p.PinFingerprint(context.Background(), li, seed, m.Spawner())
	if err != nil {
		m.ShowError(fmt.Errorf("cannot pin seed %d: %w", seed, err))
		return
	}
	m.EditLevel("Pin seed", "", func(l *projects.Level) {
		for i := range l.Pins {
			if l.Pins[i].Seed == seed {
				l.Pins[i].Fingerprint = fp
				return
			}
		}
		l.Pins = append(l.Pins, projects.Pin{Seed: seed, Fingerprint: fp})
	})
	w.p.SetStatus(fmt.Sprintf("Pinned seed %d on level %d: Hewn tells you when an edit changes it.", seed, p.Levels[li].Depth))
}

// check regenerates every pin of the current project in the background
// (cancelling a check still running) and shows the outcome.
func (w *pinWatch) check() {
	p, sp := w.p.h.Project(), w.p.h.Spawner()
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	w.gen++
	gen := w.gen
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.mu.Unlock()
	n := 0
	for _, l := range p.Levels {
		n += len(l.Pins)
	}
	if n == 0 {
		cancel()
		w.show(p, nil)
		return
	}
	go func() {
		defer cancel()
		res := p.CheckPins(ctx, sp)
		if ctx.Err() != nil {
			return
		}
		w.p.h.Post(func() {
			w.mu.Lock()
			current := gen == w.gen
			w.mu.Unlock()
			if current {
				w.show(p, res)
			}
		})
	}()
}

// show puts a check's results on the Pins button.
func (w *pinWatch) show(p *projects.Project, res []projects.PinResult) {
	w.results = res
	changed := 0
	for _, r := range res {
		if r.Changed() {
			changed++
		}
	}
	if changed == 0 {
		w.base = p
	}
	switch {
	case len(res) == 0:
		w.btn.Hide()
	case changed == 0:
		w.btn.SetText(fmt.Sprintf("Pins: %d held", len(res)))
		w.btn.Importance = widget.MediumImportance
		w.btn.Show()
	default:
		w.btn.SetText(fmt.Sprintf("Pins: %d of %d changed", changed, len(res)))
		w.btn.Importance = widget.WarningImportance
		w.btn.Show()
	}
	w.btn.Refresh()
	if w.OnChecked != nil {
		w.OnChecked()
	}
}

// Changed returns the pins the last check found changed.
func (w *pinWatch) Changed() []projects.PinResult {
	var out []projects.PinResult
	for _, r := range w.results {
		if r.Changed() {
			out = append(out, r)
		}
	}
	return out
}

// pinImage draws level i of p for pinned master seed m (nil when it fails or
// p is nil), small enough for two side by side.
func (w *pinWatch) pinImage(p *projects.Project, i int, m uint64) fyne.CanvasObject {
	if p == nil || i >= len(p.Levels) {
		return widget.NewLabel("(not known: the pin changed before this session)")
	}
	res, err := p.PinRun(context.Background(), i, m, w.p.h.Spawner()) // the facade's route: acceptance rules
	if err != nil {
		return widget.NewLabel("(fails: " + err.Error() + ")")
	}
	sc := render.ResultScene(res)
	w.p.h.Style(sc, i) // the entities' looks
	sc.SetThemes(p.Theme(i))
	cell := max(2, min(6, 360/max(1, res.State.Map.W)))
	var img image.Image
	if rgba, err := render.Render(sc, cell); err == nil {
		img = rgba
	}
	if img == nil {
		return widget.NewLabel("(too large to draw)")
	}
	ci := canvas.NewImageFromImage(img)
	ci.FillMode = canvas.ImageFillContain
	ci.ScaleMode = canvas.ImageScalePixels
	b := img.Bounds()
	ci.SetMinSize(fyne.NewSize(float32(b.Dx()), float32(b.Dy())))
	return ci
}

// review lists every pin; a changed one shows its level before and after,
// with Accept (take the new fingerprint) and Unpin.
func (w *pinWatch) review() {
	win := w.p.h.Window()
	if win == nil {
		return
	}
	p := w.p.h.Project()
	rows := container.NewVBox()
	var d dialog.Dialog
	for _, r := range w.results {
		r := r
		title := widget.NewLabelWithStyle(r.String(p), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		unpin := widget.NewButton("Unpin", func() {
			w.edit(r, "Unpin seed", func(l *projects.Level, i int) { l.Pins = append(l.Pins[:i:i], l.Pins[i+1:]...) })
			d.Hide()
		})
		if !r.Changed() {
			rows.Add(container.NewBorder(nil, nil, nil, unpin, title))
			continue
		}
		accept := widget.NewButton("Accept new", func() {
			w.edit(r, "Accept pinned level", func(l *projects.Level, i int) { l.Pins[i].Fingerprint = r.Now })
			d.Hide()
		})
		accept.Importance = widget.HighImportance
		if r.Err != nil {
			accept.Disable()
		}
		before := container.NewBorder(widget.NewLabel("Before"), nil, nil, nil, w.pinImage(w.base, r.Level, r.Pin.Seed))
		after := container.NewBorder(widget.NewLabel("Now"), nil, nil, nil, w.pinImage(p, r.Level, r.Pin.Seed))
		rows.Add(container.NewBorder(nil, nil, nil, container.NewHBox(unpin, accept), title))
		rows.Add(container.NewGridWithColumns(2, before, after))
		rows.Add(widget.NewSeparator())
	}
	d = dialog.NewCustom("Pinned seeds", "Close", container.NewVScroll(rows), win)
	d.Resize(widgets.DialogSize(win))
	d.Show()
}

// edit changes pin r of its level as one undo step (f gets the level and the
// pin's index, found again by seed).
func (w *pinWatch) edit(r projects.PinResult, label string, f func(l *projects.Level, i int)) {
	m := w.p.h
	m.SelectLevel(r.Level)
	m.EditLevel(label, "", func(l *projects.Level) {
		for i := range l.Pins {
			if l.Pins[i].Seed == r.Pin.Seed {
				f(l, i)
				return
			}
		}
	})
}
