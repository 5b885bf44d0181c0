package projectedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// projectForm edits the project's name, master seed and content pack
// (m.ChooseContent asks for a file). slot is where the form is shown (edits
// typed into it keep it).
func projectForm(m Host, slot *widgets.Slot) fyne.CanvasObject {
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
		edit("Change master seed", "seed", func(p *projects.Project) { p.Seed = n })
	})
	dice := widgets.NewIconButton(theme.ViewRefreshIcon(), "A new random master seed", func() {
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
		m.ChooseContent(func(f string) {
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

// projectSubject is what the project form shows.
type projectSubject struct {
	Name, Content string
	Seed          uint64
}

func projectSubjectOf(p *projects.Project) projectSubject {
	return projectSubject{Name: p.Name, Content: p.Content, Seed: p.Seed}
}
