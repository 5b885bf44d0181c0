package widgets

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// IntField is an entry for a whole number in a range, with a line under it
// that says why a value is refused ("width must be 8–4096"), beside the red
// mark, until the value is fixed.
type IntField struct {
	// Entry is the field's entry.
	Entry *widget.Entry
	why   *widget.Label
	obj   fyne.CanvasObject
}

// NewIntField returns a field for the integer name in [lo, hi] showing v;
// valid values go to set.
func NewIntField(name string, v, lo, hi int, set func(int)) *IntField {
	f := &IntField{Entry: widget.NewEntry(), why: widget.NewLabel("")}
	f.Entry.SetText(strconv.Itoa(v))
	f.why.Importance = widget.DangerImportance
	f.why.Wrapping = fyne.TextWrapWord
	f.why.Hide()
	check := func(s string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return 0, fmt.Errorf("%s must be a whole number, not %q", name, s)
		}
		if n < lo || n > hi {
			return 0, fmt.Errorf("%s must be %d–%d", name, lo, hi)
		}
		return n, nil
	}
	f.Entry.Validator = func(s string) error { _, err := check(s); return err }
	f.Entry.OnChanged = func(s string) {
		n, err := check(s)
		if err != nil {
			f.why.SetText(err.Error())
			f.why.Show()
			return
		}
		f.why.Hide()
		set(n)
	}
	f.obj = container.NewVBox(f.Entry, f.why)
	return f
}

// Object is the field: the entry over the line saying why a value is refused.
func (f *IntField) Object() fyne.CanvasObject { return f.obj }

// SeedEntry is an entry accepting an unsigned 64-bit seed showing v; valid
// seeds go to set.
func SeedEntry(v uint64, set func(uint64)) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(strconv.FormatUint(v, 10))
	e.Validator = func(s string) error {
		if _, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64); err != nil {
			return fmt.Errorf("%q is not a seed (a whole number ≥ 0)", s)
		}
		return nil
	}
	e.OnChanged = func(s string) {
		if n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64); err == nil {
			set(n)
		}
	}
	return e
}

// NewSeed returns a fresh random seed for the dice buttons (UI-side randomness:
// chains themselves only ever use the seeds they are given).
func NewSeed() uint64 { return rand.Uint64() >> 16 }

// SetQuietly shows s in e without calling its OnChanged (it is not an edit).
func SetQuietly(e *widget.Entry, s string) {
	on := e.OnChanged
	e.OnChanged = nil
	e.SetText(s)
	e.OnChanged = on
}
