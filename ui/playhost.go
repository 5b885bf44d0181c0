package ui

import (
	"fmt"
	"io"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"hewn/content"
	"hewn/projects"
	"hewn/ui/model"
	"hewn/ui/playview"
)

// maxSessionBytes bounds a play session file read back (a million keys fit).
const maxSessionBytes = 16 << 20

// playHost is the editor as the Play panel (ui/playview) sees it.
type playHost struct{ e *Editor }

// Project is the current project.
func (h playHost) Project() *projects.Project { return h.e.m.Project() }

// Pack is the project's content pack (nil: the embedded default).
func (h playHost) Pack() *content.Pack { return h.e.m.Project().Pack }

// Level is the project's master seed and the selected level's depth.
func (h playHost) Level() (uint64, int, bool) {
	p, li := h.e.m.Project(), h.e.m.LevelIndex()
	if li < 0 || li >= len(p.Levels) {
		return 0, 0, false
	}
	return p.Seed, p.Levels[li].Depth, true
}

// Focus gives obj the keyboard focus.
func (h playHost) Focus(obj fyne.Focusable) {
	if h.e.win != nil {
		h.e.win.Canvas().Focus(obj)
	}
}

// Post runs f on the UI goroutine.
func (h playHost) Post(f func()) { h.e.post(f) }

// SaveSession asks for a file and writes data there atomically.
func (h playHost) SaveSession(name string, data []byte) {
	e := h.e
	e.askSave(name, ".json", ".play.json", func(path string) error {
		if err := projects.WriteFileAtomic(path, data); err != nil {
			return err
		}
		e.mapv.SetStatus("Saved the play session to " + path)
		return nil
	})
}

// OpenSession asks for a session file and hands its bytes to f.
func (h playHost) OpenSession(f func(data []byte)) {
	h.e.askOpen(".json", func(path string) {
		b, err := readSession(path)
		if err != nil {
			h.e.showError(err)
			return
		}
		f(b)
	})
}

// readSession reads a session file of at most maxSessionBytes.
func readSession(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, maxSessionBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSessionBytes {
		return nil, fmt.Errorf("%s: a play session over %d MiB is refused", path, maxSessionBytes>>20)
	}
	return b, nil
}

// installPlay adds the Play panel beside the map; bringing its tab to the
// front starts a game (if none runs) and gives the viewport the keys.
func (e *Editor) installPlay() {
	e.playPanel = playview.New(playHost{e})
	e.m.OnChange(func(c model.Change) {
		if c&(model.ChangeProject|model.ChangeValue|model.ChangeContent) != 0 {
			e.playPanel.Update()
		}
	})
	tab := e.addMainTab("Play", theme.MediaPlayIcon(), e.playPanel)
	prev := e.main.OnSelected
	e.main.OnSelected = func(t *container.TabItem) {
		if prev != nil {
			prev(t)
		}
		if t == tab {
			e.playPanel.Shown()
		}
	}
}
