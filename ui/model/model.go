// Package model is the editor's state in plain Go: the project being edited,
// the selected level and step, the undo history, and the kinds of change it
// reports to the views. It never imports Fyne: its tests need no window.
//
// Every edit makes a new project value (the model edits a deep clone), so a
// project the views or a background generation hold never changes under them.
package model

import (
	"fmt"
	"slices"
	"strings"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// Change says what an edit touched, so views refresh only what they must.
type Change uint

// The kinds of change a Model reports to its listeners.
const (
	// ChangeProject: the project's structure changed (levels, steps, themes);
	// lists and forms rebuild.
	ChangeProject Change = 1 << iota
	// ChangeValue: a value typed into a form changed; summaries refresh, the
	// form that made the edit keeps its widgets (and the keyboard focus).
	ChangeValue
	// ChangeSelection: the selected level or step changed.
	ChangeSelection
	// ChangeFile: the file name or the unsaved mark changed.
	ChangeFile
	// ChangeLook: only how the map looks changed (a theme colour or glyph):
	// the map redraws, nothing regenerates.
	ChangeLook
	// ChangeContent: the content pack changed (a weight, a faction, an
	// entity): the content views refresh and the level regenerates (spawns
	// are re-rolled); the chain's forms stay.
	ChangeContent
	// ChangeView: a view setting changed (the rooms overlay, the seed lock):
	// not an edit of the project (no undo step, nothing unsaved); the map
	// shows it.
	ChangeView
)

// StepPath addresses a step in a chain: the index of a top-level step, then,
// for steps nested in a sub-chain, the index inside the nested list held by
// the parent's steps-typed parameter (see NestedParam).
type StepPath []int

// String formats the path like chain step paths ("steps[2].params.steps[0]").
func (p StepPath) String() string {
	s := ""
	for i, ix := range p {
		if i > 0 {
			s += ".params.steps"
		} else {
			s = "steps"
		}
		s += fmt.Sprintf("[%d]", ix)
	}
	return s
}

// Model is the editor's state in plain Go (no widgets): the project, the file
// it lives in, the selection and the undo history. Every edit goes through
// Apply, which never mutates the current project: it edits a deep clone and
// makes the clone current, so each project value is immutable once shown and a
// background generation can read it without locks or copies.
type Model struct {
	proj  *projects.Project
	saved *projects.Project // the project as last saved or opened (dirty = proj != saved)
	// packBase is the content pack as its file (or the embedded pack) holds
	// it: the pack needs saving when the project's differs.
	packBase *content.Pack
	undo     undoStack
	// view holds the view settings (see Settings): saved with the project,
	// but not part of the edits it undoes.
	view  projects.Settings
	level int // selected level (-1 when the project has none)
	step  int // selected top-level step of the level's chain (-1 for none)
	subs  []func(Change)
}

// NewModel returns a model editing p (which it takes ownership of), with the
// first level and no step selected.
func NewModel(p *projects.Project) *Model {
	m := &Model{undo: undoStack{limit: 500}}
	m.open(p)
	return m
}

func (m *Model) open(p *projects.Project) {
	m.proj, m.saved = p, p
	m.view = p.Settings
	m.packBase = nil
	m.undo.clear()
	m.level, m.step = -1, -1
	if len(p.Levels) > 0 {
		m.level = 0
	}
}

// Open replaces the project (after New or Open): the undo history is cleared.
func (m *Model) Open(p *projects.Project) {
	m.open(p)
	m.emit(ChangeProject | ChangeSelection | ChangeFile)
}

// AttachPack gives the current project its content pack, as loaded from its
// file: not an edit (no undo step, nothing unsaved), just what the editor
// needs in memory to show and edit the pack.
func (m *Model) AttachPack(pk *content.Pack) {
	m.proj.Pack = pk
	if m.saved != nil && m.saved.Content == m.proj.Content && m.saved.Pack == nil {
		m.saved.Pack = pk
	}
	m.packBase = pk
}

// Pack returns the current content pack (nil until the editor loaded it).
// Callers must not modify it: use EditPack.
func (m *Model) Pack() *content.Pack { return m.proj.Pack }

// PackDirty reports whether the content pack has edits its file does not hold.
func (m *Model) PackDirty() bool { return m.proj.Pack != nil && m.proj.Pack != m.packBase }

// EditPack runs edit on a deep copy of the content pack and makes it current
// (one undo step; consecutive edits with the same non-empty key undo as one).
// It returns edit's error, and on error changes nothing.
func (m *Model) EditPack(label, key string, edit func(pk *content.Pack) error) error {
	if m.proj.Pack == nil {
		return fmt.Errorf("the content pack is not loaded")
	}
	pk := m.proj.Pack.Clone()
	if err := edit(pk); err != nil {
		return err
	}
	m.ApplyKey(label, key, ChangeContent, func(p *projects.Project) { p.Pack = pk })
	return nil
}

// EditProjectAndPack edits the project and a deep copy of its content pack
// as one undo step (a rename that must follow into chain steps and prefab
// legends). It returns edit's error, and on error changes nothing.
func (m *Model) EditProjectAndPack(label string, edit func(p *projects.Project, pk *content.Pack) error) error {
	if m.proj.Pack == nil {
		return fmt.Errorf("the content pack is not loaded")
	}
	next := m.proj.Clone()
	next.Pack = m.proj.Pack.Clone()
	if err := edit(next, next.Pack); err != nil {
		return err
	}
	m.ApplyKey(label, "", ChangeProject|ChangeContent, func(p *projects.Project) { *p = *next })
	return nil
}

// MarkSavedAs records that p, the current project as just written (its
// path, and its content path when the save moved the pack beside it), and its
// pack are what the files hold.
func (m *Model) MarkSavedAs(p *projects.Project) {
	moved := p.Content != m.proj.Content
	m.proj = p
	m.packBase = p.Pack
	m.saved = m.proj
	m.undo.breakMerge()
	if moved {
		m.emit(ChangeFile | ChangeProject)
		return
	}
	m.emit(ChangeFile)
}

// OpenRecovered replaces the project with p, recovered from a recovery file:
// like Open, but the project counts as unsaved until it is saved.
func (m *Model) OpenRecovered(p *projects.Project) {
	m.open(p)
	m.saved = nil
	m.emit(ChangeProject | ChangeSelection | ChangeFile)
}

// Settings are the editor's view settings for the project (the rooms
// overlay, the seed lock): saved with the project (Saved puts them in), but
// changing them is not an edit: no undo step, nothing unsaved, and an undo
// leaves them as they are. Read them here, not from Project().Settings.
func (m *Model) Settings() projects.Settings { return m.view }

// SetSettings changes the view settings with f (see Settings); a change is
// reported as ChangeView.
func (m *Model) SetSettings(f func(s *projects.Settings)) {
	s := m.view
	f(&s)
	if s == m.view {
		return
	}
	m.view = s
	m.emit(ChangeView)
}

// Saved returns a copy of the current project as it is to be saved: with
// the view settings.
func (m *Model) Saved() *projects.Project {
	p := m.proj.Clone()
	p.Settings = m.view
	return p
}

// OnChange registers f to be called after every change. The editor registers
// one function, which looks up who reacts to the change in one table.
func (m *Model) OnChange(f func(Change)) { m.subs = append(m.subs, f) }

func (m *Model) emit(c Change) {
	for _, f := range m.subs {
		f(c)
	}
}

// Project returns the current project. Callers must not modify it: use Apply.
func (m *Model) Project() *projects.Project { return m.proj }

// Dirty reports whether the project has changes that are not saved.
func (m *Model) Dirty() bool { return m.proj != m.saved }

// MarkSaved records that the current project was saved to path.
func (m *Model) MarkSaved(path string) {
	if m.proj.Path != path {
		p := m.proj.Clone()
		p.Path = path
		m.proj = p
	}
	m.saved = m.proj
	m.undo.breakMerge()
	m.emit(ChangeFile)
}

// Title is the window title: the project name, a star when unsaved, the app name.
func (m *Model) Title() string {
	name := m.proj.Name
	if name == "" {
		name = "untitled"
	}
	if m.Dirty() {
		name += " *"
	}
	return name + " — Hewn"
}

// Apply runs edit on a deep copy of the project and makes it current, recording
// the previous project for undo. label names the edit ("Add step").
func (m *Model) Apply(label string, edit func(p *projects.Project)) {
	m.ApplyKey(label, "", ChangeProject, edit)
}

// ApplyKey is Apply with a coalescing key (consecutive edits with the same
// non-empty key undo as one, e.g. the keystrokes typed into one field) and the
// kind of change to report.
func (m *Model) ApplyKey(label, key string, kind Change, edit func(p *projects.Project)) {
	next := m.proj.Clone()
	edit(next)
	if next.Content != m.proj.Content && next.Pack == m.proj.Pack {
		next.Pack = nil // another pack file: the editor loads it
	}
	next.Sync()
	m.undo.push(m.proj, label, key)
	m.proj = next
	m.clampSelection()
	m.emit(kind | ChangeFile)
}

// Alone runs f's edits as an undo step of their own: not merged with typing
// into the same field before or after (a colour picked, a box toggled).
func (m *Model) Alone(f func()) {
	m.undo.breakMerge()
	f()
	m.undo.breakMerge()
}

// CanUndo reports whether Undo would do anything.
func (m *Model) CanUndo() bool { return m.undo.canUndo() }

// CanRedo reports whether an undone edit can be redone.
func (m *Model) CanRedo() bool { return m.undo.canRedo() }

// Undo reverts the last edit and returns its label ("" when there was none).
func (m *Model) Undo() string {
	p, label, ok := m.undo.undoTo(m.proj)
	if !ok {
		return ""
	}
	m.proj = p
	m.clampSelection()
	m.emit(ChangeProject | ChangeSelection | ChangeFile)
	return label
}

// Redo re-applies the last undone edit and returns its label ("" when none).
func (m *Model) Redo() string {
	p, label, ok := m.undo.redoTo(m.proj)
	if !ok {
		return ""
	}
	m.proj = p
	m.clampSelection()
	m.emit(ChangeProject | ChangeSelection | ChangeFile)
	return label
}

func (m *Model) clampSelection() {
	n := len(m.proj.Levels)
	switch {
	case n == 0:
		m.level = -1
	case m.level >= n:
		m.level = n - 1
	case m.level < 0:
		m.level = 0
	}
	if c := m.Chain(); c == nil || m.step >= len(c.Steps) {
		m.step = -1
		if c != nil && len(c.Steps) > 0 {
			m.step = len(c.Steps) - 1
		}
	}
}

// LevelIndex returns the selected level's index (-1 for none).
func (m *Model) LevelIndex() int { return m.level }

// Level returns the selected level, or nil.
func (m *Model) Level() *projects.Level {
	if m.level < 0 || m.level >= len(m.proj.Levels) {
		return nil
	}
	return &m.proj.Levels[m.level]
}

// Chain returns the selected level's chain, or nil.
func (m *Model) Chain() *chain.Chain {
	if l := m.Level(); l != nil {
		return l.Chain
	}
	return nil
}

// SelectLevel selects level i and no step.
func (m *Model) SelectLevel(i int) {
	if i < 0 || i >= len(m.proj.Levels) || i == m.level {
		return
	}
	m.level, m.step = i, -1
	m.undo.breakMerge()
	m.emit(ChangeSelection)
}

// StepIndex returns the selected top-level step (-1 for none).
func (m *Model) StepIndex() int { return m.step }

// SelectStep selects top-level step i of the current chain (-1 for none).
func (m *Model) SelectStep(i int) {
	c := m.Chain()
	if c == nil || i < -1 || i >= len(c.Steps) || i == m.step {
		return
	}
	m.step = i
	m.undo.breakMerge()
	m.emit(ChangeSelection)
}

// Step returns the step at path in the selected chain, or nil.
func (m *Model) Step(path StepPath) *chain.Step {
	c := m.Chain()
	if c == nil {
		return nil
	}
	return stepAt(c.Steps, path)
}

// NestedParam returns the name of the builder's nested steps parameter ("" when it has none).
func NestedParam(builder string) string {
	spec, ok := chain.Lookup(builder)
	if !ok {
		return ""
	}
	for _, p := range spec.Params {
		if p.Type == chain.Steps {
			return p.Name
		}
	}
	return ""
}

// stepAt resolves path in steps (nil when it does not lead to a step).
func stepAt(steps []chain.Step, path StepPath) *chain.Step {
	if len(path) == 0 || path[0] < 0 || path[0] >= len(steps) {
		return nil
	}
	s := &steps[path[0]]
	if len(path) == 1 {
		return s
	}
	nested, _ := s.Params[NestedParam(s.Builder)].([]chain.Step)
	return stepAt(nested, path[1:])
}

// editList replaces the step list at parent (nil: the chain's own list) with
// f's result. It reports false when parent does not lead to a nesting step.
func editList(c *chain.Chain, parent StepPath, f func([]chain.Step) []chain.Step) bool {
	if len(parent) == 0 {
		c.Steps = f(c.Steps)
		return true
	}
	s := stepAt(c.Steps, parent)
	if s == nil {
		return false
	}
	name := NestedParam(s.Builder)
	if name == "" {
		return false
	}
	nested, _ := s.Params[name].([]chain.Step)
	if s.Params == nil {
		s.Params = map[string]any{}
	}
	s.Params[name] = f(nested)
	return true
}

// editChain applies f to the selected chain through Apply.
func (m *Model) editChain(label string, f func(c *chain.Chain)) {
	if m.Chain() == nil {
		return
	}
	li := m.level
	m.Apply(label, func(p *projects.Project) { f(p.Levels[li].Chain) })
}

// AddStep inserts a default step of builder at index at of the list at parent
// (at < 0 or past the end appends) and selects it when it is top-level.
func (m *Model) AddStep(parent StepPath, at int, builder string) error {
	st, err := chain.NewStep(builder, nil)
	if err != nil {
		return err
	}
	if NestedParam(builder) != "" {
		st.Params = map[string]any{NestedParam(builder): []chain.Step{}}
	}
	pos := -1
	m.editChain("Add "+builder, func(c *chain.Chain) {
		editList(c, parent, func(steps []chain.Step) []chain.Step {
			if at < 0 || at > len(steps) {
				at = len(steps)
			}
			pos = at
			return slices.Insert(steps, at, st)
		})
	})
	if len(parent) == 0 && pos >= 0 {
		m.SelectStep(pos)
	}
	return nil
}

// RemoveStep deletes step i of the list at parent.
func (m *Model) RemoveStep(parent StepPath, i int) {
	m.editChain("Remove step", func(c *chain.Chain) {
		editList(c, parent, func(steps []chain.Step) []chain.Step {
			if i < 0 || i >= len(steps) {
				return steps
			}
			return slices.Delete(steps, i, i+1)
		})
	})
	if len(parent) == 0 && m.step > i {
		m.SelectStep(m.step - 1)
	}
}

// DuplicateStep inserts a copy of step i of the list at parent after it.
func (m *Model) DuplicateStep(parent StepPath, i int) {
	ok := false
	m.editChain("Duplicate step", func(c *chain.Chain) {
		editList(c, parent, func(steps []chain.Step) []chain.Step {
			if i < 0 || i >= len(steps) {
				return steps
			}
			ok = true
			return slices.Insert(steps, i+1, steps[i].Clone())
		})
	})
	if ok && len(parent) == 0 {
		m.SelectStep(i + 1)
	}
}

// MoveStep moves step i of the list at parent by delta places (-1 up, +1 down).
func (m *Model) MoveStep(parent StepPath, i, delta int) {
	c := m.Chain()
	if c == nil {
		return
	}
	j := i + delta
	moved := false
	m.editChain("Move step", func(c *chain.Chain) {
		editList(c, parent, func(steps []chain.Step) []chain.Step {
			if i < 0 || i >= len(steps) || j < 0 || j >= len(steps) {
				return steps
			}
			moved = true
			s := steps[i]
			steps = slices.Delete(steps, i, i+1)
			return slices.Insert(steps, j, s)
		})
	})
	if moved && len(parent) == 0 && m.step == i {
		m.SelectStep(j)
	}
}

// SetEnabled enables or disables the step at path.
func (m *Model) SetEnabled(path StepPath, on bool) {
	m.editChain(map[bool]string{true: "Enable step", false: "Disable step"}[on], func(c *chain.Chain) {
		if s := stepAt(c.Steps, path); s != nil {
			s.SetEnabled(on) // a broken step's JSON too
		}
	})
}

// ReplaceStep puts st in place of the step at path (the editor fixes a step
// that did not load with it, see chain.Step.Raw): one undo step.
func (m *Model) ReplaceStep(path StepPath, st chain.Step) {
	m.Alone(func() {
		m.editChain("Fix step", func(c *chain.Chain) {
			if s := stepAt(c.Steps, path); s != nil {
				*s = st.Clone()
			}
		})
	})
}

// SetParam sets (or with val nil, resets to its default) the parameter name of
// the step at path. val must already satisfy the parameter's descriptor.
// Consecutive sets of the same parameter undo as one edit.
func (m *Model) SetParam(path StepPath, name string, val any) {
	li := m.level
	key := fmt.Sprintf("param:%d:%s:%s", li, path, name)
	m.ApplyKey("Edit "+name, key, ParamChange(name, val), func(p *projects.Project) {
		s := stepAt(p.Levels[li].Chain.Steps, path)
		if s == nil {
			return
		}
		if val == nil {
			delete(s.Params, name)
			if len(s.Params) == 0 {
				s.Params = nil
			}
			return
		}
		if s.Params == nil {
			s.Params = map[string]any{}
		}
		s.Params[name] = val
	})
}

// ChooseParam is SetParam for a value chosen rather than typed (a dropdown,
// a check box, a reset): one undo step of its own, never merged with the
// edits before or after it, so an undo takes back exactly that choice.
func (m *Model) ChooseParam(path StepPath, name string, val any) {
	m.Alone(func() { m.SetParam(path, name, val) })
}

// ParamChange is the kind of change SetParam reports for setting parameter
// name to val: ChangeValue, or ChangeProject when the step's form shows other
// values afterwards and must be rebuilt (nested steps, a preset, a reset).
func ParamChange(name string, val any) Change {
	if _, isSteps := val.([]chain.Step); isSteps || name == "preset" || val == nil {
		return ChangeProject
	}
	return ChangeValue
}

// SetBuilder replaces the builder of the step at path (its parameters reset).
func (m *Model) SetBuilder(path StepPath, builder string) {
	m.editChain("Change builder", func(c *chain.Chain) {
		if s := stepAt(c.Steps, path); s != nil {
			*s = chain.Step{Builder: builder, Disabled: s.Disabled, Note: s.Note}
			if n := NestedParam(builder); n != "" {
				s.Params = map[string]any{n: []chain.Step{}}
			}
		}
	})
}

// EditLevel applies f to the selected level; key coalesces typing (see ApplyKey).
func (m *Model) EditLevel(label, key string, f func(l *projects.Level)) {
	li := m.level
	if li < 0 {
		return
	}
	kind := ChangeValue
	if key == "" {
		kind = ChangeProject
	}
	if key != "" {
		key = fmt.Sprintf("level:%d:%s", li, key)
	}
	m.ApplyKey(label, key, kind, func(p *projects.Project) { f(&p.Levels[li]) })
}

// AddLevel appends a level one deeper than the last, on the default chain
// (projects.DefaultChain: a playable dungeon), and selects it.
func (m *Model) AddLevel() {
	depth := 1
	for _, l := range m.proj.Levels {
		depth = max(depth, l.Depth+1)
	}
	m.Apply("Add level", func(p *projects.Project) {
		name := fmt.Sprintf("Level %d", depth)
		p.Levels = append(p.Levels, projects.Level{Depth: depth, Name: name, Chain: projects.DefaultChain(name, depth)})
	})
	m.level, m.step = len(m.proj.Levels)-1, -1
	m.emit(ChangeSelection)
}

// RemoveLevel deletes level i.
func (m *Model) RemoveLevel(i int) {
	if i < 0 || i >= len(m.proj.Levels) {
		return
	}
	m.Apply("Remove level", func(p *projects.Project) { p.Levels = slices.Delete(p.Levels, i, i+1) })
	m.step = -1
	m.emit(ChangeSelection)
}

// DuplicateLevel inserts a copy of level i after it and selects the copy.
func (m *Model) DuplicateLevel(i int) {
	if i < 0 || i >= len(m.proj.Levels) {
		return
	}
	m.Apply("Duplicate level", func(p *projects.Project) {
		l := p.Levels[i].Clone()
		l.Name += " (copy)"
		p.Levels = slices.Insert(p.Levels, i+1, l)
	})
	m.level, m.step = i+1, -1
	m.emit(ChangeSelection)
}

// MoveLevel moves level i by delta places and keeps it selected.
func (m *Model) MoveLevel(i, delta int) {
	j := i + delta
	if i < 0 || i >= len(m.proj.Levels) || j < 0 || j >= len(m.proj.Levels) {
		return
	}
	m.Apply("Move level", func(p *projects.Project) { p.Levels[i], p.Levels[j] = p.Levels[j], p.Levels[i] })
	m.level = j
	m.emit(ChangeSelection)
}

// EditProject applies f to the project's own fields (name, seed, content, themes).
func (m *Model) EditProject(label, key string, f func(p *projects.Project)) {
	kind := ChangeProject
	if key != "" {
		kind, key = ChangeValue, "project:"+key
		if strings.HasPrefix(key, "project:theme:") {
			kind = ChangeLook
		}
	}
	m.ApplyKey(label, key, kind, f)
}
