package contentedit

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/ui/internal/widgets"
)

// problemView lists the pack's errors and warnings (content validation);
// choosing one shows the entry and focuses the field it is about. It
// validates only while it is on screen (the pack is checked again when it
// is next shown after a change), so typing elsewhere never waits for it.
type problemView struct {
	pack    *content.Pack
	checked *content.Pack // the pack the list shows the problems of
	list    *widget.List
	probs   []content.Problem
	summary *widget.Label
	box     *widgets.Watch
	// pick shows a problem's entry and field.
	pick func(content.Problem)
}

func newProblemView(pick func(content.Problem)) *problemView {
	v := &problemView{pick: pick}
	v.summary = widget.NewLabel("")
	v.summary.Wrapping = fyne.TextWrapWord
	v.list = widget.NewList(func() int { return len(v.probs) },
		func() fyne.CanvasObject {
			msg := widget.NewLabel("")
			msg.Wrapping = fyne.TextWrapWord
			return container.NewBorder(nil, nil, widget.NewIcon(theme.ErrorIcon()), nil, msg)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			pr := v.probs[id]
			c.Objects[0].(*widget.Label).SetText(pr.String())
			icon := theme.ErrorIcon()
			if pr.Warning {
				icon = theme.WarningIcon()
			}
			c.Objects[1].(*widget.Icon).SetResource(icon)
			v.list.SetItemHeight(id, c.MinSize().Height)
		})
	v.list.OnSelected = func(id widget.ListItemID) {
		if id >= 0 && id < len(v.probs) && v.pick != nil {
			v.pick(v.probs[id])
		}
		v.list.UnselectAll()
	}
	v.box = widgets.NewWatch(container.NewBorder(v.summary, nil, nil, nil, v.list), v.check)
	return v
}

// refresh notes pk; the list is checked again at once when it is on
// screen, else when it is next shown.
func (v *problemView) refresh(pk *content.Pack) {
	v.pack = pk
	if v.box.Visible() {
		v.check()
	}
}

// check validates the pack if the list does not show its problems yet.
func (v *problemView) check() {
	if v.pack == v.checked && v.checked != nil {
		return
	}
	v.checked = v.pack
	v.probs = nil
	if v.pack != nil {
		v.probs = v.pack.Validate()
	}
	errs := 0
	for _, pr := range v.probs {
		if !pr.Warning {
			errs++
		}
	}
	switch {
	case v.pack == nil:
		v.summary.SetText("The content pack is not loaded.")
	case len(v.probs) == 0:
		v.summary.SetText("No problems: the pack is valid.")
	default:
		v.summary.SetText(fmt.Sprintf("%s, %s. Choose one to go to its entry and field.",
			jsonfile.Count(errs, "error"), jsonfile.Count(len(v.probs)-errs, "warning")))
	}
	v.list.Refresh()
}

// problemPath splits a problem path into its section, index and the rest
// ("mobs[2].natural.attacks[0].damage": mobs, 2, "natural.attacks[0].damage").
var problemPath = lazyRegexp(`^([a-z_]+)\[(\d+)\]\.?(.*)$`)

// goTo shows the entry a problem is about and focuses its field: a spawn
// table entry's weight or depths, a faction's response cell, a loot table's
// drop, an entity's form field (or its read-only JSON).
func (p *Panel) goTo(pr content.Problem) {
	m := problemPath().FindStringSubmatch(pr.Path)
	pk := p.h.Pack()
	if m == nil || pk == nil {
		return
	}
	i, _ := strconv.Atoi(m[2])
	rest := m[3]
	switch m[1] {
	case "spawn_table":
		if i >= len(pk.SpawnTable) {
			return
		}
		p.selectTab(p.spawns.obj)
		p.setSpawnFilter("", "")
		field := map[string]string{"min_depth": "min", "max_depth": "max"}[rest]
		if field == "" {
			field = "weight"
		}
		if en := p.spawnField(pk.SpawnTable[i].Name, field); en != nil {
			p.spawns.highlight(pk.SpawnTable[i].Name)
			p.focus(en)
		}
	case "faction_table":
		if i >= len(pk.FactionTable) {
			return
		}
		p.selectTab(p.factions.obj)
		other := defaultKey
		if len(rest) > len("responses.") && rest[:len("responses.")] == "responses." {
			other = rest[len("responses."):]
		}
		if c := p.factionCell(pk.FactionTable[i].Name, other); c != nil {
			p.focus(c)
		}
	case "loot_tables":
		p.selectTab(p.loot.obj)
		j := -1
		fmt.Sscanf(rest, "drops[%d]", &j)
		p.loot.focusPath(i, j)
	case "items", "mobs", "props":
		p.selectTab(p.entities.obj)
		p.entities.focusPath(content.EntityRef{Section: chain.Section(m[1]), Index: i}, rest)
	}
}

// selectTab selects the sub-tab showing obj.
func (p *Panel) selectTab(obj fyne.CanvasObject) {
	for i, t := range p.tabs.Items {
		if t.Content == obj {
			p.tabs.SelectIndex(i)
		}
	}
}

// focus gives the keyboard focus to f (when it is a focusable widget).
func (p *Panel) focus(f fyne.Focusable) {
	if w := p.h.Window(); w != nil && f != nil {
		w.Canvas().Focus(f)
	}
}
