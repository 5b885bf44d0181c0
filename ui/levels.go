package ui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
)

// levelList shows the project's levels (depth and name) with buttons to add,
// duplicate, remove and reorder them; selecting one selects it in the model.
type levelList struct {
	m       *Model
	list    *widget.List
	obj     fyne.CanvasObject
	syncing bool
	remove  *widget.Button
}

func newLevelList(m *Model) *levelList {
	ll := &levelList{m: m}
	ll.list = widget.NewList(
		func() int { return len(m.Project().Levels) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if ls := m.Project().Levels; i < len(ls) {
				o.(*widget.Label).SetText(fmt.Sprintf("Depth %d · %s", ls[i].Depth, ls[i].Name))
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

func (ll *levelList) refresh() {
	ll.list.Refresh()
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

// intEntry is an entry accepting integers in [lo, hi]; valid values go to set.
func intEntry(v, lo, hi int, set func(int)) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(strconv.Itoa(v))
	e.Validator = func(s string) error {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("%q is not an integer", s)
		}
		if n < lo || n > hi {
			return fmt.Errorf("%d is out of range [%d, %d]", n, lo, hi)
		}
		return nil
	}
	e.OnChanged = func(s string) {
		if e.Validator(s) == nil {
			n, _ := strconv.Atoi(strings.TrimSpace(s))
			set(n)
		}
	}
	return e
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

// levelForm edits the selected level: name, depth, size, pinned seed, theme and split.
func levelForm(m *Model) fyne.CanvasObject {
	l := m.Level()
	if l == nil {
		return widget.NewLabel("No level selected.")
	}
	p := m.Project()
	name := widget.NewEntry()
	name.SetText(l.Name)
	name.OnChanged = func(s string) { m.EditLevel("Rename level", "name", func(l *projects.Level) { l.Name = s }) }
	depth := intEntry(l.Depth, 0, 1000, func(n int) { m.EditLevel("Change depth", "depth", func(l *projects.Level) { l.Depth = n }) })
	width := intEntry(l.Chain.Width, chain.MinSize, chain.MaxSize, func(n int) {
		m.EditLevel("Change width", "width", func(l *projects.Level) { l.Chain.Width = n })
	})
	height := intEntry(l.Chain.Height, chain.MinSize, chain.MaxSize, func(n int) {
		m.EditLevel("Change height", "height", func(l *projects.Level) { l.Chain.Height = n })
	})
	seed := seedEntry(p.LevelSeed(m.LevelIndex()), func(n uint64) {
		m.EditLevel("Pin seed", "seed", func(l *projects.Level) { l.Seed = &n })
	})
	pin := widget.NewCheck("pinned", func(on bool) {
		m.EditLevel("Pin seed", "", func(l *projects.Level) {
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
	th.OnChanged = func(s string) { m.EditLevel("Change theme", "", func(l *projects.Level) { l.Theme = s }) }
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
		m.EditLevel("Split theme", "", func(l *projects.Level) {
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
		m.EditLevel("Split theme", "", func(l *projects.Level) {
			if l.Split != nil {
				l.Split.Theme = s
			}
		})
	}
	return widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Depth", depth),
		widget.NewFormItem("Size", container.NewGridWithColumns(2, width, height)),
		widget.NewFormItem("Seed", container.NewBorder(nil, nil, nil, pin, seed)),
		widget.NewFormItem("Theme", th),
		widget.NewFormItem("Split", container.NewGridWithColumns(2, region, splitTheme)),
	)
}

// projectForm edits the project's name, master seed and content pack.
// chooseContent opens a file dialog and calls back with the picked path.
func projectForm(m *Model, chooseContent func(func(string))) fyne.CanvasObject {
	p := m.Project()
	name := widget.NewEntry()
	name.SetText(p.Name)
	name.OnChanged = func(s string) { m.EditProject("Rename project", "name", func(p *projects.Project) { p.Name = s }) }
	seed := seedEntry(p.Seed, func(n uint64) {
		m.EditProject("Change master seed", "seed", func(p *projects.Project) { p.Seed = n })
	})
	dice := widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() {
		n := newSeed()
		m.EditProject("Roll master seed", "", func(p *projects.Project) { p.Seed = n })
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
			m.EditProject("Set content pack", "", func(p *projects.Project) { p.Content = f })
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
			m.EditProject("Use embedded content", "", func(p *projects.Project) { p.Content = "" })
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
