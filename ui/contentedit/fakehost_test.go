package contentedit

import (
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// fakeHost is the editor as the panel sees it, in memory: every edit
// clones the pack (and project), keeps the old values for undo and
// refreshes the panel, as the editor's model does.
type fakeHost struct {
	proj   *projects.Project
	pack   *content.Pack
	undo   []state
	spawns []chain.Spawn
	depth  int
	win    fyne.Window
	panel  *Panel
	ro     string
}

type state struct {
	proj *projects.Project
	pack *content.Pack
}

func (h *fakeHost) Pack() *content.Pack        { return h.pack }
func (h *fakeHost) Project() *projects.Project { return h.proj }
func (h *fakeHost) ReadOnly() string           { return h.ro }
func (h *fakeHost) MakeEditableCopy()          { h.ro = "" }
func (h *fakeHost) Window() fyne.Window        { return h.win }
func (h *fakeHost) LevelSpawns() ([]chain.Spawn, int) {
	return h.spawns, h.depth
}

func (h *fakeHost) EditPack(label, key string, edit func(pk *content.Pack) error) error {
	return h.EditProjectAndPack(label, func(_ *projects.Project, pk *content.Pack) error { return edit(pk) })
}

func (h *fakeHost) EditProjectAndPack(label string, edit func(p *projects.Project, pk *content.Pack) error) error {
	if h.ro != "" {
		return plainError(h.ro)
	}
	p, pk := h.proj.Clone(), h.pack.Clone()
	if err := edit(p, pk); err != nil {
		return err
	}
	h.undo = append(h.undo, state{h.proj, h.pack})
	h.proj, h.pack = p, pk
	h.panel.Update()
	return nil
}

// Undo restores the project and pack before the last edit.
func (h *fakeHost) Undo() {
	s := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	h.proj, h.pack = s.proj, s.pack
	h.panel.Update()
}

// newFakePanel builds the panel over the example project with the pack in
// testdata/file (the embedded default pack when file is "") in a window of
// the given size.
func newFakePanel(t testing.TB, file string, w, hgt float32) (*Panel, *fakeHost) {
	t.Helper()
	a := test.NewTempApp(t)
	p, err := projects.Example()
	require.NoError(t, err)
	pk := content.Default()
	if file != "" {
		data, err := os.ReadFile("testdata/" + file)
		require.NoError(t, err)
		pk, err = content.Parse(data)
		require.NoError(t, err)
	}
	h := &fakeHost{proj: p, pack: pk, depth: 5, win: a.NewWindow("content")}
	h.panel = New(h)
	h.win.SetContent(h.panel)
	h.win.Resize(fyne.NewSize(w, hgt))
	t.Cleanup(h.win.Close)
	return h.panel, h
}
