package prefabedit

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// What a new legend character may lay down.
const (
	kindTile   = "tile"
	kindEntity = "entity"
	kindStart  = "start"
	kindExit   = "exit"
	kindKeep   = "keep what is there"
)

// legendView shows the legend templates are written in (the tutorial's,
// then the project's own characters, which can be removed) and a form that
// maps a new character to a tile, an entity (on a tile), the start, an exit
// or "keep what is there": a project edit.
type legendView struct {
	p      *Panel
	rows   *fyne.Container
	shown  []projects.LegendEntry // the project legend the rows show
	glyph  *widget.Entry
	kind   *widgets.Select
	tile   *widgets.Select
	entity *widget.SelectEntry
	errl   *widget.Label
	obj    fyne.CanvasObject
}

func newLegendView(p *Panel) *legendView {
	v := &legendView{p: p, rows: container.NewVBox()}
	v.glyph = widget.NewEntry()
	v.glyph.SetPlaceHolder("a character, e.g. T")
	var tiles []string
	for _, t := range chain.Tiles() {
		tiles = append(tiles, t.String())
	}
	v.tile = widgets.NewSelect(tiles, nil)
	v.tile.SetQuietly(chain.Floor.String())
	v.entity = widget.NewSelectEntry(nil)
	v.entity.SetPlaceHolder("an entity of the content pack")
	v.kind = widgets.NewSelect([]string{kindTile, kindEntity, kindStart, kindExit, kindKeep}, func(k string) { v.kindChanged(k) })
	v.kind.SetSelected(kindTile)
	v.errl = widget.NewLabel("")
	v.errl.Importance = widget.DangerImportance
	v.errl.Wrapping = fyne.TextWrapWord
	v.errl.Hide()
	add := widget.NewButtonWithIcon("Add to the legend", theme.ContentAddIcon(), func() {
		if err := v.Add(); err != nil {
			v.errl.SetText(err.Error())
			v.errl.Show()
		}
	})
	form := widget.NewForm(
		widget.NewFormItem("Character", v.glyph),
		widget.NewFormItem("Lays", v.kind),
		widget.NewFormItem("Tile", v.tile),
		widget.NewFormItem("Entity", v.entity),
	)
	box := container.NewVBox(
		widget.NewLabelWithStyle("New character", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		form, v.errl, add, widget.NewSeparator(),
		widgets.Hint("The tutorial's characters are fixed; the project adds its own (bold), for every template, prefab file and paint step."),
		v.rows)
	v.obj = widgets.FormScroll(container.NewVScroll(box))
	return v
}

// kindChanged shows the fields the kind of character needs.
func (v *legendView) kindChanged(k string) {
	if k == kindKeep || k == kindExit {
		v.tile.Disable()
	} else {
		v.tile.Enable()
	}
	if k == kindEntity {
		v.entity.Enable()
	} else {
		v.entity.Disable()
	}
}

// refresh lists the legend again when the project's changed.
func (v *legendView) refresh() {
	pr := v.p.h.Project()
	if pk := v.p.h.Pack(); pk != nil {
		v.entity.SetOptions(pk.Names())
	}
	if v.rows.Objects != nil && slices.Equal(pr.Legend, v.shown) {
		return
	}
	v.shown = slices.Clone(pr.Legend)
	v.rows.RemoveAll()
	for _, e := range prefab.Tutorial().Entries() {
		v.rows.Add(widget.NewLabel(fmt.Sprintf("'%c'  %s", e.Glyph, prefab.CellOf(e).Words())))
	}
	for i, e := range pr.Legend {
		ce, err := e.Entry()
		text := fmt.Sprintf("'%s'  %s", e.Glyph, prefab.CellOf(ce).Words())
		if err != nil {
			text = fmt.Sprintf("'%s'  ⚠ %v", e.Glyph, err)
		}
		label := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		del := widgets.NewIconButton(theme.DeleteIcon(), "Remove this character from the legend", func() {
			v.p.h.EditProject("Remove legend character "+e.Glyph, "", func(p *projects.Project) {
				if i < len(p.Legend) {
					p.Legend = slices.Delete(p.Legend, i, i+1)
				}
			})
		})
		del.Importance = widget.LowImportance
		v.rows.Add(container.NewBorder(nil, nil, nil, del, label))
	}
}

// Add adds the character the form describes to the project's legend (one
// undo step), or says why it cannot.
func (v *legendView) Add() error {
	g := strings.TrimSpace(v.glyph.Text)
	if v.glyph.Text == " " {
		g = " "
	}
	if utf8.RuneCountInString(g) != 1 {
		return fmt.Errorf("%q: type exactly one character", v.glyph.Text)
	}
	e := projects.LegendEntry{Glyph: g}
	switch v.kind.Selected {
	case kindTile:
		e.Tile = v.tile.Selected
	case kindEntity:
		e.Entity = strings.TrimSpace(v.entity.Text)
		if e.Entity == "" {
			return fmt.Errorf("name the entity the character places")
		}
		if v.tile.Selected != chain.Floor.String() {
			e.Tile = v.tile.Selected
		}
	case kindStart:
		e.Start = true
		if v.tile.Selected != chain.Floor.String() {
			e.Tile = v.tile.Selected
		}
	case kindExit:
		e.Exit = true
	case kindKeep:
		e.Keep = true
	}
	pr := v.p.h.Project()
	ce, err := e.Entry()
	if err == nil {
		err = pr.PrefabLegend().CheckEntry(ce)
	}
	if err == nil {
		if _, has := pr.PrefabLegend().Cell(ce.Glyph); has {
			err = fmt.Errorf("'%s' is in the legend already", g)
		}
	}
	if err != nil {
		return err
	}
	if pk := v.p.h.Pack(); pk != nil && e.Entity != "" {
		if _, known := pk.SectionOf(e.Entity); !known {
			return fmt.Errorf("%q is not an entity of the content pack", e.Entity)
		}
	}
	v.errl.Hide()
	v.glyph.SetText("")
	v.p.h.EditProject("Add legend character "+g, "", func(p *projects.Project) { p.Legend = append(p.Legend, e) })
	return nil
}
