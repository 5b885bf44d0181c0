package contentedit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/ui/internal/uitest"
)

func TestSpawnWeightEditUpdatesOddsAndUndoes(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	pk := h.pack
	p.setOddsDepth(1)
	before := p.probability("Goblin")
	require.Greater(t, before, 0.0)
	w := p.spawnField("Goblin", "weight")
	old := w.Text
	w.SetText("200")
	e, _ := h.pack.Spawn("Goblin")
	assert.Equal(t, 200, e.Weight)
	assert.Greater(t, p.probability("Goblin"), before)
	assert.NotSame(t, pk, h.pack, "a new pack: it needs saving")

	h.Undo()
	assert.Equal(t, old, w.Text)
	assert.InDelta(t, before, p.probability("Goblin"), 1e-12)
}

func TestSpawnValidationSaysWhy(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	e0, _ := h.pack.Spawn("Goblin")
	p.spawnField("Goblin", "min").SetText("99")
	assert.Contains(t, p.spawnStatus(), "min depth must be ≤ max depth")
	e, _ := h.pack.Spawn("Goblin")
	assert.Equal(t, e0.MinDepth, e.MinDepth, "a refused value changes nothing")
	p.spawnField("Goblin", "weight").SetText("lots")
	assert.Contains(t, p.spawnStatus(), "weight must be a whole number")
}

func TestSpawnAddRemoveAndFilter(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	pk := h.pack
	var missing string
	for _, n := range pk.Names() {
		if _, ok := pk.Spawn(n); !ok {
			missing = n
			break
		}
	}
	require.NotEmpty(t, missing)
	p.addSpawn(missing)
	_, ok := h.pack.Spawn(missing)
	assert.True(t, ok)
	assert.Contains(t, p.shownSpawns(), missing)
	p.removeSpawn(missing)
	_, ok = h.pack.Spawn(missing)
	assert.False(t, ok)
	p.setSpawnFilter("goblin", "")
	assert.Equal(t, []string{"Goblin"}, p.shownSpawns())
}

func TestFactionCellSetsResponseAndUndoes(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	pk := h.pack
	require.GreaterOrEqual(t, len(pk.FactionTable), 2)
	a, b := pk.FactionTable[0].Name, pk.FactionTable[1].Name
	before, _ := pk.Faction(a).Responses.Get(b)
	p.showTab("Factions")
	cell := p.factionCell(a, b)
	require.NotNil(t, cell)
	next := "flee"
	if before == next {
		next = "attack"
	}
	cell.SetSelected(next)
	got, _ := h.pack.Faction(a).Responses.Get(b)
	assert.Equal(t, next, got)
	h.Undo()
	got, _ = h.pack.Faction(a).Responses.Get(b)
	assert.Equal(t, before, got)
	assert.Equal(t, before, cell.Selected)
}

func TestContentExportRoundTripsOnlyEdits(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	p.spawnField("Goblin", "weight").SetText("42")
	var got, want bytes.Buffer
	require.NoError(t, h.pack.Export(&got))
	def := content.Default()
	e, _ := def.Spawn("Goblin")
	e.Weight = 42
	require.NoError(t, def.Export(&want))
	assert.Equal(t, want.String(), got.String())
	back, err := content.Parse(got.Bytes())
	require.NoError(t, err)
	be, _ := back.Spawn("Goblin")
	assert.Equal(t, 42, be.Weight)
}

func TestContentLevelSpawnedCounts(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	h.spawns, h.depth = []chain.Spawn{{Name: "Goblin"}, {Name: "Orc"}, {Name: "Goblin"}}, 1
	p.UpdateLevel()
	assert.Equal(t, "Depth 1: 3 spawns\n   2  Goblin\n   1  Orc\n", p.levelText())
}

func TestContentReadOnlyRefusesEdits(t *testing.T) {
	p, h := newFakePanel(t, "", 1280, 800)
	h.ro = "The embedded default pack is read-only."
	p.Update()
	pk := h.pack
	w := p.spawnField("Goblin", "weight")
	require.NotNil(t, w)
	w.SetText("7")
	assert.Contains(t, p.spawnStatus(), "read-only")
	assert.Same(t, pk, h.pack, "nothing changed")
}

