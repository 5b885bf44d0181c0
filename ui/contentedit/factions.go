package contentedit

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/content"
	"hewn/ui/internal/widgets"
)

// defaultKey is the response key every other faction falls back to.
const defaultKey = "Default"

// responseChoices are a cell's choices; "" falls back to Default.
var responseChoices = []string{"", string(content.Attack), string(content.Ignore), string(content.Flee)}

// factionView is the faction matrix: a row per faction, a column for
// Default and one per faction, each cell a response. The faction names (each
// with its Remove button) and the column header stay in place while the
// cells scroll under them; the cells of a pair that reacts differently each
// way are outlined.
type factionView struct {
	h        Host
	pack     *content.Pack
	obj      fyne.CanvasObject
	corner   *fyne.Container // over the names: "Faction"
	header   *fyne.Container // the columns' names, scrolled sideways with the cells
	names    *fyne.Container // a row per faction: its name and Remove
	grid     *fyne.Container // the cells, a row per faction
	top      *fyne.Container // the corner and the header
	matrix   *fyne.Container // the four above, the names and header held in place
	headS    *pane           // the header, following the cells sideways
	namesS   *pane           // the names, following the cells up and down
	body     *container.Scroll
	cells    map[[2]string]*widgets.Select
	marks    map[[2]string]*canvas.Rectangle // the outline of an asymmetric pair's cell
	entries  []*widget.Entry                 // the names, in row order
	removes  []*widget.Button                // their Remove buttons
	factions []string
	hints    *widget.Label
	status   *widget.Label
	newNm    *widget.Entry
	updating bool
}

func newFactionView(h Host) *factionView {
	v := &factionView{h: h, cells: map[[2]string]*widgets.Select{}}
	v.corner = container.NewStack()
	v.header = container.NewStack()
	v.names = container.NewStack()
	v.grid = container.NewStack()
	v.headS = newPane(v.header, true)
	v.namesS = newPane(v.names, false)
	v.body = container.NewScroll(v.grid)
	// the cells scroll; the header follows them sideways, the names up and
	// down, and the wheel over either scrolls the cells
	v.body.OnScrolled = func(o fyne.Position) {
		v.headS.setOffset(fyne.NewPos(o.X, 0))
		v.namesS.setOffset(fyne.NewPos(0, o.Y))
	}
	v.hints = widget.NewLabel("")
	v.hints.Wrapping = fyne.TextWrapWord
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.newNm = widget.NewEntry()
	v.newNm.SetPlaceHolder("New faction name")
	add := widget.NewButton("Add faction", func() {
		name := strings.TrimSpace(v.newNm.Text)
		if v.add(name) {
			v.newNm.SetText("")
		}
	})
	help := widgets.Hint("Row: how that faction's members react to the column's. Empty falls back to Default. " +
		"An outlined cell is half of an asymmetric pair: the two factions react differently to each other (listed under the matrix).")
	// the asymmetries get a few lines of their own: a pack may have many
	hints, hintsObj := widgets.NewFormVScroll(v.hints)
	hints.SetMinSize(fyne.NewSize(0, 3*theme.TextSize()))
	v.top = container.NewBorder(nil, nil, v.corner, nil, v.headS)
	v.matrix = container.NewBorder(widgets.WheelTo(v.top, v.body), nil,
		widgets.WheelTo(v.namesS, v.body), nil, v.body)
	v.obj = container.NewBorder(help,
		container.NewVBox(hintsObj, container.NewBorder(nil, nil, nil, add, v.newNm), v.status), nil, nil,
		v.matrix)
	return v
}

// refresh shows pk's faction table, rebuilding the grid only when the
// factions changed.
func (v *factionView) refresh(pk *content.Pack) {
	v.pack = pk
	var names []string
	if pk != nil {
		for i := range pk.FactionTable {
			names = append(names, pk.FactionTable[i].Name)
		}
	}
	if !slices.Equal(names, v.factions) {
		v.factions = names
		v.build()
	}
	v.updating = true
	for i := range names {
		f := &pk.FactionTable[i]
		for _, other := range append([]string{defaultKey}, names...) {
			val, _ := f.Responses.Get(other)
			if s := v.cells[[2]string{f.Name, other}]; s != nil && s.Selected != val {
				s.SetQuietly(val)
			}
		}
	}
	v.updating = false
	v.markAsymmetries()
	ro := v.h.ReadOnly() != ""
	for _, sel := range v.cells {
		enable(ro, sel)
	}
	for i := range v.entries {
		enable(ro, v.entries[i], v.removes[i])
	}
	enable(ro, v.newNm)
	v.hints.SetText(asymmetries(pk))
}

