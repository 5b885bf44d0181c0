package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exportThroughMenu runs File → Export → label, names the file in the save
// dialog and waits for the background export.
func exportThroughMenu(t *testing.T, f *windowFixture, label, name string) string {
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
	d := overlay(t, f.w)
	var entry *widget.Entry
	for _, x := range test.LaidOutObjects(d) {
		if en, ok := x.(*widget.Entry); ok && strings.Contains(en.Text, ".") {
			entry = en
		}
	}
	require.NotNil(t, entry, "the save dialog proposes a file name")
	entry.SetText(name)
	test.Tap(buttonIn(t, d, "Save"))
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

	data, err = os.ReadFile(exportThroughMenu(t, f, "History GIF…", "history.gif"))
	require.NoError(t, err)
	g, err := gif.DecodeAll(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Len(t, g.Image, r.History.Len(), "one frame per snapshot")
	assert.Equal(t, int(f.e.scrub.Delay().Milliseconds()/10), g.Delay[0], "frames last as the scrubber's speed says")

	path := exportThroughMenu(t, f, "Tiled Map…", "town.tmj")
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	var m struct{ Width, Height int }
	require.NoError(t, json.Unmarshal(data, &m))
	assert.Equal(t, r.State.Map.W, m.Width)
	_, err = os.Stat(filepath.Join(f.dir, "town.tileset.png"))
	assert.NoError(t, err, "the tileset image beside the map")
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
	d := overlay(t, f.w)
	assert.True(t, textIn(d, "never.gif"))
	test.Tap(buttonIn(t, d, "Cancel"))
	f.e.exports.Wait()
	f.settle()
	assert.ErrorIs(t, outcome, context.Canceled)
	_, err = os.Stat(path)
	assert.True(t, os.IsNotExist(err), "a cancelled export writes nothing")
	assert.Contains(t, f.e.status.Text, "cancelled")
}
