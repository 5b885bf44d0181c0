package render

import (
	"bytes"
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// Drawing each snapshot of a history into one buffer with a Drawn, which
// blits only the cells that changed, gives the pixels a fresh drawing gives:
// with the changed tiles tinted, spawns, exits, the start, with and without
// the rooms overlay, panned by pixels.
func TestDrawnBlitsOnlyTheChangedCellsToTheSamePixels(t *testing.T) {
	r := runFixture(t)
	h := r.History
	require.Greater(t, h.Len(), 5)
	a, err := NewAtlas(12)
	require.NoError(t, err)
	buf := image.NewRGBA(image.Rect(0, 0, 300, 140))
	var d Drawn
	for _, origin := range []image.Point{{}, {-5, 7}} {
		for i := 0; i < h.Len(); i++ {
			var changed []int
			if i > 0 {
				changed = h.Changed(i)
			}
			sc := SnapshotScene(h.At(i), changed)
			sc.Theme, sc.Entity = chain.DefaultTheme(), entityLooks
			sc.ShowRooms = i%4 == 3
			want := image.NewRGBA(buf.Rect)
			sc.DrawAt(want, a, origin)
			sc.DrawAtDrawn(buf, a, origin, &d)
			assert.True(t, bytes.Equal(want.Pix, buf.Pix), "snapshot %d at %v", i, origin)
		}
	}
}