// markAsymmetries outlines the cells of the pairs that react differently to
// each other (a response left to Default counts as Default's).
func (v *factionView) markAsymmetries() {
	for k, m := range v.marks {
		if k[0] == k[1] || v.pack == nil {
			m.Hide()
			continue
		}
		if v.pack.Reaction(k[0], k[1]) != v.pack.Reaction(k[1], k[0]) {
			m.Show()
		} else {
			m.Hide()
		}
	}
}

// asymmetric reports whether the cell of f's response to other is outlined.
func (v *factionView) asymmetric(f, other string) bool {
	m := v.marks[[2]string{f, other}]
	return m != nil && m.Visible()
}

// build lays the matrix out for v.factions.
func (v *factionView) build() {
	v.cells = map[[2]string]*widgets.Select{}
	v.marks = map[[2]string]*canvas.Rectangle{}
	v.entries, v.removes = nil, nil
	cols := append([]string{defaultKey}, v.factions...)
	bold := fyne.TextStyle{Bold: true}
	widths := make([]float32, len(cols))
	labels := make([]fyne.CanvasObject, len(cols))
	for i, c := range cols {
		text, w := headerText(c, bold)
		widths[i] = w
		l := widget.NewLabelWithStyle(text, fyne.TextAlignCenter, bold)
		l.Truncation = fyne.TextTruncateEllipsis // a name of one very long word
		labels[i] = l
	}
	rowH := fyne.Max(widget.NewSelect(responseChoices, nil).MinSize().Height, widget.NewEntry().MinSize().Height)
	nameW := nameWidth(v.factions)
	v.corner.Objects = []fyne.CanvasObject{container.New(&columns{w: []float32{nameW}},
		widget.NewLabelWithStyle("Faction", fyne.TextAlignLeading, bold))}
	v.header.Objects = []fyne.CanvasObject{container.New(&columns{w: widths}, labels...)}
	var names, rows []fyne.CanvasObject
	for _, f := range v.factions {
		name := widget.NewEntry()
		name.SetText(f)
		name.OnSubmitted = func(s string) {
			if !v.rename(f, s) {
				name.SetText(f) // refused: the status says why, the row keeps its name
			}
		}
		remove := widget.NewButton("Remove", func() { v.confirmRemove(f) })
		v.entries, v.removes = append(v.entries, name), append(v.removes, remove)
		names = append(names, container.New(&columns{w: []float32{nameW}}, container.NewBorder(nil, nil, nil, remove, name)))
		cells := make([]fyne.CanvasObject, len(cols))
		for i, c := range cols {
			sel := widgets.NewSelect(responseChoices, func(s string) { v.set(f, c, s) })
			sel.PlaceHolder = " "
			v.cells[[2]string{f, c}] = sel
			mark := canvas.NewRectangle(color.Transparent)
			mark.StrokeColor = theme.Color(theme.ColorNameWarning)
			mark.StrokeWidth = 2
			mark.CornerRadius = theme.InputRadiusSize()
			mark.Hide()
			if c != defaultKey {
				v.marks[[2]string{f, c}] = mark
			}
			cells[i] = container.NewStack(sel, mark)
		}
		rows = append(rows, container.New(&columns{w: widths}, cells...))
	}
	v.names.Objects = []fyne.CanvasObject{container.New(&rowsLayout{h: rowH}, names...)}
	v.grid.Objects = []fyne.CanvasObject{container.New(&rowsLayout{h: rowH}, rows...)}
	// the names column and the header row take their new sizes
	v.top.Refresh()
	v.matrix.Refresh()
}

// cellWidth is the narrowest a matrix column gets: a response ("attack")
// reads whole.
const cellWidth = 112

// maxColWidth is the widest a column gets: a longer name goes on more lines.
const maxColWidth = 220

// headerText is a column's title, on as many lines as it needs to be at
// most maxColWidth wide, and the column's width.
func headerText(name string, style fyne.TextStyle) (string, float32) {
	pad := 2*theme.InnerPadding() + theme.Padding()
	width := func(s string) float32 { return fyne.MeasureText(s, theme.TextSize(), style).Width + pad }
	var lines []string
	for _, w := range strings.Fields(name) {
		if n := len(lines); n > 0 && width(lines[n-1]+" "+w) <= maxColWidth {
			lines[n-1] += " " + w
			continue
		}
		lines = append(lines, w)
	}
	w := float32(cellWidth)
	for _, l := range lines {
		w = fyne.Max(w, fyne.Min(width(l), maxColWidth+40))
	}
	return strings.Join(lines, "\n"), w
}

