package prefabedit

import (
	"bytes"
	"fyne.io/fyne/v2/widget"
	"hewn/projects"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/ui/internal/paint"
	"hewn/ui/internal/uitest"
)

// Picking a prefab in the library opens it; a pencil stroke of wall over
// its floor is one undo step, and undoing it puts the floor back.
func TestPencilStrokeIsOneUndoStep(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.lib.list.Select(0)
	require.Equal(t, "hut", f.p.Current())
	assert.Equal(t, pt(5, 5), f.h.res.Placements[0].Rect.Intersect(chain.R(5, 5, 1, 1)).Center(), "the level shows the hut")
	before := f.rows("hut")
	f.p.pal.SelectLabel("'#' wall")
	f.stroke(pt(1, 1), pt(2, 1), pt(3, 1))
	assert.Equal(t, []string{"#####", "#####", "#   #", "## ##"}, f.rows("hut"))
	assert.Equal(t, "Pencil stroke", f.h.Undo(), "one stroke, one step")
	assert.Equal(t, before, f.rows("hut"))
	assert.False(t, f.h.CanUndo())
}

// The rectangle, fill and line tools paint their shapes; the eyedropper
// takes a brush from the grid.
func TestShapesAndEyedropper(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.Open("hut")
	f.p.ResizeTo(7, 5)
	f.p.pal.SelectLabel("'≈' deep water")
	f.p.bar.Select(paint.FilledRect)
	f.stroke(pt(1, 1), pt(3, 2))
	assert.Equal(t, []string{"#######", "#≈≈≈###", "#≈≈≈###", "## ####", "#######"}, f.rows("hut"), "grown with wall")
	f.p.bar.Select(paint.Picker)
	f.stroke(pt(2, 3)) // the door's floor
	assert.Equal(t, paint.Pencil, f.p.bar.Selected(), "after picking, the pencil paints")
	assert.Equal(t, prefab.Cell{Tile: chain.Floor}, f.p.brush)
	f.p.pal.SelectLabel("'g' Goblin")
	f.p.bar.Select(paint.Fill)
	f.stroke(pt(2, 3))
	assert.Equal(t, "##g####", f.rows("hut")[3], "the door's floor alone")
	f.p.pal.SelectLabel("'#' wall")
	f.p.bar.Select(paint.Fill)
	f.stroke(pt(1, 1))
	assert.Equal(t, []string{"#######", "#######", "#######"}, f.rows("hut")[:3], "the water joined to the tile filled")
	f.p.pal.SelectLabel("'%' Rations")
	f.p.bar.Select(paint.Line)
	f.stroke(pt(1, 1), pt(5, 2))
	assert.Equal(t, []string{"#%%####", "###%%%#"}, f.rows("hut")[1:3])
	assert.Len(t, f.h.Project().Legend, 0, "every cell had a character")
}

// A brush the legend lacks (grass, keep what is there, an entity of the
// pack) gets a character of its own in the project's legend with the stroke.
func TestBrushWithoutCharacterExtendsTheLegend(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.Open("hut")
	require.True(t, f.p.pal.SelectLabel("grass"))
	f.stroke(pt(1, 1))
	require.True(t, f.p.pal.SelectLabel("keep what is there"))
	f.stroke(pt(2, 1))
	lg := f.h.Project().Legend
	require.Len(t, lg, 2)
	assert.Equal(t, "grass", lg[0].Tile)
	assert.True(t, lg[1].Keep)
	assert.Equal(t, "#"+lg[0].Glyph+lg[1].Glyph+" #", f.rows("hut")[1])
	assert.True(t, f.p.pal.SelectLabel("'"+lg[0].Glyph+"' grass"), "the new character is a legend brush now")
	assert.Equal(t, "Pencil stroke", f.h.Undo())
	assert.Len(t, f.h.Project().Legend, 1, "the character goes with its stroke")
}

