package mapview

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
	"hewn/ui/model"
	"hewn/ui/render"
)

func TestShowsTheFinalSnapshotOfTheRun(t *testing.T) {
	f := newFixture(t, uitest.Project())
	r := f.result()
	require.NotNil(t, r)
	require.NotNil(t, f.p.scene)
	assert.Equal(t, 40, f.p.scene.Map.W)
	assert.Equal(t, r.State.Map.Tiles, f.p.scene.Map.Tiles, "the final snapshot is shown")
	assert.Same(t, f.p.scene, f.p.view.Drawing(), "in the viewport")
	assert.Contains(t, f.p.status.Text, "Depth 1 · seed ")
	assert.Contains(t, f.p.status.Text, "generated in 0.0 ms")
}

func TestScrubberShowsSnapshots(t *testing.T) {
	f := newFixture(t, uitest.Project())
	p := f.p
	h := f.result().History
	require.GreaterOrEqual(t, h.Len(), 3)
	assert.Equal(t, h.Len()-1, p.scrub.Current())
	p.scrub.slider.SetValue(1)
	assert.Equal(t, 1, p.scrub.Current())
	assert.Equal(t, h.At(1).Map.Tiles, p.scene.Map.Tiles)
	assert.NotEqual(t, h.At(0).Map.Tiles, p.scene.Map.Tiles)
	assert.Equal(t, h.Changed(1), p.scene.Changed, "changed tiles are highlighted")
	assert.NotEmpty(t, p.scene.Changed)
	assert.Contains(t, p.scrub.label.Text, "2/")
	assert.Contains(t, p.scrub.label.Text, "steps[0]")
	assert.Contains(t, p.scrub.label.Text, "simple_map")
	// keys
	p.HistoryKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	assert.Equal(t, 2, p.scrub.Current())
	p.HistoryKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	assert.Equal(t, 1, p.scrub.Current())
	p.HistoryKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	assert.Equal(t, h.Len()-1, p.scrub.Current())
	p.HistoryKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	assert.Equal(t, h.At(0).Map.Tiles, p.scene.Map.Tiles)
	// unticking Changes draws no highlight
	p.scrub.Show(1)
	p.changes.SetChecked(false)
	assert.Empty(t, p.scene.Changed)
	p.changes.SetChecked(true)
	// another step selected: its last snapshot
	require.NoError(t, f.h.AddStep(nil, -1, "simple_map"))
	h = f.result().History
	f.h.SelectStep(0)
	assert.Equal(t, h.LastOf(0), p.scrub.Current())
	f.h.SelectStep(1)
	assert.Equal(t, h.LastOf(1), p.scrub.Current())
}

func TestScrubberPlays(t *testing.T) {
	f := newFixture(t, uitest.Project())
	s := f.p.scrub
	s.Show(0)
	s.speed.SetSelected("50 ms")
	assert.Equal(t, "50ms", f.p.PlaybackDelay().String())
	f.p.TogglePlayback()
	assert.True(t, s.Playing())
	for s.Playing() && s.Current() < 2 {
		f.h.q.Drain()
	}
	f.p.Pause()
	assert.False(t, s.Playing())
	assert.GreaterOrEqual(t, s.Current(), 2)
}

func TestHoverDescribesTile(t *testing.T) {
	sc := &render.Scene{Map: chain.NewGrid(10, 10), Spawns: []chain.Spawn{{X: 2, Y: 3, Name: "Goblin"}},
		Start: &chain.Point{X: 2, Y: 3}}
	sc.Map.Set(chain.Point{X: 2, Y: 3}, chain.Floor)
	s := describeTile(sc, chain.Point{X: 2, Y: 3})
	assert.Equal(t, "(2, 3) floor · start · spawns: Goblin", s)
	assert.Equal(t, "", describeTile(sc, chain.Point{X: -1, Y: 3}))

	f := newFixture(t, uitest.Project())
	f.p.view.OnHover(chain.Point{X: 0, Y: 0}, true)
	assert.Equal(t, "(0, 0) wall", f.p.hover.Text, "the hover line describes the tile")
	f.p.view.OnHover(chain.Point{}, false)
	assert.Equal(t, "", f.p.hover.Text)
}

