package ui

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
	"hewn/ui/model"
	"hewn/ui/render"
)

// The glue to the panels: the one table of which panel updates on which
// change, and each panel's Host.

// reaction is a row of the editor's table of reactions: do runs after every
// change of one of the kinds in on.
type reaction struct {
	on model.Change
	do func()
}

// reactions is which view updates on which change, in the order they run:
// the one place that says so. A panel is added with a row here (and a tab in
// newEditor).
func (e *Editor) reactions() []reaction {
	const (
		// what the forms show: the project's structure and values, the selection
		forms = model.ChangeProject | model.ChangeValue | model.ChangeSelection
		// what the generated level is made of: the chain, the project, the pack
		level = model.ChangeProject | model.ChangeValue | model.ChangeContent
		any   = ^model.Change(0)
	)
	return []reaction{
		{level | model.ChangeSelection, e.loadContent}, // the pack first: the forms offer its names
		{model.ChangeContent | model.ChangeProject | model.ChangeFile, e.contents.Update},
		{level, e.play.Update}, // offers to restart the game on the new level
		{model.ChangeFile, e.retitle},
		{forms, e.levels.Update},
		{forms, e.chain.Update},
		{forms, e.project.Update},
		{forms | model.ChangeLook, e.themes.Update},
		{forms | model.ChangeLook | model.ChangeContent, e.prefabs.Update}, // the legend, the brushes' looks
		{any, e.mapv.Update},                                               // the seed bar and the rooms overlay
		{level, e.regenerate},                                              // one edit, one run
		{model.ChangeSelection, e.selectionMoved},                          // another level runs; another step shows its snapshot
		{model.ChangeLook, e.mapv.Redraw},                                  // a theme's colours: drawn again, nothing runs
		{forms, e.stats.Update},                                            // the lab's parameters: the chain as it is
		{level, e.mapv.CheckPins},
		{model.ChangeFile, e.keepRecovery},
	}
}

// react runs the reactions to change c (the model's one subscriber).
func (e *Editor) react(c model.Change) {
	for _, r := range e.table {
		if c&r.on != 0 {
			r.do()
		}
	}
}

// mapHost is the editor as the Map panel (ui/mapview) sees it.
type mapHost struct {
	*model.Model
	e *Editor
}

func (h mapHost) Style(sc *render.Scene, lvl int) { h.e.style(sc, lvl) }
func (h mapHost) Spawner() chain.Spawner          { return h.e.spawner }
func (h mapHost) CopyCommand()                    { h.e.CopyCommand() }
func (h mapHost) Window() fyne.Window             { return h.e.win }
func (h mapHost) Post(f func())                   { h.e.post(f) }
func (h mapHost) ShowError(err error)             { h.e.showError(err) }
func (h mapHost) FocusPrefab() string {
	if h.e.prefabs == nil {
		return ""
	}
	return h.e.prefabs.Current()
}
func (h mapHost) ShowPrefab(name string) {
	h.e.prefabs.Open(name)
	h.e.selectMain("Prefabs")
}

// chainHost is the editor as the Chain panel (ui/chainedit) sees it.
type chainHost struct {
	*model.Model
	e *Editor
}

func (h chainHost) ShowBuilders() { h.e.tabs.SelectIndex(tabBuilders) }
func (h chainHost) Focus(obj fyne.Focusable) {
	if h.e.win != nil {
		h.e.win.Canvas().Focus(obj)
	}
}

func (h chainHost) ChoosePrefabFile(set func(rel string)) { h.e.choosePrefabFile(set) }
func (h chainHost) EditTemplate(path model.StepPath, param string) {
	h.e.prefabs.OpenStepTemplate(h.LevelIndex(), path, param)
	h.e.selectMain("Prefabs")
}
func (h chainHost) PaintMode() {
	h.e.selectMain("Map")
	h.e.mapv.SetPaintMode(true)
}

// projectHost is the editor as the Project panel (ui/projectedit) sees it.
type projectHost struct {
	*model.Model
	e *Editor
}

func (h projectHost) ChooseContent(set func(path string)) { h.e.chooseContent(set) }

// themeHost is the editor as the Themes panel (ui/themeedit) sees it.
type themeHost struct {
	*model.Model
	e *Editor
}

