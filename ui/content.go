package ui

// contentChanged regenerates the level after a content pack edit, so the map
// shows spawns rolled from the new pack.
func (e *Editor) contentChanged(c Change) {
	if c&ChangeContent != 0 {
		e.regenerate()
	}
}