// Select a rectangle, drag it elsewhere (one step), copy and paste it by
// the keyboard while the grid has the focus; tool letters pick tools there.
func TestSelectMoveCopyPaste(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.Open("hut")
	test.Tap(f.p.grid)
	require.Equal(t, f.p.grid, f.w.Canvas().Focused())
	f.w.Canvas().Focused().TypedRune('s')
	require.Equal(t, paint.Select, f.p.bar.Selected())
	f.stroke(pt(0, 3), pt(1, 3)) // "##" of the bottom row
	assert.Equal(t, chain.R(0, 3, 2, 1), f.p.sel)
	f.stroke(pt(0, 3), pt(1, 2)) // drag it up-right by one
	assert.Equal(t, []string{"### #", "   ##"}, f.rows("hut")[2:])
	assert.Equal(t, "Move selection", f.h.Undo())
	f.p.sel = chain.R(0, 0, 2, 1)
	f.p.grid.TypedShortcut(&fyne.ShortcutCopy{})
	f.p.sel = chain.R(2, 1, 1, 1)
	f.p.grid.TypedShortcut(&fyne.ShortcutPaste{})
	assert.Equal(t, "# ###", f.rows("hut")[1], "the two walls copied from the top row")
	f.w.Canvas().Focused().TypedRune('p')
	assert.Equal(t, paint.Pencil, f.p.bar.Selected())
}

// Rotating and mirroring turn the whole template; a built-in is read-only
// until copied into the project.
func TestRotateMirrorAndBuiltinCopy(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.Open("hut")
	f.p.transform("Rotate prefab", rotated)
	assert.Equal(t, []string{"####", "#  #", "   #", "#  #", "####"}, f.rows("hut"), "the door turns to the left")
	f.p.transform("Mirror prefab", func(t *prefab.Template) *prefab.Template { return mirrored(t, true) })
	assert.Equal(t, "#   ", f.rows("hut")[2], "and mirrored to the right")

	f.p.Open("orc_camp")
	f.stroke(pt(1, 1))
	assert.Contains(t, f.p.status.Text, "read-only")
	test.Tap(uitest.ButtonIn(t, f.p, "Copy into project"))
	assert.Equal(t, "orc_camp", f.p.Current())
	assert.True(t, f.p.ref.editable())
	b, _ := prefab.Lookup("orc_camp")
	assert.Equal(t, b.Rows, f.rows("orc_camp"))
}

// Renaming a prefab through its dialog renames the steps that use it;
// deleting one lists them first.
func TestRenameAndDeleteThroughDialogs(t *testing.T) {
	f := newFixture(t, hutProject())
	f.p.Open("hut")
	test.Tap(f.p.lib.ren)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "The step that names it follows."))
	entry := uitest.FindAll[*widget.Entry](d, func(e *widget.Entry) bool { return e.Text == "hut" })[0]
	entry.SetText("cabin")
	test.Tap(uitest.ButtonIn(t, d, "Rename"))
	pr := f.h.Project()
	assert.Equal(t, "cabin", pr.Prefabs[0].Name)
	assert.Equal(t, "cabin", pr.Levels[0].Chain.Steps[2].Params["name"])
	assert.Equal(t, "cabin", f.p.Current())

	test.Tap(f.p.lib.del)
	d = uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "level 1 (Level 1), steps[2]"), "the steps that name it are listed")
	test.Tap(uitest.ButtonIn(t, d, "Yes"))
	assert.Empty(t, f.h.Project().Prefabs)
	assert.Equal(t, "", f.p.Current())
}

// A character added to the legend in its form is a project edit, and a
// character the tutorial has is refused.
func TestLegendFormAddsACharacter(t *testing.T) {
	f := newFixture(t, hutProject())
	v := f.p.legend
	v.glyph.SetText("g")
	v.kind.SetSelected(kindTile)
	v.tile.SetSelected("grass")
	require.ErrorContains(t, v.Add(), "'g' already means Goblin")
	v.glyph.SetText("T")
	require.NoError(t, v.Add())
	assert.Equal(t, []projects.LegendEntry{{Glyph: "T", Tile: "grass"}}, f.h.Project().Legend)
	v.glyph.SetText("D")
	v.kind.SetSelected(kindEntity)
	v.tile.SetSelected("floor")
	v.entity.SetText("Black Dragon")
	require.NoError(t, v.Add())
	assert.Equal(t, "Black Dragon", f.h.Project().Legend[1].Entity)
	f.p.Open("hut")
	assert.True(t, f.p.pal.SelectLabel("'D' Black Dragon"), "a brush of its own")
	assert.True(t, uitest.TextIn(v.obj, "'T'  grass"))
}

