package ui

import "hewn/ui/model"

// contentChanged regenerates the level after a content pack edit, so the map
// shows spawns rolled from the new pack.
func (e *Editor) contentChanged(c model.Change) {
	if c&model.ChangeContent != 0 {
		e.regenerate()
	}
}
