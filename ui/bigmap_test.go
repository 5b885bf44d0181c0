package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
)

// A level larger than the window can show at 4 px a tile is fitted whole,
// and after a change of size the view fits again.
func TestTheMapFitsAgainAfterASizeChange(t *testing.T) {
	f := newFixture(t, projects.New("Big"))
	v := f.viewport(t)
	f.e.mapv.Fit()
	for range 10 {
		f.e.mapv.Zoom(1.25)
	}
	f.w.Canvas().Capture() // draws the frame
	_, _, zoomed := v.Overview()
	require.True(t, zoomed, "zoomed in: part of the map shows, with the overview")

	f.e.m.EditLevel("Size", "", func(l *projects.Level) { l.Chain.Width, l.Chain.Height = 600, 300 })
	f.settle()
	require.Equal(t, 600, f.result().State.Map.W)
	f.w.Canvas().Capture() // draws the frame
	_, _, zoomed = v.Overview()
	assert.False(t, zoomed, "the new size is fitted whole (600 tiles wide in a ~880 px view: below 4 px a tile)")
}
