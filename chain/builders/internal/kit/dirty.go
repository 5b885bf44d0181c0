package kit

import "hewn/chain"

// Dirty bounds the tiles a builder changed since its previous snapshot, so
// that the snapshot compares only those with the previous one
// (State.SnapshotWithin) instead of the whole map. It tracks nothing when the
// run records no history.
type Dirty struct {
	x0, y0, x1, y1 int // the bounds: columns x0..x1-1, rows y0..y1-1; none when x0 >= x1
	on             bool
}

// NewDirty returns a Dirty for s, empty.
func NewDirty(s *chain.State) Dirty { return Dirty{on: s.Recording()} }

// On reports whether d tracks changes (the run records history).
func (d *Dirty) On() bool { return d.on }

// Add counts p as changed.
func (d *Dirty) Add(p chain.Point) {
	switch {
	case !d.on:
	case d.x0 >= d.x1:
		d.x0, d.y0, d.x1, d.y1 = p.X, p.Y, p.X+1, p.Y+1
	default:
		d.x0, d.y0, d.x1, d.y1 = min(d.x0, p.X), min(d.y0, p.Y), max(d.x1, p.X+1), max(d.y1, p.Y+1)
	}
}

// AddPoints counts every point of ps as changed.
func (d *Dirty) AddPoints(ps []chain.Point) {
	if d.on {
		for _, p := range ps {
			d.Add(p)
		}
	}
}

// AddRect counts every tile of r as changed.
func (d *Dirty) AddRect(r chain.Rect) {
	switch {
	case !d.on || r.Empty():
	case d.x0 >= d.x1:
		d.x0, d.y0, d.x1, d.y1 = r.X, r.Y, r.X2(), r.Y2()
	default:
		d.x0, d.y0, d.x1, d.y1 = min(d.x0, r.X), min(d.y0, r.Y), max(d.x1, r.X2()), max(d.y1, r.Y2())
	}
}

// rect returns the bounds counted (an empty rectangle for none).
func (d *Dirty) rect() chain.Rect {
	if d.x0 >= d.x1 {
		return chain.Rect{}
	}
	return chain.Rect{X: d.x0, Y: d.y0, W: d.x1 - d.x0, H: d.y1 - d.y0}
}

// Snapshot records a snapshot of s bounded by the tiles counted since the
// previous one, and starts counting afresh.
func (d *Dirty) Snapshot(s *chain.State, label string) {
	s.SnapshotWithin(label, d.rect())
	d.x0, d.x1 = 0, 0
}

// SnapshotTiles is Snapshot for a step that changes only tiles, none of the
// state's start and lists (see State.SnapshotTilesWithin).
func (d *Dirty) SnapshotTiles(s *chain.State, label string) {
	s.SnapshotTilesWithin(label, d.rect())
	d.x0, d.x1 = 0, 0
}

// End tells the history that the step, which ends, changed no tile but those
// counted since its previous snapshot (see State.EndWithin).
func (d *Dirty) End(s *chain.State) {
	if d.on {
		s.EndWithin(d.rect())
	}
}
