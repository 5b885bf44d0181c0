package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
	e       *Editor
	master  *widget.Entry
	dice    *widget.Button
	lock    *widget.Check
	level   *widget.Label
	copyCmd *widget.Button
	obj     fyne.CanvasObject
}

func newSeedBar(e *Editor) *seedBar {
	b := &seedBar{e: e}
	m := e.m
	b.master = widgets.SeedEntry(m.Project().Seed, func(n uint64) {
		if n != m.Project().Seed {
			m.EditProject("Set master seed", "master_seed", func(p *projects.Project) { p.Seed = n })
		}
	})
	b.dice = widget.NewButtonWithIcon("", theme.ViewRefreshIcon(), e.rollSeed)
	b.lock = widget.NewCheck("Lock", func(on bool) {
		if on == m.Project().Settings.SeedLocked {
			return
		}
		m.EditProject("Lock seed", "", func(p *projects.Project) { p.Settings.SeedLocked = on })
	})
	b.level = widget.NewLabel("")
	b.level.Truncation = fyne.TextTruncateEllipsis
	b.copyCmd = widget.NewButtonWithIcon("Command", theme.ContentCopyIcon(), e.CopyCommand)
	left := container.NewHBox(widget.NewLabel("Seed"))
	right := container.NewHBox(b.dice, b.lock, e.pins.pin, b.copyCmd)
	b.obj = container.NewBorder(nil, nil, left, right, b.master)
	return b
}

// refresh shows the project's seeds (leaving the entry alone while it is
// being typed into, unless the structure changed).
func (b *seedBar) refresh(structural bool) {
	p := b.e.m.Project()
	b.lock.Checked = p.Settings.SeedLocked
	b.lock.Refresh()
	if p.Settings.SeedLocked {
		b.dice.Disable()
		b.master.Disable()
	} else {
		b.dice.Enable()
		b.master.Enable()
	}
	if structural || b.e.win == nil || b.e.win.Canvas().Focused() != b.master {
		if txt := strconv.FormatUint(p.Seed, 10); b.master.Text != txt {
			on := b.master.OnChanged
			b.master.OnChanged = nil
			b.master.SetText(txt)
			b.master.OnChanged = on
		}
	}
	li := b.e.m.LevelIndex()
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

// rollSeed sets a new random master seed (unless the seed is locked).
func (e *Editor) rollSeed() {
	if e.m.Project().Settings.SeedLocked {
		return
	}
	n := widgets.NewSeed()
	e.m.EditProject("Roll master seed", "", func(p *projects.Project) { p.Seed = n })
}

// Command returns the `hewn run` command line that prints the selected level
// as the editor generates it, and whether the file it names holds what is on
// screen (false while there are unsaved changes, or no file at all).
func (e *Editor) Command() (string, bool) {
	p := e.m.Project()
	li := e.m.LevelIndex()
	if li < 0 {
		return "", false
	}
	file := p.Path
	if e.chainFile != "" {
		file = e.chainFile
	}
	if file == "" {
		return "", false
	}
	return fmt.Sprintf("hewn run %s --depth %d --seed %d", shellQuote(file), p.Levels[li].Depth, p.Seed), !e.m.Dirty()
}

// CopyCommand puts the selected level's `hewn run` command on the clipboard;
// with unsaved changes it offers to save first (the command reads the file).
func (e *Editor) CopyCommand() {
	copyIt := func() {
		cmd, ok := e.Command()
		if !ok {
			return
		}
		if e.app != nil {
			e.app.Clipboard().SetContent(cmd)
		}
		e.status.SetText("Copied: " + cmd)
	}
	if _, ok := e.Command(); ok {
		copyIt()
		return
	}
	if e.win == nil {
		return
	}
	dialog.ShowConfirm("Save first?",
		"The command runs the project file, which does not hold what is on screen yet.\nSave the project and copy the command?",
		func(yes bool) {
			if yes {
				e.saveThen(copyIt)
			}
		}, e.win)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == '+' || r == ':' || r == ',' ||
			(r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
