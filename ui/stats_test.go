package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// A seed the Statistics panel opens becomes the master seed (a fixed level
// seed is released) and its map shows in the Map tab.
func TestStatisticsOpenSeedShowsThatSeedsMap(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	e.m.SelectLevel(e.m.Project().LevelByDepth(3)) // limestone caverns
	e.m.EditLevel("Pin", "", func(l *projects.Level) { s := uint64(5); l.Seed = &s })
	f.settle()
	tgt, ok := statsHost{e}.Target()
	require.True(t, ok)
	assert.Equal(t, e.m.Level().Name, tgt.Name, "the sweep is of the selected level")
	e.main.SelectIndex(2)
	require.Equal(t, "Statistics", e.main.Selected().Text)

	statsHost{e}.OpenSeed(4242)
	f.settle()
	assert.EqualValues(t, 4242, e.m.Project().Seed)
	assert.Nil(t, e.m.Level().Seed, "the fixed seed is released")
	assert.Equal(t, "Map", e.main.Selected().Text)
	assert.Equal(t, chain.LevelSeed(4242, 3), f.result().Seed, "the map view shows that seed's level")
	e.Undo()
	assert.NotNil(t, e.m.Level().Seed, "one undo step")
}

// A death the Balance view opens is replayed in the Play tab.
func TestStatisticsOpenReplayPlaysInThePlayTab(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	e := f.e
	statsHost{e}.OpenReplay(5, 2, "....")
	assert.Equal(t, "Play", e.main.Selected().Text)
	side := uitest.LabelWith(e.play, "Underfoot:") // the play panel's sidebar
	require.NotNil(t, side, "the replay is on screen")
	assert.Contains(t, side.Text, "\nDepth 2\nTurn 4\n")
	assert.True(t, uitest.TextIn(e.play, "Replay of seed 5, depth 2"))

	statsHost{e}.OpenReplay(5, 2, "Q")
	assert.True(t, uitest.TextIn(uitest.Overlay(t, f.w), "unknown key"), "bad keys: the error shows")
}
