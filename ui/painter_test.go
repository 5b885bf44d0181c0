package ui

import (
	"bytes"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/internal/paint"
	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

var (
	ctrlP = &desktop.CustomShortcut{KeyName: fyne.KeyP, Modifier: fyne.KeyModifierShortcutDefault}
	ctrlR = &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}
	ctrl5 = &desktop.CustomShortcut{KeyName: fyne.Key5, Modifier: fyne.KeyModifierShortcutDefault}
)

// vaultProject is a saved project (in dir) whose depth-5 level drops the
// project prefab "vault" into its rooms (room_vaults always places one at
// depth 5), after rooms, a start and stairs.
func vaultProject(t *testing.T, dir string) string {
	p := projects.New("Vaults")
	p.Prefabs = []projects.Prefab{{Name: "vault", Template: []string{"   ", " g ", "   "}}}
	p.Levels[0] = projects.Level{Depth: 5, Name: "Deep", Chain: &chain.Chain{Name: "Deep", Depth: 5, Width: 40, Height: 25, Steps: []chain.Step{
		{Builder: "simple_map", Params: map[string]any{"draw": true}}, {Builder: "room_based_starting_position"},
		{Builder: "room_based_stairs"},
		{Builder: "prefab", Params: map[string]any{"mode": "room_vaults", "name": "vault"}},
	}}}
	path := filepath.Join(dir, "vaults.hewn.json")
	require.NoError(t, p.Save(path))
	return path
}

// mapView is the map panel's viewport.
func (f *fixture) mapView(t testing.TB) *widgets.Viewport { return f.viewport(t) }

// A stroke painted in the map's paint mode (Ctrl+P) is a paint step and one
// undo step (Ctrl+Z undoes it).
func TestPaintAStrokeOnTheMapAndUndoIt(t *testing.T) {
	f, err := newWindowFixture(t, vaultProject(t, t.TempDir()))
	require.NoError(t, err)
	press(t, f.w, ctrlP)
	require.True(t, f.e.mapv.Painting())
	s := f.result().State
	var at chain.Point
	for i, tl := range s.Map.Tiles {
		if p := s.Map.Pt(i); tl == chain.Floor && s.Map.Inner(p) && (s.Start == nil || *s.Start != p) {
			at = p
			break
		}
	}
	steps := len(f.chain().Steps)
	uitest.Stroke(f.mapView(t), at) // the default brush: wall
	f.settle()
	require.Len(t, f.chain().Steps, steps+1)
	assert.Equal(t, "paint", f.chain().Steps[steps].Builder)
	assert.Equal(t, chain.Wall, f.result().State.Map.At(at))
	press(t, f.w, &fyne.ShortcutUndo{})
	assert.True(t, f.says("Undid: Pencil stroke"), "one stroke, one undo step")
	f.settle()
	assert.Len(t, f.chain().Steps, steps)
	assert.Equal(t, chain.Floor, f.result().State.Map.At(at))
}

