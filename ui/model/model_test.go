package model

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// testProject is a two-level project on simple_map chains.
func testProject() *projects.Project {
	mk := func(d int, name string) projects.Level {
		return projects.Level{Depth: d, Name: name, Chain: &chain.Chain{Name: name, Depth: d, Width: 40, Height: 25,
			Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"max_rooms": 10}}}}}
	}
	return &projects.Project{Name: "Test", Seed: 7, Levels: []projects.Level{mk(1, "One"), mk(2, "Two")}}
}

// watch records every change m reports.
func watch(m *Model) *[]Change {
	var got []Change
	m.OnChange(func(c Change) { got = append(got, c) })
	return &got
}

func builders(steps []chain.Step) []string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Builder)
	}
	return out
}

func TestStepPathString(t *testing.T) {
	assert.Equal(t, "steps[2].params.steps[0]", StepPath{2, 0}.String())
	assert.Equal(t, "steps[0]", StepPath{0}.String())
	assert.Equal(t, "", StepPath{}.String())
}

func TestNewModelSelectsTheFirstLevelAndNoStep(t *testing.T) {
	m := NewModel(testProject())
	assert.Equal(t, 0, m.LevelIndex())
	assert.Equal(t, -1, m.StepIndex())
	assert.Equal(t, "One", m.Level().Name)
	assert.False(t, m.Dirty())
	assert.Equal(t, "Test — Hewn", m.Title())
	empty := NewModel(&projects.Project{})
	assert.Equal(t, -1, empty.LevelIndex())
	assert.Nil(t, empty.Chain())
	assert.Equal(t, "untitled — Hewn", empty.Title())
}

func TestEditsNeverModifyAProjectOnceCurrent(t *testing.T) {
	m := NewModel(testProject())
	before := m.Project()
	m.SetParam(StepPath{0}, "max_rooms", 12)
	assert.Equal(t, 10, before.Levels[0].Chain.Steps[0].Params["max_rooms"], "the old value is untouched")
	assert.Equal(t, 12, m.Chain().Steps[0].Params["max_rooms"])
	assert.NotSame(t, before, m.Project())
	assert.True(t, m.Dirty())
	assert.Equal(t, "Test * — Hewn", m.Title())
}

func TestTypingUndoesAsOneEditAndSelectionBreaksTheRun(t *testing.T) {
	m := NewModel(testProject())
	for _, v := range []int{1, 12, 15} {
		m.SetParam(StepPath{0}, "max_rooms", v)
	}
	require.NoError(t, m.AddStep(nil, -1, "room_sorter"))
	assert.Equal(t, []string{"simple_map", "room_sorter"}, builders(m.Chain().Steps))
	assert.Equal(t, "Add room_sorter", m.Undo())
	assert.Equal(t, 15, m.Chain().Steps[0].Params["max_rooms"])
	assert.Equal(t, "Edit max_rooms", m.Undo(), "the keystrokes undo as one edit")
	assert.Equal(t, 10, m.Chain().Steps[0].Params["max_rooms"])
	assert.False(t, m.Dirty(), "undone to the opened project")
	assert.False(t, m.CanUndo())
	assert.Equal(t, "", m.Undo())
	assert.Equal(t, "Edit max_rooms", m.Redo())
	assert.Equal(t, "Add room_sorter", m.Redo())
	assert.False(t, m.CanRedo())

	// a selection between two runs of typing makes them two undo steps
	m.SetParam(StepPath{0}, "max_rooms", 3)
	m.SelectLevel(1)
	m.SelectLevel(0)
	m.SetParam(StepPath{0}, "max_rooms", 4)
	m.Undo()
	assert.Equal(t, 3, m.Chain().Steps[0].Params["max_rooms"])
}

func TestAloneKeepsAnEditOutOfTheTypingAroundIt(t *testing.T) {
	m := NewModel(testProject())
	m.EditProject("Rename", "name", func(p *projects.Project) { p.Name = "A" })
	m.Alone(func() { m.EditProject("Rename", "name", func(p *projects.Project) { p.Name = "B" }) })
	m.EditProject("Rename", "name", func(p *projects.Project) { p.Name = "C" })
	m.Undo()
	assert.Equal(t, "B", m.Project().Name)
	m.Undo()
	assert.Equal(t, "A", m.Project().Name)
}

