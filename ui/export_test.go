package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
	"hewn/ui/render"
)

// exportThroughMenu runs File → Export → label, fills in the format's
// settings form with ask (when the format has one), names the file in the
// save dialog and waits for the background export.
func exportThroughMenu(t *testing.T, f *windowFixture, label, name string, ask ...func(form fyne.CanvasObject)) string {
	t.Helper()
	var export *fyne.MenuItem
	for _, it := range menuItem(t, f.w, "File", "Export").ChildMenu.Items {
		if it.Label == label {
			export = it
		}
	}
	require.NotNil(t, export, label)
	var outcome error = context.DeadlineExceeded
	f.e.OnExported = func(err error) { outcome = err }
	export.Action()
	for _, fill := range ask {
		form := uitest.Overlay(t, f.w)
		fill(form)
		test.Tap(uitest.ButtonIn(t, form, "Choose File…"))
	}
	saveDialogAs(t, f.w, name)
	f.e.exports.Wait()
	f.settle()
	require.NoError(t, outcome)
	return filepath.Join(f.dir, name)
}

func TestExportEveryFormatThroughTheFileMenu(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	r, _ := f.e.viewed()
	require.NotNil(t, r)

	data, err := os.ReadFile(exportThroughMenu(t, f, "Level JSON…", "level.json"))
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, r.Level().WriteJSON(&want))
	assert.Equal(t, want.String(), string(data), "the level on screen")

	data, err = os.ReadFile(exportThroughMenu(t, f, "PNG Image…", "level.png"))
	require.NoError(t, err)
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, r.State.Map.W*exportCell, cfg.Width)

	data, err = os.ReadFile(exportThroughMenu(t, f, "History GIF…", "history.gif", func(form fyne.CanvasObject) {
		assert.True(t, uitest.TextIn(form, fmt.Sprintf("%d frames, one per snapshot", r.History.Len())))
		entries := uitest.FindAll[*widget.Entry](form, nil)
		require.Len(t, entries, 2, "frame delay and last frame's hold")
		assert.Equal(t, strconv.Itoa(int(f.e.mapv.PlaybackDelay().Milliseconds())), entries[0].Text, "proposed at the scrubber's speed")
		entries[0].SetText("120")
		entries[1].SetText("3000")
	}))
	require.NoError(t, err)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Len(t, g.Image, r.History.Len(), "one frame per snapshot")
	assert.Equal(t, 12, g.Delay[0], "frames last as long as asked")
	assert.Equal(t, 300, g.Delay[len(g.Delay)-1], "the last frame is held as long as asked")

	path := exportThroughMenu(t, f, "Tiled Map…", "town.tmj")
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	var m struct {
		Width, Height int
		Layers        []struct {
			Type    string
			Data    []int
			Objects []struct{ Name, Type string }
		}
		Properties []struct {
			Name  string
			Value any
		}
		Tilesets []struct{ Image string }
	}
	require.NoError(t, json.Unmarshal(data, &m))
	assert.Equal(t, r.State.Map.W, m.Width)
	require.Len(t, m.Layers, 2)
	assert.Len(t, m.Layers[0].Data, r.State.Map.W*r.State.Map.H, "a gid per tile")
	assert.Len(t, m.Layers[1].Objects, len(r.State.Spawns)+1+len(r.State.Exits), "spawns, the start and the exits")
	props := map[string]any{}
	for _, p := range m.Properties {
		props[p.Name] = p.Value
	}
	assert.Equal(t, strconv.FormatUint(r.Master, 10), props["seed"], "the master seed, as a string (it may pass 2^53)")
	require.Len(t, m.Tilesets, 1)
	assert.Equal(t, "town.tileset.png", m.Tilesets[0].Image)
	img, err := os.ReadFile(filepath.Join(f.dir, "town.tileset.png"))
	require.NoError(t, err, "the tileset image beside the map")
	_, err = png.DecodeConfig(bytes.NewReader(img))
	assert.NoError(t, err)
}

// The GIF's timing form refuses a delay out of range (its button stays
// disabled), and remembers what was given for the next GIF.
func TestGIFTimingFormValidatesAndRemembers(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	exportThroughMenu(t, f, "History GIF…", "a.gif", func(form fyne.CanvasObject) {
		entries := uitest.FindAll[*widget.Entry](form, nil)
		entries[0].SetText("5")
		assert.True(t, uitest.ButtonIn(t, form, "Choose File…").Disabled(), "5 ms is too short")
		entries[0].SetText("70000")
		assert.True(t, uitest.ButtonIn(t, form, "Choose File…").Disabled(), "70 s is too long")
		entries[0].SetText("80")
		assert.False(t, uitest.ButtonIn(t, form, "Choose File…").Disabled())
	})
	path := exportThroughMenu(t, f, "History GIF…", "b.gif", func(form fyne.CanvasObject) {
		assert.Equal(t, "80", uitest.FindAll[*widget.Entry](form, nil)[0].Text, "the last delay given")
	})
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, 8, g.Delay[0])
}

// A map too large for the export's cell size at the image limit is drawn at
// the largest cell that fits.
func TestExportCellShrinksForLargeMaps(t *testing.T) {
	assert.Equal(t, exportCell, exportCellFor(80, 50, exportCell))
	assert.Equal(t, 1, exportCellFor(4096, 4096, exportCell))
	c := exportCellFor(1000, 1000, exportCell)
	assert.Equal(t, 8, c)
	assert.NoError(t, render.CheckSize(1000, 1000, c))
}

func TestCancelledExportLeavesNoFile(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	path := filepath.Join(f.dir, "never.gif")
	started := make(chan struct{})
	var outcome error
	f.e.OnExported = func(err error) { outcome = err }
	f.e.runExport("History GIF", path, func(ctx context.Context, progress func(int, int)) (map[string][]byte, error) {
		progress(1, 10)
		close(started)
		<-ctx.Done()
		return map[string][]byte{path: []byte("partial")}, nil
	})
	<-started
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "never.gif"))
	stop := uitest.ButtonIn(t, d, "Cancel")
	test.Tap(stop)
	assert.True(t, stop.Disabled(), "cancelled once")
	assert.True(t, uitest.TextIn(d, "Cancelling"))
	f.e.exports.Wait()
	f.settle()
	assert.ErrorIs(t, outcome, context.Canceled)
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "a cancelled export writes nothing")
	assert.True(t, f.says("cancelled"))
}