// nameWidth is the width of the names column: the longest name reads whole
// beside its Remove button (within reason: an entry scrolls the rest).
func nameWidth(names []string) float32 {
	w := float32(0)
	for _, n := range names {
		w = fyne.Max(w, fyne.MeasureText(n, theme.TextSize(), fyne.TextStyle{}).Width)
	}
	w = fyne.Min(fyne.Max(w, 100), 340) + 2*theme.InnerPadding() + 2*theme.InputBorderSize()
	return w + widget.NewButton("Remove", nil).MinSize().Width + theme.Padding()
}

// columns lays its objects out side by side, each as wide as its width in
// w, as high as the container: the header and every row of the matrix
// share their widths, so the columns line up.
type columns struct{ w []float32 }

func (l *columns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	x := float32(0)
	for i, o := range objs {
		w := l.width(i)
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + theme.Padding()
	}
}

func (l *columns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		if i > 0 {
			s.Width += theme.Padding()
		}
		s.Width += l.width(i)
		s.Height = fyne.Max(s.Height, o.MinSize().Height)
	}
	return s
}

func (l *columns) width(i int) float32 {
	if i < len(l.w) {
		return l.w[i]
	}
	return cellWidth
}

// rowsLayout stacks its objects, each h high: the names and the cells
// share it, so a name stays level with its row.
type rowsLayout struct{ h float32 }

func (l *rowsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for i, o := range objs {
		o.Move(fyne.NewPos(0, float32(i)*(l.h+theme.Padding())))
		o.Resize(fyne.NewSize(size.Width, l.h))
	}
}

func (l *rowsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s.Width = fyne.Max(s.Width, o.MinSize().Width)
	}
	if n := len(objs); n > 0 {
		s.Height = float32(n)*l.h + float32(n-1)*theme.Padding()
	}
	return s
}

// set sets f's response to other ("" removes it, falling back to Default).
func (v *factionView) set(f, other, val string) {
	if v.updating {
		return
	}
	edit(v.h, v.status, fmt.Sprintf("%s → %s: %s", f, other, orDefault(val)), "", func(pk *content.Pack) error {
		if val == "" {
			pk.RemoveResponse(f, other)
			return nil
		}
		return pk.SetResponse(f, other, content.Response(val))
	})
}

func orDefault(val string) string {
	if val == "" {
		return "default"
	}
	return val
}

// add adds a faction named name.
func (v *factionView) add(name string) bool {
	if name == "" || name == defaultKey {
		v.status.SetText(fmt.Sprintf("⚠ %q cannot name a faction", name))
		return false
	}
	if v.pack != nil && v.pack.Faction(name) != nil {
		v.status.SetText(fmt.Sprintf("⚠ faction %q already exists", name))
		return false
	}
	return edit(v.h, v.status, "Add faction "+name, "", func(pk *content.Pack) error {
		pk.AddFaction(name)
		return nil
	})
}

// rename renames faction old (mobs and other factions' responses follow)
// and reports whether it did.
func (v *factionView) rename(old, name string) bool {
	return edit(v.h, v.status, "Rename faction "+old, "", func(pk *content.Pack) error {
		return renameFaction(pk, old, name)
	})
}

// confirmRemove lists what refers to f and removes it once confirmed.
func (v *factionView) confirmRemove(f string) {
	if v.pack == nil {
		return
	}
	msg := fmt.Sprintf("Remove faction %q?", f)
	if refs := factionRefs(v.pack, f); len(refs) > 0 {
		msg += "\nReferred to by: " + strings.Join(refs, ", ") +
			".\nResponses to it are removed; mobs keep the name (the problems list reports them)."
	}
	if w := v.h.Window(); w != nil {
		dialog.ShowConfirm("Remove faction", msg, func(ok bool) {
			if ok {
				v.remove(f)
			}
		}, w)
		return
	}
	v.remove(f)
}

func (v *factionView) remove(f string) {
	edit(v.h, v.status, "Remove faction "+f, "", func(pk *content.Pack) error {
		if !removeFaction(pk, f) {
			return fmt.Errorf("no faction %q", f)
		}
		return nil
	})
}

