package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/ui/contentedit"
	"hewn/ui/internal/uitest"
)

// newContentFixture is the editor on testProject with an editable copy of the
// default pack, and its content panel.
func newContentFixture(t testing.TB) (*fixture, *contentedit.Panel) {
	f := newFixture(t, uitest.Project())
	contentHost{f.e}.MakeEditableCopy()
	f.settle()
	p := f.e.contentPanel()
	require.NotNil(t, p)
	require.NotNil(t, p.SpawnField("Goblin", "weight"), "the default pack spawns goblins")
	return f, p
}

func TestSpawnWeightEditUpdatesOddsAndUndoes(t *testing.T) {
	f, p := newContentFixture(t)
	p.SetOddsDepth(1)
	before := p.Probability("Goblin")
	require.Greater(t, before, 0.0)
	w := p.SpawnField("Goblin", "weight")
	old := w.Text
	w.SetText("200")
	f.settle()
	e, _ := f.e.m.Pack().Spawn("Goblin")
	assert.Equal(t, 200, e.Weight)
	assert.Greater(t, p.Probability("Goblin"), before)
	assert.True(t, f.e.m.PackDirty())

	f.e.m.Undo()
	f.settle()
	assert.Equal(t, old, w.Text)
	assert.InDelta(t, before, p.Probability("Goblin"), 1e-12)
}

func TestSpawnValidationSaysWhy(t *testing.T) {
	f, p := newContentFixture(t)
	e0, _ := f.e.m.Pack().Spawn("Goblin")
	p.SpawnField("Goblin", "min").SetText("99")
	f.settle()
	assert.Contains(t, p.SpawnStatus(), "min depth must be ≤ max depth")
	e, _ := f.e.m.Pack().Spawn("Goblin")
	assert.Equal(t, e0.MinDepth, e.MinDepth, "a refused value changes nothing")
	p.SpawnField("Goblin", "weight").SetText("lots")
	assert.Contains(t, p.SpawnStatus(), "weight must be a whole number")
}

func TestSpawnAddRemoveAndFilter(t *testing.T) {
	f, p := newContentFixture(t)
	pk := f.e.m.Pack()
	var missing string
	for _, n := range pk.Names() {
		if _, ok := pk.Spawn(n); !ok {
			missing = n
			break
		}
	}
	require.NotEmpty(t, missing)
	p.AddSpawn(missing)
	f.settle()
	_, ok := f.e.m.Pack().Spawn(missing)
	assert.True(t, ok)
	assert.Contains(t, p.ShownSpawns(), missing)
	p.RemoveSpawn(missing)
	f.settle()
	_, ok = f.e.m.Pack().Spawn(missing)
	assert.False(t, ok)
	p.SetSpawnFilter("goblin", "")
	assert.Equal(t, []string{"Goblin"}, p.ShownSpawns())
}

func TestFactionCellSetsResponseAndUndoes(t *testing.T) {
	f, p := newContentFixture(t)
	pk := f.e.m.Pack()
	require.GreaterOrEqual(t, len(pk.FactionTable), 2)
	a, b := pk.FactionTable[0].Name, pk.FactionTable[1].Name
	before, _ := pk.Faction(a).Responses.Get(b)
	p.ShowTab("Factions")
	cell := p.FactionCell(a, b)
	require.NotNil(t, cell)
	next := "flee"
	if before == next {
		next = "attack"
	}
	cell.SetSelected(next)
	f.settle()
	got, _ := f.e.m.Pack().Faction(a).Responses.Get(b)
	assert.Equal(t, next, got)
	f.e.m.Undo()
	f.settle()
	got, _ = f.e.m.Pack().Faction(a).Responses.Get(b)
	assert.Equal(t, before, got)
	assert.Equal(t, before, cell.Selected)
}

func TestContentExportRoundTripsOnlyEdits(t *testing.T) {
	f, p := newContentFixture(t)
	p.SpawnField("Goblin", "weight").SetText("42")
	f.settle()
	var got, want bytes.Buffer
	require.NoError(t, f.e.m.Pack().Export(&got))
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
	_, p := newContentFixture(t)
	assert.Contains(t, p.LevelText(), "Depth 1:")
}

func TestContentReadOnlyRefusesEdits(t *testing.T) {
	f := newFixture(t, uitest.Project())
	p := f.e.contentPanel()
	w := p.SpawnField("Goblin", "weight")
	require.NotNil(t, w)
	w.SetText("7")
	assert.Contains(t, p.SpawnStatus(), "read-only")
	assert.False(t, f.e.m.PackDirty())
}

// BenchmarkOddsWeightEdit is one weight typed into the spawn table of the
// tutorial's chapter-74 pack (82 entries) until the odds views (bars and
// heatmap) show it.
func BenchmarkOddsWeightEdit(b *testing.B) {
	f, p := newContentFixture(b)
	raws, err := os.ReadFile(filepath.Join("contentedit", "testdata", "ch74_spawns.json"))
	require.NoError(b, err)
	ch74, err := content.Parse(raws)
	require.NoError(b, err)
	require.Len(b, ch74.SpawnTable, 82)
	require.NoError(b, f.e.m.EditPack("ch.74", "", func(pk *content.Pack) error { *pk = *ch74; return nil }))
	f.settle()
	require.Len(b, f.e.m.Pack().SpawnTable, 82)
	w := p.SpawnField("Goblin", "weight")
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
