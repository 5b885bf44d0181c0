package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/model"
)

// levelList shows the project's levels (depth and name) with buttons to add,
// duplicate, remove and reorder them; selecting one selects it in the model.
type levelList struct {
	m       *model.Model
	list    *widget.List
	obj     fyne.CanvasObject
	syncing bool
	remove  *widget.Button
	shown   []string // the rows' texts
}

func newLevelList(m *model.Model) *levelList {
	ll := &levelList{m: m}
	ll.list = widget.NewList(
		func() int { return len(m.Project().Levels) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if ls := m.Project().Levels; i < len(ls) {
				setText(o.(*widget.Label), levelRow(ls[i]))
			}
		})
	ll.list.OnSelected = func(i widget.ListItemID) {
		if !ll.syncing {
			m.SelectLevel(i)
		}
	}
	sel := func(f func(i int)) func() {
		return func() {
			if i := m.LevelIndex(); i >= 0 {
				f(i)
			}
		}
	}
	add := widget.NewButtonWithIcon("", theme.ContentAddIcon(), m.AddLevel)
	dup := widget.NewButtonWithIcon("", theme.ContentCopyIcon(), sel(m.DuplicateLevel))
	ll.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), sel(m.RemoveLevel))
	up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), sel(func(i int) { m.MoveLevel(i, -1) }))
	down := widget.NewButtonWithIcon("", theme.MoveDownIcon(), sel(func(i int) { m.MoveLevel(i, 1) }))
	title := widget.NewLabelWithStyle("Levels", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	bar := container.NewBorder(nil, nil, title, container.NewHBox(add, dup, up, down, ll.remove))
	ll.obj = container.NewBorder(bar, nil, nil, nil, ll.list)
	ll.refresh()
	return ll
}

// levelRow is a level's row in the list.
func levelRow(l projects.Level) string { return fmt.Sprintf("Depth %d · %s", l.Depth, l.Name) }

// refresh shows the project's levels (redrawing the rows only when one
// changed) and the selection.
func (ll *levelList) refresh() {
	ls := ll.m.Project().Levels
	rows := make([]string, len(ls))
	for i, l := range ls {
		rows[i] = levelRow(l)
	}
	if !slices.Equal(rows, ll.shown) {
		ll.shown = rows
		ll.list.Refresh()
	}
	ll.syncing = true
	if i := ll.m.LevelIndex(); i >= 0 {
		ll.list.Select(i)
		if i == 0 {
			ll.list.ScrollToTop() // Select before layout scrolls the first row partly out of view
		}
	} else {
		ll.list.UnselectAll()
	}
	ll.syncing = false
	if len(ll.m.Project().Levels) > 1 {
		ll.remove.Enable()
	} else {
		ll.remove.Disable()
	}
}

// intField is an entry for a whole number in a range, with a line under it
// that says why a value is refused ("width must be 8–4096"), beside the red
// mark, until the value is fixed.
type intField struct {
	entry *widget.Entry
	why   *widget.Label
	obj   fyne.CanvasObject
}

// newIntField returns a field for the integer name in [lo, hi] showing v;
// valid values go to set.
func newIntField(name string, v, lo, hi int, set func(int)) *intField {
	f := &intField{entry: widget.NewEntry(), why: widget.NewLabel("")}
	f.entry.SetText(strconv.Itoa(v))
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
	f.entry.Validator = func(s string) error { _, err := check(s); return err }
	f.entry.OnChanged = func(s string) {
		n, err := check(s)
		if err != nil {
			f.why.SetText(err.Error())
			f.why.Show()
			return
		}
		f.why.Hide()
		set(n)
	}
	f.obj = container.NewVBox(f.entry, f.why)
	return f
}

