// Package contentedit is the editor's content pack panel: the spawn table with
// its odds (at a depth, and across depths as a heatmap) and what the level on
// screen spawned, factions as a response matrix, loot tables, an entity browser
// with forms built from one description of the fields, and the pack's problems.
// It edits through a Host (the editor's model), so every edit is undoable and
// regenerates the map; it never touches files itself.
package contentedit

import (
	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// Host is what the panel needs from the editor. The pack and project it
// returns are immutable values: every change goes through an Edit method,
// which makes a new value current and records one undo step; the editor then
// calls the panel's Update.
type Host interface {
	// Pack is the current content pack (nil while none is loaded).
	Pack() *content.Pack
	// Project is the current project (for depths, prefabs and chain steps).
	Project() *projects.Project
	// EditPack applies edit to a copy of the pack as one undo step (consecutive
	// edits with the same non-empty key undo as one). An error changes nothing.
	EditPack(label, key string, edit func(pk *content.Pack) error) error
	// EditProjectAndPack edits the project and a copy of its pack as one undo
	// step (renames that follow into chain steps and prefab legends).
	EditProjectAndPack(label string, edit func(p *projects.Project, pk *content.Pack) error) error
	// ReadOnly says why the pack cannot be edited ("" when it can), e.g. the
	// embedded default pack before "Make editable copy".
	ReadOnly() string
	// MakeEditableCopy turns the embedded pack into a file beside the project.
	MakeEditableCopy()
	// LevelSpawns are the spawns of the level on screen (nil before one ran),
	// and its depth.
	LevelSpawns() ([]chain.Spawn, int)
	// Window is the editor's window, for dialogs.
	Window() fyne.Window
}
