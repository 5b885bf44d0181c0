package prefabedit

import (
	"fmt"
	"slices"

	"hewn/chain"
	"hewn/chain/prefab"
	"hewn/projects"
	"hewn/ui/model"
	"hewn/ui/render"
)

// source is where a document's rows live.
type source int

const (
	// none: nothing is open.
	srcNone source = iota
	// srcProject: a project prefab (Project.Prefabs), edited in place.
	srcProject
	// srcBuiltin: a built-in template, read-only (copy it into the project
	// to edit it).
	srcBuiltin
	// srcStep: the template parameter of a step of a level.
	srcStep
)

// docRef names the template the painter shows.
type docRef struct {
	src  source
	name string // the prefab's name (project or built-in)
	// the step whose template parameter param this is (srcStep)
	level int
	path  model.StepPath
	param string
}

// same reports whether r and o name the same template.
func (r docRef) same(o docRef) bool {
	return r.src == o.src && r.name == o.name && r.level == o.level && slices.Equal(r.path, o.path) && r.param == o.param
}

// editable reports whether strokes may change the template.
func (r docRef) editable() bool { return r.src == srcProject || r.src == srcStep }

// title names the template for the designer.
func (r docRef) title(p *projects.Project) string {
	switch r.src {
	case srcProject:
		return "Prefab " + r.name
	case srcBuiltin:
		return "Built-in " + r.name + " (read-only: copy it into the project to edit it)"
	case srcStep:
		lvl := fmt.Sprint(r.level)
		if r.level >= 0 && r.level < len(p.Levels) {
			lvl = fmt.Sprintf("%d (%s)", p.Levels[r.level].Depth, p.Levels[r.level].Name)
		}
		return fmt.Sprintf("Template of level %s, %s", lvl, r.path)
	}
	return "No prefab open"
}

// stepAt resolves a step path in steps (nil when it leads nowhere).
func stepAt(steps []chain.Step, path model.StepPath) *chain.Step {
	if len(path) == 0 || path[0] < 0 || path[0] >= len(steps) {
		return nil
	}
	s := &steps[path[0]]
	if len(path) == 1 {
		return s
	}
	nested, _ := s.Params[model.NestedParam(s.Builder)].([]chain.Step)
	return stepAt(nested, path[1:])
}

// step returns the step of a srcStep document in p (nil: gone).
func (r docRef) step(p *projects.Project) *chain.Step {
	if r.src != srcStep || r.level < 0 || r.level >= len(p.Levels) || p.Levels[r.level].Chain == nil {
		return nil
	}
	return stepAt(p.Levels[r.level].Chain.Steps, r.path)
}

// rows returns the template's rows in p, reporting whether it still exists.
func (r docRef) rows(p *projects.Project) ([]string, bool) {
	switch r.src {
	case srcProject:
		if i := p.Prefab(r.name); i >= 0 {
			return p.Prefabs[i].Template, true
		}
	case srcBuiltin:
		if b, ok := prefab.Lookup(r.name); ok {
			return b.Rows, true
		}
	case srcStep:
		if s := r.step(p); s != nil {
			rows, _ := s.Params[r.param].([]string)
			return rows, true
		}
	}
	return nil, false
}

// write stores w as the template in p (a clone being edited), with the
// legend characters it needs.
func (r docRef) write(p *projects.Project, w *prefab.Written) {
	switch r.src {
	case srcProject:
		p.SetPrefab(r.name, w)
	case srcStep:
		if s := r.step(p); s != nil {
			p.AddLegend(w.Added)
			if s.Params == nil {
				s.Params = map[string]any{}
			}
			s.Params[r.param] = w.Rows
		}
	}
}

// blank returns a w×h template of floor inside a wall ring.
func blank(w, h int) *prefab.Template {
	t := &prefab.Template{W: w, H: h, Cells: make([]prefab.Cell, w*h)}
	for y := range h {
		for x := range w {
			if x > 0 && y > 0 && x < w-1 && y < h-1 {
				t.Cells[y*w+x] = prefab.Cell{Tile: chain.Floor}
			}
		}
	}
	return t
}

