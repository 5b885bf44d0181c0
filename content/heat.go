package content

import "hewn/chain"

// OddsGrid is the spawn odds of every spawn table entry at each depth of a
// range: the data of the editor's odds chart (one column) and heatmap (all of
// them). Row i is spawn table entry i, so duplicated names keep their own rows.
type OddsGrid struct {
	// From and To are the first and last depth (To >= From).
	From, To int
	Rows     []OddsRow
	// Totals is the sum of effective weights at each depth.
	Totals []int
}

// OddsRow is one spawn table entry's odds across an OddsGrid's depths.
type OddsRow struct {
	// Entry is the entry's index in the spawn table.
	Entry int
	Name  string
	// Section is the section defining Name ("" when the pack does not
	// define it: such an entry cannot spawn and its row is all zero).
	Section chain.Section
	// P is the probability at depth From+i (section any, as Pack.Odds), W the
	// effective weight there.
	P []float64
	W []int
}

// Depths is the number of depths of the grid.
func (g *OddsGrid) Depths() int { return g.To - g.From + 1 }

// Max is the largest probability in the grid (0 when nothing can spawn).
func (g *OddsGrid) Max() float64 {
	m := 0.0
	for i := range g.Rows {
		for _, p := range g.Rows[i].P {
			m = max(m, p)
		}
	}
	return m
}

// OddsGrid computes the odds of every spawn table entry at depths from..to
// (swapped when given backwards), the same odds Pack.Odds gives depth by depth
// but in one pass over the table.
func (p *Pack) OddsGrid(from, to int) OddsGrid {
	if to < from {
		from, to = to, from
	}
	ix := p.index()
	n := to - from + 1
	g := OddsGrid{From: from, To: to, Rows: make([]OddsRow, len(p.SpawnTable)), Totals: make([]int, n)}
	// one backing array for every row's numbers
	ps := make([]float64, n*len(p.SpawnTable))
	ws := make([]int, n*len(p.SpawnTable))
	for i := range p.SpawnTable {
		e := &p.SpawnTable[i]
		r := &g.Rows[i]
		r.Entry, r.Name = i, e.Name
		r.P, r.W = ps[i*n:(i+1)*n:(i+1)*n], ws[i*n:(i+1)*n:(i+1)*n]
		s, ok := ix.section[e.Name]
		if !ok {
			continue
		}
		r.Section = s
		lo, hi := max(from, e.MinDepth), min(to, e.MaxDepth)
		for d := lo; d <= hi; d++ {
			w := e.EffectiveWeight(d)
			r.W[d-from] = w
			g.Totals[d-from] += w
		}
	}
	for i := range g.Rows {
		r := &g.Rows[i]
		for d, w := range r.W {
			if w > 0 {
				r.P[d] = float64(w) / float64(g.Totals[d])
			}
		}
	}
	return g
}
