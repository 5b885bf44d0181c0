package prefabedit

import (
	"bytes"
	"fmt"
	"path"
	"strings"

	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// Import adds the prefab file name (a REXPaint .xp or a .txt of template
// rows) whose bytes are data to the project's prefabs, under a name made
// from the file's (one undo step), and shows it. An .xp's glyphs go through
// the project's legend; a glyph it does not know keeps the map as it is (as
// a prefab step reading the file does), and the status line lists them.
func (p *Panel) Import(name string, data []byte) error {
	p.catchUp()
	kind, err := prefab.FileKind(name)
	if err != nil {
		return err
	}
	pr := p.h.Project()
	l := pr.PrefabLegend()
	var t *prefab.Template
	note := ""
	if kind == prefab.KindXP {
		xp, err := prefab.ReadXP(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		var unknown []prefab.UnknownGlyph
		t, unknown = xp.Template(l)
		if len(unknown) > 0 {
			note = " · " + prefab.UnknownWarning(path.Base(name), unknown)
		}
	} else {
		rows, err := prefab.ReadRows(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if t, err = l.Parse(rows); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	base := projects.PrefabSlug(strings.TrimSuffix(path.Base(strings.ReplaceAll(name, `\`, "/")), path.Ext(name)))
	if err := p.AddPrefab(pr.FreePrefabName(base), t); err != nil {
		return err
	}
	p.status.SetText(fmt.Sprintf("Imported %s (%d×%d)%s", path.Base(name), t.W, t.H, note))
	return nil
}

// ExportXP returns the template on show as a REXPaint image, in the colours
// of the painter's theme, and a file name for it ("orc_camp.xp").
func (p *Panel) ExportXP() ([]byte, string, error) {
	p.catchUp()
	pr := p.h.Project()
	rows, ok := p.ref.rows(pr)
	if !ok || p.ref.src == srcNone {
		return nil, "", fmt.Errorf("open a prefab in the Prefabs tab to export it")
	}
	if p.base != nil && len(rows) == 0 {
		w, err := pr.PrefabLegend().Write(p.base)
		if err != nil {
			return nil, "", err
		}
		rows = w.Rows
	}
	l := pr.PrefabLegend()
	sc := newStyleScene(p)
	xp, err := prefab.XPFromRows(rows, prefab.ThemeLook(l, sc.Theme))
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	if err := xp.Write(&buf); err != nil {
		return nil, "", err
	}
	name := p.ref.name
	if p.ref.src == srcStep {
		name = "template"
	}
	return buf.Bytes(), projects.PrefabSlug(name) + ".xp", nil
}

// Name is the name of the template on show ("" for none), for file names.
func (p *Panel) Name() string { return p.ref.name }

// NewLevelDialog asks for a name and a size and adds a hand-made level: a
// project prefab of that size (floor inside a wall ring, the start in the
// middle, or all wall) drawn as the whole level by one prefab step. The new
// level is selected and its prefab opened in the painter.
func (p *Panel) NewLevelDialog() {
	p.catchUp()
	pr := p.h.Project()
	name := widget.NewEntry()
	name.SetText(fmt.Sprintf("Level %d", nextDepth(pr)))
	we, he, size := sizeEntries(80, 50)
	fill := widgets.NewSelect([]string{"floor inside walls", "wall"}, nil)
	fill.SetQuietly("floor inside walls")
	p.form("New hand-made level", "Add level", []*widget.FormItem{
		widget.NewFormItem("Name", name), widget.NewFormItem("Width", we), widget.NewFormItem("Height", he),
		widget.NewFormItem("Start as", fill),
	}, func() error {
		w, h, err := size()
		if err != nil {
			return err
		}
		return p.NewLevel(strings.TrimSpace(name.Text), w, h, fill.Selected == "wall")
	})
}

// nextDepth is one deeper than the project's deepest level.
func nextDepth(pr *projects.Project) int {
	d := 1
	for _, l := range pr.Levels {
		d = max(d, l.Depth+1)
	}
	return d
}

// NewLevel adds a hand-made w×h level called name (see NewLevelDialog;
// solid: all wall) as one undo step.
func (p *Panel) NewLevel(name string, w, h int, solid bool) error {
	p.catchUp()
	if w < chain.MinSize || h < chain.MinSize {
		return fmt.Errorf("a level is at least %d×%d", chain.MinSize, chain.MinSize)
	}
	if name == "" {
		name = "Hand-made level"
	}
	pr := p.h.Project()
	t := &prefab.Template{W: w, H: h, Cells: make([]prefab.Cell, w*h)}
	if !solid {
		t = blank(w, h)
		set(t, chain.Point{X: w / 2, Y: h / 2}, prefab.Cell{Tile: chain.Floor, Start: true})
	}
	written, err := pr.PrefabLegend().Write(t)
	if err != nil {
		return err
	}
	pf := pr.FreePrefabName(projects.PrefabSlug(name))
	depth := nextDepth(pr)
	p.h.EditProject("New hand-made level", "", func(pr *projects.Project) {
		pr.SetPrefab(pf, written)
		pr.Levels = append(pr.Levels, projects.Level{Depth: depth, Name: name, Chain: projects.HandMadeChain(name, depth, w, h, pf)})
	})
	p.h.SelectLevel(len(p.h.Project().Levels) - 1)
	p.Open(pf)
	return nil
}

// newStyleScene is an empty scene in the painter's look.
func newStyleScene(p *Panel) *render.Scene {
	sc := &render.Scene{}
	p.style(sc)
	return sc
}
