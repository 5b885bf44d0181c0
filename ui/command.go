package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/dialog"
)

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
		e.mapv.SetStatus("Copied: " + cmd)
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
