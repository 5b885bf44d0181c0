package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/render"
)

// An exporter turns the level on screen into files: it returns each file's
// bytes by path (the chosen path and, for Tiled, the tileset beside it),
// reporting progress; nothing is written until it has finished, so a
// cancelled export leaves no file.
type exporter struct {
	label, ext string
	make       func(ctx context.Context, r *chain.Result, lvl int, path string, progress func(done, total int)) (map[string][]byte, error)
}

// exportCell is the tile size of PNG, GIF and Tiled exports from the editor.
const exportCell = 16

// exporters are File → Export's formats.
func (e *Editor) exporters() []exporter {
	return []exporter{
		{"Level JSON…", ".json", func(_ context.Context, r *chain.Result, _ int, path string, _ func(int, int)) (map[string][]byte, error) {
			var b bytes.Buffer
			err := r.Level().WriteJSON(&b)
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"PNG Image…", ".png", func(ctx context.Context, r *chain.Result, lvl int, path string, _ func(int, int)) (map[string][]byte, error) {
			sc := render.ResultScene(r)
			e.style(sc, lvl)
			var b bytes.Buffer
			err := render.PNG(&b, sc, exportCell)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"History GIF…", ".gif", func(ctx context.Context, r *chain.Result, lvl int, path string, progress func(int, int)) (map[string][]byte, error) {
			var style render.Scene
			e.style(&style, lvl)
			// one frame per snapshot, each shown as long as the scrubber's
			// playback speed says
			o := render.GIFOptions{Cell: exportCell / 2, Highlight: true, Delay: int(e.scrub.Delay().Milliseconds() / 10),
				MaxFrames: 10000, Context: ctx, Progress: progress}
			var b bytes.Buffer
			err := render.GIF(&b, r.History, style, o)
			return map[string][]byte{path: b.Bytes()}, err
		}},
		{"Tiled Map…", ".tmj", func(_ context.Context, r *chain.Result, lvl int, path string, _ func(int, int)) (map[string][]byte, error) {
			sc := render.ResultScene(r)
			e.style(sc, lvl)
			mapJSON, tileset, err := render.TiledFiles(sc, path, render.TiledOptions{
				Name: r.Chain.Name, Depth: r.Chain.Depth, Seed: r.Master, Cell: exportCell,
				Object: render.TiledObjects(e.m.Pack())})
			return map[string][]byte{path: mapJSON, render.TilesetPath(path): tileset}, err
		}},
	}
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

// Export asks where to export the level on screen as x, then exports it in
// the background (see runExport).
func (e *Editor) Export(x exporter) {
	r, lvl := e.viewed()
	if r == nil {
		e.showError(errors.New("there is no map to export yet"))
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if w == nil {
			return
		}
		w.Close() // never written: the export writes atomically (see lazyFiles)
		path := w.URI().Path()
		if filepath.Ext(path) == "" {
			path += x.ext
		}
		e.rememberDir(path)
		e.runExport(strings.TrimSuffix(x.label, "…"), path, func(ctx context.Context, progress func(int, int)) (map[string][]byte, error) {
			return x.make(ctx, r, lvl, path, progress)
		})
	}, e.win)
	name := "level"
	if lvl >= 0 && lvl < len(e.m.Project().Levels) {
		name = strings.ToLower(strings.ReplaceAll(e.m.Project().Levels[lvl].Name, " ", "_"))
	}
	d.SetFileName(fmt.Sprintf("%s_%d%s", name, r.Master, x.ext))
	d.SetFilter(storage.NewExtensionFileFilter([]string{x.ext}))
	e.showFileDialog(d)
}

// runExport runs make off the UI goroutine behind a progress dialog with a
// Cancel button, then writes its files atomically; cancelled, it writes
// nothing. OnExported (tests) is told the outcome.
func (e *Editor) runExport(what, path string, make func(ctx context.Context, progress func(int, int)) (map[string][]byte, error)) {
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	msg := widget.NewLabel("Exporting " + filepath.Base(path) + "…")
	var d *dialog.CustomDialog
	if e.win != nil {
		stop := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), cancel)
		d = dialog.NewCustomWithoutButtons(what, container.NewVBox(msg, bar), e.win)
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
			e.post(func() { bar.SetValue(v) })
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
			if d != nil {
				d.Hide()
			}
			switch {
			case errors.Is(err, context.Canceled):
				e.status.SetText("Export cancelled: nothing was written.")
			case err != nil:
				e.showError(err)
			default:
				e.status.SetText("Exported " + path)
			}
			if e.OnExported != nil {
				e.OnExported(err)
			}
		})
	}()
}
