package kit

import "hewn/chain"

// Dirty bounds the tiles a builder changed since its previous snapshot, so
// that the snapshot compares only those with the previous one
// (State.SnapshotWithin) instead of the whole map. It tracks nothing when the
// run records no history.
type Dirty struct {
	r  chain.Rect
	on bool
}

// NewDirty returns a Dirty for s, empty.
func NewDirty(s *chain.State) Dirty { return Dirty{on: s.Recording()} }

// On reports whether d tracks changes (the run records history).
func (d *Dirty) On() bool { return d.on }

// Add counts p as changed.
func (d *Dirty) Add(p chain.Point) {
	switch {
	case !d.on:
	case d.r.Empty():
		d.r = chain.Rect{X: p.X, Y: p.Y, W: 1, H: 1}
	case !d.r.Contains(p):
		d.AddRect(chain.Rect{X: p.X, Y: p.Y, W: 1, H: 1})
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
	case d.r.Empty():
		d.r = r
	default:
		x, y := min(d.r.X, r.X), min(d.r.Y, r.Y)
		d.r = chain.Rect{X: x, Y: y, W: max(d.r.X2(), r.X2()) - x, H: max(d.r.Y2(), r.Y2()) - y}
	}
}

// Snapshot records a snapshot of s bounded by the tiles counted since the
// previous one, and starts counting afresh.
func (d *Dirty) Snapshot(s *chain.State, label string) {
	s.SnapshotWithin(label, d.r)
	d.r = chain.Rect{}
}

// SnapshotTiles is Snapshot for a step that changes only tiles, none of the
// state's start and lists (see State.SnapshotTilesWithin).
func (d *Dirty) SnapshotTiles(s *chain.State, label string) {
	s.SnapshotTilesWithin(label, d.r)
	d.r = chain.Rect{}
}

// End tells the history that the step, which ends, changed no tile but those
// counted since its previous snapshot (see State.EndWithin).
func (d *Dirty) End(s *chain.State) {
	if d.on {
		s.EndWithin(d.r)
	}
}
