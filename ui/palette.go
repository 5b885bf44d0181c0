package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
)

// palette lists every registered builder (initial and meta), filtered by a
// search over names and help, with the selected builder's help and buttons to
// append it to the chain or insert it before the selected step.
type palette struct {
	m      *Model
	search *widget.Entry
	list   *widget.List
	help   *widget.RichText
	shown  []chain.Spec
	picked string
	add    *widget.Button
	insert *widget.Button
	obj    fyne.CanvasObject
}

func newPalette(m *Model) *palette {
	p := &palette{m: m}
	p.search = widget.NewEntry()
	p.search.SetPlaceHolder("Search builders…")
	p.search.OnChanged = func(string) { p.filter() }
	p.help = lowLabel("Pick a builder to read what it does.")
	p.list = widget.NewList(func() int { return len(p.shown) },
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			kind := lowLabel("")
			kind.Wrapping = fyne.TextWrapOff // its width is its text's
			return container.NewBorder(nil, nil, nil, kind, name)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			s := p.shown[i]
			c.Objects[0].(*widget.Label).SetText(s.Name)
			setHint(c.Objects[1].(*widget.RichText), s.Kind.String())
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
	p.obj = container.NewBorder(p.search, bottom, nil, nil, p.list)
	return p
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
	setHint(p.help, txt)
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

// addAt inserts the picked builder at index at of the chain (-1 appends).
func (p *palette) addAt(at int) {
	if p.picked == "" {
		return
	}
	if err := p.m.AddStep(nil, at, p.picked); err != nil {
		setHint(p.help, err.Error())
	}
}
