package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/ui/render"
)

// An exporter turns the level on screen into files: it returns each file's
// bytes by path (the chosen path and, for Tiled, the tileset beside it),
// reporting progress; nothing is written until it has finished, so a
// cancelled export leaves no file.
type exporter struct {
	label, ext string
	// ask, when set, asks for the format's settings before the file dialog
	// and calls next once they are given (not when the designer cancels).
	ask  func(r *chain.Result, next func())
	make func(ctx context.Context, r *chain.Result, lvl int, path string, progress func(done, total int)) (map[string][]byte, error)
}

// exportCell is the tile size of PNG and Tiled exports from the editor, and
// twice that of the history GIF's frames; a map too large for it at the image
// size limit is drawn at the largest cell that fits (see exportCellFor).
const exportCell = 16

// exportCellFor is want, or less when a w×h map drawn at want pixels a tile
// would pass render.MaxPixels (render then explains a map too large for any).
func exportCellFor(w, h, want int) int {
	if fit := render.FitCell(w, h); fit > 0 {
		return min(want, fit)
	}
	return want
}

// gifTiming is the history GIF's frame timing: asked before each GIF export
// and remembered for the next (the first time it follows the scrubber's
// playback speed).
type gifTiming struct {
	mu          sync.Mutex // set on the UI goroutine, read by exports
	asked       bool
	delay, hold int // milliseconds per frame, and for the last frame
}

func (t *gifTiming) get() (delay, hold int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.delay, t.hold
}

func (t *gifTiming) set(delay, hold int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.asked, t.delay, t.hold = true, delay, hold
}

// gifLimits bound the GIF timing fields, in milliseconds.
const gifMinMS, gifMaxMS = 10, 60_000

