package contentedit

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// Creating, duplicating and deleting items, mobs and props from the
// Entities tab: each one undo step; a deletion lists what refers to the
// entity first and takes it along on confirmation.

// newMenu offers the sections a new entity may go into, under New.
func (v *entityView) newMenu() {
	w := v.h.Window()
	if w == nil {
		return
	}
	menu := fyne.NewMenu("")
	for _, s := range []chain.Section{chain.Items, chain.Mobs, chain.Props} {
		menu.Items = append(menu.Items, fyne.NewMenuItem("New "+strings.TrimSuffix(string(s), "s"), func() { v.create(s) }))
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(v.newBtn)
	widget.ShowPopUpMenuAtPosition(menu, w.Canvas(), pos.AddXY(0, v.newBtn.Size().Height))
}

// create adds a new entity to section s (in no table) and shows its form.
func (v *entityView) create(s chain.Section) {
	var ref content.EntityRef
	err := v.h.EditPack("New "+strings.TrimSuffix(string(s), "s"), "", func(pk *content.Pack) error {
		var err error
		ref, err = pk.NewEntity(s)
		return err
	})
	v.afterAdd(ref, err, "Added %q: it is in no spawn or loot table yet (add it in Spawn table or Loot).")
}

// duplicate copies the chosen entity (in no table) and shows the copy's
// form.
func (v *entityView) duplicate() {
	if !v.hasSel {
		return
	}
	from := v.sel
	var ref content.EntityRef
	x, _ := v.pack.Entity(from)
	err := v.h.EditPack("Duplicate "+x.Name(), "", func(pk *content.Pack) error {
		var err error
		ref, err = pk.DuplicateEntity(from)
		return err
	})
	v.afterAdd(ref, err, "Added the copy %q: it is in no spawn or loot table yet (add it in Spawn table or Loot).")
}

// afterAdd shows the entity an edit added at ref, or why it failed.
func (v *entityView) afterAdd(ref content.EntityRef, err error, msg string) {
	if err != nil {
		v.say("⚠ " + reason(err).Error())
		return
	}
	v.search.SetText("")
	if v.section.Selected != "All" && !strings.EqualFold(v.section.Selected, string(ref.Section)) {
		v.section.SetSelected("All")
	}
	v.choose(ref)
	for i, r := range v.shown {
		if r == ref {
			v.list.ScrollTo(i)
		}
	}
	x, _ := v.pack.Entity(ref)
	v.say(fmt.Sprintf(msg, x.Name()))
}

// askDelete lists what refers to the chosen entity and deletes it, with
// every reference, when the designer confirms.
func (v *entityView) askDelete() {
	if !v.hasSel || v.pack == nil {
		return
	}
	ref := v.sel
	x, ok := v.pack.Entity(ref)
	if !ok {
		return
	}
	name := x.Name()
	proj := v.h.Project()
	uses := proj.EntityUses(v.pack, name)
	legend := proj.LegendPlacements(name)
	do := func() { v.delete(ref, name) }
	if v.h.Window() == nil {
		do()
		return
	}
	var b strings.Builder
	if len(uses) == 0 {
		fmt.Fprintf(&b, "Nothing refers to %q.", name)
	} else {
		fmt.Fprintf(&b, "These refer to %q and go with it:\n", name)
		for _, u := range uses {
			b.WriteString("• " + describeUse(v.pack, proj, u) + "\n")
		}
	}
	if len(legend) > 0 {
		fmt.Fprintf(&b, "\nThese place %q through the tutorial's fixed legend, which cannot follow; they will place an entity the pack no longer defines:\n", name)
		for _, l := range legend {
			b.WriteString("• " + l + "\n")
		}
	}
	msg := widget.NewLabel(strings.TrimSpace(b.String()))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm("Delete "+name+"?", "Delete", "Cancel", container.NewVScroll(msg), func(ok bool) {
		if ok {
			do()
		}
	}, v.h.Window())
	d.Resize(fyne.NewSize(560, 380))
	d.Show()
}

// delete deletes the entity at ref (named name) with every reference, in
// the pack and the project (one undo step), and shows the entity listed
// after it (or before it; none when the list is left empty).
func (v *entityView) delete(ref content.EntityRef, name string) {
	next, hasNext := v.neighbour(ref)
	if hasNext && next.Section == ref.Section && next.Index > ref.Index {
		next.Index-- // the entities after it move up
	}
	sel, hasSel := v.sel, v.hasSel
	var gone []string
	err := v.h.EditProjectAndPack("Delete "+name, func(p *projects.Project, pk *content.Pack) error {
		var err error
		if gone, err = p.DeleteEntity(pk, ref); err == nil {
			v.sel, v.hasSel = next, hasNext // shown when the panel refreshes
		}
		return err
	})
	if err != nil {
		v.sel, v.hasSel = sel, hasSel
		v.say("⚠ " + reason(err).Error())
		return
	}
	v.markSelected()
	refs := "references"
	if len(gone) == 1 {
		refs = "reference"
	}
	v.say(fmt.Sprintf("Deleted %q and %d %s to it.", name, len(gone), refs))
}

// neighbour is the entity listed after ref, else before it.
func (v *entityView) neighbour(ref content.EntityRef) (content.EntityRef, bool) {
	i := slices.Index(v.shown, ref)
	switch {
	case i >= 0 && i+1 < len(v.shown):
		return v.shown[i+1], true
	case i > 0:
		return v.shown[i-1], true
	}
	return content.EntityRef{}, false
}

// lazyRegexp compiles expr when first used, not at init: every command
// of the binary would pay for it at start-up.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	useStep    = lazyRegexp(`^levels\[(\d+)\]\.chain\.(.*)$`)
	useLoot    = lazyRegexp(`^loot_tables\[(\d+)\]\.drops\[\d+\]\.name$`)
	useEquip   = lazyRegexp(`^mobs\[(\d+)\]\.equipped\[\d+\]$`)
	useLegend  = lazyRegexp(`^legend\[(\d+)\]\.entity$`)
	usePainted = lazyRegexp(`\.cells\[\d+\]\.spawn$`)
)

