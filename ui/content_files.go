package ui

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/content"
	"hewn/projects"
	"hewn/ui/model"
)

// The content pack's files: File → Import content pack, Export content pack,
// Export JSON Schema and Make editable copy, and the question asked before a
// pack with errors is saved.

// contentMenuItems are the File menu's content pack items.
func (e *Editor) contentMenuItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Import Content Pack…", e.ImportContentDialog),
		fyne.NewMenuItem("Export Content Pack…", e.ExportContentDialog),
		fyne.NewMenuItem("Export JSON Schema…", e.ExportSchemaDialog),
		fyne.NewMenuItem("Make Editable Copy of Pack", e.MakeEditableCopy),
	}
}

// ImportContentDialog asks for a content pack (a tutorial spawns.json) and
// imports it into the project (see ImportContent).
func (e *Editor) ImportContentDialog() {
	e.askOpen(".json", func(path string) { _ = e.ImportContent(path) }) // it shows its problems
}

// ImportContent makes the pack at path the project's content pack (one undo
// step): it replaces the pack the project's own file holds, or, for a project
// on the embedded pack or a pack outside its folder, goes beside the project
// under a name no other file there uses; either way it is written with the
// next save. A pack that does not load (malformed JSON, too large, unreadable)
// changes nothing and its error is shown as FILE:LINE:COL: message; a pack
// that loads with problems is imported and every problem is listed with its
// line and column.
func (e *Editor) ImportContent(path string) error {
	src, pk, err := content.ReadFile(path)
	if err != nil {
		e.showError(err)
		return err
	}
	p := e.m.Project()
	name := p.Content
	if name == "" || !projects.InsideFolder(name) {
		name = p.FreePackName(projects.PackFile, pk)
	}
	e.m.ApplyKey("Import content pack", "", model.ChangeProject|model.ChangeContent, func(np *projects.Project) {
		np.Content, np.Pack = name, pk
	})
	msg := fmt.Sprintf("Imported %s as the project's content pack %s (written when you save)", filepath.Base(path), name)
	e.mapv.SetStatus(msg)
	if ps := pk.Validate(); len(ps) > 0 {
		e.showPackProblems("Content pack imported", msg+", with these problems:", content.ProblemLines(path, src, ps))
	}
	return nil
}

// showPackProblems shows a list of problems (one a line) under msg.
func (e *Editor) showPackProblems(title, msg string, lines []string) {
	if e.win == nil {
		return
	}
	head := widget.NewLabel(msg)
	head.Wrapping = fyne.TextWrapWord
	body := widget.NewLabel(strings.Join(lines, "\n"))
	body.TextStyle.Monospace = true
	scroll := container.NewScroll(body)
	scroll.SetMinSize(fyne.NewSize(min(860, e.dialogSize().Width-60), min(320, e.dialogSize().Height-160)))
	d := dialog.NewCustom(title, "OK", container.NewBorder(head, nil, nil, nil, scroll), e.win)
	d.Show()
}

// ExportContentDialog asks where to export the content pack and writes it
// (see ExportContent).
func (e *Editor) ExportContentDialog() {
	pk := e.m.Pack()
	if pk == nil {
		e.showError(errors.New("the content pack is not loaded: there is nothing to export"))
		return
	}
	name := projects.PackFile
	if c := e.m.Project().Content; c != "" {
		name = filepath.Base(c)
	}
	e.askSave(name, ".json", ".json", func(path string) error { return e.ExportContent(path) })
}

// ExportContent writes the content pack to path (atomically): the
// tutorial's raws format, losslessly (fields Hewn does not model, key order
// and number spelling are kept).
func (e *Editor) ExportContent(path string) error {
	pk := e.m.Pack()
	if pk == nil {
		return errors.New("the content pack is not loaded")
	}
	var b bytes.Buffer
	if err := pk.Export(&b); err != nil {
		return err
	}
	if err := projects.WriteFileAtomic(path, b.Bytes()); err != nil {
		return err
	}
	e.mapv.SetStatus("Exported the content pack to " + path)
	return nil
}

// ExportSchemaDialog asks where to write the JSON Schema of content packs.
func (e *Editor) ExportSchemaDialog() {
	e.askSave("content.schema.json", ".json", ".json", func(path string) error {
		if err := projects.WriteFileAtomic(path, content.Schema()); err != nil {
			return err
		}
		e.mapv.SetStatus("Exported the content pack JSON Schema to " + path)
		return nil
	})
}

// MakeEditableCopy turns the embedded content pack into a file beside the
// project (written with the next save), so the Content tab can edit it.
func (e *Editor) MakeEditableCopy() {
	p := e.m.Project()
	switch {
	case p.Pack == nil:
		e.showError(errors.New("the content pack is not loaded"))
	case p.Content != "":
		e.mapv.SetStatus("The content pack is already the project's own file, " + p.Content)
	default:
		contentHost{e}.MakeEditableCopy()
		e.mapv.SetStatus("The content pack is now " + e.m.Project().Content + " beside the project (written when you save); the Content tab edits it")
	}
}

// confirmPackErrors runs save at once unless the content pack has unsaved
// edits that leave it with errors; then it lists them and asks Save anyway /
// Cancel first.
func (e *Editor) confirmPackErrors(save func()) {
	pk := e.m.Pack()
	if !e.m.PackDirty() || e.win == nil {
		save()
		return
	}
	var errs []string
	for _, pr := range pk.Validate() {
		if !pr.Warning {
			errs = append(errs, pr.String())
		}
	}
	if len(errs) == 0 {
		save()
		return
	}
	n := len(errs)
	if len(errs) > 12 {
		errs = append(errs[:12], fmt.Sprintf("… and %d more (Content → Problems lists them all)", n-12))
	}
	msg := widget.NewLabel(fmt.Sprintf("The content pack has %d error(s). A game may refuse it. Save anyway?", n))
	msg.Wrapping = fyne.TextWrapWord
	list := widget.NewLabel(strings.Join(errs, "\n"))
	list.Wrapping = fyne.TextWrapWord
	var d *dialog.CustomDialog
	anyway := widget.NewButtonWithIcon("Save anyway", theme.DocumentSaveIcon(), func() {
		d.Hide()
		save()
	})
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.Hide() })
	cancel.Importance = widget.HighImportance
	body := container.NewBorder(msg, nil, nil, nil, container.NewVScroll(list))
	d = dialog.NewCustomWithoutButtons("Content pack has errors", body, e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, anyway})
	d.Show()
	d.Resize(fyne.NewSize(min(720, e.dialogSize().Width), min(420, e.dialogSize().Height)))
}
