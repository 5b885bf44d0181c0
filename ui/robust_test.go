package ui

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
)

// Issue 26 point 11: error dialogs show the error as Hewn words it; Fyne's
// own capitalised the file name ("Bad3/level.json").
func TestErrorDialogKeepsTheFileNameAsItIs(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	f.e.showError(errors.New("bad3/level.json: steps[1].params.x: \"middle\" is not one of left, center, right"))
	o := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(o, "bad3/level.json: steps[1].params.x"))
	assert.False(t, uitest.TextIn(o, "Bad3"))
}
