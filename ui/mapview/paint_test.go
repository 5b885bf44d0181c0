package mapview

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/paint"
	"hewn/ui/internal/uitest"
)

// paintProject is a one-level 40×25 project: rooms, a start, an exit and a
// goblin placed by name.
func paintProject() *projects.Project {
	p := uitest.Project()
	p.Levels = p.Levels[:1]
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps,
		chain.Step{Builder: "room_based_starting_position"}, chain.Step{Builder: "room_based_stairs"},
		chain.Step{Builder: "place_spawn", Params: map[string]any{"name": "Goblin", "x": "center", "y": "center"}})
	return p
}

// stroke drags the primary button over the grid through the tiles pts.
func (f *fixture) stroke(pts ...chain.Point) { uitest.Stroke(f.p.view, pts...) }

// floorTile is a floor tile of the map on screen away from the start, the
// exits and spawns, with floor to its right.
func (f *fixture) floorTile(t *testing.T) chain.Point {
	s := f.result().State
	busy := func(p chain.Point) bool {
		if s.Start != nil && *s.Start == p {
			return true
		}
		for _, e := range s.Exits {
			if e.Pos() == p {
				return true
			}
		}
		for _, sp := range s.Spawns {
			if sp.Pos() == p {
				return true
			}
		}
		return s.Map.At(p) != chain.Floor
	}
	for i := range s.Map.Tiles {
		p := s.Map.Pt(i)
		q := p.Add(chain.Point{X: 1})
		if s.Map.Inner(p) && s.Map.Inner(q) && !busy(p) && !busy(q) {
			return p
		}
	}
	t.Fatal("no floor")
	return chain.Point{}
}

func (f *fixture) paintOn(t *testing.T) {
	t.Helper()
	test.Tap(uitest.ButtonIn(t, f.p, "Paint"))
	require.True(t, f.p.Painting())
}

// A stroke of wall in paint mode becomes a paint step at the end of the
// chain (one undo step), shows on the map, and undoes as one step; a second
// stroke adds to the same step.
func TestPaintStrokeAndUndo(t *testing.T) {
	f := newFixture(t, paintProject())
	f.paintOn(t)
	at := f.floorTile(t)
	require.True(t, f.p.paint.pal.SelectLabel("wall"))
	f.stroke(at, at.Add(chain.Point{X: 1}))
	steps := f.h.Chain().Steps
	require.Equal(t, "paint", steps[len(steps)-1].Builder)
	assert.Equal(t, []chain.PaintCell{{X: at.X, Y: at.Y, W: 2, H: 1, Tile: "wall"}}, steps[len(steps)-1].Params["cells"])
	assert.Equal(t, chain.Wall, f.result().State.Map.At(at), "the map shows the stroke")
	assert.Equal(t, chain.Wall, f.p.scene.Map.At(at), "on screen")

	f.p.paint.bar.Select(paint.FilledRect)
	f.p.paint.pal.SelectLabel("deep water")
	f.stroke(at.Add(chain.Point{Y: 1}), at.Add(chain.Point{X: 1, Y: 2}))
	steps = f.h.Chain().Steps
	assert.Len(t, steps[len(steps)-1].Params["cells"], 2, "the second stroke joins the same step")
	assert.Equal(t, "Box stroke", f.h.Undo())
	assert.Equal(t, "Pencil stroke", f.h.Undo())
	assert.Len(t, f.h.Chain().Steps, 4, "the paint step goes with its first stroke")
	assert.Equal(t, chain.Floor, f.result().State.Map.At(at))
}

// Moving the goblin in paint mode clears it where it stood and places it
// where the drag ends; erase spawns removes it.
func TestPaintMovesAndErasesSpawns(t *testing.T) {
	f := newFixture(t, paintProject())
	f.paintOn(t)
	s := f.result().State
	var gob chain.Point
	for _, sp := range s.Spawns {
		if sp.Name == "Goblin" {
			gob = sp.Pos()
		}
	}
	to := f.floorTile(t)
	f.p.paint.bar.Select(paint.Move)
	f.stroke(gob, to)
	cells := f.h.Chain().Steps[4].Params["cells"]
	assert.Equal(t, []chain.PaintCell{{X: gob.X, Y: gob.Y, W: 1, H: 1, Clear: true}, {X: to.X, Y: to.Y, W: 1, H: 1, Spawn: "Goblin"}}, cells)
	assert.Equal(t, []chain.Spawn{{X: to.X, Y: to.Y, Name: "Goblin"}}, f.result().State.Spawns)
	f.p.paint.pal.SelectLabel("erase spawns")
	f.stroke(to)
	assert.Empty(t, f.result().State.Spawns)
}

