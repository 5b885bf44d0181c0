package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"

	"hewn/chain/jsonfile"
	"hewn/chain/prefab"
	"hewn/projects"
)

// The shell's side of prefabs: the File menu's Import Prefab, Export Prefab
// as .xp and New Hand-made Level, and the prefab step's file picker.

// prefabExts are the prefab files Hewn reads.
var prefabExts = []string{prefab.KindXP, prefab.KindTxt}

// ImportPrefabDialog asks for a REXPaint .xp or a .txt of template rows and
// imports it as a project prefab (see ImportPrefab).
func (e *Editor) ImportPrefabDialog() {
	e.askOpenAny(prefabExts, func(path string) { _ = e.ImportPrefab(path) })
}

// ImportPrefab reads the prefab file at path into the project's prefabs (one
// undo step) and shows it in the Prefabs tab; an error is shown and changes
// nothing.
func (e *Editor) ImportPrefab(path string) error {
	data, err := readPrefabFile(path)
	if err == nil {
		err = e.prefabs.Import(filepath.Base(path), data)
	}
	if err != nil {
		e.showError(err)
		return err
	}
	e.selectMain("Prefabs")
	return nil
}

// prefabLimit is how large a prefab file Hewn reads may be.
var prefabLimit = jsonfile.Limit{Max: prefab.MaxTextFileSize, Noun: "a prefab file", Plural: "prefab files"}

// readPrefabFile reads a prefab file, refusing one larger than a prefab
// file may be.
func readPrefabFile(path string) ([]byte, error) { return jsonfile.ReadFile(path, prefabLimit) }

// ExportPrefabDialog asks where to write the prefab the Prefabs tab shows as
// a REXPaint image and writes it there.
func (e *Editor) ExportPrefabDialog() {
	data, name, err := e.prefabs.ExportXP()
	if err != nil {
		e.showError(err)
		return
	}
	e.askSave(name, prefab.KindXP, prefab.KindXP, func(path string) error {
		if err := projects.WriteFileAtomic(path, data); err != nil {
			return err
		}
		e.mapv.SetStatus("Exported the prefab to " + path)
		return nil
	})
}

// choosePrefabFile asks for a prefab file in the project's folder (or below
// it) and calls set with its path relative to the project file, as a prefab
// step's file parameter names it.
func (e *Editor) choosePrefabFile(set func(rel string)) {
	base := e.m.Project().Path
	if base == "" {
		base = e.chainFile
	}
	if base == "" {
		e.showError(errors.New("save the project first: a prefab step finds its file beside the project file"))
		return
	}
	e.askOpenAny(prefabExts, func(path string) {
		rel, err := relPrefabPath(base, path)
		if err != nil {
			e.showError(err)
			return
		}
		set(rel)
	})
}

// relPrefabPath is path relative to the folder of the project (or chain)
// file base, slash-separated; a file outside that folder is refused.
func relPrefabPath(base, path string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(base))
	if err == nil {
		path, err = filepath.Abs(path)
	}
	var rel string
	if err == nil {
		rel, err = filepath.Rel(dir, path)
	}
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is outside the project's folder %s: copy it there (a prefab step reads files beside the project file or below it)", path, dir)
	}
	return prefab.CheckFilePath(filepath.ToSlash(rel))
}

// prefabMenuItems are the File menu's prefab items.
func (e *Editor) prefabMenuItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("New Hand-made Level…", func() { e.selectMain("Prefabs"); e.prefabs.NewLevelDialog() }),
		fyne.NewMenuItem("Import Prefab (.xp, .txt)…", e.ImportPrefabDialog),
		fyne.NewMenuItem("Export Prefab as .xp…", e.ExportPrefabDialog),
	}
}

// TogglePaint turns the map's paint mode on (bringing the map to the front)
// or off.
func (e *Editor) TogglePaint() {
	on := !e.mapv.Painting()
	if on {
		e.selectMain("Map")
	}
	e.mapv.SetPaintMode(on)
}
