package chainedit

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// namedProject has a step of each parameter type that names something.
func namedProject() *projects.Project {
	p := uitest.Project()
	p.Prefabs = []projects.Prefab{{Name: "hut", Template: []string{"###"}}}
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps,
		chain.Step{Builder: "place_spawn", Params: map[string]any{"name": "Goblin"}},
		chain.Step{Builder: "prefab", Params: map[string]any{"mode": "sectional"}},
		chain.Step{Builder: "paint", Params: map[string]any{"anchor": "start", "cells": []chain.PaintCell{{X: 1, Y: 1, W: 1, H: 1, Tile: "wall"}}}})
	return p
}

// An entity parameter picks from the pack's entities and flags a name the
// pack lacks (set all the same).
func TestEntityParameterPicksFromThePack(t *testing.T) {
	f := newFixture(t, namedProject())
	f.h.AttachPack(content.Default())
	f.h.SelectStep(1)
	e := f.p.form.inputs["name"].(*widget.SelectEntry)
	assert.Equal(t, "Goblin", e.Text)
	e.SetText("Orc")
	assert.Equal(t, "Orc", f.chain().Steps[1].Params["name"])
	e.SetText("Gobbo")
	assert.Equal(t, "Gobbo", f.chain().Steps[1].Params["name"], "free typing is kept")
	assert.True(t, uitest.TextIn(f.p, `"Gobbo" is not an entity of the content pack`))
}

// A prefab step's form: a select of the project's and built-in prefabs, a
// check per vault, the file's path with a picker, the template with the
// painter.
func TestPrefabParameterWidgets(t *testing.T) {
	f := newFixture(t, namedProject())
	f.h.SelectStep(2)
	name := f.p.form.inputs["name"].(*widgets.Select)
	assert.Equal(t, defaultChoice, name.Selected)
	assert.Equal(t, []string{defaultChoice, "hut", "wfc_populated"}, name.Options[:3])
	name.SetSelected("hut")
	assert.Equal(t, "hut", f.chain().Steps[2].Params["name"])
	f.p.form.inputs["name"].(*widgets.Select).SetSelected(defaultChoice)
	assert.Equal(t, "", f.chain().Steps[2].Params["name"])

	vaults := f.p.form.inputs["vaults"].(*widget.CheckGroup)
	vaults.SetSelected([]string{"checkerboard", "hut"})
	assert.Equal(t, []string{"hut", "checkerboard"}, f.chain().Steps[2].Params["vaults"], "in the options' order")

	f.h.file = "rooms/hall.xp"
	test.Tap(f.p.form.inputs["file"+".choose"].(*widget.Button))
	assert.Equal(t, 1, f.h.asked)
	assert.Equal(t, "rooms/hall.xp", f.chain().Steps[2].Params["file"])
	f.p.form.inputs["file"].(*widget.Entry).SetText("../out.xp")
	assert.Equal(t, "rooms/hall.xp", f.chain().Steps[2].Params["file"], "a path out of the folder is refused")
	assert.Contains(t, f.p.form.errs["file"].Text, "leads out of the project's folder")

	test.Tap(f.p.form.inputs["template.painter"].(*widget.Button))
	assert.Equal(t, []string{"steps[2].template"}, f.h.painted)
}

// Paint cells show as a summary with Edit in map and Clear, not as JSON.
func TestPaintCellsSummary(t *testing.T) {
	f := newFixture(t, namedProject())
	f.h.SelectStep(3)
	assert.Equal(t, "1 cell, anchor start", f.p.form.inputs["cells"].(*widget.Label).Text)
	test.Tap(f.p.form.inputs["cells.edit"].(*widget.Button))
	assert.Equal(t, 1, f.h.paintMode)
	test.Tap(f.p.form.inputs["cells.clear"].(*widget.Button))
	_, set := f.chain().Steps[3].Params["cells"]
	assert.False(t, set, "cleared: back to no cells")
	assert.Equal(t, "0 cells, anchor start", f.p.form.inputs["cells"].(*widget.Label).Text)
}

// A run's warnings show on the row of the step they name, and in its head,
// until the chain changes.
func TestRunWarningsShowOnTheirStep(t *testing.T) {
	f := newFixture(t, namedProject())
	c := f.chain()
	f.p.SetRunWarnings(c, []chain.Warning{{Step: chain.StepRef{Path: "steps[3]", Index: 3, Builder: "paint"}, Msg: "cuts the exit at (3,4) off from the start at (9,9)"}})
	require.Contains(t, f.p.steps.warnings[3], "cuts the exit at (3,4) off from the start at (9,9)")
	f.h.SelectStep(3)
	assert.True(t, uitest.TextIn(f.p, "⚠ cuts the exit at (3,4)"))
	f.h.SetEnabled([]int{1}, false)
	assert.NotContains(t, f.p.steps.warnings[3], "cuts the exit at (3,4) off from the start at (9,9)", "another chain: the old run's warnings go")
}
