package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// brokenProject writes the starter project with its second step's builder
// misspelt and a bad parameter value on another step, as Hewn lays it out;
// it returns the file and its text.
func brokenProject(t *testing.T, dir string) (string, string) {
	t.Helper()
	data, err := projects.New("Broken").Bytes()
	require.NoError(t, err)
	bad := strings.Replace(string(data), `{ "builder": "room_sorter" }`, `{ "builder": "room_sortr", "params": { "by": 3 } }`, 1)
	require.NotEqual(t, string(data), bad)
	path := filepath.Join(dir, "broken.hewn.json")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	return path, bad
}

// A project with a step that does not load opens anyway, through the
// editor's open paths: the step is flagged in the chain list with its error,
// the run stops at it with the error shown (no crash), its form shows its
// JSON; saved untouched it is written back byte for byte; removed through
// the UI, the project runs and saves without it.
func TestOpeningAProjectWithABrokenStep(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	path, bad := brokenProject(t, f.dir)
	f.e.OpenPath(path)
	f.settle()
	require.Equal(t, path, f.e.m.Project().Path, "the project opened")
	c := f.chain()
	require.True(t, c.Steps[1].Broken())
	assert.Equal(t, 1, f.e.m.StepIndex(), "the broken step is selected")
	assert.True(t, uitest.TextIn(f.e.chain, "⛔ 2. room_sortr (did not load)"), "flagged in the chain list")
	assert.True(t, uitest.TextIn(f.e.chain, `⚠ unknown builder "room_sortr"`), "with its error")
	assert.True(t, f.says(`steps[1] room_sortr: did not load: builder: unknown builder "room_sortr"`), "the run stops at it and says why")
	assert.False(t, f.e.m.Dirty(), "opening is no edit")

	// its form: the JSON, refused with the reason while it does not load
	js := uitest.FindOne[*widget.Entry](t, f.paramArea(), func(e *widget.Entry) bool { return e.MultiLine })
	assert.Contains(t, js.Text, `"builder": "room_sortr"`)
	apply := buttonWithText(t, f.paramArea(), "Apply")
	assert.True(t, apply.Disabled())
	js.SetText(strings.Replace(js.Text, "room_sortr", "room_sorter", 1))
	assert.True(t, uitest.TextIn(f.paramArea(), `✗ step.params.by: unknown parameter`), "the reason shows under the JSON")
	assert.True(t, apply.Disabled())
	assert.True(t, f.chain().Steps[1].Broken(), "nothing changed")

	// saved as it is: the file is written back unchanged
	press(t, f.w, ctrlS)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, bad, string(got), "saved back byte for byte")

	// removed in the UI, the level runs and saves without it
	test.Tap(buttonWithText(t, f.paramArea(), "Remove step"))
	f.settle()
	assert.False(t, uitest.TextIn(f.e.chain, "did not load"))
	require.NotNil(t, f.result())
	assert.NotEmpty(t, f.result().State.Map.Tiles, "the level ran")
	press(t, f.w, ctrlS)
	got, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(got), "room_sortr")
	_, _, err = projects.Open(path)
	assert.NoError(t, err, "the command line opens it now")
}

// Opened at start-up, a broken step is flagged the same; fixed through its
// JSON and Apply it loads as a normal step, one undo step.
func TestABrokenStepIsFixedThroughItsJSON(t *testing.T) {
	path, _ := brokenProject(t, t.TempDir())
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	require.True(t, f.chain().Steps[1].Broken())
	assert.True(t, uitest.TextIn(f.e.chain, "⛔ 2. room_sortr (did not load)"))
	js := uitest.FindOne[*widget.Entry](t, f.paramArea(), func(e *widget.Entry) bool { return e.MultiLine })
	js.SetText(`{"builder": "room_sorter", "params": {"sort": "central"}}`)
	apply := buttonWithText(t, f.paramArea(), "Apply")
	require.False(t, apply.Disabled())
	test.Tap(apply)
	f.settle()
	s := f.chain().Steps[1]
	assert.False(t, s.Broken())
	assert.Equal(t, "central", s.Params["sort"])
	assert.False(t, uitest.TextIn(f.e.chain, "did not load"))
	assert.True(t, f.e.m.Dirty())
	f.e.m.Undo()
	assert.True(t, f.chain().Steps[1].Broken(), "one undo brings it back")
}

// A project whose content pack is broken opens too: malformed, the error
// (file and line:column) is told and the level runs without spawns until the
// pack is fixed or another imported; with a bad value, the pack loads and
// the Content tab lists the problem.
func TestOpeningAProjectWithABrokenContentPack(t *testing.T) {
	dir := t.TempDir()
	p := projects.New("P")
	p.Content = "spawns.json"
	data, err := p.Bytes()
	require.NoError(t, err)
	path := filepath.Join(dir, "p.hewn.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	pack := filepath.Join(dir, "spawns.json")

	require.NoError(t, os.WriteFile(pack, []byte(`{"mobs": [`), 0o644))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	assert.Equal(t, path, f.e.m.Project().Path, "the project opened")
	assert.Len(t, f.chain().Steps, 7)
	assert.True(t, f.says("the content pack did not load: "+pack+":1:"), "the run says why it had no pack, with the file and line")

	require.NoError(t, os.WriteFile(pack, []byte(`{"faction_table": [{"name": "X", "responses": {"Default": "hug"}}]}`), 0o644))
	f, err = newWindowFixture(t, path)
	require.NoError(t, err)
	assert.Equal(t, path, f.e.m.Project().Path)
	require.NotNil(t, f.e.m.Pack(), "the pack loads with its problem")
}
