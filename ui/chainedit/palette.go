package chainedit

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/internal/widgets"
)

// palette lists every registered builder (initial and meta), filtered by a
// search over names and help, with the selected builder's help and buttons to
// append it to the chain or insert it before the selected step. Each time it
// is opened its search starts empty; typing highlights the first match, the
// arrow keys move the highlight and Enter appends the highlighted builder.
type palette struct {
	m      Host
	search *searchEntry
	list   *widget.List
	help   *widget.RichText
	shown  []chain.Spec
	picked string
	add    *widget.Button
	insert *widget.Button
	obj    *widgets.Watch
}

func newPalette(m Host) *palette {
	p := &palette{m: m}
	p.search = newSearchEntry()
	p.search.SetPlaceHolder("Search builders…")
	p.search.OnChanged = func(string) { p.filter() }
	p.search.OnSubmitted = func(string) { p.addAt(-1) }
	p.search.onMove = p.move
	p.help = widgets.Hint("Pick a builder to read what it does.")
	p.list = widget.NewList(func() int { return len(p.shown) },
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			kind := widgets.Hint("")
			kind.Wrapping = fyne.TextWrapOff // its width is its text's
			return container.NewBorder(nil, nil, nil, kind, name)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			s := p.shown[i]
			c.Objects[0].(*widget.Label).SetText(s.Name)
			widgets.SetHint(c.Objects[1].(*widget.RichText), s.Kind.String())
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		if i < len(p.shown) {
			p.pick(p.shown[i])
		}
	}
	p.add = widget.NewButtonWithIcon("Append", theme.ContentAddIcon(), func() { p.addAt(-1) })
	p.insert = widget.NewButtonWithIcon("Insert above", theme.ContentAddIcon(), func() { p.addAt(m.StepIndex()) })
	p.add.Importance = widget.HighImportance
	p.filter()
	bottom := container.NewVBox(widget.NewSeparator(), p.help, container.NewGridWithColumns(2, p.add, p.insert))
	p.obj = widgets.NewWatch(container.NewBorder(p.search, bottom, nil, nil, p.list), p.reset)
	return p
}

// reset empties the search (the palette was opened).
func (p *palette) reset() {
	if p.search.Text != "" {
		p.search.SetText("")
	}
}

// move moves the highlight by delta rows (the arrow keys in the search).
func (p *palette) move(delta int) {
	if len(p.shown) == 0 {
		return
	}
	i := slices.IndexFunc(p.shown, func(s chain.Spec) bool { return s.Name == p.picked }) + delta
	if p.picked == "" && delta < 0 {
		i = len(p.shown) - 1
	}
	i = min(max(i, 0), len(p.shown)-1)
	p.list.Select(i)
}

// filter shows the specs matching the search text (in name or help).
func (p *palette) filter() {
	q := strings.ToLower(strings.TrimSpace(p.search.Text))
	p.shown = p.shown[:0]
	for _, s := range chain.Specs() {
		if q == "" || strings.Contains(s.Name, q) || strings.Contains(strings.ToLower(s.Help), q) {
			p.shown = append(p.shown, s)
		}
	}
	p.list.UnselectAll()
	p.list.Refresh()
	p.picked = ""
	if q != "" && len(p.shown) > 0 {
		p.list.Select(0) // highlight the first match: Enter appends it
		p.list.ScrollToTop()
	} else {
		widgets.SetHint(p.help, "Pick a builder to read what it does.")
	}
	p.updateButtons()
}

func (p *palette) pick(s chain.Spec) {
	p.picked = s.Name
	txt := s.Name + " (" + s.Kind.String() + "): " + s.Help
	if s.Needs&^chain.FMap != 0 {
		txt += " Needs " + (s.Needs &^ chain.FMap).String() + "."
	}
	if s.Makes != 0 {
		txt += " Makes " + s.Makes.String() + "."
	}
	widgets.SetHint(p.help, txt)
	p.updateButtons()
}

func (p *palette) updateButtons() {
	if p.picked == "" || p.m.Chain() == nil {
		p.add.Disable()
		p.insert.Disable()
		return
	}
	p.add.Enable()
	if p.m.StepIndex() >= 0 {
		p.insert.Enable()
	} else {
		p.insert.Disable()
	}
}

// searchEntry is the palette's search field: the up and down arrows move the
// highlight in the list under it (onMove), the other keys edit the text.
type searchEntry struct {
	widget.Entry
	onMove func(delta int)
}

func newSearchEntry() *searchEntry {
	e := &searchEntry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *searchEntry) TypedKey(k *fyne.KeyEvent) {
	switch {
	case k.Name == fyne.KeyDown && e.onMove != nil:
		e.onMove(1)
	case k.Name == fyne.KeyUp && e.onMove != nil:
		e.onMove(-1)
	default:
		e.Entry.TypedKey(k)
	}
}

// addAt inserts the picked builder at index at of the chain (-1 appends).
func (p *palette) addAt(at int) {
	if p.picked == "" {
		return
	}
	if err := p.m.AddStep(nil, at, p.picked); err != nil {
		widgets.SetHint(p.help, err.Error())
	}
}
