package widgets

import (
	"testing"

	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHintsReadInThePlaceholderColour(t *testing.T) {
	h := Hint("help")
	require.Len(t, h.Segments, 1)
	seg := h.Segments[0].(*widget.TextSegment)
	assert.Equal(t, "help", seg.Text)
	assert.NotEqual(t, "disabled", string(seg.Style.ColorName), "the disabled colour hardly reads")
}
