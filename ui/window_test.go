package ui

import (
	"testing"

	"hewn/projects"

	"fyne.io/fyne/v2"
	"github.com/stretchr/testify/assert"
)

func TestTheWindowFitsTheScreenAndRemembersItsSize(t *testing.T) {
	f := newFixture(t, projects.New("W"))
	prefs := f.e.app.Preferences()
	small := fyne.NewSize(1024, 700)
	got := windowSize(prefs, small)
	assert.LessOrEqual(t, got.Width, small.Width, "a 1024×700 screen shows the whole window")
	assert.LessOrEqual(t, got.Height, small.Height-screenMargin.Height)
	assert.Equal(t, defaultWindowSize, windowSize(prefs, fyne.NewSize(1920, 1080)), "a large screen: the default size")
	assert.Equal(t, defaultWindowSize, windowSize(prefs, fyne.Size{}), "an unknown screen: the default size")

	// the size at close is remembered, and restored when it fits
	f.e.win.Resize(fyne.NewSize(1100, 720))
	f.e.rememberSize()
	assert.Equal(t, fyne.NewSize(1100, 720), windowSize(f.e.app.Preferences(), fyne.NewSize(1920, 1080)))
	got = windowSize(f.e.app.Preferences(), small)
	assert.LessOrEqual(t, got.Height, small.Height-screenMargin.Height, "a remembered size that does not fit is not used")
}
