package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
)

// settlePins waits for the pin check started by the last edit.
func (f *fixture) settlePins(t *testing.T) {
	t.Helper()
	done := make(chan struct{}, 8)
	f.e.pins.OnChecked = func() { done <- struct{}{} }
	defer func() { f.e.pins.OnChecked = nil }()
	f.e.pins.check()
	for {
		f.settle()
		select {
		case <-done:
			return
		default:
		}
	}
}

// Pin a seed through the seed bar; an edit of that level changes it, and the
// Pins button says so; its dialog shows before and after and Accept takes
// the new fingerprint (undoably); an unrelated level's edit changes nothing.
func TestPinnedSeedWarnsWhenAnEditChangesIt(t *testing.T) {
	f := newFixture(t, testProject())
	e := f.e
	test.Tap(e.pins.pin)
	require.Len(t, e.m.Level().Pins, 1)
	assert.Equal(t, e.m.Project().Seed, e.m.Level().Pins[0].Seed)
	f.settlePins(t)
	assert.Equal(t, "Pins: 1 held", e.pins.btn.Text)

	// another level's edit: still held
	e.m.SelectLevel(1)
	e.m.EditLevel("Edit", "", func(l *projects.Level) { l.Chain.Width = 30 })
	f.settlePins(t)
	assert.Empty(t, e.pins.Changed())

	// the pinned level's edit: changed
	e.m.SelectLevel(0)
	e.m.EditLevel("Edit", "", func(l *projects.Level) {
		l.Chain.Steps = append(l.Chain.Steps, chain.Step{Builder: "room_corner_rounder"})
	})
	f.settlePins(t)
	require.Len(t, e.pins.Changed(), 1)
	assert.Equal(t, "Pins: 1 of 1 changed", e.pins.btn.Text)

	test.Tap(e.pins.btn)
	d := overlay(t, f.w)
	assert.True(t, textIn(d, "Before"))
	assert.True(t, textIn(d, "Now"))
	test.Tap(buttonIn(t, d, "Accept new"))
	f.settlePins(t)
	assert.Empty(t, e.pins.Changed())
	assert.Equal(t, "Pins: 1 held", e.pins.btn.Text)
	e.Undo()
	f.settlePins(t)
	assert.Len(t, e.pins.Changed(), 1, "accepting is one undo step")
}
