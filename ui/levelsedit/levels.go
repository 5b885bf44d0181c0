package levelsedit

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// levelList shows the project's levels (depth and name) with buttons to add,
// duplicate, remove and reorder them; selecting one selects it in the model.
type levelList struct {
	m       Host
	list    *widget.List
	obj     fyne.CanvasObject
	syncing bool
	remove  *widgets.IconButton
	shown   []string // the rows' texts
}

func newLevelList(m Host) *levelList {
	ll := &levelList{m: m}
	ll.list = widget.NewList(
		func() int { return len(m.Project().Levels) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if ls := m.Project().Levels; i < len(ls) {
				widgets.SetText(o.(*widget.Label), levelRow(ls[i]))
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
	add := widgets.NewIconButton(theme.ContentAddIcon(), "Add a level one deeper than the last", m.AddLevel)
	dup := widgets.NewIconButton(theme.ContentCopyIcon(), "Duplicate the selected level", sel(m.DuplicateLevel))
	ll.remove = widgets.NewIconButton(theme.DeleteIcon(), "Remove the selected level", sel(m.RemoveLevel))
	up := widgets.NewIconButton(theme.MoveUpIcon(), "Move the selected level up", sel(func(i int) { m.MoveLevel(i, -1) }))
	down := widgets.NewIconButton(theme.MoveDownIcon(), "Move the selected level down", sel(func(i int) { m.MoveLevel(i, 1) }))
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

// levelForm edits the selected level: name, depth, size, fixed seed, theme
// and split. slot is where the form is shown (edits typed into it keep it).
func levelForm(m Host, slot *widgets.Slot) fyne.CanvasObject {
	l := m.Level()
	if l == nil {
		return widget.NewLabel("No level selected.")
	}
	p := m.Project()
	// a typed value (key set) keeps the form; any other edit rebuilds it
	edit := func(label, key string, f func(l *projects.Level)) {
		if key == "" {
			m.EditLevel(label, key, f)
			return
		}
		slot.Edit(func() { m.EditLevel(label, key, f) })
	}
	name := widget.NewEntry()
	name.SetText(l.Name)
	name.OnChanged = func(s string) { edit("Rename level", "name", func(l *projects.Level) { l.Name = s }) }
	seed := widgets.SeedEntry(p.LevelSeed(m.LevelIndex()), func(n uint64) {
		edit("Pin seed", "seed", func(l *projects.Level) { l.Seed = &n })
	})
	depth := widgets.NewIntField("depth", l.Depth, 0, 1000, func(n int) {
		edit("Change depth", "depth", func(l *projects.Level) { l.Depth = n })
		if l := m.Level(); l != nil && l.Seed == nil { // the derived seed follows the depth
			widgets.SetQuietly(seed, strconv.FormatUint(m.Project().LevelSeed(m.LevelIndex()), 10))
		}
	})
	width := widgets.NewIntField("width", l.Chain.Width, chain.MinSize, chain.MaxSize, func(n int) {
		edit("Change width", "width", func(l *projects.Level) { l.Chain.Width = n })
	})
	height := widgets.NewIntField("height", l.Chain.Height, chain.MinSize, chain.MaxSize, func(n int) {
		edit("Change height", "height", func(l *projects.Level) { l.Chain.Height = n })
	})
	pin := widgets.NewCheck("fixed", func(on bool) {
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
	th := widgets.NewSelect(names, nil)
	th.SetQuietly(l.Theme)
	if l.Theme == "" {
		th.SetQuietly(chain.DefaultTheme().Name)
	}
	th.SetOnChanged(func(s string) { edit("Change theme", "", func(l *projects.Level) { l.Theme = s }) })
	region := widgets.NewSelect(append([]string{"none"}, projects.SplitRegions...), nil)
	splitTheme := widgets.NewSelect(names, nil)
	if l.Split != nil {
		region.SetQuietly(l.Split.Region)
		splitTheme.SetQuietly(l.Split.Theme)
	} else {
		region.SetQuietly("none")
		splitTheme.Disable()
	}
	region.SetOnChanged(func(s string) {
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
	})
	splitTheme.SetOnChanged(func(s string) {
		edit("Split theme", "", func(l *projects.Level) {
			if l.Split != nil {
				l.Split.Theme = s
			}
		})
	})
	return widget.NewForm(
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Depth", depth.Object()),
		widget.NewFormItem("Size", container.NewGridWithColumns(2, width.Object(), height.Object())),
		widget.NewFormItem("Seed", container.NewBorder(nil, nil, nil, pin, seed)),
		widget.NewFormItem("Theme", th),
		widget.NewFormItem("Split", container.NewGridWithColumns(2, region, splitTheme)),
	)
}

// levelSubject is what the level form shows.
type levelSubject struct {
	Index                int
	Name                 string
	Depth, Width, Height int
	Seed                 uint64
	Pinned               bool
	Theme                string
	Split                *projects.ThemeSplit
	Themes               []string
}

func levelSubjectOf(m Host) levelSubject {
	l := m.Level()
	if l == nil {
		return levelSubject{Index: -1}
	}
	p := m.Project()
	return levelSubject{Index: m.LevelIndex(), Name: l.Name, Depth: l.Depth, Width: l.Chain.Width, Height: l.Chain.Height,
		Seed: p.LevelSeed(m.LevelIndex()), Pinned: l.Seed != nil, Theme: l.Theme, Split: l.Split, Themes: p.ThemeNames()}
}

// Host is what the panel needs from the editor: the selected level and the
// level edits of the model (each one undo step).
type Host interface {
	// Project is the current project (never modified: edits make new ones).
	Project() *projects.Project
	// LevelIndex is the selected level (-1: none).
	LevelIndex() int
	// Level is the selected level (nil: none).
	Level() *projects.Level
	// SelectLevel selects level i.
	SelectLevel(i int)
	// AddLevel appends a level one deeper than the last and selects it.
	AddLevel()
	// DuplicateLevel inserts a copy of level i after it and selects it.
	DuplicateLevel(i int)
	// RemoveLevel deletes level i.
	RemoveLevel(i int)
	// MoveLevel moves level i by delta places.
	MoveLevel(i, delta int)
	// EditLevel edits the selected level (a non-empty key coalesces typing
	// into one undo step).
	EditLevel(label, key string, f func(l *projects.Level))
	// Pack is the content pack (nil until loaded): its names are offered as
	// spawns.NAME metrics of acceptance rules.
	Pack() *content.Pack
}