// seedEntry is an entry accepting an unsigned 64-bit seed.
func seedEntry(v uint64, set func(uint64)) *widget.Entry {
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

// newSeed returns a fresh random seed for the dice buttons (UI-side randomness:
// chains themselves only ever use the seeds they are given).
func newSeed() uint64 { return rand.Uint64() >> 16 }

// levelForm edits the selected level: name, depth, size, fixed seed, theme
// and split. slot is where the form is shown (edits typed into it keep it).
func levelForm(m *model.Model, slot *formSlot) fyne.CanvasObject {
	l := m.Level()
	if l == nil {
		return widget.NewLabel("No level selected.")
	}
	p := m.Project()
	edit := func(label, key string, f func(l *projects.Level)) {
		slot.edit(func() { m.EditLevel(label, key, f) })
	}
	name := widget.NewEntry()
	name.SetText(l.Name)
	name.OnChanged = func(s string) { edit("Rename level", "name", func(l *projects.Level) { l.Name = s }) }
	seed := seedEntry(p.LevelSeed(m.LevelIndex()), func(n uint64) {
		edit("Pin seed", "seed", func(l *projects.Level) { l.Seed = &n })
	})
	depth := newIntField("depth", l.Depth, 0, 1000, func(n int) {
		edit("model.Change depth", "depth", func(l *projects.Level) { l.Depth = n })
		if l := m.Level(); l != nil && l.Seed == nil { // the derived seed follows the depth
			setQuietly(seed, strconv.FormatUint(m.Project().LevelSeed(m.LevelIndex()), 10))
		}
	})
	width := newIntField("width", l.Chain.Width, chain.MinSize, chain.MaxSize, func(n int) {
		edit("model.Change width", "width", func(l *projects.Level) { l.Chain.Width = n })
	})
	height := newIntField("height", l.Chain.Height, chain.MinSize, chain.MaxSize, func(n int) {
		edit("model.Change height", "height", func(l *projects.Level) { l.Chain.Height = n })
	})
	pin := widget.NewCheck("fixed", func(on bool) {
		edit("Pin seed", "", func(l *projects.Level) {
			if on {
				s := p.LevelSeed(m.LevelIndex())
				l.Seed = &s
			} else {
				l.Seed = nil
			}
		})
	})
	pin.Checked = l.Seed != nil
	if l.Seed == nil {
		seed.Disable()
	}
	names := p.ThemeNames()
	th := widget.NewSelect(names, nil)
	th.SetSelected(l.Theme)
	if l.Theme == "" {
		th.SetSelected(chain.DefaultTheme().Name)
	}
	th.OnChanged = func(s string) { edit("model.Change theme", "", func(l *projects.Level) { l.Theme = s }) }
	region := widget.NewSelect(append([]string{"none"}, projects.SplitRegions...), nil)
	splitTheme := widget.NewSelect(names, nil)
	if l.Split != nil {
		region.SetSelected(l.Split.Region)
		splitTheme.SetSelected(l.Split.Theme)
	} else {
		region.SetSelected("none")
		splitTheme.Disable()
	}
	region.OnChanged = func(s string) {
		edit("Split theme", "", func(l *projects.Level) {
			if s == "none" {
				l.Split = nil
				return
			}
			t := "limestone"
			if l.Split != nil {
				t = l.Split.Theme
			}
			l.Split = &projects.ThemeSplit{Region: s, Theme: t}
		})
	}
	splitTheme.OnChanged = func(s string) {
		edit("Split theme", "", func(l *projects.Level) {
			if l.Split != nil {
				l.Split.Theme = s
			}
		})
	}
	return widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Depth", depth.obj),
		widget.NewFormItem("Size", container.NewGridWithColumns(2, width.obj, height.obj)),
		widget.NewFormItem("Seed", container.NewBorder(nil, nil, nil, pin, seed)),
		widget.NewFormItem("Theme", th),
		widget.NewFormItem("Split", container.NewGridWithColumns(2, region, splitTheme)),
	)
}

// setQuietly shows s in e without calling its OnChanged (it is not an edit).
func setQuietly(e *widget.Entry, s string) {
	on := e.OnChanged
	e.OnChanged = nil
	e.SetText(s)
	e.OnChanged = on
}

// projectForm edits the project's name, master seed and content pack.
// chooseContent opens a file dialog and calls back with the picked path.
// slot is where the form is shown (edits typed into it keep it).
func projectForm(m *model.Model, chooseContent func(func(string)), slot *formSlot) fyne.CanvasObject {
	p := m.Project()
	edit := func(label, key string, f func(p *projects.Project)) {
		slot.edit(func() { m.EditProject(label, key, f) })
	}
	name := widget.NewEntry()
	name.SetText(p.Name)
	name.OnChanged = func(s string) { edit("Rename project", "name", func(p *projects.Project) { p.Name = s }) }
	seed := seedEntry(p.Seed, func(n uint64) {
		edit("model.Change master seed", "seed", func(p *projects.Project) { p.Seed = n })
	})
	dice := widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() {
		n := newSeed()
		edit("Roll master seed", "", func(p *projects.Project) { p.Seed = n })
	})
	embedded := "Embedded default pack"
	file := "File"
	path := widget.NewLabel(p.Content)
	path.Truncation = fyne.TextTruncateEllipsis
	if p.Content == "" {
		path.SetText("No file chosen")
	}
	choose := widget.NewButtonWithIcon("Choose…", theme.FolderOpenIcon(), func() {
		chooseContent(func(f string) {
			edit("Set content pack", "", func(p *projects.Project) { p.Content = f })
		})
	})
	pick := container.NewBorder(nil, nil, nil, choose, path)
	builtIn := lowLabel("Hewn's own pack: the tutorial's mobs, items, props and their spawn and loot tables.")
	src := widget.NewRadioGroup([]string{embedded, file}, nil)
	show := func(fromFile bool) {
		path.Hidden, choose.Hidden = !fromFile, !fromFile
		builtIn.Hidden = fromFile
		pick.Refresh()
		builtIn.Refresh()
	}
	if p.Content == "" {
		src.SetSelected(embedded)
	} else {
		src.SetSelected(file)
	}
	show(p.Content != "")
	src.OnChanged = func(s string) {
		if s == embedded {
			edit("Use embedded content", "", func(p *projects.Project) { p.Content = "" })
		} else {
			show(true)
		}
	}
	return widget.NewForm(
		widget.NewFormItem("Project", name),
		widget.NewFormItem("Master seed", container.NewVBox(container.NewBorder(nil, nil, nil, dice, seed),
			lowLabel("Each level's seed derives from this and its depth, unless the level pins its own."))),
		widget.NewFormItem("Content", container.NewVBox(src, pick, builtIn)),
	)
}
