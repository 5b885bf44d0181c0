package contentedit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hewn/content"
	"hewn/ui/internal/widgets"
)

// Panel is the content pack panel: the spawn table with its odds, factions,
// loot tables, entities and the pack's problems, one tab each. Build one
// with New, show it, and call Update whenever the pack or the project
// changed, UpdateLevel when another level is on screen.
type Panel struct {
	widget.BaseWidget
	h   Host
	obj fyne.CanvasObject

	banner   *fyne.Container
	bannerTx *widget.Label

	spawns   *spawnView
	factions *factionView
	loot     *lootView
	entities *entityView
	problems *problemView
	tabs     *container.AppTabs

	// Each tab's view catches up with the pack when it is shown: an edit
	// refreshes the tab on screen only (a weight typed in the spawn table
	// rebuilds no entity form), the others when chosen.
	gen   int
	pack  *content.Pack // the pack of the last Update
	views map[fyne.CanvasObject]*tabView
	// shown is what the last Update showed: an Update with the same (an
	// edit of the chain, which no view shows) changes nothing.
	shown shownKey
}

// shownKey is what the panel's views show of the host: the pack (a value
// never modified: an edit makes a new one), why it is read-only, and the
// depths the odds heat map spans (the project's deepest level).
type shownKey struct {
	pack     *content.Pack
	readOnly string
	depths   int
}

// tabView is one tab's view and the Update it last showed.
type tabView struct {
	refresh func(*content.Pack)
	gen     int
}

// New builds the panel over host.
func New(h Host) *Panel {
	p := &Panel{h: h}
	p.bannerTx = widget.NewLabel("")
	p.bannerTx.Wrapping = fyne.TextWrapWord
	p.banner = container.NewBorder(nil, nil, nil,
		widget.NewButton("Make editable copy", func() { h.MakeEditableCopy() }), p.bannerTx)
	p.spawns = newSpawnView(h)
	p.factions = newFactionView(h)
	p.loot = newLootView(h)
	p.entities = newEntityView(h)
	p.problems = newProblemView(p.goTo)
	p.tabs = container.NewAppTabs(
		container.NewTabItem("Spawn table", p.spawns.obj),
		container.NewTabItem("Factions", p.factions.obj),
		container.NewTabItem("Loot", p.loot.obj),
		container.NewTabItem("Entities", p.entities.obj),
		container.NewTabItem("Problems", p.problems.box),
	)
	p.views = map[fyne.CanvasObject]*tabView{
		p.spawns.obj:   {refresh: p.spawns.refresh},
		p.factions.obj: {refresh: p.factions.refresh},
		p.loot.obj:     {refresh: p.loot.refresh},
		p.entities.obj: {refresh: p.entities.refresh},
	}
	p.tabs.OnSelected = func(it *container.TabItem) { p.fresh(it.Content) }
	p.obj = container.NewBorder(p.banner, nil, nil, nil, p.tabs)
	p.ExtendBaseWidget(p)
	p.Update()
	return p
}

// CreateRenderer is the widget's renderer.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.obj) }

// Update shows the host's current pack and level.
func (p *Panel) Update() {
	why := p.h.ReadOnly()
	key := shownKey{p.h.Pack(), why, heatDepths(p.h.Project())}
	if p.gen > 0 && key == p.shown {
		return
	}
	p.shown = key
	p.bannerTx.SetText(why)
	if show := why != ""; show != p.banner.Visible() {
		if show {
			p.banner.Show()
		} else {
			p.banner.Hide()
		}
		// lay the tabs out again: hiding the banner alone left its band empty
		p.obj.Refresh()
	}
	p.gen++
	p.pack = p.h.Pack()
	p.fresh(p.tabs.Selected().Content)
	p.problems.refresh(p.pack) // validates only while shown
}

// fresh brings the view of the tab showing obj up to date with the last
// Update, if it is not.
func (p *Panel) fresh(obj fyne.CanvasObject) {
	if v := p.views[obj]; v != nil && v.gen != p.gen {
		v.gen = p.gen
		v.refresh(p.pack)
	}
}

// UpdateLevel updates what depends on the level on screen only ("This level
// spawned").
// It shows the whole pack again if the host's pack is not the one shown (the
// editor loads the pack with the first level).
func (p *Panel) UpdateLevel() {
	if p.h.Pack() != p.pack {
		p.Update()
		return
	}
	if p.views[p.spawns.obj].gen == p.gen { // else it catches up when shown
		p.spawns.refreshLevel()
	}
}

// spawnField is the entry editing name's weight, min depth or max depth
// (field "weight", "min" or "max"), or nil.
func (p *Panel) spawnField(name, field string) *widget.Entry {
	p.fresh(p.spawns.obj)
	r := p.spawns.rows[name]
	if r == nil {
		return nil
	}
	return map[string]*widget.Entry{"weight": r.weight, "min": r.min, "max": r.max}[field]
}

// factionCell is the select of faction's response to other ("Default" or a
// faction), or nil.
func (p *Panel) factionCell(faction, other string) *widgets.Select {
	p.fresh(p.factions.obj)
	return p.factions.cells[[2]string{faction, other}]
}

// edit runs a pack edit through the host and reports a refusal in status.
func edit(h Host, status *widget.Label, label, key string, f func(pk *content.Pack) error) bool {
	if err := h.EditPack(label, key, f); err != nil {
		status.SetText("⚠ " + err.Error())
		return false
	}
	status.SetText("")
	return true
}

// setSpawnFilter types into the spawn table's name/section and depth filters.
func (p *Panel) setSpawnFilter(text, depth string) {
	p.fresh(p.spawns.obj)
	p.spawns.filter.SetText(text)
	p.spawns.depthFilter.SetText(depth)
}