func TestStepEditsTopLevelAndNested(t *testing.T) {
	m := NewModel(testProject())
	require.NoError(t, m.AddStep(nil, -1, "sub_chain"))
	assert.Equal(t, 1, m.StepIndex(), "a new top-level step is selected")
	require.NoError(t, m.AddStep(StepPath{1}, -1, "simple_map"))
	require.NoError(t, m.AddStep(StepPath{1}, 0, "cellular_automata"))
	nested := m.Step(StepPath{1}).Params[NestedParam("sub_chain")].([]chain.Step)
	assert.Equal(t, []string{"cellular_automata", "simple_map"}, builders(nested))
	assert.Equal(t, 1, m.StepIndex(), "a nested step selects nothing")
	assert.Equal(t, "simple_map", m.Step(StepPath{1, 1}).Builder)
	assert.Nil(t, m.Step(StepPath{1, 2}))
	assert.Nil(t, m.Step(StepPath{0, 0}), "simple_map nests no steps")

	m.MoveStep(StepPath{1}, 1, -1)
	assert.Equal(t, "simple_map", m.Step(StepPath{1, 0}).Builder)
	m.DuplicateStep(StepPath{1}, 0)
	m.SetEnabled(StepPath{1, 1}, false)
	assert.True(t, m.Step(StepPath{1, 1}).Disabled)
	m.RemoveStep(StepPath{1}, 2)
	nested = m.Step(StepPath{1}).Params["steps"].([]chain.Step)
	assert.Equal(t, []string{"simple_map", "simple_map"}, builders(nested))

	m.MoveStep(nil, 1, -1)
	assert.Equal(t, []string{"sub_chain", "simple_map"}, builders(m.Chain().Steps))
	assert.Equal(t, 0, m.StepIndex(), "the moved step stays selected")
	m.DuplicateStep(nil, 0)
	assert.Equal(t, 1, m.StepIndex(), "the copy is selected")
	m.RemoveStep(nil, 0)
	assert.Equal(t, 0, m.StepIndex(), "the selection follows the removal")
	m.SetBuilder(StepPath{1}, "room_sorter")
	assert.Equal(t, chain.Step{Builder: "room_sorter"}, *m.Step(StepPath{1}))
	assert.Error(t, m.AddStep(nil, -1, "no_such_builder"))
}

func TestParamChangeRebuildsFormsOnlyWhenTheyShowOtherValues(t *testing.T) {
	assert.Equal(t, ChangeValue, ParamChange("max_rooms", 3))
	assert.Equal(t, ChangeProject, ParamChange("preset", "open_area"))
	assert.Equal(t, ChangeProject, ParamChange("max_rooms", nil), "a reset")
	assert.Equal(t, ChangeProject, ParamChange("steps", []chain.Step{}))

	m := NewModel(testProject())
	got := watch(m)
	m.SetParam(StepPath{0}, "max_rooms", 3)
	m.SetParam(StepPath{0}, "max_rooms", nil)
	assert.Equal(t, []Change{ChangeValue | ChangeFile, ChangeProject | ChangeFile}, *got)
	_, has := m.Chain().Steps[0].Params["max_rooms"]
	assert.False(t, has, "nil resets to the default")
}

func TestSelectionIsClampedAfterEditsAndUndo(t *testing.T) {
	m := NewModel(testProject())
	m.SelectLevel(1)
	m.SelectStep(0)
	got := watch(m)
	m.RemoveLevel(1)
	assert.Equal(t, 0, m.LevelIndex())
	assert.Equal(t, -1, m.StepIndex())
	assert.Equal(t, []Change{ChangeProject | ChangeFile, ChangeSelection}, *got)
	m.Undo()
	assert.Len(t, m.Project().Levels, 2)
	m.SelectLevel(1)
	m.Apply("Drop steps", func(p *projects.Project) { p.Levels[1].Chain.Steps = nil })
	assert.Equal(t, -1, m.StepIndex())

	m.AddLevel()
	assert.Equal(t, 2, m.LevelIndex(), "the new level is selected")
	assert.Equal(t, 3, m.Level().Depth, "one deeper than the last")
	m.DuplicateLevel(0)
	assert.Equal(t, 1, m.LevelIndex())
	assert.Equal(t, "One (copy)", m.Level().Name)
	m.MoveLevel(1, 1)
	assert.Equal(t, 2, m.LevelIndex())
	assert.Equal(t, "One (copy)", m.Project().Levels[2].Name)
	m.SelectLevel(9)
	assert.Equal(t, 2, m.LevelIndex(), "out of range: nothing")
}

