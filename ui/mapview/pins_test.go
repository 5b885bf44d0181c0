package mapview

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// settlePins waits for the pin check started by the last edit.
func (f *fixture) settlePins(t *testing.T) {
	t.Helper()
	done := make(chan struct{}, 8)
	f.p.pins.OnChecked = func() { done <- struct{}{} }
	defer func() { f.p.pins.OnChecked = nil }()
	f.p.pins.check()
	for {
		f.h.q.Drain()
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
	f := newFixture(t, uitest.Project())
	test.Tap(f.p.pins.pin)
	require.Len(t, f.h.Level().Pins, 1)
	assert.Equal(t, f.h.Project().Seed, f.h.Level().Pins[0].Seed)
	f.settlePins(t)
	assert.Equal(t, "Pins: 1 held", f.p.pins.btn.Text)

	// another level's edit: still held
	f.h.SelectLevel(1)
	f.h.EditLevel("Edit", "", func(l *projects.Level) { l.Chain.Width = 30 })
	f.settlePins(t)
	assert.Empty(t, f.p.pins.Changed())

	// the pinned level's edit: changed
	f.h.SelectLevel(0)
	f.h.EditLevel("Edit", "", func(l *projects.Level) {
		l.Chain.Steps = append(l.Chain.Steps, chain.Step{Builder: "room_corner_rounder"})
	})
	f.settlePins(t)
	require.Len(t, f.p.pins.Changed(), 1)
	assert.Equal(t, "Pins: 1 of 1 changed", f.p.pins.btn.Text)

	test.Tap(f.p.pins.btn)
	d := uitest.Overlay(t, f.w)
	assert.True(t, uitest.TextIn(d, "Before"))
	assert.True(t, uitest.TextIn(d, "Now"))
	test.Tap(uitest.ButtonIn(t, d, "Accept new"))
	f.settlePins(t)
	assert.Empty(t, f.p.pins.Changed())
	assert.Equal(t, "Pins: 1 held", f.p.pins.btn.Text)
	f.h.Undo()
	f.settlePins(t)
	assert.Len(t, f.p.pins.Changed(), 1, "accepting is one undo step")
}
