package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
)

func TestLabel(t *testing.T) {
	test.NewTempApp(t)
	l := widget.NewLabel("Hewn")
	w := test.NewWindow(l)
	defer w.Close()
	assert.Equal(t, "Hewn", l.Text)
}