// describeUse words a path EntityUses lists for the designer: what refers
// to the entity, and what becomes of it.
func describeUse(pk *content.Pack, p *projects.Project, path string) string {
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	switch {
	case strings.HasPrefix(path, "spawn_table["):
		i := atoi(strings.TrimSuffix(strings.TrimPrefix(path, "spawn_table["), "].name"))
		if i < len(pk.SpawnTable) {
			return fmt.Sprintf("spawn table entry %q (removed)", pk.SpawnTable[i].Name)
		}
	case useLoot().MatchString(path):
		if i := atoi(useLoot().FindStringSubmatch(path)[1]); i < len(pk.LootTables) {
			return fmt.Sprintf("a drop of loot table %q (removed)", pk.LootTables[i].Name)
		}
	case useEquip().MatchString(path):
		if i := atoi(useEquip().FindStringSubmatch(path)[1]); i < len(pk.Mobs) {
			return fmt.Sprintf("equipped by %q (removed)", pk.Mobs[i].Name)
		}
	case useLegend().MatchString(path):
		if i := atoi(useLegend().FindStringSubmatch(path)[1]); i < len(p.Legend) {
			return fmt.Sprintf("the project's legend character %q (places nothing then)", p.Legend[i].Glyph)
		}
	case useStep().MatchString(path):
		m := useStep().FindStringSubmatch(path)
		i := atoi(m[1])
		if i >= len(p.Levels) || p.Levels[i].Chain == nil {
			break
		}
		lv := p.Levels[i]
		where := fmt.Sprintf("level %q (depth %d)", lv.Name, lv.Chain.Depth)
		builder := ""
		chain.WalkSteps(lv.Chain.Steps, "steps", func(s *chain.Step, sp string) {
			if strings.HasPrefix(m[2], sp+".params.") {
				builder = s.Builder
			}
		})
		switch {
		case usePainted().MatchString(path):
			return fmt.Sprintf("a %s cell in %s (no longer places it)", builder, where)
		case builder == "periodic_spawn":
			return fmt.Sprintf("the %s step's name in %s (picks from its category again)", builder, where)
		}
		return fmt.Sprintf("the %s step in %s (removed)", builder, where)
	}
	return path
}