// asymmetries lists pairs that react differently to each other.
func asymmetries(pk *content.Pack) string {
	if pk == nil {
		return ""
	}
	var out []string
	ft := pk.FactionTable
	for i := range ft {
		for j := i + 1; j < len(ft); j++ {
			a, b := ft[i].Name, ft[j].Name
			ab, ba := pk.Reaction(a, b), pk.Reaction(b, a)
			if ab != ba {
				out = append(out, fmt.Sprintf("%s %s %s, but %s %s %s", a, verb(ab), b, b, verb(ba), a))
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "Asymmetric: " + strings.Join(out, "; ") + "."
}

func verb(r content.Response) string {
	switch r {
	case content.Attack:
		return "attacks"
	case content.Flee:
		return "flees"
	}
	return "ignores"
}

// renameFaction renames faction old to name: mobs' faction fields and other
// factions' responses follow. It refuses an empty, reserved or taken name.
func renameFaction(pk *content.Pack, old, name string) error {
	name = strings.TrimSpace(name)
	f := pk.Faction(old)
	switch {
	case f == nil:
		return fmt.Errorf("no faction %q", old)
	case name == "":
		return fmt.Errorf("a faction needs a name")
	case name == defaultKey:
		return fmt.Errorf("%q is the fallback response, not a faction name", name)
	case name == old:
		return nil
	case pk.Faction(name) != nil:
		return fmt.Errorf("faction %q already exists", name)
	}
	f.Name = name
	for i := range pk.Mobs {
		if pk.Mobs[i].Faction == old {
			pk.Mobs[i].Faction = name
		}
	}
	for i := range pk.FactionTable {
		for j := range pk.FactionTable[i].Responses {
			if r := &pk.FactionTable[i].Responses[j]; r.Key == old {
				r.Key = name
			}
		}
	}
	return nil
}

// factionRefs lists what refers to faction name: its mobs and the factions
// with a response to it.
func factionRefs(pk *content.Pack, name string) []string {
	var out []string
	for i := range pk.Mobs {
		if pk.Mobs[i].Faction == name {
			out = append(out, "mob "+pk.Mobs[i].Name)
		}
	}
	for i := range pk.FactionTable {
		f := &pk.FactionTable[i]
		if _, ok := f.Responses.Get(name); ok && f.Name != name {
			out = append(out, "faction "+f.Name)
		}
	}
	return out
}

// removeFaction removes faction name and the other factions' responses to
// it (mobs keep the name for validation to report).
func removeFaction(pk *content.Pack, name string) bool {
	if !pk.RemoveFaction(name) {
		return false
	}
	for i := range pk.FactionTable {
		pk.FactionTable[i].Responses.Delete(name)
	}
	return true
}

// pane shows its content moved by an offset and cut to its own size, with
// no scroll bar: the matrix's header and names, which follow the cells'
// scroll. A wide pane (the header) is as high as its content and as narrow
// as need be; a tall one (the names) the other way round.
type pane struct {
	widget.BaseWidget
	content fyne.CanvasObject
	wide    bool
	offset  fyne.Position
}

func newPane(content fyne.CanvasObject, wide bool) *pane {
	p := &pane{content: content, wide: wide}
	p.ExtendBaseWidget(p)
	return p
}

// setOffset shows the content from o on.
func (p *pane) setOffset(o fyne.Position) {
	if p.offset != o {
		p.offset = o
		p.Refresh()
	}
}

// CreateRenderer implements fyne.Widget.
func (p *pane) CreateRenderer() fyne.WidgetRenderer { return &paneRenderer{p} }

type paneRenderer struct{ p *pane }

func (r *paneRenderer) Layout(size fyne.Size) {
	c := r.p.content
	c.Resize(c.MinSize().Max(size))
	c.Move(fyne.NewPos(-r.p.offset.X, -r.p.offset.Y))
}

func (r *paneRenderer) MinSize() fyne.Size {
	m := r.p.content.MinSize()
	if r.p.wide {
		return fyne.NewSize(0, m.Height)
	}
	return fyne.NewSize(m.Width, 0)
}

func (r *paneRenderer) Refresh() {
	r.Layout(r.p.Size())
	canvas.Refresh(r.p)
}

func (r *paneRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.content} }
func (r *paneRenderer) Destroy()                     {}

// IsClip tells the driver to cut the content to the pane's size.
func (r *paneRenderer) IsClip() {}