func (h themeHost) Window() fyne.Window { return h.e.win }

// contentHost is the editor as the Content panel (ui/contentedit) sees it.
type contentHost struct{ e *Editor }

func (h contentHost) Pack() *content.Pack        { return h.e.m.Pack() }
func (h contentHost) Project() *projects.Project { return h.e.m.Project() }
func (h contentHost) Window() fyne.Window        { return h.e.win }

func (h contentHost) EditPack(label, key string, edit func(pk *content.Pack) error) error {
	if why := h.ReadOnly(); why != "" {
		return errReadOnly(why)
	}
	return h.e.m.EditPack(label, key, edit)
}

func (h contentHost) EditProjectAndPack(label string, edit func(p *projects.Project, pk *content.Pack) error) error {
	if why := h.ReadOnly(); why != "" {
		return errReadOnly(why)
	}
	return h.e.m.EditProjectAndPack(label, edit)
}

// ReadOnly says why the pack cannot be edited: the embedded default pack is
// shared by every project until it is copied beside this one.
func (h contentHost) ReadOnly() string {
	p := h.e.m.Project()
	switch {
	case p.Pack == nil:
		return "The content pack did not load (see the status line)."
	case p.Content == "":
		return "This project uses the embedded default pack, which is read-only. Make editable copy writes it beside the project (" + projects.PackFile + ") to edit it."
	}
	return ""
}

// MakeEditableCopy points the project at a copy of the embedded pack beside
// the project file, written with the next save (one undo step).
func (h contentHost) MakeEditableCopy() {
	m := h.e.m
	if m.Pack() == nil || m.Project().Content != "" {
		return
	}
	m.EditProjectAndPack("Make editable copy", func(p *projects.Project, _ *content.Pack) error {
		p.Content = projects.PackFile
		return nil
	})
}

func (h contentHost) LevelSpawns() ([]chain.Spawn, int) {
	r, _ := h.e.viewed()
	if r == nil || r.State == nil {
		return nil, 0
	}
	return r.State.Spawns, r.Chain.Depth
}

type errReadOnly string

func (e errReadOnly) Error() string { return string(e) }

// playHost is the editor as the Play panel (ui/playview) sees it.
type playHost struct{ e *Editor }

// Project is the current project.
func (h playHost) Project() *projects.Project { return h.e.m.Project() }

// Pack is the project's content pack (nil: the embedded default).
func (h playHost) Pack() *content.Pack { return h.e.m.Project().Pack }

// Level is the project's master seed and the selected level's depth.
func (h playHost) Level() (uint64, int, bool) {
	p, li := h.e.m.Project(), h.e.m.LevelIndex()
	if li < 0 || li >= len(p.Levels) {
		return 0, 0, false
	}
	return p.Seed, p.Levels[li].Depth, true
}

// Focus gives obj the keyboard focus.
func (h playHost) Focus(obj fyne.Focusable) {
	if h.e.win != nil {
		h.e.win.Canvas().Focus(obj)
	}
}

// Post runs f on the UI goroutine.
func (h playHost) Post(f func()) { h.e.post(f) }

// SaveSession asks for a file and writes data there atomically. A project
// saved in a file is named by its path relative to the session's folder, so
// `hewn play --replay SESSION` finds it.
func (h playHost) SaveSession(name string, data []byte) {
	e := h.e
	e.askSave(name, ".json", ".play.json", func(path string) error {
		data := sessionFor(data, e.m.Project().Path, path)
		if err := projects.WriteFileAtomic(path, data); err != nil {
			return err
		}
		e.mapv.SetStatus("Saved the play session to " + path)
		return nil
	})
}

// sessionFor is the session data saved at path for the project at project
// ("" when it has no file: the session keeps the project's name): its
// "project" becomes the project's path relative to the session's folder.
func sessionFor(data []byte, project, path string) []byte {
	if project == "" {
		return data
	}
	s, err := play.ParseSession(data)
	if err != nil {
		return data
	}
	rel, err := filepath.Rel(filepath.Dir(absPath(path)), absPath(project))
	if err != nil {
		return data
	}
	s.Project = filepath.ToSlash(rel)
	if b, err := play.MarshalSession(s); err == nil {
		return b
	}
	return data
}