// BenchmarkOddsWeightEdit is one weight typed into the spawn table of the
// tutorial's chapter-74 pack (82 entries) until the odds views (bars and
// heatmap) show it.
func BenchmarkOddsWeightEdit(b *testing.B) {
	p, h := newFakePanel(b, "", 1280, 800)
	raws, err := os.ReadFile(filepath.Join("testdata", "ch74_spawns.json"))
	require.NoError(b, err)
	ch74, err := content.Parse(raws)
	require.NoError(b, err)
	require.Len(b, ch74.SpawnTable, 82)
	require.NoError(b, h.EditPack("ch.74", "", func(pk *content.Pack) error { *pk = *ch74; return nil }))
	require.Len(b, h.pack.SpawnTable, 82)
	w := p.spawnField("Goblin", "weight")
	require.NotNil(b, w)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := processCPU()
	for i := range b.N {
		w.SetText(strconv.Itoa(2 + i%50))
	}
	b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// processCPU is the CPU time the process has used (every thread, the
// garbage collector's too).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
func TestContentExportRoundTripsCh60RawsWithOnlyTheEditedFieldsChanged(t *testing.T) {
	p, h := newFakePanel(t, "ch60_spawns.json", 1280, 800)
	h.proj = uitest.Project() // no prefab legend names Goblin: the rename asks nothing
	p.Update()
	raws, err := os.ReadFile(filepath.Join("testdata", "ch60_spawns.json"))
	require.NoError(t, err)
	p.spawnField("Goblin", "weight").SetText("42")
	p.factionCell("Cave Goblins", "Mindless").SetSelected("flee")
	assert.Contains(t, p.renameEntity("Goblin", "Hobgoblin"), "Renamed")
	fg, ok := p.entityInput("Orc", "renderable.fg").(*widget.Entry)
	require.True(t, ok)
	fg.SetText("#123456")

	var got bytes.Buffer
	require.NoError(t, h.pack.Export(&got), "the editor exports (and saves) the pack so")
	var before, after any
	require.NoError(t, json.Unmarshal(raws, &before))
	require.NoError(t, json.Unmarshal(got.Bytes(), &after))
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
	for len(h.undo) > 0 {
		h.Undo()
	}
	got.Reset()
	require.NoError(t, h.pack.Export(&got))
	require.NoError(t, json.Unmarshal(got.Bytes(), &after))
	diff = nil
	jsonDiff(before, after, "", &diff)
	assert.Empty(t, diff)
}

func TestContentRenameEntityFollowsIntoStepsAndUndoRestoresThem(t *testing.T) {
	p, h := newFakePanel(t, "ch60_spawns.json", 1280, 800)
	h.proj = uitest.Project()
	h.proj.Levels[0].Chain.Steps = append(h.proj.Levels[0].Chain.Steps, projectsStep("place_spawn", "Goblin"))
	p.Update()
	before := h.pack.EntityRefs("Goblin")
	require.NotEmpty(t, before)
	p.renameEntity("Goblin", "Hobgoblin")
	pk, pr := h.pack, h.proj
	assert.Empty(t, pk.EntityRefs("Goblin"))
	assert.Len(t, pk.EntityRefs("Hobgoblin"), len(before), "every reference in the pack follows")
	assert.Empty(t, pr.EntitySteps("Goblin"))
	assert.Len(t, pr.EntitySteps("Hobgoblin"), 1, "and the place_spawn step")
	assert.Empty(t, pr.CheckEntities(pk))

	h.Undo()
	assert.Len(t, h.pack.EntityRefs("Goblin"), len(before))
	assert.Len(t, h.proj.EntitySteps("Goblin"), 1, "one undo restores the pack and the step")
	_, ok := h.pack.FindEntity("Hobgoblin")
	assert.False(t, ok)
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

// projectsStep is a step of builder that places the spawn named name at the
// map's centre.
func projectsStep(builder, name string) chain.Step {
	return chain.Step{Builder: builder, Params: map[string]any{"name": name, "x": 20, "y": 10}}
}