func TestFailedRunPartialHistory(t *testing.T) {
	f := newFixture(t, uitest.Project())
	p := f.p
	good := p.scene
	require.NotNil(t, good)
	goodLen := p.scrub.Len()
	require.NoError(t, f.h.AddStep(nil, -1, "ui_test_fail"))

	// the last good map stays; the status names the failing step and offers the partial run
	assert.Same(t, good.Map, p.scene.Map)
	assert.Contains(t, p.status.Text, "steps[1] ui_test_fail")
	assert.Contains(t, p.status.Text, "needs rooms")
	assert.Contains(t, p.status.Text, "last good run")
	assert.Equal(t, widget.DangerImportance, p.status.Importance)
	require.True(t, p.partial.Visible())
	assert.Equal(t, "Show failed run", p.partial.Text)
	assert.Equal(t, goodLen, p.scrub.Len())

	test.Tap(p.partial)
	require.True(t, p.browsingFailed)
	n := p.failed.History.Len()
	require.Positive(t, n)
	assert.Equal(t, n, p.scrub.Len(), "the scrubber browses the failed run")
	assert.Equal(t, n-1, p.scrub.Current(), "at the last snapshot before the failure")
	assert.True(t, strings.HasPrefix(p.scrub.label.Text, "Failed run · "), p.scrub.label.Text)
	assert.Contains(t, p.status.Text, "showing the failed run")
	assert.Contains(t, p.status.Text, "steps[1] ui_test_fail")
	assert.Equal(t, "Back to last good map", p.partial.Text)
	r, _ := p.Viewed()
	assert.Same(t, p.failed, r, "the failed run is the one viewed (exported, spawned)")
	p.scrub.slider.SetValue(0)
	assert.Equal(t, 0, p.scrub.Current())
	assert.Equal(t, p.failed.History.At(0).Map.Tiles, p.scene.Map.Tiles)

	// an edit that still fails keeps the designer in the failed run
	f.h.SetParam(model.StepPath{0}, "max_rooms", 4)
	assert.True(t, p.browsingFailed)
	assert.Equal(t, p.failed.History.Len(), p.scrub.Len())

	test.Tap(p.partial)
	assert.False(t, p.browsingFailed)
	assert.Equal(t, p.result.History.Len(), p.scrub.Len())
	assert.False(t, strings.HasPrefix(p.scrub.label.Text, "Failed run"))
	assert.Contains(t, p.status.Text, "last good run")

	// fixing the chain clears it all
	f.h.RemoveStep(nil, 1)
	assert.False(t, p.partial.Visible())
	assert.Nil(t, p.failed)
	assert.Equal(t, widget.MediumImportance, p.status.Importance)
	assert.Contains(t, p.status.Text, "snapshots")
}

func TestFailedLevelWithoutGoodMapShowsPartialRun(t *testing.T) {
	pr := uitest.Project()
	pr.Levels[1].Chain.Steps = append(pr.Levels[1].Chain.Steps, chain.Step{Builder: "ui_test_fail"})
	f := newFixture(t, pr)
	p := f.p
	f.h.SelectLevel(1)
	assert.True(t, p.browsingFailed, "no good map of this level: the partial run shows at once")
	assert.False(t, p.partial.Visible(), "no good map to go back to")
	assert.Equal(t, p.failed.History.Len(), p.scrub.Len())
	assert.Equal(t, 25, p.scene.Map.H)
	assert.Contains(t, p.status.Text, "steps[1] ui_test_fail")
}