// absPath is path made absolute (as it is when that fails).
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// OpenSession asks for a session file, checks it as `hewn play --replay`
// does (its errors name the file, in the one error format) and hands its
// bytes to f.
func (h playHost) OpenSession(f func(data []byte)) {
	h.e.askOpen(".json", func(path string) {
		b, err := jsonfile.ReadFile(path, play.SessionLimit)
		if err == nil {
			_, err = play.ParseSession(b)
			err = jsonfile.WithFile(path, err)
		}
		if err != nil {
			h.e.showError(err)
			return
		}
		f(b)
	})
}

// statsHost is the editor as the Statistics panel (ui/statsview) sees it.
type statsHost struct{ e *Editor }

// Target sweeps the selected level with the project's content pack.
func (h statsHost) Target() (stats.Target, bool) {
	li := h.e.m.LevelIndex()
	if li < 0 {
		return stats.Target{}, false
	}
	p := h.e.m.Project()
	l := p.Levels[li]
	return stats.LevelTarget(p, li, h.e.spawner, l.Name), true
}

// OpenSeed makes m the master seed (one undo step; a fixed level seed is
// released, so the level shows m's map) and shows the map.
func (h statsHost) OpenSeed(m uint64) {
	e := h.e
	li := e.m.LevelIndex()
	e.m.EditProject("Open seed from statistics", "", func(p *projects.Project) {
		p.Seed = m
		if li >= 0 && li < len(p.Levels) {
			p.Levels[li].Seed = nil
		}
	})
	e.selectMain("Map")
}

// BalanceTarget is the project's balance sweep of bot over depths, with the
// project's content pack.
func (h statsHost) BalanceTarget(bot string, depths []int, maxTurns int) (stats.BalanceTarget, bool) {
	p := h.e.m.Project()
	var have []int
	for _, d := range depths {
		if p.LevelByDepth(d) >= 0 {
			have = append(have, d)
		}
	}
	if len(have) == 0 {
		return stats.BalanceTarget{}, false
	}
	return stats.BalanceTarget{Name: p.Name, Project: p, Pack: p.Pack, Depths: have, Bot: bot, MaxTurns: maxTurns}, true
}

// OpenReplay replays a bot's keys from master seed m on depth d in the Play tab.
func (h statsHost) OpenReplay(m uint64, d int, keys string) {
	e := h.e
	p := e.m.Project()
	g, err := play.New(p, p.Pack, m, d)
	if err == nil {
		err = g.KeysString(keys)
	}
	if err != nil {
		e.showError(err)
		return
	}
	e.selectMain("Play")
	e.play.ShowGame(g, fmt.Sprintf("Replay of seed %d, depth %d", m, d))
}

// Post runs f on the UI goroutine.
func (h statsHost) Post(f func()) { h.e.post(f) }

// StepIndex is the selected top-level step.
func (h statsHost) StepIndex() int { return h.e.m.StepIndex() }

// SavedTarget is the selected level as the saved file holds it.
func (h statsHost) SavedTarget() (stats.Target, string) { return h.e.savedTarget() }

// OpenVariant previews a variant of the selected level in the map view.
func (h statsHost) OpenVariant(c *chain.Chain, m uint64, label string) { h.e.preview(c, m, label) }

// EditLevel edits the selected level as one undo step.
func (h statsHost) EditLevel(label, key string, f func(l *projects.Level)) {
	h.e.m.EditLevel(label, key, f)
}

// Style gives sc the selected level's look.
func (h statsHost) Style(sc *render.Scene) { h.e.style(sc, h.e.m.LevelIndex()) }

// prefabHost is the editor as the Prefabs panel (ui/prefabedit) sees it.
type prefabHost struct {
	*model.Model
	e *Editor
}

func (h prefabHost) Style(sc *render.Scene, lvl int) { h.e.style(sc, lvl) }
func (h prefabHost) Viewed() (*chain.Result, int)    { return h.e.viewed() }
func (h prefabHost) Window() fyne.Window             { return h.e.win }
func (h prefabHost) ShowError(err error)             { h.e.showError(err) }
