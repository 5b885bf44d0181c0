package ui

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/metrics"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/ui/internal/uitest"
)

// ruleTheFirstTryMisses is a rule on rooms that the starter level's first
// roll for master seed 1 misses and a later one meets.
func ruleTheFirstTryMisses(t *testing.T, p *projects.Project) projects.Rule {
	t.Helper()
	res, err := p.RunLevel(context.Background(), 0, p.Config(0, p.Seed, content.Default().Roller()))
	require.NoError(t, err)
	first := float64(len(res.State.Rooms))
	above := first + 1
	return projects.Rule{Metric: metrics.Rooms, Min: &above}
}

// The editor's map obeys the level's acceptance rules: a level whose first
// roll misses a rule shows a later try, the status line says which, and the
// Play tab and the level JSON export get that same level (what `hewn run`
// prints).
func TestTheMapShowsTheAcceptedTry(t *testing.T) {
	p := projects.New("Lab")
	rule := ruleTheFirstTryMisses(t, p)
	p.Levels[0].Accept = &projects.Accept{Tries: 50, Rules: []projects.Rule{rule}}
	f := newFixture(t, p)
	e := f.e
	r := f.result()
	require.NotNil(t, r, "the level generated")
	assert.Greater(t, r.Try, 1, "the first try missed the rule")
	assert.GreaterOrEqual(t, float64(len(r.State.Rooms)), *rule.Min)
	assert.True(t, f.says(fmt.Sprintf("try %d of 50", r.Try)), "the status line says which try")
	assert.Equal(t, r.History.At(r.History.Len()-1).Map.Tiles, r.State.Map.Tiles, "the history is the accepted roll's")

	// the level JSON export is the facade's level for the same seed
	var shown bytes.Buffer
	require.NoError(t, r.Level().WriteJSON(&shown))
	want, err := e.m.Project().LevelJSON(context.Background(), 1, e.m.Project().Seed, nil)
	require.NoError(t, err)
	assert.Equal(t, string(want), shown.String())
	assert.Contains(t, shown.String(), fmt.Sprintf(`"try": %d`, r.Try))

	// the Play tab plays that level
	e.selectMain("Play")
	g := uitest.FindOne[interface {
		fyne.CanvasObject
		Game() *play.Game
	}](t, e.play, nil).Game()
	require.NotNil(t, g, "a game is on screen")
	assert.Equal(t, r.State.Map.Tiles, g.Map.Tiles)

	// a level without rules is its first try, and says nothing of tries
	e.m.EditLevel("No rules", "", func(l *projects.Level) { l.Accept = nil })
	f.settle()
	assert.Equal(t, 1, max(f.result().Try, 1))
	assert.False(t, f.says("try "))
	assert.NotEqual(t, r.State.Map.Tiles, f.result().State.Map.Tiles)
}

// A level no try of which meets its rules fails on the map with the rule
// named, and the last good map stays.
func TestTheMapSaysWhenNoTryMeetsTheRules(t *testing.T) {
	f := newFixture(t, projects.New("Lab"))
	good := f.result()
	require.NotNil(t, good)
	never := 1.0
	f.e.m.EditLevel("Rules", "", func(l *projects.Level) {
		l.Accept = &projects.Accept{Tries: 3, Rules: []projects.Rule{{Metric: "spawns.Dragon", Min: &never}}}
	})
	f.settle()
	assert.True(t, f.says("levels[0].accept: no try of 3 met every rule"))
	assert.True(t, f.says("the map is the last good run"))
	assert.Same(t, good, f.result())
}