func TestEditKindsAndTheChangesReported(t *testing.T) {
	m := NewModel(testProject())
	got := watch(m)
	m.EditProject("Rename", "name", func(p *projects.Project) { p.Name = "X" })
	m.EditProject("Theme", "theme:0:wall:fg", func(p *projects.Project) {})
	m.EditProject("Seed", "", func(p *projects.Project) { p.Seed = 9 })
	m.EditLevel("Width", "width", func(l *projects.Level) { l.Chain.Width = 30 })
	m.EditLevel("Theme", "", func(l *projects.Level) { l.Theme = "forest" })
	assert.Equal(t, []Change{ChangeValue | ChangeFile, ChangeLook | ChangeFile, ChangeProject | ChangeFile,
		ChangeValue | ChangeFile, ChangeProject | ChangeFile}, *got)
	assert.Equal(t, 30, m.Chain().Width)
}

func TestPackEditsAreOneUndoStepAndOneChange(t *testing.T) {
	m := NewModel(testProject())
	assert.Error(t, m.EditPack("x", "", func(*content.Pack) error { return nil }), "no pack loaded yet")
	pk := content.Default()
	m.AttachPack(pk)
	assert.False(t, m.Dirty(), "attaching the pack is no edit")
	assert.False(t, m.PackDirty())
	got := watch(m)
	require.NoError(t, m.EditPack("Weight", "w", func(pk *content.Pack) error { pk.SpawnTable[0].Weight = 99; return nil }))
	assert.Equal(t, 99, m.Pack().SpawnTable[0].Weight)
	assert.NotEqual(t, 99, pk.SpawnTable[0].Weight, "the attached pack is untouched")
	assert.True(t, m.PackDirty())
	require.NoError(t, m.EditProjectAndPack("Rename", func(p *projects.Project, pk *content.Pack) error {
		p.Name = "Renamed"
		pk.SpawnTable[0].Weight = 1
		return nil
	}))
	assert.Equal(t, []Change{ChangeContent | ChangeFile, ChangeProject | ChangeContent | ChangeFile}, *got,
		"one change each: the editor regenerates once per edit")
	assert.Error(t, m.EditPack("Bad", "", func(*content.Pack) error { return assert.AnError }))
	assert.Len(t, *got, 2, "a refused edit reports nothing")
	m.Undo()
	assert.Equal(t, "Test", m.Project().Name)
	assert.Equal(t, 99, m.Pack().SpawnTable[0].Weight, "one undo reverts the project and the pack")
}

func TestSavingMarksCleanAndRecoveredWorkIsUnsaved(t *testing.T) {
	m := NewModel(testProject())
	m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Saved" })
	got := watch(m)
	m.MarkSaved("/tmp/x.hewn.json")
	assert.False(t, m.Dirty())
	assert.Equal(t, "/tmp/x.hewn.json", m.Project().Path)
	assert.Equal(t, []Change{ChangeFile}, *got)

	p := m.Project().Clone()
	p.Content = "spawns.json"
	m.MarkSavedAs(p)
	assert.Same(t, p, m.Project())
	assert.Equal(t, ChangeFile|ChangeProject, (*got)[1], "a pack moved beside the project is a structural change")

	m.OpenRecovered(testProject())
	assert.True(t, m.Dirty(), "recovered work counts as unsaved")
	assert.False(t, m.CanUndo())
	m.Open(testProject())
	assert.False(t, m.Dirty())
}

func TestViewSettingsAreNotEdits(t *testing.T) {
	m := NewModel(projects.New("T"))
	var got []Change
	m.OnChange(func(c Change) { got = append(got, c) })
	m.SetSettings(func(s *projects.Settings) { s.ShowRooms = true })
	assert.Equal(t, []Change{ChangeView}, got)
	assert.False(t, m.Dirty())
	assert.False(t, m.CanUndo())
	m.SetSettings(func(s *projects.Settings) { s.ShowRooms = true })
	assert.Len(t, got, 1, "the same setting again is no change")
	m.Apply("Rename", func(p *projects.Project) { p.Name = "U" })
	m.Undo()
	assert.True(t, m.Settings().ShowRooms, "an undo leaves the view")
	assert.True(t, m.Saved().Settings.ShowRooms, "saved with the project")
	assert.False(t, m.Project().Settings.ShowRooms, "the project value itself is not edited")
}

func TestChooseParamIsOneUndoStepEach(t *testing.T) {
	m := NewModel(projects.New("T"))
	path := StepPath{2} // room_drawer
	m.ChooseParam(path, "shape", "rectangle")
	m.ChooseParam(path, "shape", "circle")
	m.Undo()
	assert.Equal(t, "rectangle", m.Step(path).Params["shape"])
	m.SetParam(path, "shape", "circle")
	m.SetParam(path, "shape", "random")
	m.Undo()
	assert.Equal(t, "rectangle", m.Step(path).Params["shape"], "typed values into one field still undo as one")
}
