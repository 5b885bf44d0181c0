package model

import "hewn/projects"

// undoStack keeps whole-project snapshots: every edit pushes the project as it
// was before the edit, so undo and redo are swaps and can never drift out of
// step with the edits (no per-command inverse code to get wrong).
type undoStack struct {
	undo, redo []undoEntry
	// limit bounds the number of undo entries kept (oldest dropped first).
	limit int
}

// undoEntry is the project before an edit, with the edit's label and coalescing key.
type undoEntry struct {
	proj  *projects.Project
	label string
	key   string
}

// push records before (the project as it was) for an edit labelled label. An
// edit with the same non-empty key as the previous one (typing into one field)
// is merged into it, so one undo reverts the whole run of keystrokes.
func (u *undoStack) push(before *projects.Project, label, key string) {
	u.redo = nil
	if key != "" && len(u.undo) > 0 && u.undo[len(u.undo)-1].key == key {
		return
	}
	u.undo = append(u.undo, undoEntry{before, label, key})
	if u.limit > 0 && len(u.undo) > u.limit {
		u.undo = append(u.undo[:0], u.undo[len(u.undo)-u.limit:]...)
	}
}

// breakMerge stops the next edit from merging into the previous one.
func (u *undoStack) breakMerge() {
	if n := len(u.undo); n > 0 {
		u.undo[n-1].key = ""
	}
}

// undoTo pops the last edit: cur becomes redoable and the returned project is
// the one to show. ok is false when there is nothing to undo.
func (u *undoStack) undoTo(cur *projects.Project) (p *projects.Project, label string, ok bool) {
	n := len(u.undo)
	if n == 0 {
		return nil, "", false
	}
	e := u.undo[n-1]
	u.undo = u.undo[:n-1]
	u.redo = append(u.redo, undoEntry{cur, e.label, ""})
	return e.proj, e.label, true
}

// redoTo re-applies the last undone edit.
func (u *undoStack) redoTo(cur *projects.Project) (p *projects.Project, label string, ok bool) {
	n := len(u.redo)
	if n == 0 {
		return nil, "", false
	}
	e := u.redo[n-1]
	u.redo = u.redo[:n-1]
	u.undo = append(u.undo, undoEntry{cur, e.label, ""})
	return e.proj, e.label, true
}

// canUndo and canRedo report whether there is something to undo or redo.
func (u *undoStack) canUndo() bool { return len(u.undo) > 0 }
func (u *undoStack) canRedo() bool { return len(u.redo) > 0 }

// clear forgets every edit (a project was opened).
func (u *undoStack) clear() { u.undo, u.redo = nil, nil }