// Painting the vault in the Prefabs tab (Ctrl+5) re-runs the level that
// uses it, and the map outlines where the chain placed it.
func TestDrawAVaultAndSeeTheLevelChange(t *testing.T) {
	f, err := newWindowFixture(t, vaultProject(t, t.TempDir()))
	require.NoError(t, err)
	press(t, f.w, ctrl5)
	require.Equal(t, "Prefabs", f.e.main.Selected().Text)
	lib := uitest.FindAll[*widget.List](f.e.prefabs, nil)[0]
	lib.Select(0) // the project's first prefab: vault
	require.Equal(t, "vault", f.e.prefabs.Current())
	pl := f.result().Placements
	require.NotEmpty(t, pl)
	r := pl[0].Rect
	assert.Equal(t, "vault", pl[0].Name)
	centre := chain.Point{X: r.X + 1, Y: r.Y + 1}
	assert.Equal(t, chain.Floor, f.result().State.Map.At(centre), "the goblin's floor")
	var grid uitest.Painted // the painter's grid: a viewport of its own kind
	for _, o := range test.LaidOutObjects(f.e.prefabs) {
		if p, ok := o.(uitest.Painted); ok {
			if _, plain := o.(*widgets.Viewport); !plain && grid == nil {
				grid = p
			}
		}
	}
	require.NotNil(t, grid)
	// the wall brush, typed with the painter's own key for the pencil
	palette := uitest.FindOne[*paint.Palette](t, f.e.prefabs, nil)
	require.True(t, palette.SelectLabel("'#' wall"))
	test.Tap(grid.(fyne.Tappable))
	f.w.Canvas().Focused().TypedRune('p')
	uitest.Stroke(grid, chain.Point{X: 1, Y: 1})
	f.settle()
	assert.Equal(t, []string{"   ", " # ", "   "}, f.e.m.Project().Prefabs[0].Template)
	pl = f.result().Placements
	require.NotEmpty(t, pl)
	r = pl[0].Rect
	assert.Equal(t, chain.Wall, f.result().State.Map.At(chain.Point{X: r.X + 1, Y: r.Y + 1}), "the level shows the new vault")
	press(t, f.w, &desktop.CustomShortcut{KeyName: fyne.Key1, Modifier: fyne.KeyModifierShortcutDefault})
	// the map outlines the placement (the painter's prefab) in magenta
	v := f.mapView(t)
	a, b := v.TilePos(chain.Point{X: r.X, Y: r.Y + 1}), v.TilePos(chain.Point{X: r.X + 1, Y: r.Y + 1})
	edge := fyne.NewPos(a.X-(b.X-a.X)/2, a.Y) // the left edge of the placement's tile
	// the outline lies within the first pixels inside it (where exactly
	// depends on how the tile size rounds)
	var seen []color.RGBA
	for dx := float32(0); dx <= 3; dx++ {
		seen = append(seen, pixelAt(f.w, v, edge.AddXY(dx, 0)))
	}
	assert.True(t, slices.ContainsFunc(seen, func(c color.RGBA) bool { return c.R > 200 && c.B > 200 && c.G < 120 }),
		"the outline's magenta at the placement's edge, got %v", seen)
}

// pixelAt is the colour the window draws at pos of o.
func pixelAt(w fyne.Window, o fyne.CanvasObject, pos fyne.Position) color.RGBA {
	img := w.Canvas().Capture()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Add(pos)
	sc := w.Canvas().Scale()
	return color.RGBAModel.Convert(img.At(int(abs.X*sc), int(abs.Y*sc))).(color.RGBA)
}

// writeXP writes rows as a REXPaint image at path.
func writeXP(t *testing.T, path string, rows []string) {
	xp, err := prefab.XPFromRows(rows, func(rune) (prefab.RGB, prefab.RGB) { return prefab.RGB{R: 200}, prefab.RGB{} })
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, xp.Write(&buf))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
}

// File → Import Prefab reads an .xp into the project's prefabs and shows it
// in the painter; a prefab step's file picker names one relative to the
// project, and the level reads it.
func TestImportXPThroughFileAndThroughAPrefabStep(t *testing.T) {
	dir := t.TempDir()
	path := vaultProject(t, dir)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "rooms"), 0o755))
	writeXP(t, filepath.Join(dir, "rooms", "pool.xp"), []string{"#####", "#≈≈≈#", "#####"})
	f, err := newWindowFixture(t, path)
	require.NoError(t, err)

	menuItem(t, f.w, "File", "Import Prefab (.xp, .txt)…").Action()
	d := uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "rooms") // into the folder
	d = uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "pool.xp")
	test.Tap(uitest.ButtonIn(t, d, "Open"))
	assert.Equal(t, "Prefabs", f.e.main.Selected().Text)
	assert.Equal(t, "pool", f.e.prefabs.Current())
	assert.Equal(t, []string{"#####", "#≈≈≈#", "#####"}, f.e.m.Project().Prefabs[1].Template)

	// the prefab step's file: picked in the project's folder, stored relative
	f.steps(t).Select(3)
	test.Tap(buttonWithText(t, f.e.chain, "Choose…"))
	d = uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "rooms") // into the folder
	d = uitest.Overlay(t, f.w)
	tapFileInDialog(t, d, "pool.xp")
	test.Tap(uitest.ButtonIn(t, d, "Open"))
	f.settle()
	assert.Equal(t, "rooms/pool.xp", f.chain().Steps[3].Params["file"])
	assert.True(t, f.says(`set either name ("vault") or file ("rooms/pool.xp"), not both`))
	// the form's name select goes back to the default
	uitest.FindOne(t, f.e.chain, func(s *widgets.Select) bool { return s.Selected == "vault" }).SetSelected("(default)")
	f.settle()
	pl := f.result().Placements
	require.NotEmpty(t, pl)
	assert.Equal(t, "rooms/pool.xp", pl[0].Name, "the level reads the file")
	assert.Equal(t, chain.DeepWater, f.result().State.Map.At(chain.Point{X: pl[0].Rect.X + 2, Y: pl[0].Rect.Y + 1}))
}