func TestNoticeIsSaidWithTheNextMap(t *testing.T) {
	f := newFixture(t, uitest.Project())
	f.p.Notice("Opened the chain c.json")
	f.p.SetStatus("Generating…")
	assert.Equal(t, "Generating…", f.p.status.Text)
	f.run()
	assert.True(t, strings.HasPrefix(f.p.status.Text, "Opened the chain c.json · Depth 1"), f.p.status.Text)
	f.run()
	assert.True(t, strings.HasPrefix(f.p.status.Text, "Depth 1"), "said once")
}

func TestSeedBarShowsMasterAndPinnedLevelSeed(t *testing.T) {
	pr := uitest.Project()
	s := uint64(77)
	pr.Levels[1].Seed = &s
	f := newFixture(t, pr)
	sb := f.p.seeds
	assert.Equal(t, "7", sb.master.Text)
	assert.Contains(t, sb.level.Text, "derived")
	f.h.SelectLevel(1)
	assert.Contains(t, sb.level.Text, "Level seed 77 (fixed")
	assert.EqualValues(t, 77, f.result().Seed)
}

// The seed bar: typing sets the master seed, the dice rolls a new one, the
// lock stops the dice (and New Seed), Command asks the editor to copy.
func TestSeedBarEditsTheMasterSeed(t *testing.T) {
	f := newFixture(t, uitest.Project())
	m, sb := f.h, f.p.seeds
	f.w.Canvas().Focus(sb.master)
	sb.master.SetText("99")
	assert.EqualValues(t, 99, m.Project().Seed)
	assert.Nil(t, m.Level().Seed, "the master seed pins no level seed")
	assert.Equal(t, chain.LevelSeed(99, 1), f.result().Seed)
	assert.Contains(t, sb.level.Text, fmt.Sprint(chain.LevelSeed(99, 1)))
	assert.Contains(t, sb.level.Text, "derived")
	sb.master.SetText("099")
	assert.Equal(t, "099", sb.master.Text, "the entry being typed into is left alone")
	m.Undo()
	assert.Equal(t, "7", sb.master.Text, "an undo shows the seed it restores, focus or not")
	test.Tap(sb.dice)
	assert.NotEqualValues(t, 7, m.Project().Seed)
	assert.Equal(t, fmt.Sprint(m.Project().Seed), sb.master.Text)
	test.Tap(sb.lock)
	assert.True(t, m.Settings().SeedLocked)
	assert.False(t, m.CanRedo())
	before := m.Project().Seed
	f.p.RollSeed()
	assert.Equal(t, before, m.Project().Seed)
	assert.True(t, sb.dice.Disabled())
	assert.True(t, sb.master.Disabled())
	test.Tap(sb.copyCmd)
	assert.Equal(t, 1, f.h.copied)
}

// The rooms overlay is a view setting: saved with the project, but no edit
// (nothing unsaved, no undo step, and an undo leaves it).
func TestRoomsOverlayIsAViewNotAnEdit(t *testing.T) {
	f := newFixture(t, uitest.Project())
	m := f.h.Model
	assert.False(t, f.p.scene.ShowRooms)
	before := m.Project()
	test.Tap(f.p.rooms)
	assert.True(t, m.Settings().ShowRooms)
	assert.True(t, f.p.scene.ShowRooms)
	assert.False(t, m.Dirty(), "a view toggle leaves nothing unsaved")
	assert.False(t, m.CanUndo(), "and takes no undo step")
	assert.Same(t, before, m.Project())
	assert.True(t, m.Saved().Settings.ShowRooms, "saved with the project")
	f.h.EditProject("Theme", "theme:0:wall:fg", func(*projects.Project) {})
	assert.True(t, f.p.scene.ShowRooms)
	f.h.Undo()
	assert.True(t, f.p.rooms.Checked, "an undo leaves the view as it is")
	assert.True(t, f.p.scene.ShowRooms)
	f.p.ToggleRooms()
	assert.False(t, f.p.scene.ShowRooms)
	assert.False(t, m.Settings().ShowRooms)
}