// An .xp imports as a project prefab (glyphs the legend lacks keep the map);
// the painter writes a prefab back as .xp with its glyphs.
func TestImportAndExportXP(t *testing.T) {
	f := newFixture(t, hutProject())
	xp, err := prefab.XPFromRows([]string{"#####", "#g ?#", "#####"}, func(rune) (prefab.RGB, prefab.RGB) { return prefab.RGB{R: 255}, prefab.RGB{} })
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, xp.Write(&buf))
	require.NoError(t, f.p.Import("Goblin Den.xp", buf.Bytes()))
	assert.Equal(t, "goblin_den", f.p.Current())
	rows := f.rows("goblin_den")
	require.Len(t, rows, 3)
	assert.Contains(t, f.p.status.Text, "'?'", "the unknown glyph is named")
	lg := f.h.Project().Legend
	require.Len(t, lg, 1)
	assert.True(t, lg[0].Keep, "an unknown glyph keeps the map as it is")

	data, name, err := f.p.ExportXP()
	require.NoError(t, err)
	assert.Equal(t, "goblin_den.xp", name)
	back, err := prefab.ReadXP(bytes.NewReader(data))
	require.NoError(t, err)
	assert.Equal(t, rows, back.Rows())

	require.ErrorContains(t, f.p.Import("rows.txt", []byte("#Z#\n")), `rows.txt: template row 1, column 2: unknown character "Z"`)
}

// A new hand-made level is one prefab step drawing a new project prefab
// with the start in its middle; painting the prefab changes the level.
func TestNewHandMadeLevelAndLivePreview(t *testing.T) {
	f := newFixture(t, hutProject())
	require.NoError(t, f.p.NewLevel("The Vault", 20, 12, false))
	pr := f.h.Project()
	require.Len(t, pr.Levels, 2)
	assert.Equal(t, 1, f.h.LevelIndex())
	assert.Equal(t, "the_vault", f.p.Current())
	assert.Equal(t, []chain.Step{{Builder: "prefab", Params: map[string]any{"mode": "level", "name": "the_vault"}}}, pr.Levels[1].Chain.Steps)
	require.NotNil(t, f.h.res.State.Start)
	assert.Equal(t, pt(10, 6), *f.h.res.State.Start)
	require.Len(t, f.h.res.Placements, 1)
	assert.Equal(t, chain.R(0, 0, 20, 12), f.h.res.Placements[0].Rect)
	assert.NotNil(t, f.p.live.Drawing(), "the live preview shows the level")
	f.p.pal.SelectLabel("'≈' deep water")
	f.stroke(pt(3, 3), pt(3, 4))
	assert.Equal(t, chain.DeepWater, f.h.res.State.Map.At(pt(3, 4)), "the level shows the stroke")
	assert.Equal(t, "New hand-made level", func() string { f.h.Undo(); return f.h.Undo() }())
	assert.Len(t, f.h.Project().Levels, 1)
}

// The + button's dialog adds a blank prefab of the size asked for.
func TestNewPrefabDialog(t *testing.T) {
	f := newFixture(t, hutProject())
	test.Tap(f.p.lib.add)
	d := uitest.Overlay(t, f.w)
	entries := uitest.FindAll[*widget.Entry](d, nil)
	require.Len(t, entries, 3)
	assert.Equal(t, "prefab", entries[0].Text)
	entries[0].SetText("pond")
	entries[1].SetText("4")
	entries[2].SetText("3")
	test.Tap(uitest.ButtonIn(t, d, "Add"))
	assert.Equal(t, "pond", f.p.Current())
	assert.Equal(t, []string{"####", "#  #", "####"}, f.rows("pond"))
}
