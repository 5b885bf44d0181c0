package levelsedit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain/metrics"
	"hewn/projects"
	"hewn/ui/internal/widgets"
)

// rulesSection is the level form's acceptance rules: a row per rule (the
// metric, its minimum and maximum, a button removing it), the tries, a
// button adding a rule, and the problems `hewn project check` finds in them.
// Each change is one undo step (typing into a field coalesces); a refused
// value says why under its row and changes nothing.
type rulesSection struct {
	h        Host
	box      *fyne.Container // the rows, rebuilt when the rules change from elsewhere
	problems *widget.Label
	obj      fyne.CanvasObject
}

func newRulesSection(h Host) *rulesSection {
	r := &rulesSection{h: h, box: container.NewVBox(), problems: widget.NewLabel("")}
	r.problems.Importance = widget.DangerImportance
	r.problems.Wrapping = fyne.TextWrapWord
	r.problems.Hide()
	title := widget.NewLabelWithStyle("Acceptance rules", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	add := widget.NewButtonWithIcon("Add rule", theme.ContentAddIcon(), r.addRule)
	hint := widgets.Hint("A level that misses a rule is rolled again (try N: a seed derived from the level seed and N), " +
		"up to the tries, everywhere the level is made: the map, play, exports, pins, sweeps and games. " +
		"Metrics are hewn stats' (shares from 0 to 1), or spawns.NAME: how many NAME spawned. Leave min or max empty for no bound.")
	r.obj = container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, title, add), hint, r.box, r.problems)
	return r
}

// rulesSubject is what the rows show: the level and its rules.
type rulesSubject struct {
	Index  int
	Accept *projects.Accept
	Spawns []string
}

// update shows the selected level's rules (rebuilt only when they changed
// from elsewhere: an undo, another level) and their problems.
func (r *rulesSection) update() {
	l := r.h.Level()
	if l == nil {
		r.obj.Hide()
		return
	}
	r.obj.Show()
	slot := widgets.SlotOf(r.box)
	slot.Show(rulesSubject{r.h.LevelIndex(), l.Accept, r.spawnNames()}, func() []fyne.CanvasObject { return r.rows(l.Accept, slot) })
	r.showProblems()
}

// spawnNames are the content pack's spawnable names (none before the pack
// loads), offered as spawns.NAME metrics.
func (r *rulesSection) spawnNames() []string {
	pk := r.h.Pack()
	if pk == nil {
		return nil
	}
	return pk.Names()
}

// showProblems lists what `hewn project check` finds in the selected
// level's rules (the re-roll budget among them).
func (r *rulesSection) showProblems() {
	prefix := fmt.Sprintf("levels[%d].accept", r.h.LevelIndex())
	errs, _ := r.h.Project().CheckLevels()
	var mine []string
	for _, e := range errs {
		if strings.HasPrefix(e, prefix) {
			mine = append(mine, "⚠ "+e)
		}
	}
	if len(mine) == 0 {
		r.problems.Hide()
		return
	}
	widgets.SetText(r.problems, strings.Join(mine, "\n"))
	r.problems.Show()
}

// edit applies f to the selected level's rules (made when absent, dropped
// when it leaves none); key coalesces typing into one undo step, through
// slot so the rows keep the focus.
func (r *rulesSection) edit(slot *widgets.Slot, label, key string, f func(a *projects.Accept)) {
	do := func() {
		r.h.EditLevel(label, key, func(l *projects.Level) {
			if l.Accept == nil {
				l.Accept = &projects.Accept{Tries: projects.DefaultTries}
			}
			f(l.Accept)
			if len(l.Accept.Rules) == 0 {
				l.Accept = nil
			}
		})
	}
	if key == "" {
		do()
		return
	}
	slot.Edit(do)
}

// addRule adds a rule every level meets (floor share from 0 to 1), for the
// designer to narrow.
func (r *rulesSection) addRule() {
	lo, hi := 0.0, 1.0
	r.edit(nil, "Add acceptance rule", "", func(a *projects.Accept) {
		a.Rules = append(a.Rules, projects.Rule{Metric: metrics.FloorShare, Min: &lo, Max: &hi})
	})
}

