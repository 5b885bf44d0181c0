package ui

import (
	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// contentHost is the editor as the content panel (ui/contentedit) sees it.
type contentHost struct{ e *Editor }

func (h contentHost) Pack() *content.Pack        { return h.e.m.Pack() }
func (h contentHost) Project() *projects.Project { return h.e.m.Project() }
func (h contentHost) Window() fyne.Window        { return h.e.win }

func (h contentHost) EditPack(label, key string, edit func(pk *content.Pack) error) error {
	if why := h.ReadOnly(); why != "" {
		return errReadOnly(why)
	}
	return h.e.m.EditPack(label, key, edit)
}

func (h contentHost) EditProjectAndPack(label string, edit func(p *projects.Project, pk *content.Pack) error) error {
	if why := h.ReadOnly(); why != "" {
		return errReadOnly(why)
	}
	return h.e.m.EditProjectAndPack(label, edit)
}

// ReadOnly says why the pack cannot be edited: the embedded default pack is
// shared by every project until it is copied beside this one.
func (h contentHost) ReadOnly() string {
	p := h.e.m.Project()
	switch {
	case p.Pack == nil:
		return "The content pack did not load (see the status line)."
	case p.Content == "":
		return "This project uses the embedded default pack, which is read-only. Make editable copy writes it beside the project (" + projects.PackFile + ") to edit it."
	}
	return ""
}

// MakeEditableCopy points the project at a copy of the embedded pack beside
// the project file, written with the next save (one undo step).
func (h contentHost) MakeEditableCopy() {
	m := h.e.m
	if m.Pack() == nil || m.Project().Content != "" {
		return
	}
	m.EditProjectAndPack("Make editable copy", func(p *projects.Project, _ *content.Pack) error {
		p.Content = projects.PackFile
		return nil
	})
}

func (h contentHost) LevelSpawns() ([]chain.Spawn, int) {
	r, _ := h.e.viewed()
	if r == nil || r.State == nil {
		return nil, 0
	}
	return r.State.Spawns, r.Chain.Depth
}

type errReadOnly string

func (e errReadOnly) Error() string { return string(e) }