// A locked region stays on every seed (Ctrl+R rolls a new one); Bake makes
// the level hand-made after a confirmation.
func TestLockARegionChangeTheSeedAndBake(t *testing.T) {
	f, err := newWindowFixture(t, vaultProject(t, t.TempDir()))
	require.NoError(t, err)
	press(t, f.w, ctrlP)
	before := f.result().State.Map
	f.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyS}) // the select tool's letter
	uitest.Stroke(f.mapView(t), chain.Point{X: 1, Y: 1}, chain.Point{X: 12, Y: 8})
	test.Tap(buttonWithText(t, f.e.mapv, "Lock region"))
	f.settle()
	press(t, f.w, ctrlR)
	f.settle()
	after := f.result().State.Map
	assert.NotEqual(t, before.Tiles, after.Tiles, "a new seed, a new map")
	chain.R(1, 1, 12, 8).Each(func(p chain.Point) { require.Equal(t, before.At(p), after.At(p), "locked at %v", p) })

	shown := f.result().State
	test.Tap(buttonWithText(t, f.e.mapv, "Bake…"))
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "Bake \"Deep\" into a hand-made level?"))
	test.Tap(uitest.ButtonIn(t, d, "Yes"))
	f.settle()
	assert.Equal(t, []string{"prefab"}, builders(f.chain()))
	assert.Equal(t, shown.Map.Tiles, f.result().State.Map.Tiles)
	press(t, f.w, ctrlR)
	f.settle()
	assert.Equal(t, shown.Map.Tiles, f.result().State.Map.Tiles, "the baked level is the same on every seed")
	assert.ElementsMatch(t, shown.Spawns, f.result().State.Spawns)
	// and it plays as any level does
	press(t, f.w, &desktop.CustomShortcut{KeyName: fyne.Key4, Modifier: fyne.KeyModifierShortcutDefault})
	side := uitest.LabelWith(f.e.play, "Underfoot:")
	require.NotNil(t, side, "a game of the baked level is on screen")
	assert.Contains(t, side.Text, "\nDepth 5\n")
}

// File → New Hand-made Level adds a level drawn by one prefab, and opens it
// in the painter.
func TestNewHandMadeLevelFromTheFileMenu(t *testing.T) {
	f, err := newWindowFixture(t, vaultProject(t, t.TempDir()))
	require.NoError(t, err)
	menuItem(t, f.w, "File", "New Hand-made Level…").Action()
	d := uitest.Overlay(t, f.w)
	entries := uitest.FindAll[*widget.Entry](d, nil)
	entries[0].SetText("Arena")
	entries[1].SetText("30")
	entries[2].SetText("20")
	test.Tap(uitest.ButtonIn(t, d, "Add level"))
	f.settle()
	p := f.e.m.Project()
	require.Len(t, p.Levels, 2)
	assert.Equal(t, 1, f.e.m.LevelIndex())
	assert.Equal(t, "arena", f.e.prefabs.Current())
	assert.Equal(t, 30, f.result().State.Map.W)
	assert.NotNil(t, f.result().State.Start)
}