// rows builds a row per rule and the tries field.
func (r *rulesSection) rows(acc *projects.Accept, slot *widgets.Slot) []fyne.CanvasObject {
	if acc == nil || len(acc.Rules) == 0 {
		return []fyne.CanvasObject{widget.NewLabel("No rules: every level is its first roll.")}
	}
	choices := slices.Clone(metrics.Names)
	for _, n := range r.spawnNames() {
		choices = append(choices, metrics.SpawnPrefix+n)
	}
	var out []fyne.CanvasObject
	for i, rule := range acc.Rules {
		out = append(out, r.ruleRow(i, rule, choices, slot))
	}
	tries := widgets.NewIntField("tries", acc.Tries, 1, projects.MaxTries, func(n int) {
		r.edit(slot, "Acceptance tries", "accept.tries", func(a *projects.Accept) { a.Tries = n })
	})
	out = append(out, widget.NewForm(widget.NewFormItem("Tries", tries.Object())))
	return out
}

// ruleRow edits rule i: its metric, min and max (empty: no bound), and a
// button removing it.
func (r *rulesSection) ruleRow(i int, rule projects.Rule, choices []string, slot *widgets.Slot) fyne.CanvasObject {
	why := widget.NewLabel("")
	why.Importance = widget.DangerImportance
	why.Wrapping = fyne.TextWrapWord
	why.Hide()
	metric := widget.NewSelectEntry(choices)
	metric.SetText(rule.Metric)
	lo, hi := widget.NewEntry(), widget.NewEntry()
	lo.SetPlaceHolder("no min")
	hi.SetPlaceHolder("no max")
	lo.SetText(boundText(rule.Min))
	hi.SetText(boundText(rule.Max))
	// apply checks the row as typed and writes it when it is a rule
	apply := func(key string) {
		nr, err := parseRule(metric.Text, lo.Text, hi.Text)
		if err != nil {
			why.SetText(err.Error())
			why.Show()
			return
		}
		why.Hide()
		r.edit(slot, "Edit acceptance rule", fmt.Sprintf("accept.rules[%d].%s", i, key), func(a *projects.Accept) {
			if i < len(a.Rules) {
				a.Rules[i] = nr
			}
		})
	}
	metric.OnChanged = func(string) { apply("metric") }
	lo.OnChanged = func(string) { apply("min") }
	hi.OnChanged = func(string) { apply("max") }
	remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
		r.edit(nil, "Remove acceptance rule", "", func(a *projects.Accept) {
			if i < len(a.Rules) {
				a.Rules = slices.Delete(a.Rules, i, i+1)
			}
		})
	})
	bounds := container.NewGridWithColumns(2, lo, hi)
	row := container.NewBorder(nil, nil, nil, remove, container.NewGridWithColumns(2, metric, bounds))
	return container.NewVBox(row, why)
}

// boundText is a bound as the file holds it ("" for none).
func boundText(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'g', -1, 64)
}

// parseRule reads a rule's row: a known metric, and a min and a max that are
// numbers or empty (not both), min not above max.
func parseRule(metric, lo, hi string) (projects.Rule, error) {
	metric = strings.TrimSpace(metric)
	if !metrics.Known(metric) {
		return projects.Rule{}, fmt.Errorf("%q is not a metric (%s)", metric, metrics.Describe())
	}
	rule := projects.Rule{Metric: metric}
	bound := func(what, s string) (*float64, error) {
		s = strings.TrimSpace(s)
		if s == "" {
			return nil, nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f != f || f > 1e300 || f < -1e300 {
			return nil, fmt.Errorf("%s: %q is not a number", what, s)
		}
		return &f, nil
	}
	var err error
	if rule.Min, err = bound("min", lo); err != nil {
		return projects.Rule{}, err
	}
	if rule.Max, err = bound("max", hi); err != nil {
		return projects.Rule{}, err
	}
	switch {
	case rule.Min == nil && rule.Max == nil:
		return projects.Rule{}, fmt.Errorf("a rule needs a min, a max or both")
	case rule.Min != nil && rule.Max != nil && *rule.Min > *rule.Max:
		return projects.Rule{}, fmt.Errorf("min %s is above max %s", boundText(rule.Min), boundText(rule.Max))
	}
	return rule, nil
}
