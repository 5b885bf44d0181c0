package ui

import (
	"fmt"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/widgets"
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

// levelForm edits the selected level: name, depth, size, fixed seed, theme
// and split. slot is where the form is shown (edits typed into it keep it).
func levelForm(m *model.Model, slot *widgets.Slot) fyne.CanvasObject {
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
		edit("model.Change depth", "depth", func(l *projects.Level) { l.Depth = n })
		if l := m.Level(); l != nil && l.Seed == nil { // the derived seed follows the depth
			widgets.SetQuietly(seed, strconv.FormatUint(m.Project().LevelSeed(m.LevelIndex()), 10))
		}
	})
	width := widgets.NewIntField("width", l.Chain.Width, chain.MinSize, chain.MaxSize, func(n int) {
		edit("model.Change width", "width", func(l *projects.Level) { l.Chain.Width = n })
	})
	height := widgets.NewIntField("height", l.Chain.Height, chain.MinSize, chain.MaxSize, func(n int) {
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
		widget.NewFormItem("Depth", depth.Object()),
		widget.NewFormItem("Size", container.NewGridWithColumns(2, width.Object(), height.Object())),
		widget.NewFormItem("Seed", container.NewBorder(nil, nil, nil, pin, seed)),
		widget.NewFormItem("Theme", th),
		widget.NewFormItem("Split", container.NewGridWithColumns(2, region, splitTheme)),
	)
}

// projectForm edits the project's name, master seed and content pack.
// chooseContent opens a file dialog and calls back with the picked path.
// slot is where the form is shown (edits typed into it keep it).
func projectForm(m *model.Model, chooseContent func(func(string)), slot *widgets.Slot) fyne.CanvasObject {
	p := m.Project()
	// a typed value (key set) keeps the form; any other edit rebuilds it
	edit := func(label, key string, f func(p *projects.Project)) {
		if key == "" {
			m.EditProject(label, key, f)
			return
		}
		slot.Edit(func() { m.EditProject(label, key, f) })
	}
	name := widget.NewEntry()
	name.SetText(p.Name)
	name.OnChanged = func(s string) { edit("Rename project", "name", func(p *projects.Project) { p.Name = s }) }
	seed := widgets.SeedEntry(p.Seed, func(n uint64) {
		edit("model.Change master seed", "seed", func(p *projects.Project) { p.Seed = n })
	})
	dice := widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), func() {
		n := widgets.NewSeed()
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
	builtIn := widgets.Hint("Hewn's own pack: the tutorial's mobs, items, props and their spawn and loot tables.")
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
			widgets.Hint("Each level's seed derives from this and its depth, unless the level pins its own."))),
		widget.NewFormItem("Content", container.NewVBox(src, pick, builtIn)),
	)
}