// The start moved by paint keeps to its tile; walls around the exit draw a
// warning naming the paint step on the status line.
func TestPaintWarnsWhenItCutsTheExitOff(t *testing.T) {
	f := newFixture(t, paintProject())
	f.paintOn(t)
	ex := f.result().State.Exits[0].Pos()
	f.p.paint.bar.Select(paint.Rect)
	f.p.paint.pal.SelectLabel("wall")
	f.stroke(ex.Add(chain.Point{X: -1, Y: -1}), ex.Add(chain.Point{X: 1, Y: 1}))
	require.NotEmpty(t, f.result().Warnings)
	assert.Contains(t, f.p.status.Text, "⚠ steps[4] paint: cuts the exit")
}

// A locked region is a prefab step keeping the selection on every seed;
// Save selection as prefab stores it in the project; Bake makes the level
// a hand-made one drawing the same map.
func TestLockSaveAndBake(t *testing.T) {
	f := newFixture(t, paintProject())
	f.paintOn(t)
	f.p.paint.bar.Select(paint.Select)
	r := chain.R(2, 2, 10, 6)
	f.stroke(chain.Point{X: 2, Y: 2}, chain.Point{X: 11, Y: 7})
	assert.Equal(t, r, f.p.paint.sel)
	before := f.result().State.Map
	test.Tap(uitest.ButtonIn(t, f.p, "Lock region"))
	steps := f.h.Chain().Steps
	require.Equal(t, "prefab", steps[len(steps)-1].Builder)
	assert.Equal(t, "sectional", steps[len(steps)-1].Params["mode"])
	f.h.EditProject("seed", "", func(p *projects.Project) { p.Seed = 99 })
	after := f.result().State.Map
	assert.NotEqual(t, before.Tiles, after.Tiles, "another seed, another map")
	r.Each(func(p chain.Point) {
		if before.Inner(p) {
			require.Equal(t, before.At(p), after.At(p), "the locked region stays at %v", p)
		}
	})

	require.NoError(t, f.p.paint.SaveSelection("corner"))
	assert.Equal(t, "corner", f.h.shown, "opened in the painter")
	pr := f.h.Project()
	require.Equal(t, 0, pr.Prefab("corner"))
	assert.Len(t, pr.Prefabs[0].Template, 6)

	shown := f.result().State
	require.NoError(t, f.p.paint.Bake())
	c := f.h.Chain()
	assert.Equal(t, []chain.Step{{Builder: "prefab", Params: map[string]any{"mode": "level", "name": "one"}}}, c.Steps)
	baked := f.result().State
	assert.Equal(t, shown.Map.Tiles, baked.Map.Tiles, "the same map on every seed")
	assert.Equal(t, shown.Start, baked.Start)
	assert.Equal(t, shown.Exits, baked.Exits)
	assert.False(t, f.p.Painting())
	f.h.EditProject("seed", "", func(p *projects.Project) { p.Seed = 5 })
	assert.Equal(t, shown.Map.Tiles, f.result().State.Map.Tiles)
}

// Strokes added to a paint step anchored at the start are stored from where
// the start stood before the step.
func TestPaintRecordsFromTheStepsAnchor(t *testing.T) {
	p := paintProject()
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps, chain.Step{Builder: "paint", Params: map[string]any{"anchor": "start"}})
	f := newFixture(t, p)
	start := *f.result().State.Start
	f.paintOn(t)
	at := f.floorTile(t)
	f.p.paint.pal.SelectLabel("wall")
	f.stroke(at)
	cells := f.h.Chain().Steps[4].Params["cells"]
	assert.Equal(t, []chain.PaintCell{{X: at.X - start.X, Y: at.Y - start.Y, W: 1, H: 1, Tile: "wall"}}, cells)
	assert.Equal(t, chain.Wall, f.result().State.Map.At(at))
	assert.Len(t, f.h.Chain().Steps, 5, "the step at the end takes the stroke")
}
