package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// newContentFixture is the editor on testProject (its levels spawning from
// the pack) with an editable copy of the default pack.
func newContentFixture(t testing.TB) *fixture {
	p := uitest.Project()
	for i := range p.Levels {
		p.Levels[i].Chain.Steps = append(p.Levels[i].Chain.Steps, chain.Step{Builder: "room_based_spawner"})
	}
	f := newFixture(t, p)
	contentHost{f.e}.MakeEditableCopy()
	f.settle()
	require.Empty(t, contentHost{f.e}.ReadOnly())
	return f
}

// The content panel says what the level on screen spawned.
func TestContentPanelCountsTheLevelsSpawns(t *testing.T) {
	f := newContentFixture(t)
	r := f.result()
	require.NotEmpty(t, r.State.Spawns)
	showTab(t, f.e.contents, "This level")
	assert.True(t, uitest.TextIn(f.e.contents, fmt.Sprintf("Depth 1: %d spawns", len(r.State.Spawns))))
	f.e.m.SelectLevel(1)
	f.settle()
	assert.True(t, uitest.TextIn(f.e.contents, fmt.Sprintf("Depth 2: %d spawns", len(f.result().State.Spawns))))
}

// The embedded pack is read-only until it is copied beside the project.
func TestContentPanelIsReadOnlyOnTheEmbeddedPack(t *testing.T) {
	f := newFixture(t, uitest.Project())
	assert.True(t, uitest.TextIn(f.e.contents, "read-only"))
	assert.ErrorContains(t, contentHost{f.e}.EditPack("Weight", "", func(*content.Pack) error { return nil }), "read-only")
	assert.False(t, f.e.m.PackDirty())
	test.Tap(uitest.ButtonIn(t, f.e.contents, "Make editable copy"))
	f.settle()
	assert.False(t, uitest.TextIn(f.e.contents, "read-only"))
	assert.Equal(t, projects.PackFile, f.e.m.Project().Content)
}