// clone returns a copy of t.
func clone(t *prefab.Template) *prefab.Template {
	return &prefab.Template{W: t.W, H: t.H, Cells: slices.Clone(t.Cells)}
}

// bounds is the template's rectangle.
func bounds(t *prefab.Template) chain.Rect { return chain.R(0, 0, t.W, t.H) }

// set puts c at p of t (inside it).
func set(t *prefab.Template, p chain.Point, c prefab.Cell) {
	if bounds(t).Contains(p) {
		t.Cells[p.Y*t.W+p.X] = c
	}
}

// scene draws t as a level: its tiles (a keep cell as floor, tinted by the
// painter), spawns, start and exits.
func scene(t *prefab.Template) *render.Scene {
	g := chain.NewGrid(t.W, t.H)
	sc := &render.Scene{Map: g}
	for i, c := range t.Cells {
		p := g.Pt(i)
		if c.Keep {
			g.Set(p, chain.Floor)
			continue
		}
		g.Set(p, c.Tile)
		if c.Spawn != "" {
			sc.Spawns = append(sc.Spawns, chain.Spawn{X: p.X, Y: p.Y, Name: c.Spawn})
		}
		if c.Start && sc.Start == nil {
			q := p
			sc.Start = &q
		}
		if c.Exit {
			sc.Exits = append(sc.Exits, chain.Exit{X: p.X, Y: p.Y, Tile: c.Tile})
		}
	}
	return sc
}

// keeps returns the rectangles of t's keep cells.
func keeps(t *prefab.Template) []chain.Point {
	var out []chain.Point
	for i, c := range t.Cells {
		if c.Keep {
			out = append(out, chain.Point{X: i % t.W, Y: i / t.W})
		}
	}
	return out
}

// resized returns t cut or grown to w×h from its top-left corner (new cells
// wall).
func resized(t *prefab.Template, w, h int) *prefab.Template {
	out := &prefab.Template{W: w, H: h, Cells: make([]prefab.Cell, w*h)}
	for y := range min(h, t.H) {
		copy(out.Cells[y*w:y*w+min(w, t.W)], t.Cells[y*t.W:y*t.W+min(w, t.W)])
	}
	return out
}

// rotated returns t turned a quarter clockwise.
func rotated(t *prefab.Template) *prefab.Template {
	out := &prefab.Template{W: t.H, H: t.W, Cells: make([]prefab.Cell, len(t.Cells))}
	for y := range t.H {
		for x := range t.W {
			out.Cells[x*out.W+(t.H-1-y)] = t.At(x, y)
		}
	}
	return out
}

// mirrored returns t mirrored left to right (across) or top to bottom.
func mirrored(t *prefab.Template, across bool) *prefab.Template {
	out := clone(t)
	for y := range t.H {
		for x := range t.W {
			sx, sy := t.W-1-x, y
			if !across {
				sx, sy = x, t.H-1-y
			}
			out.Cells[y*t.W+x] = t.At(sx, sy)
		}
	}
	return out
}

// cut returns the part r of t (inside it).
func cut(t *prefab.Template, r chain.Rect) *prefab.Template {
	r = r.Intersect(bounds(t))
	out := &prefab.Template{W: r.W, H: r.H, Cells: make([]prefab.Cell, max(r.W, 0)*max(r.H, 0))}
	r.Each(func(p chain.Point) { out.Cells[(p.Y-r.Y)*r.W+p.X-r.X] = t.At(p.X, p.Y) })
	return out
}

// paste writes part onto t with its top-left corner at at (what falls
// outside t is dropped).
func paste(t, part *prefab.Template, at chain.Point) {
	for y := range part.H {
		for x := range part.W {
			set(t, chain.Point{X: at.X + x, Y: at.Y + y}, part.At(x, y))
		}
	}
}
