package contentedit

import (
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Ways into the panel for its tests: what the designer reads and does.

// probability is the chance "Odds at a depth" shows for name (0 when it
// cannot spawn there).
func (p *Panel) probability(name string) float64 {
	p.fresh(p.spawns.obj)
	return p.spawns.odds.probability(name)
}

// setOddsDepth selects the depth of "Odds at a depth".
func (p *Panel) setOddsDepth(depth int) {
	p.fresh(p.spawns.obj)
	p.spawns.odds.depthSel.SetSelected(strconv.Itoa(depth))
}

// spawnStatus is the spawn table's message line (why a value was refused).
func (p *Panel) spawnStatus() string {
	p.fresh(p.spawns.obj)
	return p.spawns.status.Text
}

// shownSpawns are the names of the spawn table's rows, in order.
func (p *Panel) shownSpawns() []string {
	p.fresh(p.spawns.obj)
	return slices.Clone(p.spawns.shown)
}

// levelText is what "This level spawned" shows.
func (p *Panel) levelText() string {
	p.fresh(p.spawns.obj)
	return p.spawns.level.Text
}

// addSpawn adds name to the spawn table as the Add button does.
func (p *Panel) addSpawn(name string) {
	p.fresh(p.spawns.obj)
	p.spawns.addEntry(name)
}

// removeSpawn removes name from the spawn table as its Remove button does.
func (p *Panel) removeSpawn(name string) {
	p.fresh(p.spawns.obj)
	p.spawns.removeEntry(name)
}

// showTab selects the panel's tab named name ("Spawn table", "Factions", ...)
// or the spawn table's side tab ("Odds at a depth", "Across depths", "This
// level").
func (p *Panel) showTab(name string) {
	for _, tabs := range []*container.AppTabs{p.tabs, p.spawns.side} {
		for _, it := range tabs.Items {
			if it.Text == name {
				tabs.Select(it)
			}
		}
	}
}

// entityInput shows name's form in the Entities tab and returns the input
// of its field key (a content.EntityFields key: an entry, select or check;
// for a list field, the box of its rows), or nil.
func (p *Panel) entityInput(name, key string) fyne.CanvasObject {
	if p.h.Pack() == nil {
		return nil
	}
	ref, ok := p.h.Pack().FindEntity(name)
	if !ok {
		return nil
	}
	p.selectTab(p.entities.obj)
	p.entities.choose(ref)
	return p.entities.form.inputs[key]
}

// renameEntity types to into name's Name field and presses Rename, as the
// designer does; it returns the message the form shows.
func (p *Panel) renameEntity(name, to string) string {
	en, ok := p.entityInput(name, "name").(*widget.Entry)
	if !ok {
		return ""
	}
	en.SetText(to)
	p.entities.rename(p.entities.sel, to)
	return p.entities.status.Text
}
