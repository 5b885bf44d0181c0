package paint

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/chain"
)

func pts(xy ...int) []chain.Point {
	var out []chain.Point
	for i := 0; i < len(xy); i += 2 {
		out = append(out, chain.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}

func TestStrokeTilesOfEachTool(t *testing.T) {
	b := chain.R(0, 0, 10, 10)
	pencil := NewStroke(Pencil, chain.Point{X: 1, Y: 1})
	pencil.Move(chain.Point{X: 4, Y: 1}) // a jump: the tiles between are painted too
	pencil.Move(chain.Point{X: 4, Y: 1})
	pencil.Move(chain.Point{X: 3, Y: 1}) // back over painted tiles: each once
	assert.Equal(t, pts(1, 1, 2, 1, 3, 1, 4, 1), pencil.Tiles(b, nil))

	line := NewStroke(Line, chain.Point{X: 0, Y: 0})
	line.Move(chain.Point{X: 5, Y: 1})
	line.Move(chain.Point{X: 4, Y: 2})
	assert.Equal(t, pts(0, 0, 1, 1, 2, 1, 3, 2, 4, 2), line.Tiles(b, nil), "only the last segment counts")

	rect := NewStroke(Rect, chain.Point{X: 3, Y: 3})
	rect.Move(chain.Point{X: 1, Y: 1})
	assert.Equal(t, pts(1, 1, 2, 1, 3, 1, 1, 2, 3, 2, 1, 3, 2, 3, 3, 3), rect.Tiles(b, nil))
	box := NewStroke(FilledRect, chain.Point{X: 8, Y: 8})
	box.Move(chain.Point{X: 12, Y: 9})
	assert.Equal(t, pts(8, 8, 9, 8, 8, 9, 9, 9), box.Tiles(b, nil), "cut to the bounds")

	wall := map[chain.Point]bool{{X: 2, Y: 0}: true, {X: 2, Y: 1}: true, {X: 0, Y: 2}: true, {X: 1, Y: 2}: true}
	same := func(a, q chain.Point) bool { return wall[a] == wall[q] }
	fill := NewStroke(Fill, chain.Point{X: 0, Y: 0})
	assert.ElementsMatch(t, pts(0, 0, 1, 0, 0, 1, 1, 1), fill.Tiles(chain.R(0, 0, 4, 4), same))
	assert.Nil(t, NewStroke(Select, chain.Point{}).Tiles(b, nil))
}

func TestRunsPackTilesIntoRectangles(t *testing.T) {
	got := Runs(pts(1, 1, 2, 1, 3, 1, 1, 2, 2, 2, 3, 2, 7, 2, 1, 3, 5, 5))
	assert.Equal(t, []chain.Rect{chain.R(1, 1, 3, 2), chain.R(7, 2, 1, 1), chain.R(1, 3, 1, 1), chain.R(5, 5, 1, 1)}, got)
	assert.Empty(t, Runs(nil))
}

func TestToolKeys(t *testing.T) {
	tool, ok := ToolOfKey('f', []Tool{Pencil, Fill})
	assert.True(t, ok)
	assert.Equal(t, Fill, tool)
	_, ok = ToolOfKey('s', []Tool{Pencil, Fill})
	assert.False(t, ok, "a tool the view does not offer")
}
