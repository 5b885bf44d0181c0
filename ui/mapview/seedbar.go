package mapview

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// seedBar shows the seeds the map on screen was made from, the way the
// command line names them: the project's master seed (editable; the dice rolls
// a new one unless locked) and the selected level's seed, derived from the
// master seed and the depth or fixed in the Levels tab. Copy command puts on
// the clipboard the `hewn run` line that prints this very map.
type seedBar struct {
	p      *Panel
	master *widget.Entry
	// typing counts the edits the master entry is making (see refresh).
	typing  int
	dice    *widgets.IconButton
	lock    *widgets.Check
	level   *widget.Label
	copyCmd *widget.Button
	obj     fyne.CanvasObject
}

func newSeedBar(p *Panel) *seedBar {
	b := &seedBar{p: p}
	m := p.h
	b.master = widgets.SeedEntry(m.Project().Seed, func(n uint64) {
		if n != m.Project().Seed {
			b.typing++
			defer func() { b.typing-- }()
			m.EditProject("Set master seed", "master_seed", func(p *projects.Project) { p.Seed = n })
		}
	})
	b.dice = widgets.NewIconButton(theme.ViewRefreshIcon(), "A new random master seed (Ctrl+R)", p.RollSeed)
	b.lock = widgets.NewCheck("Lock", func(on bool) {
		m.SetSettings(func(s *projects.Settings) { s.SeedLocked = on }) // a view setting, not an edit
	})
	b.level = widget.NewLabel("")
	b.level.Truncation = fyne.TextTruncateEllipsis
	b.copyCmd = widget.NewButtonWithIcon("Command", theme.ContentCopyIcon(), m.CopyCommand)
	left := container.NewHBox(widget.NewLabel("Seed"))
	right := container.NewHBox(b.dice, b.lock, p.pins.pin, b.copyCmd)
	b.obj = container.NewBorder(nil, nil, left, right, b.master)
	return b
}

// refresh shows the project's seeds (leaving the master seed's entry alone
// while the edit comes from typing into it).
func (b *seedBar) refresh() {
	p := b.p.h.Project()
	locked := b.p.h.Settings().SeedLocked
	if b.lock.Checked != locked {
		b.lock.Checked = locked
		b.lock.Refresh()
	}
	if locked {
		b.dice.Disable()
		b.master.Disable()
	} else {
		b.dice.Enable()
		b.master.Enable()
	}
	if txt := strconv.FormatUint(p.Seed, 10); b.typing == 0 && b.master.Text != txt {
		widgets.SetQuietly(b.master, txt)
	}
	li := b.p.h.LevelIndex()
	if li < 0 {
		widgets.SetText(b.level, "")
		return
	}
	how := "derived from master seed and depth " + strconv.Itoa(p.Levels[li].Depth)
	if p.Levels[li].Seed != nil {
		how = "fixed in the Levels tab"
	}
	widgets.SetText(b.level, fmt.Sprintf("Level seed %d (%s)", p.LevelSeed(li), how))
}
