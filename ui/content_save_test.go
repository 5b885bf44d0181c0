package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// newCh60Fixture is the editor (menus and all) on testProject saved beside
// the tutorial's chapter-60 raws as its content pack; it returns the pack's
// original bytes.
func newCh60Fixture(t *testing.T) (*windowFixture, []byte) {
	t.Helper()
	raws, err := os.ReadFile(filepath.Join("contentedit", "testdata", "ch60_spawns.json"))
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, projects.PackFile), raws, 0o644))
	p := uitest.Project()
	p.Content = projects.PackFile
	path := filepath.Join(dir, "ch60.hewn.json")
	require.NoError(t, p.Save(path))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	require.NotNil(t, f.e.m.Pack(), "the raws load")
	require.Empty(t, contentHost{f.e}.ReadOnly())
	return f, raws
}

// jsonDiff lists the paths where two decoded JSON values differ.
func jsonDiff(a, b any, path string, out *[]string) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			*out = append(*out, path)
			return
		}
		for k, v := range x {
			jsonDiff(v, y[k], path+"."+k, out)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				*out = append(*out, path+"."+k)
			}
		}
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			*out = append(*out, path)
			return
		}
		for i := range x {
			jsonDiff(x[i], y[i], fmt.Sprintf("%s[%d]", path, i), out)
		}
	default:
		if fmt.Sprint(a) != fmt.Sprint(b) {
			*out = append(*out, path)
		}
	}
}

func TestContentExportRoundTripsCh60RawsWithOnlyTheEditedFieldsChanged(t *testing.T) {
	f, raws := newCh60Fixture(t)
	p := f.e.contentPanel()
	p.SpawnField("Goblin", "weight").SetText("42")
	f.settle()
	p.FactionCell("Cave Goblins", "Mindless").SetSelected("flee")
	f.settle()
	assert.Contains(t, p.RenameEntity("Goblin", "Hobgoblin"), "Renamed")
	f.settle()
	fg, ok := p.EntityInput("Orc", "renderable.fg").(*widget.Entry)
	require.True(t, ok)
	fg.SetText("#123456")
	f.settle()

	out := filepath.Join(t.TempDir(), "out.json")
	require.NoError(t, f.e.ExportContent(out))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	var before, after any
	require.NoError(t, json.Unmarshal(raws, &before))
	require.NoError(t, json.Unmarshal(got, &after))
	var diff []string
	jsonDiff(before, after, "", &diff)
	slices.Sort(diff)
	assert.Equal(t, []string{
		".faction_table[4].responses.Mindless",
		".mobs[19].renderable.fg",
		".mobs[21].name",
		".spawn_table[0].name",
		".spawn_table[0].weight",
	}, diff, "only the edited fields changed")

	// and back: undo every edit, and the export is the raws again
	for f.e.m.CanUndo() {
		f.e.m.Undo()
	}
	f.settle()
	require.NoError(t, f.e.ExportContent(out))
	got, _ = os.ReadFile(out)
	require.NoError(t, json.Unmarshal(got, &after))
	diff = nil
	jsonDiff(before, after, "", &diff)
	assert.Empty(t, diff)
}

func TestContentRenameEntityFollowsIntoStepsAndUndoRestoresThem(t *testing.T) {
	f, _ := newCh60Fixture(t)
	e := f.e
	e.m.EditLevel("place", "", func(l *projects.Level) {
		l.Chain.Steps = append(l.Chain.Steps, projectsStep("place_spawn", "Goblin"))
	})
	f.settle()
	before := e.m.Pack().EntityRefs("Goblin")
	require.NotEmpty(t, before)
	p := e.contentPanel()
	p.RenameEntity("Goblin", "Hobgoblin")
	f.settle()
	pk, pr := e.m.Pack(), e.m.Project()
	assert.Empty(t, pk.EntityRefs("Goblin"))
	assert.Len(t, pk.EntityRefs("Hobgoblin"), len(before), "every reference in the pack follows")
	assert.Empty(t, pr.EntitySteps("Goblin"))
	assert.Len(t, pr.EntitySteps("Hobgoblin"), 1, "and the place_spawn step")
	assert.Empty(t, pr.CheckEntities(pk))

	e.Undo()
	f.settle()
	assert.Len(t, e.m.Pack().EntityRefs("Goblin"), len(before))
	assert.Len(t, e.m.Project().EntitySteps("Goblin"), 1, "one undo restores the pack and the step")
	_, ok := e.m.Pack().FindEntity("Hobgoblin")
	assert.False(t, ok)
}

func TestContentSavingAPackWithErrorsAsksFirst(t *testing.T) {
	f, raws := newCh60Fixture(t)
	e := f.e
	packFile := filepath.Join(filepath.Dir(e.m.Project().Path), projects.PackFile)
	require.NoError(t, e.m.EditPack("Break", "", func(pk *content.Pack) error {
		pk.SpawnTable[0].MinDepth = 99
		return nil
	}))
	f.settle()
	press(t, f.w, ctrlS)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "spawn_table[0].min_depth"), "the errors are listed")
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	got, _ := os.ReadFile(packFile)
	assert.Equal(t, raws, got, "cancelled: nothing written")
	assert.True(t, e.m.Dirty())

	press(t, f.w, ctrlS)
	test.Tap(uitest.ButtonIn(t, uitest.Overlay(t, f.w), "Save anyway"))
	assert.False(t, e.m.Dirty())
	pk, err := content.LoadFile(packFile)
	require.NoError(t, err)
	assert.Equal(t, 99, pk.SpawnTable[0].MinDepth)

	// a project edit with the pack unchanged saves without asking
	e.m.EditProject("Rename", "", func(p *projects.Project) { p.Name = "Renamed" })
	press(t, f.w, ctrlS)
	assert.False(t, e.m.Dirty())
}

// projectsStep is a step of builder that places the spawn named name at the
// map's centre.
func projectsStep(builder, name string) chain.Step {
	return chain.Step{Builder: builder, Params: map[string]any{"name": name, "x": 20, "y": 10}}
}