// exporters are File → Export's formats.
func (e *Editor) exporters() []exporter {
	timing := &gifTiming{}
	return []exporter{
		{"Level JSON…", ".json", nil, func(_ context.Context, r *chain.Result, _ int, path string, _ func(int, int)) (map[string][]byte, error) {
			var b bytes.Buffer
			err := r.Level().WriteJSON(&b)
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"PNG Image…", ".png", nil, func(ctx context.Context, r *chain.Result, lvl int, path string, _ func(int, int)) (map[string][]byte, error) {
			sc := render.ResultScene(r)
			e.style(sc, lvl)
			var b bytes.Buffer
			err := render.PNG(&b, sc, exportCellFor(sc.Map.W, sc.Map.H, exportCell))
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"History GIF…", ".gif", func(r *chain.Result, next func()) { e.askGIFTiming(timing, r, next) }, func(ctx context.Context, r *chain.Result, lvl int, path string, progress func(int, int)) (map[string][]byte, error) {
			var style render.Scene
			e.style(&style, lvl)
			o := gifOptions(r, timing)
			o.Context, o.Progress = ctx, progress
			var b bytes.Buffer
			err := render.GIF(&b, r.History, style, o)
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"Tiled Map…", ".tmj", nil, func(_ context.Context, r *chain.Result, lvl int, path string, _ func(int, int)) (map[string][]byte, error) {
			sc := render.ResultScene(r)
			e.style(sc, lvl)
			mapJSON, tileset, err := render.TiledFiles(sc, path, render.TiledOptions{
				Name: r.Chain.Name, Depth: r.Chain.Depth, Seed: r.Master, Cell: exportCellFor(sc.Map.W, sc.Map.H, exportCell),
				Object: render.TiledObjects(e.m.Pack())})
			return map[string][]byte{path: mapJSON, render.TilesetPath(path): tileset}, err
		}},
	}
}

// gifOptions are the GIF export's options for r's history: one frame per
// snapshot, the changed tiles tinted, timed as t says.
func gifOptions(r *chain.Result, t *gifTiming) render.GIFOptions {
	m := r.History.At(0).Map
	delay, hold := t.get()
	cell := exportCellFor(m.W, m.H, exportCell/2)
	if fit := render.FitGIFCell(m.W, m.H); fit >= render.MinCell {
		cell = min(cell, fit)
	}
	return render.GIFOptions{Cell: cell, Highlight: true,
		Delay: max(1, (delay+5)/10), LastDelay: max(1, (hold+5)/10), MaxFrames: 10000}
}

// askGIFTiming asks for the GIF's frame delay and how long its last frame is
// held (in milliseconds, the delay first proposed at the scrubber's playback
// speed), saying how many frames and pixels the GIF will have, then calls
// next.
func (e *Editor) askGIFTiming(t *gifTiming, r *chain.Result, next func()) {
	t.mu.Lock()
	if !t.asked {
		t.delay, t.hold = int(e.mapv.PlaybackDelay().Milliseconds()), 2000
	}
	t.mu.Unlock()
	ms := func(v int) *widget.Entry {
		en := widget.NewEntry()
		en.SetText(strconv.Itoa(v))
		en.Validator = func(s string) error {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < gifMinMS || n > gifMaxMS {
				return fmt.Errorf("%q is not a whole number of milliseconds from %d to %d", s, gifMinMS, gifMaxMS)
			}
			return nil
		}
		return en
	}
	delay, hold := t.get()
	delayEntry, holdEntry := ms(delay), ms(hold)
	o := gifOptions(r, t)
	m := r.History.At(0).Map
	frames, n := len(render.GIFFramesFor(r.History.Len(), m.W, m.H, o)), r.History.Len()
	what := jsonfile.Count(frames, "frame") + ", one per snapshot"
	if frames < n {
		what = fmt.Sprintf("%s for %s", jsonfile.Count(frames, "frame"), jsonfile.Count(n, "snapshot"))
	}
	size := widget.NewLabel(fmt.Sprintf("%s, %d×%d pixels", what, m.W*o.Cell, m.H*o.Cell))
	items := []*widget.FormItem{
		widget.NewFormItem("Frame delay (ms)", delayEntry),
		widget.NewFormItem("Hold last frame (ms)", holdEntry),
		widget.NewFormItem("", size),
	}
	items[0].HintText = "how long each snapshot shows (the scrubber plays at " + e.mapv.PlaybackDelay().String() + ")"
	dialog.ShowForm("History GIF", "Choose File…", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		d, _ := strconv.Atoi(strings.TrimSpace(delayEntry.Text))
		h, _ := strconv.Atoi(strings.TrimSpace(holdEntry.Text))
		t.set(d, h)
		next()
	}, e.win)
}

// exportMenu is File → Export: one item per format.
func (e *Editor) exportMenu() *fyne.MenuItem {
	it := fyne.NewMenuItem("Export", nil)
	it.ChildMenu = fyne.NewMenu("")
	for _, x := range e.exporters() {
		it.ChildMenu.Items = append(it.ChildMenu.Items, fyne.NewMenuItem(x.label, func() { e.Export(x) }))
	}
	return it
}

// Export asks for x's settings (if it has any) and where to export the level
// on screen, then exports it in the background (see runExport).
func (e *Editor) Export(x exporter) {
	r, lvl := e.viewed()
	if r == nil {
		e.showError(errors.New("there is no map to export yet"))
		return
	}
	if x.ask != nil {
		x.ask(r, func() { e.chooseExportFile(x, r, lvl) })
		return
	}
	e.chooseExportFile(x, r, lvl)
}

// chooseExportFile asks where to export r (of level lvl) as x and starts the
// export.
func (e *Editor) chooseExportFile(x exporter, r *chain.Result, lvl int) {
	name := "level"
	if lvl >= 0 && lvl < len(e.m.Project().Levels) {
		name = strings.ToLower(strings.ReplaceAll(e.m.Project().Levels[lvl].Name, " ", "_"))
	}
	e.askSave(fmt.Sprintf("%s_%d%s", name, r.Master, x.ext), x.ext, x.ext, func(path string) error {
		e.runExport(strings.TrimSuffix(x.label, "…"), path, func(ctx context.Context, progress func(int, int)) (map[string][]byte, error) {
			return x.make(ctx, r, lvl, path, progress)
		})
		return nil
	})
}

// runExport runs make off the UI goroutine behind a progress dialog with a
// Cancel button, then writes its files atomically; cancelled, it writes
// nothing. OnExported (tests) is told the outcome.
func (e *Editor) runExport(what, path string, make func(ctx context.Context, progress func(int, int)) (map[string][]byte, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	// an export that reports no progress (or has not yet) shows a busy bar
	busy := widget.NewProgressBarInfinite()
	bar := widget.NewProgressBar()
	bar.Hide()
	msg := widget.NewLabel("Exporting " + filepath.Base(path) + "…")
	var d *dialog.CustomDialog
	if e.win != nil {
		var stop *widget.Button
		stop = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() {
			cancel()
			stop.Disable()
			msg.SetText("Cancelling: nothing will be written…")
		})
		d = dialog.NewCustomWithoutButtons(what, container.NewVBox(msg, container.NewStack(busy, bar)), e.win)
		d.SetButtons([]fyne.CanvasObject{stop})
		d.Show()
	}
	var mu sync.Mutex
	last := -1.0
	progress := func(done, total int) {
		if total <= 0 {
			return
		}
		v := float64(done) / float64(total)
		mu.Lock()
		show := v-last >= 0.01 || done == total
		if show {
			last = v
		}
		mu.Unlock()
		if show {
			e.post(func() {
				if !bar.Visible() {
					busy.Stop()
					busy.Hide()
					bar.Show()
				}
				bar.SetValue(v)
			})
		}
	}
	e.exports.Add(1)
	go func() {
		defer e.exports.Done()
		files, err := make(ctx, progress)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err == nil {
			for p, data := range files {
				if err = projects.WriteFileAtomic(p, data); err != nil {
					break
				}
			}
		}
		e.post(func() {
			cancel()
			busy.Stop()
			if d != nil {
				d.Hide()
			}
			switch {
			case errors.Is(err, context.Canceled):
				e.mapv.SetStatus("Export cancelled: nothing was written.")
			case err != nil:
				e.showError(err)
			default:
				e.mapv.SetStatus("Exported " + path)
			}
			if e.OnExported != nil {
				e.OnExported(err)
			}
		})
	}()
}
