package chainedit

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/chain/prefab"
	"hewn/ui/internal/widgets"
)

// defaultChoice is a prefab name select's entry for "" (the builder's own
// choice).
const defaultChoice = "(default)"

// named builds the widget of a parameter type that names something: an
// entity of the pack (a select-entry, free typing flagged when unknown), a
// prefab (a select of the project's and the built-in ones) or a list of
// them (checks), a prefab file (its path, and a file picker), a template
// (the rows, and the painter) and paint cells (a summary, the map's paint
// mode and Clear). nil for the other types.
func (f *paramForm) named(p chain.Param, val any) fyne.CanvasObject {
	switch p.Type {
	case chain.Entity:
		return f.entity(p, val)
	case chain.PrefabName:
		return f.prefabName(p, val)
	case chain.PrefabNames:
		return f.prefabNames(p, val)
	case chain.PrefabFile:
		return f.prefabFile(p, val)
	case chain.Template:
		return f.template(p, val)
	case chain.PaintCells:
		return f.paintCells(p, val)
	}
	return nil
}

// entity is a select-entry of the pack's entities; a name the pack does not
// define is set all the same and flagged under the field.
func (f *paramForm) entity(p chain.Param, val any) fyne.CanvasObject {
	var names []string
	pk := f.m.Pack()
	if pk != nil {
		names = pk.Names()
	}
	e := widget.NewSelectEntry(names)
	e.SetPlaceHolder("an entity of the content pack")
	cur, _ := val.(string)
	e.SetText(cur)
	flag := widget.NewLabel("")
	flag.Importance = widget.WarningImportance
	flag.Wrapping = fyne.TextWrapWord
	check := func(s string) {
		if pk == nil || s == "" {
			flag.Hide()
			return
		}
		if _, known := pk.SectionOf(s); known {
			flag.Hide()
			return
		}
		flag.SetText(fmt.Sprintf("⚠ %q is not an entity of the content pack", s))
		flag.Show()
	}
	check(cur)
	e.OnChanged = func(s string) {
		check(s)
		f.set(p, s)
	}
	f.inputs[p.Name] = e
	return container.NewVBox(e, flag)
}

// prefabChoices lists the prefabs a name may pick: the project's, then the
// built-ins its own do not shadow.
func (f *paramForm) prefabChoices() []string {
	var out []string
	for _, pf := range f.m.Project().Prefabs {
		out = append(out, pf.Name)
	}
	for _, n := range prefab.Names() {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// prefabName is a select of the project's and the built-in prefabs (and
// "(default)", the builder's own choice); a name neither has stays listed.
func (f *paramForm) prefabName(p chain.Param, val any) fyne.CanvasObject {
	cur, _ := val.(string)
	opts := append([]string{defaultChoice}, f.prefabChoices()...)
	if cur != "" && !slices.Contains(opts, cur) {
		opts = append(opts, cur)
	}
	s := widgets.NewSelect(opts, nil)
	if cur == "" {
		s.SetQuietly(defaultChoice)
	} else {
		s.SetQuietly(cur)
	}
	s.SetOnChanged(func(c string) {
		if c == defaultChoice {
			c = ""
		}
		f.choose(p, c)
	})
	f.inputs[p.Name] = s
	return s
}

// prefabNames is a check for each prefab the list may hold.
func (f *paramForm) prefabNames(p chain.Param, val any) fyne.CanvasObject {
	cur, _ := val.([]string)
	opts := f.prefabChoices()
	for _, n := range cur {
		if !slices.Contains(opts, n) {
			opts = append(opts, n)
		}
	}
	g := widget.NewCheckGroup(opts, nil)
	g.SetSelected(cur)
	g.OnChanged = func(sel []string) {
		// in the order of the options: a stable list, whatever order they were ticked in
		out := make([]string, 0, len(sel))
		for _, o := range opts {
			if slices.Contains(sel, o) {
				out = append(out, o)
			}
		}
		f.choose(p, out)
	}
	f.inputs[p.Name] = g
	return g
}

// prefabFile is the file's path as text and a button choosing it in the
// project's folder.
func (f *paramForm) prefabFile(p chain.Param, val any) fyne.CanvasObject {
	e := widget.NewEntry()
	e.SetPlaceHolder("e.g. vaults/hall.xp")
	cur, _ := val.(string)
	e.SetText(cur)
	e.OnChanged = func(s string) {
		s = strings.TrimSpace(s)
		if s != "" {
			if _, err := prefab.CheckFilePath(s); err != nil {
				f.showErr(p.Name, err)
				return
			}
		}
		f.set(p, s)
	}
	choose := widget.NewButtonWithIcon("Choose…", theme.FolderOpenIcon(), func() {
		f.m.ChoosePrefabFile(func(rel string) { e.SetText(rel) })
	})
	f.inputs[p.Name] = e
	f.inputs[p.Name+".choose"] = choose
	return container.NewBorder(nil, nil, nil, choose, e)
}

// template is the rows in a monospace editor, and a button opening them in
// the prefab painter.
func (f *paramForm) template(p chain.Param, val any) fyne.CanvasObject {
	e := widget.NewMultiLineEntry()
	e.TextStyle = fyne.TextStyle{Monospace: true}
	lines, _ := val.([]string)
	e.SetText(strings.Join(lines, "\n"))
	e.SetMinRowsVisible(min(max(len(lines), 3), 12))
	e.OnChanged = func(s string) { f.set(p, strings.Split(s, "\n")) }
	paint := widget.NewButtonWithIcon("Edit in painter", theme.DocumentCreateIcon(), func() { f.m.EditTemplate(f.path, p.Name) })
	f.inputs[p.Name] = e
	f.inputs[p.Name+".painter"] = paint
	return container.NewVBox(e, container.NewHBox(paint))
}

// paintCells sums the cells up ("12 cells, anchor start"), with buttons to
// paint more in the map's paint mode and to clear them.
func (f *paramForm) paintCells(p chain.Param, val any) fyne.CanvasObject {
	cells, _ := val.([]chain.PaintCell)
	anchor := "map"
	if st := f.m.Step(f.path); st != nil {
		if a, ok := st.Params["anchor"].(string); ok {
			anchor = a
		}
	}
	sum := widget.NewLabel(fmt.Sprintf("%d %s, anchor %s", len(cells), jsonfile.Pick(len(cells), "cell", "cells"), anchor))
	edit := widget.NewButtonWithIcon("Edit in map", theme.DocumentCreateIcon(), f.m.PaintMode)
	clear := widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), func() { f.choose(p, nil) })
	if len(cells) == 0 {
		clear.Disable()
	}
	f.inputs[p.Name] = sum
	f.inputs[p.Name+".edit"] = edit
	f.inputs[p.Name+".clear"] = clear
	return container.NewVBox(sum, container.NewHBox(edit, clear))
}
