package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects/play"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// A new level (Levels → +) generates a playable map at once: floor, a start,
// stairs down; the Play tab plays it.
func TestANewLevelIsPlayable(t *testing.T) {
	f := newFixture(t, uitest.Project())
	e := f.e
	n := len(e.m.Project().Levels)
	adds := uitest.FindAll(e.levels, func(b *widgets.IconButton) bool { return b.Icon == theme.ContentAddIcon() })
	require.NotEmpty(t, adds)
	test.Tap(adds[0]) // the level list's +, first in the panel
	f.settle()
	require.Len(t, e.m.Project().Levels, n+1)
	require.Equal(t, n, e.m.LevelIndex(), "the new level is selected")
	r := f.result()
	require.NotNil(t, r, "the new level generated")
	floor := 0
	for _, tl := range r.State.Map.Tiles {
		if tl == chain.Floor {
			floor++
		}
	}
	assert.Greater(t, floor, len(r.State.Map.Tiles)/10, "not black: rooms and corridors")
	assert.NotEmpty(t, r.State.Exits, "stairs down")

	e.selectMain("Play")
	g := uitest.FindOne[interface {
		fyne.CanvasObject
		Game() *play.Game
	}](t, e.play, nil).Game()
	require.NotNil(t, g, "the Play tab plays it")
	assert.Equal(t, e.m.Project().Levels[n].Depth, g.Depth)
}
