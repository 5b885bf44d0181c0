package ui

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/projects"
)

// diskStamp is what the editor knew of a file on disk when it last read or
// wrote it: its size, modification time and SHA-256.
type diskStamp struct {
	size  int64
	mtime time.Time
	sum   [32]byte
}

// stampOf reads the file at path's stamp (ok false when it cannot be read).
func stampOf(path string) (diskStamp, bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return diskStamp{}, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return diskStamp{}, false
	}
	return diskStamp{size: fi.Size(), mtime: fi.ModTime(), sum: sha256.Sum256(data)}, true
}

// diskKey is the key of path in Editor.disk (absolute, so two spellings of a
// path agree).
func diskKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// noteDisk records the file at path as the editor now knows it (after opening
// or saving it); "" does nothing.
func (e *Editor) noteDisk(paths ...string) {
	for _, path := range paths {
		if path == "" {
			continue
		}
		if e.disk == nil {
			e.disk = map[string]diskStamp{}
		}
		if st, ok := stampOf(path); ok {
			e.disk[diskKey(path)] = st
		} else {
			delete(e.disk, diskKey(path))
		}
	}
}

// changedOnDisk reports whether the file at path changed on disk since the
// editor read or wrote it: another editor or program saved it. A file the
// editor never read, or that is gone, has not changed (a save writes it); a
// file touched but holding the same bytes has not either.
func (e *Editor) changedOnDisk(path string) bool {
	if path == "" {
		return false
	}
	old, known := e.disk[diskKey(path)]
	if !known {
		return false
	}
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	if fi.Size() == old.size && fi.ModTime().Equal(old.mtime) {
		return false
	}
	now, ok := stampOf(path)
	if !ok {
		return false
	}
	if bytes.Equal(now.sum[:], old.sum[:]) {
		e.disk[diskKey(path)] = now
		return false
	}
	return true
}

// filesToSave lists the files a save to path writes: the project file, and
// its content pack's when the pack is written too.
func (e *Editor) filesToSave(path string) []string {
	files := []string{path}
	p := e.m.Project().Clone()
	if p.PreparePackSave(path) || e.m.PackDirty() {
		files = append(files, p.ContentPath())
	}
	return files
}

// saveChecked saves the project to path and runs then once it succeeded,
// unless a file the save writes changed on disk since the editor read it
// (another editor saved the project): then it asks first, naming the file,
// whether to overwrite it, reload the project from disk (dropping the
// unsaved changes) or save as another file.
func (e *Editor) saveChecked(path string, then func()) {
	for _, f := range e.filesToSave(path) {
		if e.changedOnDisk(f) {
			e.askChangedOnDisk(f, path, then)
			return
		}
	}
	if e.saveTo(path) == nil && then != nil {
		then()
	}
}

// askChangedOnDisk asks what to do about file, changed on disk since the
// editor read it, before saving the project to path: Overwrite, Reload, Save
// as… or Cancel.
func (e *Editor) askChangedOnDisk(file, path string, then func()) {
	if e.win == nil {
		return
	}
	msg := widget.NewLabel(fmt.Sprintf("%s changed on disk since you opened it:\nanother editor or program saved it.\n\n"+
		"Overwrite it with your changes, reload the project from disk (your unsaved changes are lost),\nor save your changes as another file?", file))
	var d *dialog.CustomDialog
	overwrite := widget.NewButtonWithIcon("Overwrite", theme.DocumentSaveIcon(), func() {
		d.Hide()
		if e.saveTo(path) == nil && then != nil {
			then()
		}
	})
	reload := widget.NewButtonWithIcon("Reload", theme.ViewRefreshIcon(), func() {
		d.Hide()
		e.reload(path)
	})
	saveAs := widget.NewButtonWithIcon("Save as…", theme.DocumentSaveIcon(), func() {
		d.Hide()
		e.saveAsChecked(then)
	})
	saveAs.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Changed on disk", msg, e.win)
	d.SetButtons([]fyne.CanvasObject{cancel, saveAs, reload, overwrite})
	d.Show()
}

// reload opens the project at path again from disk, dropping the unsaved
// changes (and their recovery file).
func (e *Editor) reload(path string) {
	p, _, err := projects.Open(path)
	if err != nil {
		e.showError(err)
		return
	}
	if e.recover != nil {
		e.recover.clear()
	}
	e.chainFile = ""
	e.m.Open(p)
	e.noteDisk(path, p.ContentPath())
	e.mapv.SetStatus("Reloaded " + path + " from disk")
}
