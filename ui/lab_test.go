package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
)

// The lab's Open shows a variant of the selected level on the map, exactly
// the level a search ran (its chain, its master seed, the level's rules; a
// fixed level seed ignored), edits nothing and says it is a preview; the
// next edit shows the chain again. Apply is one undo step.
func TestLabPreviewAndApply(t *testing.T) {
	p := projects.New("Lab")
	fixed := uint64(99)
	p.Levels[0].Seed = &fixed
	f := newFixture(t, p)
	e := f.e
	before := e.m.Project()
	v := e.m.Chain().Clone()
	v.Steps[0].Params = map[string]any{"tries": 30}
	statsHost{e}.OpenVariant(v, 4242, "variant tries=30, seed 4242")
	f.settle()
	assert.Equal(t, "Map", e.main.Selected().Text)
	assert.True(t, f.says("Preview of variant tries=30, seed 4242: not in the chain"))
	assert.Same(t, before, e.m.Project(), "nothing edited")
	cfg := p.Config(0, 4242, e.spawner)
	cfg.Seed = nil
	want, err := p.RunLevelChain(context.Background(), 0, v, cfg)
	require.NoError(t, err)
	assert.Equal(t, projects.Fingerprint(want), projects.Fingerprint(f.result()), "exactly the variant's level")

	statsHost{e}.EditLevel("Apply variant tries=30", "", func(l *projects.Level) { l.Chain = v })
	f.settle()
	assert.Equal(t, 30, e.m.Chain().Steps[0].Params["tries"])
	assert.False(t, f.says("Preview of"), "the map shows the chain again")
	assert.Equal(t, "Apply variant tries=30", e.m.Undo())
	f.settle()
	assert.Same(t, before, e.m.Project(), "one undo step")
}

// The compare view's saved version is the project file's level of the same
// depth; a project never saved has none, and says so.
func TestSavedTargetReadsTheProjectFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lab.hewn.json")
	p := projects.New("Lab")
	var b bytes.Buffer
	require.NoError(t, p.Encode(&b))
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)
	e := f.e
	e.m.SetParam([]int{0}, "tries", 45)
	f.settle()
	tg, why := statsHost{e}.SavedTarget()
	require.Empty(t, why)
	assert.Nil(t, tg.Chain.Steps[0].Params["tries"], "the saved file's chain, not the edited one")
	assert.Equal(t, "Level 1 (saved)", tg.Name)

	g := newFixture(t, projects.New("Unsaved"))
	_, why = statsHost{g.e}.SavedTarget()
	assert.Equal(t, "the project has no saved file yet", why)
}
